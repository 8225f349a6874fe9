import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CountTable, MAX_LOAD, capacityFor } from '../../features/counts.js';
import { NONE, SEED_HI, SEED_LO, finishHi, finishLo, keyHi, keyLo, stepHi, stepLo } from '../../features/hash.js';
import { ModelFormatError } from '../../src/errors.js';
import { mulberry32 } from '../../training/partition.js';

function randomKeys(n: number, seed: number): [number, number][] {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => [Math.floor(r() * 2 ** 32), Math.floor(r() * 2 ** 32)]);
}

test('add/get agree with a Map through many growths', () => {
  const t = new CountTable();
  const ref = new Map<string, number>();
  const keys = randomKeys(5000, 1);
  const r = mulberry32(2);
  for (let i = 0; i < 40000; i++) {
    const [hi, lo] = keys[Math.floor(r() * keys.length)];
    const n = 1 + Math.floor(r() * 3);
    t.add(hi, lo, n);
    ref.set(`${hi},${lo}`, (ref.get(`${hi},${lo}`) ?? 0) + n);
  }
  assert.equal(t.size, ref.size);
  assert.ok(t.size <= t.capacity * MAX_LOAD);
  for (const [k, v] of ref) {
    const [hi, lo] = k.split(',').map(Number);
    assert.equal(t.get(hi, lo), v);
  }
  for (const [hi, lo] of randomKeys(2000, 99)) if (!ref.has(`${hi},${lo}`)) assert.equal(t.get(hi, lo), 0);
  // Signed and unsigned spellings of the same key are the same key.
  const [hi, lo] = keys[0];
  assert.equal(t.get(hi | 0, lo | 0), ref.get(`${hi},${lo}`));
});

test('keys sharing hi (or lo) are told apart; add(…, 0) is a no-op', () => {
  const t = new CountTable();
  t.add(7, 1, 2);
  t.add(7, 2, 3);
  t.add(8, 1, 4);
  t.add(9, 9, 0);
  assert.deepEqual([t.get(7, 1), t.get(7, 2), t.get(8, 1), t.get(9, 9), t.size], [2, 3, 4, 0, 3]);
});

test('toBuffers is sorted and independent of insertion order, capacity and merging', () => {
  const keys = randomKeys(3000, 3);
  const a = new CountTable();
  keys.forEach(([hi, lo], i) => a.add(hi, lo, 1 + (i % 5)));
  const b = new CountTable(100000);
  [...keys.entries()].reverse().forEach(([i, [hi, lo]]) => b.add(hi, lo, 1 + (i % 5)));
  const c1 = new CountTable();
  const c2 = new CountTable();
  keys.forEach(([hi, lo], i) => (i % 3 === 0 ? c1 : c2).add(hi, lo, 1 + (i % 5)));
  c2.merge(c1);
  const ba = a.toBuffers();
  for (const x of [b.toBuffers(), c2.toBuffers()]) {
    assert.deepEqual(x.keyHi, ba.keyHi);
    assert.deepEqual(x.keyLo, ba.keyLo);
    assert.deepEqual(x.counts, ba.counts);
  }
  for (let i = 1; i < ba.keyHi.length; i++)
    assert.ok(ba.keyHi[i - 1] < ba.keyHi[i] || (ba.keyHi[i - 1] === ba.keyHi[i] && ba.keyLo[i - 1] < ba.keyLo[i]));
});

test('keys that wrap around the end of the table come out sorted', () => {
  const t = new CountTable(); // 16 slots: home = hi >>> 28
  const top = 0xf0000000;
  for (let i = 0; i < 6; i++) t.add(top + i, i, 1); // all home to slot 15: five wrap to 0..4
  t.add(0x00000005, 0, 1); // home 0, displaced by the wrapped keys
  t.add(0x10000000, 1, 1);
  assert.equal(t.capacity, 16);
  const b = t.toBuffers();
  assert.deepEqual(Array.from(b.keyHi), [0x5, 0x10000000, top, top + 1, top + 2, top + 3, top + 4, top + 5]);
  const back = CountTable.fromBuffers(b);
  for (let i = 0; i < 6; i++) assert.equal(back.get(top + i, i), 1);
});

test('fromBuffers / toRaw round trips; damaged buffers are refused', () => {
  const t = new CountTable();
  for (const [hi, lo] of randomKeys(1000, 4)) t.add(hi, lo, 3);
  const b = t.toBuffers();
  const u = CountTable.fromBuffers(b);
  assert.equal(u.size, t.size);
  assert.deepEqual(u.toBuffers(), b);
  assert.equal(u.capacity, capacityFor(t.size));
  const raw = CountTable.fromRaw(t.toRaw());
  assert.deepEqual(raw.toBuffers(), b);
  const dup = { keyHi: new Uint32Array([1, 1]), keyLo: new Uint32Array([2, 2]), counts: new Uint32Array([1, 1]) };
  assert.throws(() => CountTable.fromBuffers(dup), ModelFormatError);
  assert.throws(() => CountTable.fromBuffers({ ...dup, counts: new Uint32Array([1]) }), ModelFormatError);
  assert.throws(() => CountTable.fromBuffers({ keyHi: new Uint32Array([1]), keyLo: new Uint32Array([1]), counts: new Uint32Array([0]) }), ModelFormatError);
});

test('hash halves: stepping equals keyHi/keyLo, and 200k tuples give 200k distinct 64-bit keys', () => {
  const seen = new Set<string>();
  const hiOnly = new Set<number>();
  let n = 0;
  for (let code = 0; code < 4; code++)
    for (let w = -1; w < 250; w++)
      for (let v = -1; v < 199; v++) {
        const c = (w * 7 + v) % 13;
        const hi = keyHi(code, w, c, v);
        const lo = keyLo(code, w, c, v);
        assert.equal(hi, finishHi(stepHi(stepHi(stepHi(stepHi(SEED_HI, w), c), code), v)));
        assert.equal(lo, finishLo(stepLo(stepLo(stepLo(stepLo(SEED_LO, w), c), code), v)));
        seen.add(`${hi},${lo}`);
        hiOnly.add(hi);
        n++;
      }
  assert.equal(seen.size, n);
  assert.ok(hiOnly.size > n - 50, `hi alone collides rarely (${n - hiOnly.size})`);
  assert.notEqual(keyHi(0, NONE, NONE, 1), keyHi(0, NONE, 1, NONE));
});
