import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/errors.js';
import { fitSvr, predictAll } from '../../../training/solvers/index.js';
import { standardize, unstandardize } from '../../../training/solvers/standardize.js';
import { syntheticRows } from '../../../testkit/synthetic-rows.js';

test('standardize gives mean 0 / sd 1 columns; a constant column becomes 0 with scale 1', () => {
  const rows = syntheticRows({ n: 500, p: 4, seed: 1 });
  for (let i = 0; i < rows.n; i++) rows.x[i * 4 + 3] = 7;
  const { rows: z, mean, scale } = standardize(rows);
  assert.equal(z.y, rows.y);
  assert.equal(z.group, rows.group);
  assert.notEqual(z.x, rows.x);
  for (let j = 0; j < 3; j++) {
    let m = 0;
    let v = 0;
    for (let i = 0; i < z.n; i++) m += z.x[i * 4 + j];
    for (let i = 0; i < z.n; i++) v += z.x[i * 4 + j] ** 2;
    assert.ok(Math.abs(m / z.n) < 1e-12);
    assert.ok(Math.abs(v / z.n - 1) < 1e-9);
  }
  assert.equal(mean[3], 7);
  assert.equal(scale[3], 1);
  for (let i = 0; i < z.n; i++) assert.equal(z.x[i * 4 + 3], 0);
});

test('unstandardize folds the scaling into weights: same scores on raw rows', () => {
  const rows = syntheticRows({ n: 1000, p: 10, seed: 2 });
  const { rows: z, mean, scale } = standardize(rows);
  const m = fitSvr(z);
  const raw = unstandardize(m.weights, m.bias, mean, scale);
  const a = predictAll(m, z);
  const b = predictAll({ ...m, ...raw }, rows);
  for (let i = 0; i < rows.n; i++) assert.ok(Math.abs(a[i] - b[i]) < 1e-9, `row ${i}`);
});

test('standardize rejects NaN with the row and column', () => {
  const x = new Float64Array([1, 2, 3, NaN]);
  assert.throws(() => standardize({ x, y: new Float64Array(2), n: 2, p: 2 }), (e: unknown) => e instanceof UsageError && /row 1, column 1/.test(e.message));
});
