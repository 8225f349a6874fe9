import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Corpus } from '../../src/corpus/types.js';
import { CorpusError, UsageError } from '../../src/errors.js';
import { documentsNeeded, partitionCorpus, sampleDocuments } from '../../training/partition.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

const corpus = syntheticCorpus({ seed: 8, tokens: 10_000, wordTypes: 300, docTokens: 100 });

test('seeded 9:1 split by document: deterministic, disjoint, complete, in corpus order', () => {
  const n = corpus.documents.length;
  const a = partitionCorpus(corpus);
  const b = partitionCorpus(corpus, { seed: 42, d2Share: 0.1 });
  assert.deepEqual(a.d2Index, b.d2Index);
  assert.equal(a.d2Index.length, Math.round(n * 0.1));
  assert.deepEqual([...a.d1Index, ...a.d2Index].sort((x, y) => x - y), [...Array(n).keys()]);
  assert.deepEqual(a.d1Index, [...a.d1Index].sort((x, y) => x - y));
  assert.equal(a.d1.documents[0], corpus.documents[a.d1Index[0]]);
  assert.equal(a.dropped, 0);
  const c = partitionCorpus(corpus, { seed: 43 });
  assert.notDeepEqual(c.d2Index, a.d2Index);
  assert.equal(partitionCorpus(corpus, { d2Share: 0.25 }).d2Index.length, Math.round(n * 0.25));
});

test('documents without gold marks are dropped; too few documents is a CorpusError naming the need', () => {
  const docs = corpus.documents.slice(0, 4);
  const tiny: Corpus = { documents: docs, source: 'small.pos' };
  assert.equal(documentsNeeded(0.1), 5);
  assert.throws(() => partitionCorpus(tiny), (e: unknown) => e instanceof CorpusError && /has 4 documents .* needs at least 5/.test(e.message) && e.file === 'small.pos');
  assert.equal(partitionCorpus({ documents: corpus.documents.slice(0, 5) }).d2Index.length, 1);
  const noGold = {
    ...docs[0],
    sentences: docs[0].sentences.map((s) => ({ ...s, tokens: s.tokens.map((t) => ({ ...t, gold: -1 })) })),
  };
  const p = partitionCorpus({ documents: [noGold, ...corpus.documents.slice(0, 10)] });
  assert.equal(p.dropped, 1);
  assert.ok(!p.d1Index.includes(0) && !p.d2Index.includes(0));
  assert.throws(() => partitionCorpus({ documents: [noGold] }), CorpusError);
  assert.throws(() => partitionCorpus(corpus, { d2Share: 0 }), UsageError);
  assert.throws(() => partitionCorpus(corpus, { d2Share: 1 }), UsageError);
  assert.throws(() => partitionCorpus(corpus, { seed: 0.5 }), UsageError);
});

test('sampleDocuments: all of D2 under the cap; above it, whole documents of a seeded sample until the cap is reached', () => {
  const docs = syntheticCorpus({ seed: 3, tokens: 4000, wordTypes: 300, docTokens: 100 }).documents;
  const goldOf = (idx: number[]) =>
    idx.reduce((n, i) => n + docs[i].sentences.reduce((m, s) => m + s.tokens.filter((t) => t.gold >= 0).length, 0), 0);
  const total = goldOf(docs.map((_, i) => i));
  assert.deepEqual(sampleDocuments(docs, total, 1), docs.map((_, i) => i));
  assert.deepEqual(sampleDocuments(docs, 0, 1), docs.map((_, i) => i), '0: no cap');
  const some = sampleDocuments(docs, 1000, 1);
  const largest = Math.max(...docs.map((_, i) => goldOf([i])));
  assert.ok(some.length < docs.length && goldOf(some) >= 1000 && goldOf(some) < 1000 + largest, 'stops at the first document that reaches the cap');
  assert.deepEqual(some, [...some].sort((a, b) => a - b), 'ascending');
  assert.deepEqual(sampleDocuments(docs, 1000, 1), some, 'the same for the same seed');
  assert.notDeepEqual(sampleDocuments(docs, 1000, 2), some);
});
