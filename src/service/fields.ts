/**
 * What an answer holds and how big it will be: the analysis fields a client may ask for
 * (`fields`), the serialization of one sentence keeping only those, and the estimate of an
 * answer's size made before any tagging, which the service holds against `maxResponseBytes`.
 */
import { countTokens } from '../analyzer/tokenize.js';
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

export type AnalysisField = keyof typeof ANALYSIS_FIELD_BYTES;
/** Field names, in answer order. */
export const ANALYSIS_FIELDS = Object.keys(ANALYSIS_FIELD_BYTES) as AnalysisField[];
/** Always sent, whatever `fields` says: the order of the analyses. */
export const ALWAYS_SENT: AnalysisField = 'rank';
/** Estimated bytes of one token without its analyses, plus this many per input character. */
const TOKEN_BYTES = 80;
const TOKEN_BYTES_PER_CHAR = 4;
/** Braces and commas of one analysis. */
const ANALYSIS_BYTES = 4;

/** The fields to send: `rank` and the requested ones, in answer order (all when none requested). */
export function selectFields(requested: readonly string[] | undefined): AnalysisField[] {
  if (!requested) return ANALYSIS_FIELDS;
  const want = new Set<string>(requested);
  return ANALYSIS_FIELDS.filter((f) => f === ALWAYS_SENT || want.has(f));
}

/**
 * Upper estimate of the answer's bytes for `texts` at `top` with `fields`: every token (as
 * the analyzer's tokenizer cuts the text) counted with `top` analyses. Cheap: no analysis.
 */
export function estimateAnswerBytes(texts: readonly string[], top: number, fields: readonly AnalysisField[]): number {
  const perAnalysis = fields.reduce((n, f) => n + ANALYSIS_FIELD_BYTES[f], ANALYSIS_BYTES);
  let bytes = 0;
  for (const text of texts) {
    const { tokens, chars } = countTokens(text);
    bytes += tokens * (TOKEN_BYTES + top * perAnalysis) + chars * TOKEN_BYTES_PER_CHAR;
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
