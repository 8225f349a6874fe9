import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CountTable } from '../../features/counts.js';
import { encodeCorpus } from '../../features/encode.js';
import { tallyTokens } from '../../features/tally.js';
import { resolveFeatureSet, type Template } from '../../features/templates.js';
import { Vocab } from '../../features/vocab.js';
import type { Corpus } from '../../src/corpus/types.js';
import { tinyCorpus } from './fixture.js';
import { SEP, compareCounts, referenceCounts } from './reference.js';
import { syntheticCorpus } from './synthetic-corpus.js';

function check(corpus: Corpus, templates: Template[]): CountTable {
  const vocab = new Vocab();
  const enc = encodeCorpus(corpus, vocab, { mode: 'intern' });
  const table = new CountTable();
  const gold = tallyTokens(enc, templates, table);
  const ref = referenceCounts(corpus, templates);
  assert.deepEqual(compareCounts(table, ref, vocab), []);
  let g = 0;
  for (const d of corpus.documents) for (const s of d.sentences) for (const t of s.tokens) if (t.gold >= 0) g++;
  assert.equal(gold, g);
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
  const freq = [...ref].filter(([k]) => k.split(SEP)[0] === String(8) && k.split(SEP)[1] === 'ktb');
  assert.deepEqual(freq.map(([, n]) => n).sort(), [1, 1, 2]);
  check(corpus, resolveFeatureSet('baseline+prior'));
});

test('synthetic corpus: full+prior and a single LE set equal brute force', () => {
  const corpus = syntheticCorpus({ seed: 5, tokens: 3000, wordTypes: 400, candidates: 5, docTokens: 60 });
  check(corpus, resolveFeatureSet('full+prior'));
  check(corpus, resolveFeatureSet('pos'));
});
