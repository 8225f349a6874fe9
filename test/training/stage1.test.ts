import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BetaTable } from '../../features/beta.js';
import { DocTables } from '../../features/ztf-tables.js';
import { SeenLexicon } from '../../features/seen-labels.js';
import { TF_TARGETS, resolveFeatureSet } from '../../features/templates.js';
import { Vocab } from '../../features/vocab.js';
import type { Corpus } from '../../src/corpus/types.js';
import { CorpusError, UsageError } from '../../src/errors.js';
import { SLICES_PER_WORKER, runStageOne, stageOneThreads, type StageOneResult } from '../../training/stage1.js';
import { tinyCorpus } from '../features/fixture.js';
import { compareCounts, referenceCounts } from '../features/reference.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

const templates = resolveFeatureSet('full+prior');

function bytes(r: StageOneResult) {
  const b = r.counts.toBuffers();
  return {
    counts:
      JSON.stringify(r.counts.toJSON()) +
      Buffer.concat(
        Object.values(b).map((a: Int32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)),
      ).toString('base64'),
    vocab: JSON.stringify(r.vocab.toJSON()),
    doc:
      JSON.stringify(r.doc.toJSON()) +
      JSON.stringify(
        Object.values(r.doc.toBuffers())
          .flat()
          .map((a) => Array.from(a as Int32Array)),
      ),
    lexicon: JSON.stringify(r.lexicon.toJSON()),
  };
}

test('1, 2 and 3 workers and the in-thread path give byte-identical results equal to brute force', async () => {
  const corpus = syntheticCorpus({ seed: 21, tokens: 6000, wordTypes: 800, candidates: 8, docTokens: 150 });
  const results: StageOneResult[] = [];
  for (const workers of [0, 1, 2, 3])
    results.push(await runStageOne(corpus, { templates, workers, minTokensPerWorker: 0 }));
  const ref = bytes(results[0]);
  for (const r of results.slice(1)) assert.deepEqual(bytes(r), ref);
  assert.deepEqual(compareCounts(results[2].counts, referenceCounts(corpus, templates), results[2].vocab), []);
  assert.deepEqual(results[2].doc.targets, TF_TARGETS);
  assert.ok(results[2].vocab.frozen);
  const s = results[3].stats;
  assert.equal(s.workers, 3);
  assert.equal(s.workerSeconds.length, 3 * SLICES_PER_WORKER);
  assert.equal(s.tokens, 6000);
  assert.equal(s.documents, corpus.documents.length);
  assert.equal(s.entries, results[3].counts.size);
  assert.equal(s.contexts, results[3].counts.contexts);
  assert.ok(s.goldTokens > 5000 && s.goldTokens < 6000);
});

test('every part round trips through its saved form', async () => {
  const r = await runStageOne(tinyCorpus(), { templates, workers: 2, minTokensPerWorker: 0 });
  const vocab = Vocab.load(JSON.parse(JSON.stringify(r.vocab.toJSON())));
  const counts = BetaTable.load(JSON.parse(JSON.stringify(r.counts.toJSON())), r.counts.toBuffers());
  const doc = DocTables.load(JSON.parse(JSON.stringify(r.doc.toJSON())), r.doc.toBuffers());
  const lexicon = SeenLexicon.load(JSON.parse(JSON.stringify(r.lexicon.toJSON())), vocab);
  assert.deepEqual(bytes({ ...r, vocab, counts, doc, lexicon }), bytes(r));
  assert.deepEqual(compareCounts(counts, referenceCounts(tinyCorpus(), templates), vocab), []);
});

test('progress reports every stage and ends with the D1 token count', async () => {
  const corpus = syntheticCorpus({ seed: 2, tokens: 50_000, wordTypes: 2000, docTokens: 200 });
  const calls: [string, number, number][] = [];
  await runStageOne(corpus, { templates: resolveFeatureSet('baseline'), workers: 2, minTokensPerWorker: 0, onProgress: (s, d, t) => calls.push([s, d, t]) });
  const stages = new Set(calls.map((c) => c[0]));
  assert.deepEqual([...stages].sort(), ['count', 'doc', 'encode', 'lexicon', 'merge']);
  const counts = calls.filter((c) => c[0] === 'count');
  assert.ok(counts.length >= 3, 'intermediate count progress');
  assert.deepEqual(counts.at(-1), ['count', 50_000, 50_000]);
  for (let i = 1; i < counts.length; i++) assert.ok(counts[i][1] >= counts[i - 1][1]);
});

test('bad input: no gold marks, bad worker counts', async () => {
  const noGold: Corpus = {
    documents: tinyCorpus().documents.map((d) => ({
      ...d,
      sentences: d.sentences.map((s) => ({ ...s, tokens: s.tokens.map((t) => ({ ...t, gold: -1 })) })),
    })),
  };
  await assert.rejects(runStageOne(noGold, { templates, workers: 0 }), CorpusError);
  await assert.rejects(runStageOne(tinyCorpus(), { templates, workers: -1 }), UsageError);
  await assert.rejects(runStageOne(tinyCorpus(), { templates, workers: 1.5 }), UsageError);
  await assert.rejects(runStageOne(tinyCorpus(), { templates, workers: 65 }), UsageError);
  // More workers than documents (and than words): empty slices, still correct.
  const r = await runStageOne(tinyCorpus(), { templates, workers: 5, minTokensPerWorker: 0 });
  assert.equal(r.stats.workers, 5);
  assert.deepEqual(compareCounts(r.counts, referenceCounts(tinyCorpus(), templates), r.vocab), []);
});

test('a D1 too small to pay for threads is counted in this thread (default minTokensPerWorker)', async () => {
  const tiny = await runStageOne(tinyCorpus(), { templates, workers: 2 });
  assert.equal(tiny.stats.workers, 0);
  const corpus = syntheticCorpus({ seed: 9, tokens: 60_000, wordTypes: 2000, docTokens: 200 });
  const r = await runStageOne(corpus, { templates: resolveFeatureSet('baseline'), workers: 2, minTokensPerWorker: 25_000, cores: 4 });
  assert.equal(r.stats.workers, 2);
  const one = await runStageOne(corpus, { templates: resolveFeatureSet('baseline'), workers: 2, minTokensPerWorker: 40_000, cores: 4 });
  assert.equal(one.stats.workers, 1);
  assert.deepEqual(one.counts.toBuffers(), r.counts.toBuffers());
  const twoCores = await runStageOne(corpus, { templates: resolveFeatureSet('baseline'), workers: 2, minTokensPerWorker: 25_000, cores: 2 });
  assert.equal(twoCores.stats.workers, 1, 'no core beside the main thread for a second counter');
  assert.deepEqual(twoCores.counts.toBuffers(), r.counts.toBuffers());
});

test('stageOneThreads: the threads asked for, fewer for a small D1 or few cores; a minimum of 0 forces them', () => {
  assert.equal(stageOneThreads(2, 1_000_000, 50_000, 4), 2);
  assert.equal(stageOneThreads(2, 1_000_000, 50_000, 2), 1);
  assert.equal(stageOneThreads(1, 1_000_000, 50_000, 1), 1);
  assert.equal(stageOneThreads(2, 60_000, 50_000, 8), 1);
  assert.equal(stageOneThreads(2, 10_000, 50_000, 8), 0);
  assert.equal(stageOneThreads(3, 10_000, 0, 2), 3);
});

