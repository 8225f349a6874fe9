/**
 * Diacritization scoring (`lexdis eval-diac`): a system's vocalized text against a reference,
 * sentence by sentence, over Arabic words. Word error rate with and without the case ending,
 * diacritic error rate, strict and relaxed (src/script/diac-compare.ts), error classes, the
 * oracle over the system's candidates when it lists them, words left without vowels, and words
 * whose letters differ from the reference's.
 *
 * References: the WikiNewsMax TSV (`max`: max_gold accepting max_gold_alt; `original`: the
 * original WikiNews 2014 gold) or plain text, one sentence a line, `/` between accepted variants
 * of a word. Systems: plain text one sentence a line, or the JSONL of `lexdis diacritize --format jsonl`
 * (one object per sentence with `text` and `words`, whose analyses give the error causes).
 * Blank lines are skipped on both sides; sentence n of the reference faces line n of the system.
 */
import { InputParseError } from '../errors.js';

/** Runs of Arabic letters and marks (with dagger alif and alif wasla), holding at least one letter. */
const WORD_RUN = /[\u0621-\u063a\u0640-\u0652\u0670\u0671\u067e\u0686\u0698\u06a4\u06af]+/g;
const LETTER = /[\u0621-\u063a\u0641-\u064a\u0671\u067e\u0686\u0698\u06a4\u06af]/;
const MARKS = /[\u064b-\u0652\u0670\u0640]/g;

export type ReferenceField = 'max' | 'original';

/** One reference word: its accepted spellings. */
export interface RefWord { variants: string[] }
/** One reference sentence: its line and its words' accepted spellings. */
export interface RefSentence {
  line: number;
  words: RefWord[];
  /** The sentence without diacritics, tokens joined by spaces (WikiNewsMax's `dediac` column only). */
  plain?: string;
}

/** One system word, with what the analysis behind it was when the system says. */
export interface SysWord {
  text: string;
  /** 'analyzer', 'train', 'backoff', 'rule', 'none' (JSONL systems only). */
  source?: string;
  candidates?: string[];
}
/** One system sentence: its line and its vocalized words. */
export interface SysSentence { line: number; words: SysWord[] }

/** The Arabic words of a piece of text, in order. */
export function arabicWords(text: string): string[] {
  return (text.match(WORD_RUN) ?? []).filter((w) => LETTER.test(w));
}

/** A word without its marks (and tatweel). */
export function stripMarks(word: string): string {
  return word.replace(MARKS, '');
}

/**
 * Reads the WikiNewsMax TSV (header `dediac original_gold max_gold max_gold_alt`; a row of empty
 * fields ends a sentence). Only rows whose `dediac` holds an Arabic letter are words.
 * @throws InputParseError (file:line) for a missing column or a row with too few fields
 */
export function readWikiNewsTsv(text: string, file: string, field: ReferenceField): RefSentence[] {
  const rows = text.split(/\r?\n/);
  const header = rows[0]?.split('\t') ?? [];
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new InputParseError(`the header has no "${name}" column`, { file, line: 1 });
    return i;
  };
  const dediac = col('dediac');
  const gold = col(field === 'max' ? 'max_gold' : 'original_gold');
  const alt = field === 'max' ? header.indexOf('max_gold_alt') : -1;
  const out: RefSentence[] = [];
  let cur: RefSentence | undefined;
  rows.slice(1).forEach((row, i) => {
    const f = row.split('\t');
    if (row.trim() === '' || f.every((x) => x.trim() === '')) { cur = undefined; return; }
    if (f.length <= gold) throw new InputParseError(`expected ${header.length} tab-separated fields, found ${f.length}`, { file, line: i + 2 });
    if (!cur) out.push((cur = { line: i + 2, words: [], plain: f[dediac].trim() }));
    else cur.plain += ` ${f[dediac].trim()}`;
    if (!LETTER.test(f[dediac])) return;
    const variants = [f[gold].trim(), ...(alt >= 0 && f[alt]?.trim() ? [f[alt].trim()] : [])];
    cur.words.push({ variants });
  });
  return out;
}

/**
 * Reads a plain-text reference: one sentence a line, words separated by white space, `/` between
 * accepted variants of a word (every variant must have as many Arabic words as the first).
 * @throws InputParseError (file:line) for variants that disagree in their number of words
 */
