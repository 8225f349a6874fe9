import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/errors.js';
import { argmaxAccuracy, argmaxAgreement, cosine, fit, groupArgmax, predict, predictAll, SOLVER_NAMES } from '../../../training/solvers/index.js';
import type { LinearModel, Rows } from '../../../training/solvers/types.js';
import { syntheticRows } from '../../../testkit/synthetic-rows.js';

const model = (weights: number[], bias: number): LinearModel => ({
  kind: 'linear-model', solver: 'svr', weights: Float64Array.from(weights), bias, iterations: 0, converged: true, seconds: 0,
});

test('predict scores one row; a wrong width is refused', () => {
  const x = new Float64Array([1, 2, 3, 4, 5, 6]);
  assert.equal(predict(model([1, 0, -1], 0.5), x, 3, 1), 4 - 6 + 0.5);
  assert.throws(() => predict(model([1, 2], 0), x, 3, 0), UsageError);
});

test('groupArgmax / argmaxAgreement / argmaxAccuracy / cosine', () => {
  const group = new Int32Array([0, 0, 0, 4, 4, 9]);
  const a = new Float64Array([1, 3, 3, 0, -1, 2]);
  const b = new Float64Array([5, 1, 0, 0, 1, 2]);
  assert.deepEqual(Array.from(groupArgmax(a, group)), [1, 3, 5]); // first on ties
  assert.deepEqual(Array.from(groupArgmax(b, group)), [0, 4, 5]);
  assert.equal(argmaxAgreement(a, b, group), 1 / 3);
  const rows: Rows = { x: new Float64Array(6), y: new Float64Array([0, 1, 0, 1, 0, 1]), n: 6, p: 1, group };
  assert.equal(argmaxAccuracy(a, rows), 1);
  assert.equal(argmaxAccuracy(b, rows), 1 / 3);
  assert.equal(cosine(Float64Array.from([1, 0]), Float64Array.from([0, 2])), 0);
  assert.ok(Math.abs(cosine(Float64Array.from([1, 2]), Float64Array.from([2, 4])) - 1) < 1e-15);
  assert.equal(cosine(Float64Array.from([0, 0]), Float64Array.from([1, 1])), 0);
});

test('fit dispatches every solver and they rank candidates alike', () => {
  const rows = syntheticRows({ n: 3000, p: 25, seed: 12 });
  const scores = SOLVER_NAMES.map((s) => {
    const t0 = performance.now();
    const m = fit(s, rows);
    const wall = (performance.now() - t0) / 1000;
    assert.equal(m.kind, 'linear-model');
    assert.equal(m.solver, s);
    assert.equal(m.weights.length, rows.p);
    assert.ok(m.seconds >= 0 && m.seconds <= wall, `${s}: ${m.seconds} s reported within the call's ${wall} s`);
    return predictAll(m, rows);
  });
  for (const s of scores) {
    assert.ok(argmaxAccuracy(s, rows) > 0.8);
    assert.ok(argmaxAgreement(s, scores[2], rows.group!) > 0.9);
  }
  assert.throws(() => fit('lasso' as never, rows), /unknown solver "lasso"/);
  assert.throws(() => fit('svr', rows, { lambda: 1 }), /svr: unknown option "lambda"/);
});
