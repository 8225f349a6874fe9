/**
 * Gold from a CoNLL-U treebank, whichever of the two layouts lexdis reads it is in
 * (docs/ud-projection.md):
 *
 * - LId-annotated (UD Arabic-PUD): SAMA lemma IDs in MISC `LId=`, orthographic words as
 *   multiword tokens or `SpaceAfter=No` runs, `# text` lines: the annotation picks the gold
 *   (ud-project.ts);
 * - vocalized (UD Arabic-PADT 1.3): no LId, vocalized FORMs, clitics as tokens of their own:
 *   the vocalization picks the gold, then the lemma and the features (padt-project.ts).
 *
 * The layout is recognised from the file: any `LId=` makes it the first; otherwise most Arabic
 * FORMs carrying vowel marks make it the second; neither is a CorpusError.
 */
import type { Corpus } from '../corpus/types.js';
import { CorpusError } from '../errors.js';
import { stripArabicDiacritics } from '../script/buckwalter.js';
import { parseConllu } from './conllu.js';
import { projectPadt, type PadtOptions } from './padt-project.js';
import { isVocalizedLayout, vocalizedForms } from './padt-words.js';
import { projectUd, type LineAnalyzer, type ProjectOptions } from './ud-project.js';
import { reportMarkdown, type ProjectionReport } from './ud-report.js';
import { vocReportMarkdown, type VocalizedReport } from './voc-report.js';

/**
 * What {@link projectTreebank} gives: the corpus, its report and, for a vocalized treebank, each
 * sentence's gold vocalized text.
 */
export interface TreebankProjection {
  layout: 'lid' | 'vocalized';
  corpus: Corpus;
  report: ProjectionReport | VocalizedReport;
  /**
   * Per sentence, in corpus order: the rebuilt words with the treebank's marks joined by spaces
   * (vocalized layout only).
   */
  vocalizedText?: string[];
}

/** Options of {@link projectTreebank} (those of either projection). */
export type TreebankOptions = Partial<ProjectOptions> & Partial<PadtOptions>;

/**
 * Projects a CoNLL-U treebank in either layout (see the module comment). Takes the file's text,
 * the analyzer and the options; returns the gold corpus and the report; deterministic. Throws
 * InputParseError (file:line) for malformed CoNLL-U, CorpusError for a treebank with no sentence or
 * in neither layout.
 */
export function projectTreebank(
  text: string,
  analyzer: LineAnalyzer,
  options: TreebankOptions = {},
): TreebankProjection {
  const file = options.file ?? '<conllu>';
  const sentences = parseConllu(text, file);
  if (sentences.length === 0) throw new CorpusError('no sentence in the CoNLL-U file: nothing to import', { file });
  if (sentences.some((s) => s.words.some((w) => w.misc.has('LId')))) {
    const { corpus, report } = projectUd(text, analyzer, options);
    return { layout: 'lid', corpus, report };
  }
  if (isVocalizedLayout(sentences)) {
    const { corpus, report, vocalizedText } = projectPadt(sentences, analyzer, options);
    return { layout: 'vocalized', corpus, report, vocalizedText };
  }
  const { arabic, vocalized } = vocalizedForms(sentences);
  throw new CorpusError(
    `no word carries a LId= lemma annotation in MISC (UD Arabic-PUD's layout), and ${vocalized} of ${arabic} Arabic forms carry vowel marks ` +
      "(UD Arabic-PADT 1.3's layout needs most of them): nothing to project gold labels from",
    { file },
  );
}

/** The markdown summary of either report. */
export function treebankReportMarkdown(report: ProjectionReport | VocalizedReport): string {
  return report.kind === 'lexdis-vocalized-projection-report' ? vocReportMarkdown(report) : reportMarkdown(report);
}

/**
 * A vocalized treebank's sentences without their marks, one a line: what the analyzer read,
 * the input of `lexdis diacritize` in a held-out evaluation against {@link vocalizedReference}.
 */
export function plainText(sentences: readonly string[]): string {
  return sentences.map((s) => `${stripArabicDiacritics(s)}\n`).join('');
}

/**
 * A vocalized treebank's gold sentences as a plain reference for `lexdis eval-diac`, one a
 * line. A letter with a dagger alif and no vowel gets the fatha the dagger implies (PADT's هٰذَا
 * and اَللّٰهِ are written هَٰذَا and اَللَّٰهِ, as lexdis and most vocalized text write them):
 * the scorer compares every letter's marks and would count the treebank's habit against every
 * system. Nothing else changes. Takes the sentences; returns the text. Throws nothing.
 */
export function vocalizedReference(sentences: readonly string[]): string {
  return sentences.map((s) => `${s.replace(/([\u0621-\u064a]\u0651?)\u0670/g, '$1\u064e\u0670')}\n`).join('');
}
