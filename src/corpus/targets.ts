/**
 * A candidate label's value of each feature target (TARGETS, ./elements.ts): the label key,
 * the element's value, or the case-less label's key (./caseless.ts).
 */
import type { Candidate } from './types.js';
import { caselessKey } from '../labels/caseless.js';
import { TARGETS, type Target } from '../labels/elements.js';

/** The value of target `t` of candidate `c`. */
export function targetValue(c: Candidate, t: Target): string {
  if (t === 'label') return c.key;
  if (t === 'caseless') return caselessKey(c.lemma, c.morph);
  return c.elements[t];
}

/**
 * Writes the value id of every target of `c` into `ids` (TARGETS order), `id(k, value)` giving
 * the id of a value of target TARGETS[k]; returns `ids`.
 */
export function targetIds(c: Candidate, ids: Int32Array, id: (k: number, value: string) => number): Int32Array {
  for (let k = 0; k < TARGETS.length; k++) ids[k] = id(k, targetValue(c, TARGETS[k]));
  return ids;
}