export function readPlainReference(text: string, file: string): RefSentence[] {
  const out: RefSentence[] = [];
  text.split(/\r?\n/).forEach((row, i) => {
    if (row.trim() === '') return;
    const words: RefWord[] = [];
    for (const token of row.trim().split(/\s+/)) {
      const variants = token.split('/').map(arabicWords);
      if (variants.some((v) => v.length !== variants[0].length)) {
        throw new InputParseError(`the variants of "${token}" do not have the same number of words`, { file, line: i + 1 });
      }
      variants[0].forEach((_, k) => words.push({ variants: variants.map((v) => v[k]) }));
    }
    out.push({ line: i + 1, words });
  });
  return out;
}

/** Reads a plain-text system output: one sentence a line (blank lines skipped). */
export function readPlainSystem(text: string): SysSentence[] {
  const out: SysSentence[] = [];
  text.split(/\r?\n/).forEach((row, i) => {
    if (row.trim() !== '') out.push({ line: i + 1, words: arabicWords(row).map((w) => ({ text: w })) });
  });
  return out;
}

/**
 * Reads the JSONL of `lexdis diacritize --format jsonl`: one sentence a line, `{ text, words: [{
 * vocalized, source, candidates? }] }`.
 * @throws InputParseError (file:line) for a line that is not such an object
 */
export function readJsonlSystem(text: string, file: string): SysSentence[] {
  const out: SysSentence[] = [];
  text.split(/\r?\n/).forEach((row, i) => {
    if (row.trim() === '') return;
    let o: { text?: unknown; words?: Array<{ vocalized?: unknown; source?: unknown; candidates?: unknown }> };
    try { o = JSON.parse(row); } catch (e) { throw new InputParseError(`not JSON: ${(e as Error).message}`, { file, line: i + 1 }); }
    if (!Array.isArray(o?.words)) throw new InputParseError('expected an object with a "words" array', { file, line: i + 1 });
    if (typeof o.text === 'string' && o.text.trim() === '') return; // a blank input line, as in plain text
    const words = o.words.map((w) => {
      if (typeof w?.vocalized !== 'string') throw new InputParseError('a word without "vocalized"', { file, line: i + 1 });
      const sw: SysWord = { text: w.vocalized, source: typeof w.source === 'string' ? w.source : undefined };
      if (Array.isArray(w.candidates)) sw.candidates = w.candidates.filter((c): c is string => typeof c === 'string');
      return sw;
    });
    // words the system left out of `words` (non-Arabic) are not scored; Arabic ones must all be there
    out.push({ line: i + 1, words: words.filter((w) => LETTER.test(w.text)) });
  });
  return out;
}

/**
 * Reference layouts: WikiNewsMax TSV (`max` or `original` gold), plain text with `/` variants, or
 * auto by file name.
 */
export type ReferenceFormat = 'auto' | 'max' | 'original' | 'text';
/** System output layouts: plain text, diacritize's JSONL, or auto by content. */
export type SystemFormat = 'auto' | 'text' | 'jsonl';

/**
 * Reads a reference in the format asked for (auto: a `.tsv` file is WikiNewsMax with `max`, anything else plain text).
 * Takes the text, the file's name and the format; returns the sentences.
 * @throws InputParseError as the readers do
 */
export function readReference(text: string, file: string, format: ReferenceFormat): RefSentence[] {
  const f = format === 'auto' ? (/\.tsv$/i.test(file) ? 'max' : 'text') : format;
  return f === 'text' ? readPlainReference(text, file) : readWikiNewsTsv(text, file, f);
}

/**
 * Reads a system output (auto: JSONL when the file ends in `.jsonl` or its first line starts with `{`).
 * Takes the text, the file's name and the format; returns the sentences.
 * @throws InputParseError as the readers do
 */
export function readSystem(text: string, file: string, format: SystemFormat): SysSentence[] {
  const jsonl = format === 'jsonl' || (format === 'auto' && (/\.jsonl$/i.test(file) || text.trimStart().startsWith('{')));
  return jsonl ? readJsonlSystem(text, file) : readPlainSystem(text);
}
