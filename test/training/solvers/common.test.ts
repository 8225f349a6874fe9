import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../../src/errors.js';
import { autoCost, axpyAt, dotAt, mergeOptions, positive, seededUint32, shufflePrefix } from '../../../training/solvers/common.js';

test('seeded PRNG and shuffle are deterministic and a permutation', () => {
  const a = seededUint32(42);
  const b = seededUint32(42);
  const c = seededUint32(43);
  const sa = Array.from({ length: 5 }, a);
  assert.deepEqual(sa, Array.from({ length: 5 }, b));
  assert.notDeepEqual(sa, Array.from({ length: 5 }, c));
  const idx = Int32Array.from({ length: 100 }, (_, i) => i);
  shufflePrefix(idx, 60, seededUint32(1));
  assert.deepEqual(Array.from(idx.slice(60)), Array.from({ length: 40 }, (_, i) => 60 + i));
  assert.deepEqual(Array.from(idx).sort((x, y) => x - y), Array.from({ length: 100 }, (_, i) => i));
  assert.notDeepEqual(Array.from(idx.slice(0, 60)), Array.from({ length: 60 }, (_, i) => i));
});

test('dotAt / axpyAt handle widths not divisible by 4', () => {
  for (const p of [1, 3, 4, 7]) {
    const x = Float64Array.from({ length: 2 * p }, (_, k) => k + 1);
    const w = Float64Array.from({ length: p }, (_, j) => j - 1);
    let want = 0;
    for (let j = 0; j < p; j++) want += x[p + j] * w[j];
    assert.equal(dotAt(x, p, w, p), want);
    axpyAt(2, x, p, w, p);
    for (let j = 0; j < p; j++) assert.equal(w[j], j - 1 + 2 * x[p + j]);
  }
});

test('mergeOptions keeps defaults, rejects unknown keys and bad values', () => {
  const d = { a: 1, b: 2 };
  assert.deepEqual(mergeOptions('t', d, { a: positive, b: positive }, { b: 3, a: undefined }), { a: 1, b: 3 });
  assert.throws(() => mergeOptions('t', d, { a: positive, b: positive }, { c: 1 }), UsageError);
  assert.throws(() => mergeOptions('t', d, { a: positive, b: positive }, { a: 0 }), /t: option a must be a finite number > 0/);
});

test('autoCost is 1 / mean(‖x‖² + B²)', () => {
  const x = new Float64Array([3, 4, 0, 0]); // ‖x₀‖² = 25, ‖x₁‖² = 0
  assert.equal(autoCost(x, 2, 1), 1 / 13.5);
  assert.equal(autoCost(x, 2, 0), 1 / 12.5);
  assert.equal(autoCost(new Float64Array(2), 2, 0), 1);
});
