/**
 * Parsing the analyzer's six tables (BAMA 1.0 / SAMA formats, see the BAMA readme; read from
 * files by ./lexicon-node.ts, or given as text):
 * three lexicons (`dictPrefixes`, `dictStems`, `dictSuffixes`: four tab-separated fields a
 * line, `;` comments, `;; lemmaID` lines naming the lemma of the entries below them; see
 * dict.ts) and three compatibility tables (`tableAB`, `tableAC`, `tableBC`: one `catA catB`
 * pair a line, `;` comments). Categories are numbered from the tables and each table becomes
 * a dense bit matrix, so a compatibility check is one array read.
 */
import { InputParseError, UsageError } from '../errors.js';
import { moodPairs, moodSuffixLines, suffixLine } from './rules/mood.js';
import { pronounMoodLines, pronounMoodPairs } from './rules/mood-pronoun.js';
import { DIPTOTE_GENITIVE, nameCategory, namePairs } from './rules/names.js';
import { DEFECTIVE_SUFFIXES, defectiveCategory, defectivePairs } from './rules/defective.js';
import { declinableCategory, declinablePairs } from './rules/declinable.js';
import { hamzaCategory, hamzaPairs } from './rules/hamza.js';
import { JUSSIVE_SUFFIXES, jussiveCategory, jussivePairs, jussiveVowels } from './rules/jussive.js';
import { MAQSUR_SUFFIXES, maqsurCategory, maqsurPairs } from './rules/maqsur.js';
import { LexiconDict, type EntryIndex } from './dict.js';

export { cleanGloss, deducePos, type EntryIndex, type LexEntry } from './dict.js';

/** The six table file names, in the order the reference program loads them. */
export const TABLE_FILES = ['tableAB', 'tableAC', 'tableBC', 'dictPrefixes', 'dictStems', 'dictSuffixes'] as const;

/** One of the six table files, by name. */
export type TableFile = (typeof TABLE_FILES)[number];

/** The six tables' text, by file name (what {@link lexiconFromTexts} takes). */
export type TableTexts = Record<TableFile, string>;

/** A table's text and the name errors give it (its path, when it was read from a file). */
export interface TableText { file: string; text: string }

/** Gives a table's text when asked, in the order the reference program loads them (tables first). */
export type TableReader = (name: TableFile) => TableText;

/** The reference program's white space (Perl `\s` on bytes): ASCII only. */
const WS_RUN = /[ \t\n\r\f\v]+/g;

/** Reads a table into pairs of category numbers, numbering new categories; blank and `;` lines are skipped. */
function readTable({ file, text }: TableText, ids: Map<string, number>): Array<[number, number]> {
  const id = (name: string): number => {
    let n = ids.get(name);
    if (n === undefined) ids.set(name, (n = ids.size));
    return n;
  };
  const pairs: Array<[number, number]> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.charCodeAt(0) === 59 /* ; */) continue;
    const norm = line.replace(WS_RUN, ' ').replace(/^ | $/g, '');
    if (norm === '' || norm.charCodeAt(0) === 59) continue; // blank, or a comment after leading space
    const parts = norm.split(' ');
    if (parts.length !== 2) {
      throw new InputParseError(`table line must hold exactly two categories, found ${parts.length}`, { file, line: i + 1 });
    }
    pairs.push([id(parts[0]), id(parts[1])]);
  }
  return pairs;
}

/** A compatibility table as a dense bit matrix over numbered categories. */
export class CompatTable {
  private readonly matrix: Uint8Array;
  /** The table of `size` categories listing `pairs` (or with the rows of {@link bits} given as they are). */
  constructor(readonly size: number, pairs: ReadonlyArray<readonly [number, number]> | Uint8Array) {
    if (pairs instanceof Uint8Array) this.matrix = pairs;
    else {
      this.matrix = new Uint8Array(size * size);
      for (const [a, b] of pairs) this.matrix[a * size + b] = 1;
    }
  }

  /** The matrix, a row per first category (1: the pair is listed); the table's own array: read it only. */
  bits(): Uint8Array {
    return this.matrix;
  }

  /** True when the pair (a, b) is listed (a category numbered -1 is in no table). */
  has(a: number, b: number): boolean {
    return a >= 0 && b >= 0 && this.matrix[a * this.size + b] === 1;
  }
}

/** The loaded tables of one lexicon directory. */
export interface Lexicon {
  readonly dir: string;
  readonly prefixes: EntryIndex;
  readonly stems: EntryIndex;
  readonly suffixes: EntryIndex;
  readonly ab: CompatTable;
  readonly ac: CompatTable;
  readonly bc: CompatTable;
  /** Category names by number (the categories of the three tables). */
  readonly categoryNames: readonly string[];
  readonly counts: { prefixes: number; stems: number; suffixes: number; lemmas: number };
  /** Whether the commented-out case-ending (and mood) suffixes were loaded. */
  readonly caseEndings: boolean;
  /**
   * The stems the names' vowel model learns from, when a compiled image brought them
   * (src/analyzer/image.ts); else found by a scan (stem-vowels.ts).
   */
  readonly vowelModelStems?: readonly string[];
}

