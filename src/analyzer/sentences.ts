/**
 * Analyzed lines into sentences: a sentence ends after sentence-final punctuation, and a line
 * never shares a sentence with the next one (each input line is a paragraph).
 */
import type { AnalyzedToken } from './types.js';

/** Tokens after which a sentence ends (Latin and Arabic full stop, question and exclamation marks). */
const SENTENCE_END = /^[.!?؟۔…]+["'»”)]*$/;

/** True when a non-word token closes a sentence. */
function endsSentence(token: AnalyzedToken): boolean {
  return token.kind === 'other' && SENTENCE_END.test(token.input);
}

/** Splits analyzed lines into sentences (a line never shares a sentence with the next one). */
export function splitSentences(lines: readonly AnalyzedToken[][]): AnalyzedToken[][] {
  const out: AnalyzedToken[][] = [];
  for (const line of lines) {
    let cur: AnalyzedToken[] = [];
    for (const t of line) {
      cur.push(t);
      if (endsSentence(t)) {
        out.push(cur);
        cur = [];
      }
    }
    if (cur.length > 0) out.push(cur);
  }
  return out;
}
