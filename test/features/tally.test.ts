import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BetaTable } from '../../features/beta.js';
import { encodeCorpus } from '../../features/encode.js';
import { countAll, countGroup, groupSpecs, sliceBounds, type IdSizes } from '../../features/tally.js';
import { resolveFeatureSet, type Template } from '../../features/templates.js';
import { Vocab } from '../../features/vocab.js';
import { TARGETS } from '../../src/labels/elements.js';
import type { Corpus } from '../../src/corpus/types.js';
import { tinyCorpus } from './fixture.js';
import { SEP, compareCounts, referenceCounts } from './reference.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

function sizesOf(vocab: Vocab): IdSizes {
  return { word: vocab.size('word'), letter: vocab.size('letter'), values: TARGETS.map((t) => vocab.size(t)) };
}

function check(corpus: Corpus, templates: Template[]): BetaTable {
  const vocab = new Vocab();
  const enc = encodeCorpus(corpus, vocab, { mode: 'intern' });
  const table = BetaTable.fromBlocks(countAll(enc, templates, sizesOf(vocab)));
  const ref = referenceCounts(corpus, templates);
  assert.deepEqual(compareCounts(table, ref, vocab), []);
  return table;
}

test('tiny corpus: every template (all 17 targets × Table 3, prior group) equals brute-force counting', () => {
  const t = check(tinyCorpus(), resolveFeatureSet('full+prior'));
  assert.ok(t.size > 100);
});

test('tiny corpus: hand-checked counts', () => {
  const corpus = tinyCorpus();
  const ref = referenceCounts(corpus, resolveFeatureSet('baseline+prior'));
  // ktb is gold katab twice (doc1 s1, doc2 s1) and kutub once, katob once.
  const freq = [...ref].filter(([k]) => k.startsWith(['word', 'none', 'label', 'ktb'].join(SEP)));
  assert.deepEqual(freq.map(([, n]) => n).sort(), [1, 1, 2]);
  check(corpus, resolveFeatureSet('baseline+prior'));
});

test('synthetic corpus: full+prior and a single LE set equal brute force', () => {
  const corpus = syntheticCorpus({ seed: 5, tokens: 3000, wordTypes: 400, candidates: 5, docTokens: 60 });
  check(corpus, resolveFeatureSet('full+prior'));
  check(corpus, resolveFeatureSet('pos'));
});

test('slices of a group, concatenated in order, equal the whole group', () => {
  const corpus = syntheticCorpus({ seed: 6, tokens: 4000, wordTypes: 300, docTokens: 80 });
  const vocab = new Vocab();
  const enc = encodeCorpus(corpus, vocab, { mode: 'intern' });
  const sizes = sizesOf(vocab);
  for (const spec of groupSpecs(resolveFeatureSet('full+prior'))) {
    const whole = countGroup(enc, spec, 0, Number.MAX_SAFE_INTEGER, sizes);
    for (const n of [2, 3, 5]) {
      const b = sliceBounds(enc, spec, sizes, n);
      assert.equal(b.length, n + 1);
      const parts = Array.from({ length: n }, (_, k) => countGroup(enc, spec, b[k], b[k + 1], sizes));
      assert.deepEqual(BetaTable.fromBlocks(parts).toBuffers(), BetaTable.fromBlocks([whole]).toBuffers());
      if (spec.word === 'word' && n === 2) {
        const sizesK = parts.map((p) => p.marginal.reduce((x, y) => x + y, 0));
        assert.ok(Math.abs(sizesK[0] - sizesK[1]) < 0.2 * (sizesK[0] + sizesK[1]), `balanced slices ${sizesK}`);
      }
    }
  }
});