/** What loading may add to the tables as written. */
export interface LexiconOptions {
  /**
   * Also load the case-ending and mood suffixes that `dictSuffixes` carries commented out
   * (BAMA 1.0: `;p\tapu\tNSuff-apu\t… +ap/NSUFF_FEM_SG+u/CASE_DEF_NOM`); see docs/case-endings.md.
   */
  caseEndings: boolean;
}

/**
 * The category a stem entry gets, given its own, its vocalization, its lemma ID (a function: most
 * entries never need it) and its gloss field (`<pos>` included).
 */
type StemCategory = (cat: string, voc: string, lemma: () => string, gloss: string) => string;

/** A commented-out suffix entry is a case ending or mood suffix when its POS holds one of these tags. */
export const CASE_OR_MOOD_TAG = /\/CASE_[A-Z]|_MOOD:[A-Z]/;

/**
 * A suffix POS field with its case ending and mood removed (`+ap/NSUFF_FEM_SG+u/CASE_DEF_NOM`
 * → `+ap/NSUFF_FEM_SG`; `+u/CASE_DEF_NOM` → ''): the caseless suffix a case-bearing one replaces.
 * The label layer's `caselessMorph` (src/labels/caseless.ts) does the same to whole labels; the
 * analyzer sits below that layer, and a test checks that the two agree on every case suffix.
 */
export function withoutCaseOrMood(pos: string): string {
  return pos.replace(/\+[^+/]*\/(CASE_[A-Z_]+|IVSUFF_MOOD:[A-Z]+)/g, '').replace(/_MOOD:[A-Z]+/g, '');
}

/**
 * What the `caseEndings` option adds beyond the commented-out case endings (the mood vowels
 * of src/analyzer/rules/mood.ts and before object pronouns, mood-pronoun.ts, the names' case
 * endings of src/analyzer/rules/names.ts, the defective nouns' of src/analyzer/rules/defective.ts,
 * the hamza-final nouns' of src/analyzer/rules/hamza.ts, أيّ's of src/analyzer/rules/declinable.ts,
 * the shortened jussives' vowels of src/analyzer/rules/jussive.ts, the nouns in alif maqsura's of
 * src/analyzer/rules/maqsur.ts): their suffix lines, written after the suffix file's own, their
 * stem categories, and their pairs, added to the tables (numbering their categories). Nothing when
 * the suffix file has an active indicative suffix already (SAMA's tables carry these endings).
 */
function caseExtension(
  suffixText: string,
  stemText: string,
  ids: Map<string, number>,
  tables: Array<Array<[number, number]>>,
): { suffixLines: string; stemCategory?: StemCategory } {
  if (/^[^;\r\n][^\r\n]*\/IVSUFF_MOOD:I</m.test(suffixText)) return { suffixLines: '' };
  const [ab, ac, bc] = tables;
  const names = [...ids.keys()];
  const byName = (pairs: Array<[number, number]>) => pairs.map(([a, b]): [string, string] => [names[a], names[b]]);
  const mood = moodPairs(byName(ac), byName(bc));
  const pronounMood = pronounMoodPairs(byName(ac), byName(bc));
  const name = namePairs(byName(ab), byName(ac), byName(bc));
  const defective = defectivePairs(byName(ab), byName(ac), byName(bc));
  const hamza = hamzaPairs(byName(ab), byName(bc));
  const declinable = declinablePairs(byName(ab), byName(bc));
  const jussive = jussivePairs(byName(ab), byName(ac), byName(bc));
  const maqsur = maqsurPairs(byName(ab), byName(ac), byName(bc));
  const jussiveOf = jussiveCategory(jussiveVowels(stemText, lemmaBefore));
  const id = (cat: string): number => {
    let n = ids.get(cat);
    if (n === undefined) ids.set(cat, (n = ids.size));
    return n;
  };
  const add = (to: Array<[number, number]>, pairs: Array<[string, string]>) => {
    for (const [a, b] of pairs) to.push([id(a), id(b)]);
  };
  add(ab, [...name.ab, ...defective.ab, ...hamza.ab, ...declinable.ab, ...jussive.ab, ...maqsur.ab]);
  add(ac, [...mood.ac, ...pronounMood.ac, ...name.ac, ...defective.ac, ...jussive.ac, ...maqsur.ac]);
  add(bc, [
    ...mood.bc,
    ...pronounMood.bc,
    ...name.bc,
    ...defective.bc,
    ...hamza.bc,
    ...declinable.bc,
    ...jussive.bc,
    ...maqsur.bc,
  ]);
  return {
    suffixLines:
      moodSuffixLines() +
      pronounMoodLines(suffixText) +
      suffixLine(DIPTOTE_GENITIVE) +
      [...DEFECTIVE_SUFFIXES, ...JUSSIVE_SUFFIXES, ...MAQSUR_SUFFIXES].map(suffixLine).join(''),
    stemCategory: (cat, voc, lemma, gloss) =>
      jussiveOf(
        declinableCategory(
          hamzaCategory(defectiveCategory(maqsurCategory(nameCategory(cat, voc), voc, gloss), voc), voc),
          voc,
        ),
        voc,
        lemma,
      ),
  };
}

