/**
 * The line syntax of the pos format (pos.ts): the keywords a line starts with, the value after
 * one, a SOLUTION line, an INDEX value, a document line; and the fixed order of a token's lines.
 */
import type { PosSolution } from './pos-model.js';

const SOLUTION_RE = /^SOLUTION\s+(\d+):\s*\(([^()]*)\) (?:\[([^\][]*)\] )?(.+)$/;
/** An INDEX value: PnWm, paragraph and word numbers without leading zeros. */
export const INDEX_RE = /^P([1-9]\d*)W([1-9]\d*)$/;
/** A SCORE value. */
export const NUMBER_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** A document line and its id. */
export const DOCUMENT_RE = /^;;;\s*DOCUMENT:\s?(.*)$/;

/** The keywords a pos line starts with (after its indentation and star). */
export type Keyword = 'INPUT STRING:' | 'LOOK-UP WORD:' | 'Comment:' | 'INDEX:' | 'SOLUTION' | 'ALTERNATIVE:' | '(GLOSS):' | '(SCORE):';
/** Every {@link Keyword}, in the order a line is matched against them. */
export const KEYWORDS: readonly Keyword[] = [
  'INPUT STRING:', 'LOOK-UP WORD:', 'Comment:', 'INDEX:', 'SOLUTION', 'ALTERNATIVE:', '(GLOSS):', '(SCORE):',
];

/** Where a token is in its fixed line order. */
export const Phase = {
  Input: 0, Lookup: 1, Comments: 2, Index: 3, Solutions: 4, AltComments: 5, AltSolutions: 6,
} as const;

/** The text after `KEY:` (given `text` starts with `key`), without the one space that follows the colon. */
export function valueAfter(text: string, key: string): string {
  const rest = text.slice(key.length);
  return rest.startsWith(' ') ? rest.slice(1) : rest;
}

/**
 * The solution of a SOLUTION line's text (the line from "SOLUTION" on, without its star),
 * without GLOSS or SCORE; `star` says whether the line was starred. Returns the message of
 * what is wrong with the line instead when it is malformed.
 */
export function solutionOf(text: string, star: boolean): PosSolution | string {
  const m = SOLUTION_RE.exec(text);
  if (!m) return 'bad SOLUTION line (expected "SOLUTION n: (voc) [lemma] morphology")';
  if (m[1].startsWith('0')) return `bad solution number "${m[1]}"`;
  // a number a double cannot hold exactly would be read as another one
  if (!Number.isSafeInteger(Number(m[1]))) return `solution number ${m[1]} is too large (at most ${Number.MAX_SAFE_INTEGER})`;
  if (m[4].trim() === '' || m[4].startsWith('[')) return 'bad SOLUTION line: missing morphology after the [lemma]';
  const sol: PosSolution = { n: Number(m[1]), gold: star, voc: m[2], morph: m[4] };
  if (m[3] !== undefined) sol.lemma = m[3];
  return sol;
}
