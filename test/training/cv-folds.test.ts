import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Corpus } from '../../src/corpus/types.js';
import { CorpusError, UsageError } from '../../src/errors.js';
import { assignFolds, documentSubset, foldSeed, foldSplit } from '../../training/cv-folds.js';
import { analysesSkip } from '../helpers/reference.js';
import { cvCorpus } from './cv-fixture.js';

const corpus = cvCorpus(23, 2, 10);

test('fold assignment: seeded, deterministic, disjoint, complete, balanced', { skip: analysesSkip() }, () => {
  const a = assignFolds(corpus, 5, 42);
  const b = assignFolds(corpus, 5, 42);
  assert.deepEqual(a, b);
  const all = a.test.flat().sort((x, y) => x - y);
  assert.deepEqual(all, [...Array(corpus.documents.length).keys()]);
  const sizes = a.test.map((t) => t.length);
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes}`);
  a.test.forEach((t, k) => t.forEach((i) => assert.equal(a.foldOf[i], k)));
  assert.notDeepEqual(assignFolds(corpus, 5, 43).test, a.test);
  for (let k = 0; k < 5; k++) {
    const s = foldSplit(corpus, a, k);
    assert.equal(s.train.documents.length + s.test.length, corpus.documents.length);
    const test = new Set(s.test);
    assert.ok(s.train.documents.every((d) => !test.has(d)));
  }
  assert.notEqual(foldSeed(42, 0), foldSeed(42, 1));
  assert.equal(foldSeed(42, 3), foldSeed(42, 3));
});

test('documents without gold marks take no part; bad input is a clear error', { skip: analysesSkip() }, () => {
  const noGold = (c: Corpus): Corpus => ({
    ...c,
    documents: c.documents.map((d) => ({
      ...d,
      sentences: d.sentences.map((s) => ({ ...s, tokens: s.tokens.map((t) => ({ ...t, gold: -1 })) })),
    })),
  });
  const mixed: Corpus = { documents: [...noGold(cvCorpus(2, 2, 10)).documents, ...corpus.documents.slice(0, 6)], source: 'mixed.pos' };
  const a = assignFolds(mixed, 3, 1);
  assert.equal(a.dropped, 2);
  assert.equal(a.foldOf[0], -1);
  assert.equal(a.foldOf[1], -1);
  assert.ok(foldSplit(mixed, a, 0).train.documents.every((d) => d !== mixed.documents[0]));
  assert.throws(() => assignFolds(noGold(corpus), 5, 1), (e: unknown) => e instanceof CorpusError && /no gold marks/.test(e.message));
  assert.throws(
    () => assignFolds({ documents: corpus.documents.slice(0, 4), source: 'four.pos' }, 10, 1),
    (e: unknown) => e instanceof CorpusError && /4 documents with gold marks, fewer than the 10 folds/.test(e.message) && e.file === 'four.pos',
  );
  assert.throws(() => assignFolds(corpus, 1, 1), UsageError);
  assert.throws(() => foldSplit(corpus, assignFolds(corpus, 3, 1), 3), UsageError);
});

test('learning-curve subsets: seeded, nested, 100% is the corpus', { skip: analysesSkip() }, () => {
  const s30 = documentSubset(corpus, 30, 7);
  const s60 = documentSubset(corpus, 60, 7);
  assert.equal(s30.documents.length, Math.round(corpus.documents.length * 0.3));
  assert.ok(s30.documents.every((d) => s60.documents.includes(d)));
  assert.deepEqual(documentSubset(corpus, 30, 7).documents.map((d) => d.id), s30.documents.map((d) => d.id));
  assert.equal(documentSubset(corpus, 100, 7), corpus);
  assert.throws(() => documentSubset(corpus, 0, 7), UsageError);
});
