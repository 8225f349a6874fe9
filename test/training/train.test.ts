import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CorpusError, ModelVersionError } from '../../src/errors.js';
import { Model, modelAnalyzerOptions, type ModelInfo } from '../../src/model/model-node.js';
import { dataPaths } from '../../bin/data.js';
import { Tagger } from '../../src/tagger/tagger-node.js';
import { prepareDocument } from '../../src/tagger/prepare.js';
import { ModelRanker } from '../../src/tagger/ranker.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

test('train on real gold data: sensible figures, deterministic for a seed', async () => {
  const corpus = pudCorpus(300);
  const a = await train(corpus, { workers: 0, seed: 7 });
  const b = await train(corpus, { workers: 2, seed: 7 });
  assert.deepEqual(Array.from(a.model.theta.weights), Array.from(b.model.theta.weights), 'θ must not depend on the worker count');
  assert.equal(a.summary.temperature, b.summary.temperature);
  const s = a.summary;
  assert.equal(s.features, a.model.templates.length);
  assert.ok(s.d2.rows > 100, `rows ${s.d2.rows}`);
  assert.ok(s.d2Accuracy.A1 > 60 && s.d2Accuracy.A1 <= s.d2Accuracy.A2 && s.d2Accuracy.A2 <= s.d2Accuracy.ceiling);
  // every phase timed, the recount's among them (on by default), within the whole
  const { total, ...phases } = s.seconds;
  assert.deepEqual(Object.keys(phases), ['stage1', 'rows', 'theta', 'evaluate', 'sequence', 'casePass', 'recount']);
  for (const [k, v] of Object.entries(phases)) assert.ok(v >= 0 && v <= total, `${k} ${v} s of ${total}`);
  assert.ok(phases.recount > 0, 'the default recount counts again');
  assert.ok(Object.values(phases).reduce((x, y) => x + y, 0) <= total);
  const c = await train(corpus, { workers: 0, seed: 8 });
  assert.notDeepEqual(Array.from(c.model.theta.weights), Array.from(a.model.theta.weights), 'another seed, another split');
});

test('save → load gives identical scores; a feature-set mismatch is refused naming both', async () => {
  const corpus = pudCorpus(300);
  const { model } = await train(corpus, { workers: 0, featureSet: 'aggr' });
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-model-'));
  try {
    await model.save(join(dir, 'm'));
    const loaded = await Model.load(join(dir, 'm'));
    assert.deepEqual(loaded.info, model.info);
    const r1 = new ModelRanker(model);
    const r2 = new ModelRanker(loaded);
    for (const d of corpus.documents.slice(0, 20)) {
      const doc = prepareDocument(d, model.lexicon).doc;
      const s1 = r1.scoreDocument(doc).flat().map((x) => Array.from(x));
      const s2 = r2.scoreDocument(doc).flat().map((x) => Array.from(x));
      assert.deepEqual(s2, s1);
    }
    assert.deepEqual(loaded.info.analyzer, { backoff: true, caseEndings: true, passives: false }, 'the analyzer options are recorded (backoff and case endings on for training, passives off)');
    const tagger = await Tagger.load(join(dir, 'm'), { tables: dataPaths.bama() });
    assert.equal(tagger.analyzer.options.backoff, true, 'and tagging uses them');
    assert.deepEqual((tagger.modelInfo().analyzer as { options: unknown }).options, { backoff: true, caseEndings: true, passives: false }, 'GET /v1/model shows them');
    assert.equal((await Tagger.load(join(dir, 'm'), { tables: dataPaths.bama(), analyzer: { backoff: false } })).analyzer.options.backoff, false, 'unless told otherwise');
    const oldInfo: ModelInfo = { ...loaded.info };
    delete oldInfo.analyzer;
    assert.deepEqual(modelAnalyzerOptions(oldInfo), { backoff: false, caseEndings: false, passives: false }, 'a model without the record was trained without backoff');
    const off = await train(corpus, { workers: 0, featureSet: 'aggr', analyzer: { backoff: false, caseEndings: true, passives: false } });
    assert.deepEqual(off.model.info.analyzer, { backoff: false, caseEndings: true, passives: false });
    await assert.rejects(Model.load(join(dir, 'm'), { featureSet: 'full' }), (e: unknown) =>
      e instanceof ModelVersionError && /'aggr'/.test(e.message) && /'full'/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad corpora: no gold marks, and too few documents for D2', async () => {
  const corpus = pudCorpus(300);
  const noGold = {
    documents: corpus.documents.map((d) => ({
      ...d,
      sentences: d.sentences.map((s) => ({ ...s, tokens: s.tokens.map((t) => ({ ...t, gold: -1 })) })),
    })),
  };
  await assert.rejects(train(noGold, { workers: 0 }), (e: unknown) => e instanceof CorpusError && /gold/.test(e.message));
  await assert.rejects(train({ documents: corpus.documents.slice(0, 1) }, { workers: 0 }),
    (e: unknown) => e instanceof CorpusError && /document.*needs at least \d+/.test(e.message));
});

test('every stage-two solver trains (least squares takes no seed)', async () => {
  const corpus = pudCorpus(300);
  for (const solver of ['svr', 'svc', 'linreg', 'ridge'] as const) {
    const { summary } = await train(corpus, { workers: 0, featureSet: 'uni', solver });
    assert.equal(summary.solver.name, solver);
    assert.ok(summary.d2Accuracy.A1 > 50, `${solver}: A1 ${summary.d2Accuracy.A1}`);
  }
});

test('train reports progress for every stage, the sequence fit, the case pass and the recount included, each ending at its total', async () => {
  const last = new Map<string, [number, number]>();
  await train(pudCorpus(300), {
    workers: 0,
    seed: 7,
    onProgress: (stage, done, total) => void last.set(stage, [done, total]),
  });
  for (const stage of ['encode', 'count', 'rows', 'theta', 'evaluate', 'sequence', 'casePass', 'recount']) {
    const seen = last.get(stage);
    assert.ok(seen, `no progress for ${stage}`);
    assert.equal(seen[0], seen[1], `${stage} ends at its total`);
  }
});
