/**
 * The analyzer's tables compiled: what loading the six table files makes (src/analyzer/lexicon.ts:
 * the three lexicons indexed, the compatibility tables, with the case endings and the
 * categories loading adds, and the stems the names' vowel model learns from), as flat parts a
 * model file can carry (src/model/model.ts) and a process can use without parsing anything.
 * Loading the tables of BAMA 1.0 takes a quarter of a second; an image, a few milliseconds.
 *
 * An image carries a fingerprint of the tables it was made from (./image-node.ts
 * tablesFingerprint: the size and CRC-32 of each of the six files, the `caseEndings` option, and
 * a CRC-32 of the code that makes an image), so that loading from files (Analyzer.load) uses it
 * only for those very tables, with this lexdis's loading; tables edited, another option or a
 * lexdis whose loading differs load the files instead. Made from an image alone
 * (Analyzer.fromImage), the analyzer trusts it: the caller vouches for it.
 */
import { ModelFormatError } from '../errors.js';
import { LexiconDict, type DictImage } from './dict.js';
import { CompatTable, type Lexicon, type TableFile } from './lexicon.js';
import { vowelModelStems } from './stem-vowels.js';

const IMAGE_KIND = 'lexdis-analyzer-tables';
const IMAGE_VERSION = 1;
const DICTS = ['prefixes', 'stems', 'suffixes'] as const;
/** The file of each lexicon (for errors naming it). */
const DICT_FILES = { prefixes: 'dictPrefixes', stems: 'dictStems', suffixes: 'dictSuffixes' } as const satisfies Record<(typeof DICTS)[number], TableFile>;
const TABLES = ['ab', 'ac', 'bc'] as const;
/** The arrays of a lexicon's index (src/analyzer/dict.ts DictImage), stored as they are. */
const DICT_ARRAYS = ['lineStart', 'lemmaOf', 'nextOf', 'commented', 'heads', 'slots', 'lemmaSpans'] as const;

/** The JSON part of an image. */
export interface LexiconImageJSON {
  kind: typeof IMAGE_KIND;
  version: number;
  /** What identifies the tables it was made from (./image-node.ts tablesFingerprint). */
  fingerprint: string;
  caseEndings: boolean;
  categoryNames: string[];
  counts: Lexicon['counts'];
  /** Per lexicon: its distinct lemma IDs. */
  lemmaCounts: Record<(typeof DICTS)[number], number>;
  /** The stems the names' vowel model learns from (src/analyzer/stem-vowels.ts). */
  vowelModelStems: string[];
}

/**
 * An image: its JSON, and its arrays by name (`stems/text`, `stems/slots`, …, `ab`: UTF-8 text,
 * index arrays, table bits).
 */
export interface LexiconImage {
  json: LexiconImageJSON;
  binary: Record<string, Int32Array | Uint8Array>;
}

/**
 * The image of a lexicon parsed from its tables, with `fingerprint` naming them (its parts share
 * the lexicon's arrays: read them only). Returns the image. Throws ModelFormatError for a
 * lexicon not parsed from tables.
 */
export function lexiconImage(lex: Lexicon, fingerprint: string): LexiconImage {
  const binary: LexiconImage['binary'] = {};
  const lemmaCounts = {} as LexiconImageJSON['lemmaCounts'];
  for (const name of DICTS) {
    const d = lex[name];
    if (!(d instanceof LexiconDict)) throw new ModelFormatError(`the ${name} of a lexicon made of parts cannot be compiled`);
    const image = d.image();
    binary[`${name}/text`] = new TextEncoder().encode(image.text);
    for (const a of DICT_ARRAYS) binary[`${name}/${a}`] = image[a];
    lemmaCounts[name] = image.lemmaCount;
  }
  for (const t of TABLES) binary[t] = lex[t].bits();
  const json: LexiconImageJSON = {
    kind: IMAGE_KIND,
    version: IMAGE_VERSION,
    fingerprint,
    caseEndings: lex.caseEndings,
    categoryNames: [...lex.categoryNames],
    counts: { ...lex.counts },
    lemmaCounts,
    vowelModelStems: vowelModelStems(lex),
  };
  return { json, binary };
}

/** True when `image` looks like an image this lexdis reads (its parts are checked when used). */
export function isLexiconImage(image: { json?: unknown } | undefined): image is LexiconImage {
  const j = image?.json as Partial<LexiconImageJSON> | undefined;
  return j?.kind === IMAGE_KIND && j.version === IMAGE_VERSION;
}

/**
 * The lexicon an image holds, for the tables of `dir` ('' for none; the caller checked the
 * fingerprint, or vouches for the image), `fileOf` naming each table file in errors. Returns
 * the lexicon. Throws ModelFormatError for an image that lacks a part or whose parts do not fit
 * together.
 */
export function lexiconFromImage(
  image: LexiconImage,
  dir: string,
  fileOf: (name: TableFile) => string = (f) => f,
): Lexicon {
  const j = image.json;
  const part = <T extends Int32Array | Uint8Array>(name: string, type: new (n: number) => T): T => {
    const a = image.binary[name];
    if (!(a instanceof type)) throw new ModelFormatError(`compiled analyzer tables: part '${name}' is missing or of the wrong type`);
    return a as T;
  };
  const ids = new Map(j.categoryNames.map((c, i) => [c, i]));
  const categoryId = (cat: string): number => ids.get(cat) ?? -1;
  const dict = (name: (typeof DICTS)[number]) => {
    const bytes = part(`${name}/text`, Uint8Array);
    const d: DictImage = {
      text: new TextDecoder().decode(bytes),
      lineStart: part(`${name}/lineStart`, Int32Array), lemmaOf: part(`${name}/lemmaOf`, Int32Array),
      nextOf: part(`${name}/nextOf`, Int32Array), commented: part(`${name}/commented`, Uint8Array), heads: part(`${name}/heads`, Int32Array),
      slots: part(`${name}/slots`, Int32Array), lemmaSpans: part(`${name}/lemmaSpans`, Int32Array), lemmaCount: j.lemmaCounts[name],
    };
    const n = d.lineStart.length;
    if (
      d.lemmaOf.length !== n ||
      d.nextOf.length !== n ||
      d.commented.length !== n ||
      (d.slots.length & (d.slots.length - 1)) !== 0
    )
      throw new ModelFormatError(`compiled analyzer tables: the ${name} index is damaged`);
    return new LexiconDict(d, fileOf(DICT_FILES[name]), categoryId);
  };
  const size = j.categoryNames.length;
  const table = (t: (typeof TABLES)[number]) => {
    const bits = part(t, Uint8Array);
    if (bits.length !== size * size) throw new ModelFormatError(`compiled analyzer tables: table ${t} is damaged`);
    return new CompatTable(size, bits);
  };
  return {
    dir, prefixes: dict('prefixes'), stems: dict('stems'), suffixes: dict('suffixes'), ab: table('ab'), ac: table('ac'), bc: table('bc'),
    categoryNames: j.categoryNames, counts: j.counts, caseEndings: j.caseEndings, vowelModelStems: j.vowelModelStems,
  };
}
