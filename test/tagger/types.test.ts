import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import type { Candidate } from '../../src/corpus/types.js';
import { compareRanked, sortRanked, type RankedCandidate } from '../../src/tagger/types.js';
import { Rng } from '../../src/random.js';

function ranked(rng: Rng, n: number): RankedCandidate[] {
  return Array.from({ length: n }, (_, index) => {
    const lemma = `l${index}`;
    const candidate: Candidate = {
      key: labelKey(lemma, 'X'), lemma, morph: 'X', voc: '', gloss: '', elements: { ...emptyElements(), lemma }, source: 'analyzer',
      // some candidates carry the analyzer's rank, out of index order
      ...(rng.next() < 0.5 ? { analyzerRank: Math.floor(rng.next() * n) } : {}),
    };
    // few distinct scores, so that ties are decided by the analyzer's order and the index
    return { index, candidate, score: Math.floor(rng.next() * 3), confidence: 0 };
  });
}

test('sortRanked gives the order of Array#sort by compareRanked, short lists and long ones', () => {
  const rng = new Rng(7);
  for (let round = 0; round < 300; round++) {
    const n = Math.floor(rng.next() * 40);
    const list = ranked(rng, n);
    // shuffled, so the input order is not already the index order
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    const expected = [...list].sort(compareRanked).map((r) => r.index);
    sortRanked(list);
    assert.deepEqual(list.map((r) => r.index), expected, `${n} candidates`);
  }
});
