import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Matrix, solve } from 'ml-matrix';
import { UsageError } from '../../../src/errors.js';
import { fitLinreg } from '../../../training/solvers/linreg.js';
import { fit, predictAll } from '../../../training/solvers/index.js';
import type { Rows } from '../../../training/solvers/types.js';
import { syntheticRows } from '../../../testkit/synthetic-rows.js';

/** Direct solution with the full design matrix [X 1]: (AᵀA + λD) β = Aᵀy, D = diag(1,…,1,0) (bias unpenalized). */
function direct(rows: Rows, lambda: number): { weights: number[]; bias: number } {
  const { n, p } = rows;
  const a = new Matrix(n, p + 1);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < p; j++) a.set(i, j, rows.x[i * p + j]);
    a.set(i, p, 1);
  }
  const ata = a.transpose().mmul(a);
  for (let j = 0; j < p; j++) ata.set(j, j, ata.get(j, j) + lambda);
  const aty = a.transpose().mmul(Matrix.columnVector(Array.from(rows.y)));
  const beta = solve(ata, aty).getColumn(0);
  return { weights: beta.slice(0, p), bias: beta[p] };
}

test('OLS and ridge match a direct ml-matrix solve of the full design matrix', () => {
  const rows = syntheticRows({ n: 400, p: 8, seed: 11 });
  for (const lambda of [0, 0.5, 20]) {
    const m = fitLinreg(rows, { lambda });
    assert.equal(m.solver, lambda > 0 ? 'ridge' : 'linreg');
    assert.equal(m.note, undefined);
    const d = direct(rows, lambda);
    for (let j = 0; j < rows.p; j++) assert.ok(Math.abs(m.weights[j] - d.weights[j]) < 1e-8, `λ ${lambda} w${j}: ${m.weights[j]} vs ${d.weights[j]}`);
    assert.ok(Math.abs(m.bias - d.bias) < 1e-8);
  }
});

test('OLS recovers an exact linear target; bias: false fits through the origin', () => {
  const n = 50;
  const x = new Float64Array(n * 2);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[2 * i] = i % 7;
    x[2 * i + 1] = (i * i) % 11;
    y[i] = 2 * x[2 * i] - 3 * x[2 * i + 1] + 5;
  }
  const m = fitLinreg({ x, y, n, p: 2 });
  assert.ok(Math.abs(m.weights[0] - 2) < 1e-9 && Math.abs(m.weights[1] + 3) < 1e-9 && Math.abs(m.bias - 5) < 1e-8);
  const y0 = y.map((v) => v - 5);
  const m0 = fitLinreg({ x, y: y0, n, p: 2 }, { bias: false });
  assert.equal(m0.bias, 0);
  assert.ok(Math.abs(m0.weights[0] - 2) < 1e-9 && Math.abs(m0.weights[1] + 3) < 1e-9);
});

test('singular OLS (duplicate and constant columns) falls back to a tiny ridge and says so', () => {
  const n = 30;
  const x = new Float64Array(n * 3);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[3 * i] = i % 6;
    x[3 * i + 1] = i % 6; // duplicate of column 0
    x[3 * i + 2] = 4; // constant
    y[i] = x[3 * i] + 1;
  }
  const m = fitLinreg({ x, y, n, p: 3 });
  assert.match(m.note ?? '', /singular.*tiny ridge/);
  assert.ok(m.weights.every(Number.isFinite));
  const s = predictAll(m, { x, y, n, p: 3 });
  for (let i = 0; i < n; i++) assert.ok(Math.abs(s[i] - y[i]) < 1e-6, `row ${i}: ${s[i]} vs ${y[i]}`);
  assert.ok(Math.abs(m.weights[0] - m.weights[1]) < 1e-6); // the minimum-norm split of the duplicate
});

test('fit("ridge") defaults to λ = 1 and refuses λ = 0; fit("linreg") is OLS', () => {
  const rows = syntheticRows({ n: 300, p: 5, seed: 2 });
  const r = fit('ridge', rows);
  assert.equal(r.solver, 'ridge');
  assert.equal(r.options?.lambda, 1);
  assert.throws(() => fit('ridge', rows, { lambda: 0 }), UsageError);
  assert.equal(fit('linreg', rows).options?.lambda, 0);
  assert.throws(() => fitLinreg(rows, { lambda: -1 }), UsageError);
  assert.throws(() => fitLinreg({ ...rows, n: 0, x: new Float64Array(0), y: new Float64Array(0) }), UsageError);
});
