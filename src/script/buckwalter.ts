/**
 * Buckwalter transliteration, both directions (Buckwalter 2002, the table in the
 * BAMA 1.0 readme, plus `R` for jeh as AraMorph maps it). Characters outside the
 * table pass through unchanged, so `fromBuckwalter(toBuckwalter(s)) === s` for any
 * Arabic letters and diacritics.
 */
const PAIRS: ReadonlyArray<readonly [string, number]> = [
  ["'", 0x0621], ['|', 0x0622], ['>', 0x0623], ['&', 0x0624], ['<', 0x0625], ['}', 0x0626],
  ['A', 0x0627], ['b', 0x0628], ['p', 0x0629], ['t', 0x062a], ['v', 0x062b], ['j', 0x062c],
  ['H', 0x062d], ['x', 0x062e], ['d', 0x062f], ['*', 0x0630], ['r', 0x0631], ['z', 0x0632],
  ['s', 0x0633], ['$', 0x0634], ['S', 0x0635], ['D', 0x0636], ['T', 0x0637], ['Z', 0x0638],
  ['E', 0x0639], ['g', 0x063a], ['_', 0x0640], ['f', 0x0641], ['q', 0x0642], ['k', 0x0643],
  ['l', 0x0644], ['m', 0x0645], ['n', 0x0646], ['h', 0x0647], ['w', 0x0648], ['Y', 0x0649],
  ['y', 0x064a], ['F', 0x064b], ['N', 0x064c], ['K', 0x064d], ['a', 0x064e], ['u', 0x064f],
  ['i', 0x0650], ['~', 0x0651], ['o', 0x0652], ['`', 0x0670], ['{', 0x0671], ['P', 0x067e],
  ['J', 0x0686], ['R', 0x0698], ['V', 0x06a4], ['G', 0x06af],
];

const TO_ARABIC = new Map<string, string>(PAIRS.map(([b, cp]) => [b, String.fromCharCode(cp)]));
const TO_BW = new Map<string, string>(PAIRS.map(([b, cp]) => [String.fromCharCode(cp), b]));

/** Short vowels, tanween, shadda, sukun and dagger alif, in Buckwalter. */
export const BW_DIACRITICS = 'FNKaui~o`';
/** {@link BW_DIACRITICS} as UTF-16 code units. */
const DIACRITIC_CODES: ReadonlySet<number> = new Set(Array.from(BW_DIACRITICS, (ch) => ch.charCodeAt(0)));
const DIACRITIC_RE = /[FNKaui~o`]/g;
const ARABIC_DIACRITIC_RE = /[\u064b-\u0652\u0670]/g;
/** Any code point of the transliteration table, in Arabic script. */
const ARABIC_CHAR_RE = /[\u0621-\u063a\u0640-\u0652\u0670\u0671\u067e\u0686\u0698\u06a4\u06af]/;

/**
 * Arabic script → Buckwalter: takes a text, returns it with each Arabic letter and mark
 * transliterated, the rest untouched. Throws nothing.
 */
export function toBuckwalter(text: string): string {
  let out = '';
  for (const ch of text) out += TO_BW.get(ch) ?? ch;
  return out;
}

/**
 * Buckwalter → Arabic script: takes a text, returns it with each Buckwalter character in Arabic
 * script. Throws nothing.
 */
export function fromBuckwalter(text: string): string {
  let out = '';
  for (const ch of text) out += TO_ARABIC.get(ch) ?? ch;
  return out;
}

/** Takes a string; returns true when it holds at least one character of the Arabic table. Throws nothing. */
export function hasArabic(text: string): boolean {
  return ARABIC_CHAR_RE.test(text);
}

/** True for one character of the Arabic table (letters, diacritics, tatweel). */
export function isArabicChar(ch: string): boolean {
  return TO_BW.has(ch);
}

/** Removes short vowels, tanween, shadda, sukun and dagger alif from Buckwalter text. */
export function stripBwDiacritics(bw: string): string {
  return bw.replace(DIACRITIC_RE, '');
}

/** Removes the same marks (and tatweel) from Arabic-script text. */
export function stripArabicDiacritics(text: string): string {
  return text.replace(ARABIC_DIACRITIC_RE, '').replace(/\u0640/g, '');
}

/**
 * The analyzer's look-up form of a word: Buckwalter, without diacritics and tatweel,
 * alif wasla written as bare alif. Accepts Arabic script or Buckwalter.
 */
export function lookupForm(word: string): string {
  const bw = hasArabic(word) ? toBuckwalter(word) : word;
  return stripBwDiacritics(bw).replace(/_/g, '').replace(/\{/g, 'A');
}

/** A script for output: Arabic letters or Buckwalter transliteration. */
export type Script = 'arabic' | 'buckwalter';

/** Converts Buckwalter text to the script asked for (Buckwalter stays as it is). */
export function inScript(bw: string, script: Script): string {
  return script === 'arabic' ? fromBuckwalter(bw) : bw;
}

/**
 * Reads user text in either script: text with any Arabic letter is taken as Arabic script;
 * with `assume: 'buckwalter'` (or 'auto' and no Arabic letter at all) it is transliterated.
 */
export function normalizeInput(text: string, assume: Script | 'auto' = 'auto'): string {
  if (assume === 'arabic') return text;
  if (assume === 'buckwalter') return fromBuckwalter(text);
  return hasArabic(text) ? text : fromBuckwalter(text);
}

/** One letter of a Buckwalter vocalization and the marks written after it (`~a`: shadda and fatha). */
export interface LetterMarks {
  letter: string;
  marks: string;
}

/**
 * Splits a Buckwalter vocalization into its letters, each with the diacritics ({@link BW_DIACRITICS}) written
 * after it (`guwlod` → g:u w: l:o d:; a character of two code units is a letter, kept whole). Takes the
 * vocalization; returns its letters in order, new objects the caller may change. Diacritics before the first
 * letter are dropped ({@link startsWithBwDiacritic} tells). Throws nothing.
 */
export function splitMarks(voc: string): LetterMarks[] {
  const out: LetterMarks[] = [];
  for (const ch of voc) {
    if (ch.length === 1 && DIACRITIC_CODES.has(ch.charCodeAt(0))) {
      if (out.length > 0) out[out.length - 1].marks += ch;
    } else out.push({ letter: ch, marks: '' });
  }
  return out;
}

/** Takes Buckwalter text; returns true when it starts with a diacritic ({@link BW_DIACRITICS}). Throws nothing. */
export function startsWithBwDiacritic(bw: string): boolean {
  return DIACRITIC_CODES.has(bw.charCodeAt(0));
}
