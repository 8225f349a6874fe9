/**
 * training/stage2.ts: the rows θ is fitted on (one group per ambiguous gold token of D2, the
 * gold row marked), the seeded sample, the fit (standardized or not) and the softmax temperature.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FeatureExtractor } from '../../features/extract.js';
import { resolveFeatureSet } from '../../features/templates.js';
import type { Corpus } from '../../src/corpus/types.js';
import { CorpusError } from '../../src/errors.js';
import { prepareDocument } from '../../src/tagger/prepare.js';
import { softmax } from '../../src/tagger/types.js';
import { Rng } from '../../src/random.js';
import { partitionCorpus } from '../../training/partition.js';
import { argmaxAccuracy, scoreRows, type Rows } from '../../training/solvers/index.js';
import { runStageOne } from '../../training/stage1.js';
import { buildRows, fitTemperature, fitTheta } from '../../training/stage2.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

const corpus: Corpus = syntheticCorpus({ seed: 5, tokens: 8000, wordTypes: 600, candidates: 6, docTokens: 200 });
const part = partitionCorpus(corpus, { d2Share: 0.2, seed: 3 });
const templates = resolveFeatureSet('aggr');

async function setup() {
  const s1 = await runStageOne(part.d1, { templates, workers: 0 });
  const fx = new FeatureExtractor({ templates, vocab: s1.vocab, counts: s1.counts, doc: s1.doc, transform: 'log1p' });
  const docs = part.d2.documents.map((d) => prepareDocument(d, s1.lexicon).doc);
  return { fx, docs };
}
const ready = setup();

test('one group per ambiguous gold token, in document order, its gold row marked, its features the extractor\'s', async () => {
  const { fx, docs } = await ready;
  const r = buildRows(docs, fx, { maxTokens: 0 });
  let gold = 0;
  let single = 0;
  const eligible: { d: number; si: number; ti: number }[] = [];
  docs.forEach((doc, d) => doc.sentences.forEach((s, si) => s.tokens.forEach((t, ti) => {
    if (!t.arabic || t.gold < 0) return;
    gold++;
    if (t.candidates.length < 2) single++;
    else eligible.push({ d, si, ti });
  })));
  assert.ok(eligible.length > 100 && single > 0, 'the corpus has both kinds of gold tokens');
  assert.equal(r.goldTokens, gold);
  assert.equal(r.skippedSingle, single);
  assert.equal(r.usedTokens, eligible.length);
  assert.equal(r.sampled, false);
  assert.equal(r.rows.p, templates.length);
  let row = 0;
  eligible.forEach(({ d, si, ti }, g) => {
    const t = docs[d].sentences[si].tokens[ti];
    const z = fx.document(docs[d]).token(si, ti, t.candidates);
    for (let k = 0; k < t.candidates.length; k++, row++) {
      assert.equal(r.rows.group![row], g);
      assert.equal(r.rows.y[row], k === t.gold ? 1 : 0);
      assert.deepEqual(
        Array.from(r.rows.x.subarray(row * r.rows.p, (row + 1) * r.rows.p)),
        Array.from(z.subarray(k * r.rows.p, (k + 1) * r.rows.p)),
      );
    }
  });
  assert.equal(row, r.rows.n);
});

test('maxTokens takes a seeded sample, kept in document order', async () => {
  const { fx, docs } = await ready;
  const all = buildRows(docs, fx, { maxTokens: 0 });
  const a = buildRows(docs, fx, { maxTokens: 50, seed: 1 });
  const b = buildRows(docs, fx, { maxTokens: 50, seed: 1 });
  const c = buildRows(docs, fx, { maxTokens: 50, seed: 2 });
  assert.equal(a.sampled, true);
  assert.equal(a.usedTokens, 50);
  assert.equal(a.goldTokens, all.goldTokens);
  assert.deepEqual(a.rows.x, b.rows.x);
  assert.notDeepEqual(a.rows.x, c.rows.x);
  assert.equal(new Set(a.rows.group).size, 50);
  for (let i = 1; i < a.rows.n; i++) assert.ok(a.rows.group![i] >= a.rows.group![i - 1]);
});

test('fitTheta ranks the gold rows first, standardized or not, and refuses empty rows', async () => {
  const { fx, docs } = await ready;
  const { rows } = buildRows(docs, fx, { maxTokens: 0 });
  const st = fitTheta(rows, { solver: 'linreg' });
  const raw = fitTheta(rows, { solver: 'linreg', standardize: false });
  // Least squares does not depend on the columns' scale: folding the standardization back gives the same scores.
  const s1 = scoreRows(rows, st.weights, st.bias);
  const s2 = scoreRows(rows, raw.weights, raw.bias);
  for (let i = 0; i < rows.n; i++) assert.ok(Math.abs(s1[i] - s2[i]) < 1e-6 * (1 + Math.abs(s2[i])), `row ${i}: ${s1[i]} vs ${s2[i]}`);
  const svr = fitTheta(rows, { solver: 'svr', seed: 4 });
  const firstIsGold = argmaxAccuracy(scoreRows(rows, svr.weights, svr.bias), rows);
  // Chance: a random candidate per token is right 1/k of the time.
  const sizes = new Map<number, number>();
  for (let i = 0; i < rows.n; i++) sizes.set(rows.group![i], (sizes.get(rows.group![i]) ?? 0) + 1);
  const chance = [...sizes.values()].reduce((a, k) => a + 1 / k, 0) / sizes.size;
  assert.ok(firstIsGold > 1.5 * chance, `gold ranked first on ${firstIsGold} of the tokens, chance ${chance}`);
  const empty: Rows = { x: new Float64Array(0), y: new Float64Array(0), n: 0, p: rows.p, group: new Int32Array(0) };
  assert.throws(() => fitTheta(empty), CorpusError);
});

test('fitTemperature recovers the temperature the gold rows were drawn with', () => {
  const rng = new Rng(9);
  for (const T0 of [0.5, 2]) {
    const groups = 4000;
    const scores: number[] = [];
    const y: number[] = [];
    const group: number[] = [];
    for (let g = 0; g < groups; g++) {
      const k = 2 + Math.floor(rng.next() * 5);
      const s = Array.from({ length: k }, () => 3 * rng.next());
      const p = softmax(s, T0);
      let u = rng.next();
      let gold = k - 1;
      for (let i = 0; i < k; i++) if ((u -= p[i]) < 0) { gold = i; break; }
      s.forEach((v, i) => { scores.push(v); y.push(i === gold ? 1 : 0); group.push(g); });
    }
    const rows: Rows = {
      x: new Float64Array(scores.length),
      y: Float64Array.from(y),
      n: scores.length,
      p: 1,
      group: Int32Array.from(group),
    };
    const T = fitTemperature(Float64Array.from(scores), rows);
    assert.ok(Math.abs(Math.log(T / T0)) < 0.15, `fitted ${T} for ${T0}`);
  }
  assert.equal(fitTemperature(new Float64Array(0), { x: new Float64Array(0), y: new Float64Array(0), n: 0, p: 1 }), 1);
});
