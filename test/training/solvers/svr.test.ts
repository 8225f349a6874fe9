import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/errors.js';
import { argmaxAgreement, cosine, fit, predictAll } from '../../../training/solvers/index.js';
import { defaultSvrOptions, fitSvr } from '../../../training/solvers/svr.js';
import type { Rows } from '../../../training/solvers/types.js';
import { libsvmSvr } from '../../../testkit/libsvm-oracle.js';
import { syntheticRows } from '../../../testkit/synthetic-rows.js';

test('svr agrees with libsvm ε-SVR (linear kernel) on synthetic token/candidate rows', async () => {
  for (const seed of [1, 2]) {
    const rows = syntheticRows({ n: 3000, p: 30, seed });
    const ours = fitSvr(rows);
    assert.equal(ours.converged, true);
    const C = ours.options?.C;
    assert.equal(typeof C, 'number');
    const lib = await libsvmSvr(rows, { C: C as number, epsilon: defaultSvrOptions.epsilon });
    const libModel = { ...ours, weights: lib.weights, bias: lib.bias };
    const libScores = predictAll(libModel, rows);
    // The read-out weights reproduce libsvm's own predictions, so the oracle is read correctly.
    for (let i = 0; i < rows.n; i += 97) assert.ok(Math.abs(libScores[i] - lib.predicted[i]) < 1e-6, `row ${i}`);
    const agreement = argmaxAgreement(predictAll(ours, rows), libScores, rows.group!);
    assert.ok(agreement >= 0.99, `seed ${seed}: argmax agreement ${agreement}`);
    const cos = cosine(ours.weights, lib.weights);
    assert.ok(cos >= 0.995, `seed ${seed}: weight cosine ${cos}`);
  }
});

test('svr is deterministic for a seed and its result barely depends on the seed', () => {
  const rows = syntheticRows({ n: 2000, p: 20, seed: 5 });
  const a = fitSvr(rows, { seed: 7 });
  const b = fitSvr(rows, { seed: 7 });
  assert.deepEqual(a.weights, b.weights);
  assert.equal(a.bias, b.bias);
  assert.equal(a.iterations, b.iterations);
  const c = fitSvr(rows, { seed: 8 });
  assert.notDeepEqual(a.weights, c.weights);
  assert.ok(cosine(a.weights, c.weights) > 0.995);
});

test('svr without shrinking reaches the same solution', () => {
  const rows = syntheticRows({ n: 2000, p: 20, seed: 6 });
  const a = fitSvr(rows, { tolerance: 1e-5 });
  const b = fitSvr(rows, { tolerance: 1e-5, shrinking: false });
  assert.ok(cosine(a.weights, b.weights) > 0.9999);
  assert.ok(Math.abs(a.bias - b.bias) < 1e-2);
});

test('svr recovers an exact linear target inside the tube and respects bias: false', () => {
  // y = 0.5 x0 − 0.25 x1 + 0.2 exactly: with ε small and C large the fit must reproduce it.
  const n = 200;
  const x = new Float64Array(n * 2);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[2 * i] = (i % 17) / 4;
    x[2 * i + 1] = (i % 5) / 2;
    y[i] = 0.5 * x[2 * i] - 0.25 * x[2 * i + 1] + 0.2;
  }
  const m = fitSvr({ x, y, n, p: 2 }, { C: 100, epsilon: 0.001, tolerance: 1e-6, maxIterations: 100000 });
  assert.ok(Math.abs(m.weights[0] - 0.5) < 0.01, `w0 ${m.weights[0]}`);
  assert.ok(Math.abs(m.weights[1] + 0.25) < 0.01, `w1 ${m.weights[1]}`);
  assert.ok(Math.abs(m.bias - 0.2) < 0.02, `b ${m.bias}`);
  const noBias = fitSvr({ x, y, n, p: 2 }, { bias: false });
  assert.equal(noBias.bias, 0);
});

test('svr L2 loss and an all-inside-the-tube problem', () => {
  const rows = syntheticRows({ n: 2000, p: 20, seed: 9 });
  const l2 = fitSvr(rows, { loss: 'l2' });
  const ridge = fit('ridge', rows);
  assert.ok(argmaxAgreement(predictAll(l2, rows), predictAll(ridge, rows), rows.group!) > 0.9);
  // Every target is 0 and ε > 0: w = 0 is optimal and found at once.
  const flat: Rows = { ...rows, y: new Float64Array(rows.n) };
  const zero = fitSvr(flat);
  assert.equal(zero.converged, true);
  assert.ok(zero.weights.every((v) => v === 0));
});

test('svr reports hitting the iteration limit', () => {
  const rows = syntheticRows({ n: 1000, p: 10, seed: 3 });
  const m = fitSvr(rows, { maxIterations: 2, tolerance: 1e-9 });
  assert.equal(m.iterations, 2);
  assert.equal(m.converged, false);
});

test('svr rejects empty rows, p = 0, NaN and bad options with UsageError', () => {
  const empty: Rows = { x: new Float64Array(0), y: new Float64Array(0), n: 0, p: 3 };
  assert.throws(() => fitSvr(empty), UsageError);
  assert.throws(() => fitSvr({ x: new Float64Array(0), y: new Float64Array(2), n: 2, p: 0 }), UsageError);
  const x = new Float64Array([1, 2, 3, 4, NaN, 6]);
  assert.throws(() => fitSvr({ x, y: new Float64Array(2), n: 2, p: 3 }), (e: unknown) => e instanceof UsageError && /row 1, column 1/.test(e.message));
  const ok: Rows = { x: new Float64Array([1, 2]), y: new Float64Array([0, 1]), n: 2, p: 1 };
  assert.throws(() => fitSvr(ok, { C: -1 }), UsageError);
  assert.throws(() => fitSvr(ok, { nope: 1 } as never), /unknown option "nope"/);
  assert.throws(() => fitSvr(ok, { maxIterations: 1.5 }), UsageError);
});
