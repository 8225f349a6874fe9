import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Candidate } from '../../src/corpus/types.js';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import { combineIndependent } from '../../training/cv-combine.js';

function cand(lemma: string, morph: string): Candidate {
  return { key: labelKey(lemma, morph), lemma, morph, voc: '', gloss: '', elements: { ...emptyElements(), lemma }, source: 'analyzer' };
}

test('Mind: both predicted parts first, then one part (ties by the rest model), then the rest', () => {
  const cs = [cand('a', 'N'), cand('b', 'N'), cand('a', 'V'), cand('b', 'V'), cand('c', 'ADJ')];
  // Mlemma says lemma a; Mlemma' prefers b/V (score 0.9) → rest V.
  const scores = [0.1, 0.2, 0.5, 0.9, 0.3];
  const order = combineIndependent(cs, 'a', scores).map((r) => r.index);
  assert.deepEqual(order, [2, 3, 0, 4, 1]);
  assert.deepEqual(combineIndependent(cs, 'a', scores).map((r) => r.score), [2, 1, 1, 0, 0]);
  // Incompatible predictions (no candidate has both): one-part candidates, the rest model deciding.
  const cs2 = [cand('a', 'N'), cand('b', 'V'), cand('c', 'ADJ')];
  assert.deepEqual(combineIndependent(cs2, 'a', [0.1, 0.8, 0.5]).map((r) => r.index), [1, 0, 2]);
  // Equal rest scores: the first candidate gives R*, analyzer order breaks ties.
  assert.deepEqual(combineIndependent(cs2, 'c', [0, 0, 0]).map((r) => r.index), [0, 2, 1]);
  assert.deepEqual(combineIndependent([], 'a', []), []);
  const conf = combineIndependent(cs, 'a', scores).reduce((s, r) => s + r.confidence, 0);
  assert.ok(Math.abs(conf - 1) < 1e-12);
});
