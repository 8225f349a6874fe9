import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ModelFormatError, UsageError } from '../../../src/errors.js';
import { fit } from '../../../training/solvers/index.js';
import { linearModelToJSON, loadLinearModel, validateRows } from '../../../training/solvers/types.js';
import { syntheticRows } from '../../../testkit/synthetic-rows.js';

test('validateRows names the problem', () => {
  const y = new Float64Array(2);
  assert.throws(() => validateRows({ x: new Float64Array(0), y: new Float64Array(0), n: 0, p: 2 }), /at least one row/);
  assert.throws(() => validateRows({ x: new Float64Array(0), y, n: 2, p: 0 }), /at least one feature column/);
  assert.throws(() => validateRows({ x: new Float64Array(3), y, n: 2, p: 2 }), /x has 3 values, expected n\*p = 4/);
  assert.throws(() => validateRows({ x: new Float64Array(4), y: new Float64Array(3), n: 2, p: 2 }), /y has 3 values/);
  assert.throws(() => validateRows({ x: new Float64Array(4), y: new Float64Array([0, NaN]), n: 2, p: 2 }), /y is NaN at row 1/);
  assert.throws(() => validateRows({ x: new Float64Array([0, 0, -Infinity, 0]), y, n: 2, p: 2 }), /-Infinity at row 1, column 0/);
  assert.throws(() => validateRows({ x: new Float64Array(4), y, n: 2, p: 2, group: new Int32Array([1, 0]) }), /group decreases at row 1/);
  assert.throws(() => validateRows({ x: new Float64Array(4), y, n: 2, p: 2, group: new Int32Array([1]) }), UsageError);
  validateRows({ x: new Float64Array(4), y, n: 2, p: 2, group: new Int32Array([3, 3]) });
});

test('a linear model survives JSON round trip exactly; a wrong kind is refused', () => {
  const rows = syntheticRows({ n: 300, p: 6, seed: 1 });
  for (const solver of ['svr', 'svc', 'ridge', 'linreg'] as const) {
    const m = fit(solver, rows);
    const back = loadLinearModel(JSON.parse(JSON.stringify(linearModelToJSON(m))));
    assert.deepEqual(back, m);
  }
  assert.throws(() => loadLinearModel({ kind: 'other' }, 'theta.json'), (e: unknown) => e instanceof ModelFormatError && e.file === 'theta.json');
  assert.throws(() => loadLinearModel({ kind: 'linear-model', solver: 'svr', weights: [1, 'x'], bias: 0 }), ModelFormatError);
  assert.throws(() => loadLinearModel({ kind: 'linear-model', solver: 'lasso', weights: [], bias: 0 }), /unknown solver/);
  assert.throws(() => loadLinearModel(null), ModelFormatError);
});
