/**
 * What an answer holds and how big it will be: the analysis fields a client may ask for
 * (`fields`), the serialization of one sentence keeping only those, and the estimate of an
 * answer's size made before any tagging, which the service holds against `maxResponseBytes`.
 */
import { DEFAULT_INPUT_SCRIPT, type InputScript, prepareInput } from '../analyzer/script.js';
import { forEachToken } from '../analyzer/tokenize.js';
import type { TaggedAnalysis, TaggedSentence } from './types.js';

/**
 * Each analysis field with the bytes it is estimated to take in JSON (name, quotes and value;
 * about 1.5 times the mean measured on UD Arabic-PUD with the BAMA 1.0 tables, so that the
 * estimate errs on the large side). The list of fields a client may ask for.
 */
export const ANALYSIS_FIELD_BYTES = {
  rank: 10, voc: 24, vocArabic: 32, vocalized: 34, lemma: 28, lemmaArabic: 36, lemmaVocalized: 49, morph: 56, pos: 20,
  caseOrMood: 34, elements: 300, gloss: 56, score: 32, confidence: 32, source: 20, borrowedReading: 24,
} as const satisfies Record<keyof TaggedAnalysis, number>;

/**
 * What a field takes on top of that per letter of its word: the fields that spell the word,
 * at most a letter and two marks a letter (shadda and a vowel), two bytes a character in Arabic
 * script. `vocalized`, the word as typed with marks added, takes two more bytes per character
 * typed (counted per token, {@link TYPED_CHAR_BYTES}).
 */
export const ANALYSIS_FIELD_BYTES_PER_LETTER = {
  rank: 0, voc: 3, vocArabic: 6, vocalized: 4, lemma: 3, lemmaArabic: 6, lemmaVocalized: 6, morph: 3, pos: 0,
  caseOrMood: 0, elements: 3, gloss: 0, score: 0, confidence: 0, source: 0, borrowedReading: 0,
} as const satisfies Record<keyof TaggedAnalysis, number>;

export type AnalysisField = keyof typeof ANALYSIS_FIELD_BYTES;
/** Field names, in answer order. */
export const ANALYSIS_FIELDS = Object.keys(ANALYSIS_FIELD_BYTES) as AnalysisField[];
/** Always sent, whatever `fields` says: the order of the analyses. */
export const ALWAYS_SENT: AnalysisField = 'rank';
/** Estimated bytes of one token without its analyses and its input. */
const TOKEN_BYTES = 80;
/**
 * Bytes per character typed in a word that `vocalized` takes (the character, in UTF-8, at most two
 * bytes in the Arabic class).
 */
const TYPED_CHAR_BYTES = 2;
/** Bytes a letter adds to the vocalized text (two marks) and to the token's look-up form. */
const LETTER_TEXT_BYTES = 5;
/** Braces and commas of one analysis. */
const ANALYSIS_BYTES = 4;
/**
 * Bytes of an answer's frame each text is charged: braces, names and commas around its
 * sentences and its vocalized text, and its share of the answer's own (`{"top":N,"results":[`).
 */
export const TEXT_FRAME_BYTES = 64;
/** The fields to send: `rank` and the requested ones, in answer order (all when none requested). */
export function selectFields(requested: readonly string[] | undefined): AnalysisField[] {
  if (!requested) return ANALYSIS_FIELDS;
  const want = new Set<string>(requested);
  return ANALYSIS_FIELDS.filter((f) => f === ALWAYS_SENT || want.has(f));
}

/** Bytes of a character in a JSON string: escaped, or its UTF-8 (a surrogate pair's four, two a half). */
function jsonCharBytes(c: number): number {
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x20) return 6;
  if (c < 0x80) return 1;
  if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) return 2;
  return 3;
}

/** Bytes of `text` as the inside of a JSON string. */
export function jsonStringBytes(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = from; i < to; i++) n += jsonCharBytes(text.charCodeAt(i));
  return n;
}

/**
 * Estimate of the answer's bytes for `texts` at `top` with `fields`, from the actual input as the
 * tagger reads it (`inputScript`, src/analyzer/script.ts `prepareInput`: Buckwalter text is
 * estimated as the Arabic it is read as, which is what the answer holds): every token as the
 * analyzer's tokenizer cuts it, its input as JSON, and a word (a run within a word's reach,
 * src/analyzer/tokenize.ts) with `top` analyses, each the fields' fixed bytes and their bytes per
 * letter of that word; the vocalized text is the text with two marks a letter. Cheap: one pass
 * over the text, no analysis. Returns the bytes; throws nothing. The service also counts the
 * answer's real bytes as it is made (src/service/work.ts), so an answer past the limit is never sent.
 */
export function estimateAnswerBytes(
  texts: readonly string[],
  top: number,
  fields: readonly AnalysisField[],
  inputScript: InputScript = DEFAULT_INPUT_SCRIPT,
): number {
  const perAnalysis = fields.reduce((n, f) => n + ANALYSIS_FIELD_BYTES[f], ANALYSIS_BYTES);
  const perLetter = fields.reduce((n, f) => n + ANALYSIS_FIELD_BYTES_PER_LETTER[f], 0);
  const perChar = fields.includes('vocalized') ? TYPED_CHAR_BYTES : 0;
  let bytes = 0;
  for (const typed of texts) {
    const text = prepareInput(typed, inputScript);
    bytes += TEXT_FRAME_BYTES + jsonStringBytes(text);
    forEachToken(text, (from, to, letters) => {
      bytes += TOKEN_BYTES + jsonStringBytes(text, from, to);
      if (letters > 0)
        bytes += letters * LETTER_TEXT_BYTES + top * (perAnalysis + letters * perLetter + (to - from) * perChar);
    });
  }
  return bytes;
}

/** JSON of one sentence whose analyses keep only `fields` (other sentence and token fields as they are). */
export function sentenceJson(s: TaggedSentence, fields: readonly AnalysisField[]): string {
  if (fields.length === ANALYSIS_FIELDS.length) return JSON.stringify(s);
  return JSON.stringify({
    ...s,
    tokens: s.tokens.map((t) => ({
      ...t,
      analyses: t.analyses.map((a) => Object.fromEntries(fields.map((f) => [f, a[f]]))),
    })),
  });
}
