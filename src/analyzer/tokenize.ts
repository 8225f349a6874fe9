/**
 * The reference program's tokenization of raw text and its look-up form of a word.
 *
 * AraMorph.pl works on Windows-1256 bytes; here the same byte classes are expressed as the
 * Unicode code points they decode to. The "Arabic" class is the letters, tatweel and
 * diacritics of Windows-1256: U+0621–U+063A, U+0640–U+0652, and peh, tcheh, jeh, gaf. A
 * line is trimmed, its white space collapsed, and split into maximal runs of that class and
 * of everything else. A run is an Arabic word when it holds a character of the class other
 * than tatweel; every other run is split on white space into non-alphabetic tokens.
 * White space is ASCII white space only, as for Perl's `\s` on bytes.
 *
 * One rule of lexdis's own: a run longer than any word ({@link withinWordReach}) is not a word
 * but data, passed through as non-alphabetic tokens are, so that no token costs more to analyse,
 * rank, render or keep than the longest word (the CLI, the service and the library all tokenize
 * here; docs/reliability.md, "Long words").
 */
import { toBuckwalter } from '../script/buckwalter.js';

/** One raw token: an Arabic word to analyze, or non-alphabetic data left as it is. */
export interface RawToken {
  kind: 'word' | 'other';
  input: string;
}

const CLASS = '\\u0621-\\u063a\\u0640-\\u0652\\u067e\\u0686\\u0698\\u06af';
const RUNS = new RegExp(`[${CLASS}]+|[^${CLASS}]+`, 'g');
/** The class without tatweel: a run is a word when it has one of these. */
const WORD_CHAR = /[\u0621-\u063a\u0641-\u0652\u067e\u0686\u0698\u06af]/;
const WS = /[ \t\n\r\f\v]+/;
const WS_ALL = /[ \t\n\r\f\v]+/g;
const EDGE_SPACE = /^ | $/g;
// oxlint-disable-next-line no-misleading-character-class -- each mark is removed on its own, wherever it stands
const REMOVED = /[\u0640\u064b-\u0652]/g;
const CLASS_CHAR = new RegExp(`^[${CLASS}]$`);

/**
 * The most letters (look-up characters: marks and tatweel not counted) a word may have. The
 * BAMA 1.0 tables reach 26 (a 4-letter prefix, the 16-letter stem `jAtwrAbAtArAbwng`, a 6-letter
 * suffix; test/analyzer/tokenize.test.ts derives it from the tables), and the longest words of
 * UD Arabic-PUD, PADT and WikiNews have 14; the rest leaves room for the names the backoff
 * analyses. A longer run of Arabic letters is no word a reader could be shown an analysis of.
 */
export const MAX_WORD_LETTERS = 40;
/**
 * The most characters (letters, marks, tatweel) a word may have: four per letter, room for a
 * shadda, a vowel and a stretching tatweel after every letter of the longest word.
 */
export const MAX_WORD_CHARS = 4 * MAX_WORD_LETTERS;

/** True for a mark or tatweel (not a letter of the look-up form): harakat, tanween, shadda, sukun, dagger alif. */
function isMarkOrTatweel(c: number): boolean {
  return c === 0x640 || (c >= 0x64b && c <= 0x652) || c === 0x670;
}

/**
 * Whether a run of the Arabic class (a dagger alif allowed inside) is short enough to be a word:
 * at most {@link MAX_WORD_LETTERS} letters and {@link MAX_WORD_CHARS} characters. Cost: at most
 * MAX_WORD_CHARS characters read, whatever the run's length.
 */
export function withinWordReach(run: string): boolean {
  if (run.length <= MAX_WORD_LETTERS) return true;
  if (run.length > MAX_WORD_CHARS) return false;
  let letters = 0;
  for (let i = 0; i < run.length; i++) if (!isMarkOrTatweel(run.charCodeAt(i))) letters++;
  return letters <= MAX_WORD_LETTERS;
}

/** True for a character of the reference's Arabic class (letters, tatweel, diacritics). */
export function isArabicClassChar(ch: string): boolean {
  return CLASS_CHAR.test(ch);
}

/** Splits one line of text into tokens, as the reference program does. */
export function tokenizeLine(line: string): RawToken[] {
  // not String#trim: that would also remove non-ASCII spaces such as U+00A0
  const text = line.replace(WS_ALL, ' ').replace(EDGE_SPACE, '');
  const tokens: RawToken[] = [];
  if (text === '') return tokens;
  for (const run of text.match(RUNS) ?? []) {
    if (WORD_CHAR.test(run) && withinWordReach(run)) {
      tokens.push({ kind: 'word', input: run });
      continue;
    }
    for (const item of run.split(WS)) if (item !== '') tokens.push({ kind: 'other', input: item });
  }
  return tokens;
}

/** Tokens of a text as {@link tokenizeLine} cuts them: Arabic-letter runs, and other runs cut at whitespace. */
const TOKEN_RUNS = new RegExp(`[${CLASS}]+|[^${CLASS} \\t\\n\\r\\f\\v]+`, 'g');

/**
 * Calls `visit` with each token {@link tokenizeLine} would give for the lines of `text`, without
 * building them (for estimates on large inputs): where it starts and ends in `text`, and for a
 * word its letters (the length of its look-up form), -1 for data. One pass; throws nothing.
 */
export function forEachToken(text: string, visit: (from: number, to: number, letters: number) => void): void {
  for (const m of text.matchAll(TOKEN_RUNS)) {
    const run = m[0];
    const word = WORD_CHAR.test(run) && withinWordReach(run);
    let letters = -1;
    if (word) {
      letters = 0;
      for (let i = 0; i < run.length; i++) if (!isMarkOrTatweel(run.charCodeAt(i))) letters++;
    }
    visit(m.index, m.index + run.length, letters);
  }
}

/**
 * Where the Arabic words of a line are, as offsets into the line as given: the runs
 * {@link tokenizeLine} returns as words, in the same order (white space never joins or splits
 * them), with a word cut by a dagger alif joined as tagging joins it (joinDaggerAlif).
 */
export function arabicWordSpans(line: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  for (const m of line.matchAll(RUNS)) {
    if (!WORD_CHAR.test(m[0]) || !withinWordReach(m[0])) continue;
    const prev = spans[spans.length - 1];
    // a word written with a dagger alif is one word, as tagging joins it (dagger.ts): هٰذا
    const between = prev ? line.slice(prev.end, m.index) : '';
    const end = m.index + m[0].length;
    if (prev && /^\u0670+$/.test(between) && withinWordReach(line.slice(prev.start, end))) prev.end = end;
    else spans.push({ start: m.index, end });
  }
  return spans;
}

/** Buckwalter for each letter of the class by code point ('' for tatweel and diacritics). */
const BW_OF = new Map<number, string>();
for (let cp = 0x0621; cp <= 0x06af; cp++) {
  const ch = String.fromCharCode(cp);
  if (CLASS_CHAR.test(ch)) BW_OF.set(cp, ch.replace(REMOVED, '') === '' ? '' : toBuckwalter(ch));
}

/**
 * The look-up form of an Arabic word: tatweel, short vowels, tanween, shadda and sukun
 * removed, then transliterated to Buckwalter (jeh becomes `R`). May be empty for a token of
 * diacritics only. Characters outside the class (there are none in a tokenized word) pass
 * through as {@link toBuckwalter} would treat them.
 */
export function lookupWord(word: string): string {
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const bw = BW_OF.get(word.charCodeAt(i));
    out += bw ?? toBuckwalter(word[i]);
  }
  return out;
}
