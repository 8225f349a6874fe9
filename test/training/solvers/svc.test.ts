import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/errors.js';
import { argmaxAccuracy, argmaxAgreement, cosine, fit, predictAll } from '../../../training/solvers/index.js';
import { fitSvc } from '../../../training/solvers/svc.js';
import type { Rows } from '../../../training/solvers/types.js';
import { libsvmSvc } from '../../../testkit/libsvm-oracle.js';
import { syntheticRows } from '../../../testkit/synthetic-rows.js';

test('svc (hinge loss) agrees with libsvm C-SVC (linear kernel) on tiny data', async () => {
  for (const seed of [1, 2, 3]) {
    const rows = syntheticRows({ n: 1000, p: 20, seed });
    const ours = fitSvc(rows, { tolerance: 0.01 });
    assert.equal(ours.converged, true);
    const lib = await libsvmSvc(rows, { C: ours.options?.C as number });
    const libScores = predictAll({ ...ours, weights: lib.weights, bias: lib.bias }, rows);
    // The read-out weights give libsvm's own class predictions.
    libScores.forEach((s, i) => assert.equal(s > 0 ? 1 : 0, lib.predicted[i], `row ${i}`));
    const scores = predictAll(ours, rows);
    let sameSign = 0;
    for (let i = 0; i < rows.n; i++) if (scores[i] > 0 === libScores[i] > 0) sameSign++;
    assert.ok(sameSign / rows.n >= 0.99, `seed ${seed}: same class on ${sameSign}/${rows.n} rows`);
    const cos = cosine(ours.weights, lib.weights);
    assert.ok(cos >= 0.995, `seed ${seed}: weight cosine ${cos}`);
    const agreement = argmaxAgreement(scores, libScores, rows.group!);
    assert.ok(agreement >= 0.97, `seed ${seed}: argmax agreement ${agreement}`);
  }
});

test('svc L2 loss ranks candidates like ridge and picks gold rows', () => {
  const rows = syntheticRows({ n: 3000, p: 30, seed: 4 });
  const m = fitSvc(rows, { loss: 'l2' });
  assert.equal(m.converged, true);
  const scores = predictAll(m, rows);
  assert.ok(argmaxAgreement(scores, predictAll(fit('ridge', rows), rows), rows.group!) > 0.9);
  assert.ok(argmaxAccuracy(scores, rows) > 0.8);
});

test('svc is deterministic for a seed; shrinking does not change the solution', () => {
  const rows = syntheticRows({ n: 1500, p: 15, seed: 5 });
  const a = fitSvc(rows, { seed: 1 });
  const b = fitSvc(rows, { seed: 1 });
  assert.deepEqual(a.weights, b.weights);
  assert.equal(a.bias, b.bias);
  const tight = fitSvc(rows, { tolerance: 1e-4 });
  const noShrink = fitSvc(rows, { tolerance: 1e-4, shrinking: false });
  assert.ok(cosine(tight.weights, noShrink.weights) > 0.9999);
});

test('svc separates a separable toy problem', () => {
  const x = new Float64Array([0, 0, 1, 0, 0, 1, 3, 3, 4, 3, 3, 4]);
  const y = new Float64Array([0, 0, 0, 1, 1, 1]);
  const rows: Rows = { x, y, n: 6, p: 2 };
  const m = fitSvc(rows, { C: 10 });
  const s = predictAll(m, rows);
  for (let i = 0; i < 6; i++) assert.equal(s[i] > 0, y[i] === 1, `row ${i}: ${s[i]}`);
});

test('svc rejects bad input and options with UsageError', () => {
  assert.throws(() => fitSvc({ x: new Float64Array(0), y: new Float64Array(0), n: 0, p: 2 }), UsageError);
  const x = new Float64Array([1, Infinity]);
  assert.throws(() => fitSvc({ x, y: new Float64Array([0, 1]), n: 2, p: 1 }), /row 1, column 0/);
  const ok: Rows = { x: new Float64Array([1, 2]), y: new Float64Array([0, 1]), n: 2, p: 1 };
  assert.throws(() => fitSvc(ok, { loss: 'l3' as never }), UsageError);
  assert.throws(() => fitSvc(ok, { epsilon: 0.1 } as never), /unknown option "epsilon"/);
});
