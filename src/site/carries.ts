/**
 * What a static site carries and under which licence: the page and the tagger (lexdis, MIT), the
 * analyzer's tables compiled into the model (BAMA 1.0, GPL-2.0, with where its source is), the
 * corpora the model was trained on (each one's licence, from the data manifest), and the
 * page's font (Noto Naskh Arabic, OFL-1.1). Each with the licence's text the site copies.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { TABLE_FILES } from '../analyzer/lexicon.js';
import { tablesFingerprint } from '../analyzer/image-node.js';
import { projectRoot } from '../config.js';
import { DATA_SETS, licenceFileOf, type DataSet } from '../data/manifest.js';
import { GOLD_CORPUS_NAMES, goldCorpusSet, TABLES_SET, TREEBANKS } from '../data/folder.js';
import { UsageError } from '../errors.js';
import { FONT_FILES, fontPath } from '../service/assets.js';

/** One thing a site carries: its name, its licence, the licence's text in the site, where its source is. */
export interface Carried {
  name: string;
  licence: string;
  /** The licence's text, as a file of the site (`licenses/…`). */
  licenceFile?: string;
  /** Where its source is (a URL), when it is not in the site. */
  source?: string;
}

/** A carried thing and the file its licence's text is copied from. */
export interface CarriedWithText extends Carried { licenceFrom?: string }

const setNamed = (name: string): DataSet => DATA_SETS.find((s) => s.name === name)!;
const sourceOf = (set: DataSet): string | undefined => set.origin && `https://github.com/${set.origin.repo}/tree/${set.origin.commit}`;
/** A manifest licence without the name of its file: `CC BY-SA 3.0 (LICENSE.txt)` → `CC BY-SA 3.0`. */
const licenceName = (set: DataSet): string => set.licence.replace(/ \([^)]*\)/, '');

/** The compiled tables' fingerprint without the analyzer's code: the six files' sizes and CRCs. */
const tablesPart = (fingerprint: string): string => fingerprint.split(' ').filter((p) => TABLE_FILES.some((f) => p.startsWith(`${f}:`))).join(' ');

/**
 * The data set of a corpus a model was trained on, by the name of the corpus's file
 * (`DATA/corpora/pud.pos` as `lexdis setup` names the gold corpora, or a treebank's own file);
 * undefined for a corpus lexdis does not know.
 */
function goldCorpusOf(source: string): DataSet | undefined {
  const name = basename(source.replace(/\\/g, '/'));
  for (const t of Object.values(TREEBANKS)) if (name === t.file) return setNamed(t.set);
  const short = name.replace(/\.[^.]*$/, '');
  const corpus = GOLD_CORPUS_NAMES.find((c) => c === short);
  return corpus && setNamed(goldCorpusSet(corpus));
}

function dataSetCarried(set: DataSet, dataDir: string, what: string): CarriedWithText {
  const file = licenceFileOf(set);
  return {
    name: `${what}: ${set.title}`,
    licence: licenceName(set),
    licenceFile: file && `licenses/${set.name}-${file}`,
    licenceFrom: file && join(dataDir, set.name, file),
    source: sourceOf(set),
  };
}

/**
 * What a site of this model carries. Takes the model's info (its corpora), the fingerprint of the
 * tables it carries compiled, the data folder (BAMA 1.0's tables and the treebanks' licences) and
 * the licence to name for corpora lexdis does not know. Returns the list. Throws UsageError when the
 * compiled tables are not BAMA 1.0's (no other analyzer's licence lets lexdis publish it), or when
 * a corpus is not known and no licence is given for it.
 */
export function siteCarries(
  info: { corpus?: { source?: unknown; sources?: Array<{ source?: unknown }> } },
  fingerprint: string,
  dataDir: string,
  corpusLicence?: string,
): CarriedWithText[] {
  const bama = setNamed(TABLES_SET);
  const bamaTables = join(dataDir, TABLES_SET);
  const caseEndings = fingerprint.includes('caseEndings:true');
  if (tablesPart(fingerprint) !== tablesPart(tablesFingerprint(bamaTables, caseEndings))) {
    throw new UsageError(`the model's analyzer tables are not BAMA 1.0's (${bamaTables}): a site publishes only BAMA 1.0, whose licence (GPL-2.0) allows it`);
  }
  const { version } = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string };
  const carried: CarriedWithText[] = [
    { name: `lexdis ${version}: the page and the tagger`, licence: 'MIT', licenceFile: 'licenses/lexdis-LICENSE', licenceFrom: join(projectRoot(), 'LICENSE') },
    dataSetCarried(bama, dataDir, 'In the model, compiled'),
  ];
  const sources = info.corpus?.sources?.map((s) => String(s.source)) ?? (typeof info.corpus?.source === 'string' ? info.corpus.source.split(',') : []);
  const sets = new Set<DataSet>();
  const unknown: string[] = [];
  for (const source of sources) {
    const set = goldCorpusOf(source);
    if (set) sets.add(set);
    else unknown.push(basename(source));
  }
  for (const set of sets) carried.push(dataSetCarried(set, dataDir, 'The model is trained on'));
  if (unknown.length > 0) {
    if (!corpusLicence) {
      throw new UsageError(`the model was trained on ${unknown.join(', ')}, which lexdis does not know: name its licence (--corpus-licence) for the site to show`);
    }
    carried.push({ name: `The model is trained on: ${unknown.join(', ')}`, licence: corpusLicence });
  }
  carried.push({
    name: 'The font: Noto Naskh Arabic (@fontsource/noto-naskh-arabic)', licence: 'OFL-1.1',
    licenceFile: 'licenses/noto-naskh-arabic-LICENSE', licenceFrom: join(dirname(fontPath(FONT_FILES[0])), '..', 'LICENSE'),
  });
  return carried;
}