/**
 * A stem file's text with each entry's category replaced as `category` says, given its vocalization
 * and (asked only when needed) its lemma ID; lemma lines and comments kept.
 */
function recategorizeStems(text: string, category: StemCategory): string {
  return text.replace(/^([^;\t\r\n][^\t\r\n]*\t)([^\t\r\n]*)\t([^\t\r\n]+)(?=\t([^\r\n]*))/gm, (line, form: string, voc: string, cat: string, gloss: string, at: number) => {
    const to = category(cat, voc, () => lemmaBefore(text, at), gloss);
    return to === cat ? line : `${form}${voc}\t${to}`;
  });
}

/** The lemma ID of the last `;; ` line before offset `at` of a stem file's text ('' when none). */
export function lemmaBefore(text: string, at: number): string {
  // a ";; " that starts a line (k > 0 inside the loop: one at 0 returns)
  for (let k = text.lastIndexOf(';; ', at); k >= 0; k = text.lastIndexOf(';; ', k - 1)) {
    if (k === 0 || text.charCodeAt(k - 1) === 10) {
      const end = text.indexOf('\n', k);
      return text.slice(k + 3, end < 0 ? undefined : end).trim();
    }
  }
  return '';
}

/**
 * Parses the six tables, asking `read` for each in the order the reference program loads them
 * (tables first); `dir` is where they came from (the lexicon's `dir`, '' for none). A malformed
 * line is an InputParseError with file and line; `read` throws what it throws. Two leniencies
 * against the reference program: blank lines are skipped, and repeated lemma IDs are accepted
 * (it refuses both). Returns the lexicon.
 */
export function parseLexicon(read: TableReader, dir: string, options: Partial<LexiconOptions> = {}): Lexicon {
  const caseEndings = options.caseEndings ?? false;
  const ids = new Map<string, number>();
  const [abPairs, acPairs, bcPairs] = (['tableAB', 'tableAC', 'tableBC'] as const).map((f) => readTable(read(f), ids));
  const categoryId = (cat: string): number => ids.get(cat) ?? -1;
  const dict = ({ file, text }: TableText, commented?: RegExp) => {
    const d = new LexiconDict(text, file, categoryId, { commented });
    if (d.entryCount === 0) throw new InputParseError('lexicon file has no entries', { file, line: 1 });
    return d;
  };
  const [pre, stem, suf] = (['dictPrefixes', 'dictStems', 'dictSuffixes'] as const).map(read);
  const ext = caseEndings ? caseExtension(suf.text, stem.text, ids, [abPairs, acPairs, bcPairs]) : { suffixLines: '' };
  const prefixes = dict(pre);
  const stems = dict(ext.stemCategory ? { ...stem, text: recategorizeStems(stem.text, ext.stemCategory) } : stem);
  const suffixes = caseEndings
    ? dict({ ...suf, text: suf.text + (ext.suffixLines && !suf.text.endsWith('\n') ? '\n' : '') + ext.suffixLines }, CASE_OR_MOOD_TAG)
    : dict(suf);
  const n = ids.size;
  return {
    dir,
    prefixes,
    stems,
    suffixes,
    ab: new CompatTable(n, abPairs),
    ac: new CompatTable(n, acPairs),
    bc: new CompatTable(n, bcPairs),
    categoryNames: [...ids.keys()],
    counts: {
      prefixes: prefixes.entryCount,
      stems: stems.entryCount,
      suffixes: suffixes.entryCount,
      lemmas: stems.lemmaCount,
    },
    caseEndings,
  };
}

/**
 * The lexicon of the six tables' text (`texts`, by file name; a leading byte-order mark is
 * dropped, as from a file), named by file name in errors; `dir` is ''. Throws UsageError for a
 * table that is not a string, InputParseError (file:line) for a malformed one. Returns the lexicon.
 */
export function lexiconFromTexts(texts: TableTexts, options: Partial<LexiconOptions> = {}): Lexicon {
  if (typeof texts !== 'object' || texts === null) throw new UsageError('tables must be an object of the six tables\' text');
  return parseLexicon((name) => {
    const text: unknown = texts[name];
    if (typeof text !== 'string') throw new UsageError(`tables.${name} must be a string (the table's text)`);
    return { file: name, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
  }, '', options);
}
