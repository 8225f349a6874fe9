import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GenerationCache, LruCache } from '../../src/analyzer/cache.js';

test('least recently used key is evicted; get refreshes, peek does not', () => {
  const c = new LruCache<string, number>(2);
  c.set('a', 1);
  c.set('b', 2);
  assert.equal(c.get('a'), 1);
  c.set('c', 3);
  assert.equal(c.peek('b'), undefined);
  assert.equal(c.peek('a'), 1);
  c.peek('a');
  c.set('d', 4);
  assert.equal(c.peek('c'), 3);
  assert.equal(c.peek('a'), undefined, 'peek did not refresh a');
  assert.equal(c.size, 2);
  c.clear();
  assert.equal(c.size, 0);
});

test('capacity 0 stores nothing', () => {
  const c = new LruCache<string, number>(0);
  c.set('a', 1);
  assert.equal(c.get('a'), undefined);
  assert.equal(c.size, 0);
});

test('bounded in bytes: the charged bytes never pass the bound, the oldest go first, an entry heavier than the bound is not kept', () => {
  const weigh = (k: string, v: string) => k.length + v.length;
  const c = new LruCache<string, string>(1000, 10, weigh);
  c.set('a', 'xxxx'); // 5
  c.set('b', 'yyyy'); // 10
  assert.equal(c.heldBytes, 10);
  assert.equal(c.get('a'), 'xxxx');
  c.set('c', 'zz'); // 13 > 10: b (least recently used) goes
  assert.deepEqual([c.peek('a'), c.peek('b'), c.peek('c')], ['xxxx', undefined, 'zz']);
  assert.equal(c.heldBytes, 8);
  c.set('a', 'x'); // replaced: charged anew
  assert.equal(c.heldBytes, 5);
  c.set('big', 'x'.repeat(20));
  assert.equal(c.peek('big'), undefined);
  assert.equal(c.heldBytes, 5);
  c.clear();
  assert.equal(c.heldBytes, 0);
});

test('property: LruCache and GenerationCache hold at most their entries and bytes, whatever is set and got', () => {
  const op = fc.record({
    set: fc.boolean(),
    key: fc.integer({ min: 0, max: 30 }),
    size: fc.integer({ min: 0, max: 40 }),
  });
  fc.assert(
    fc.property(
      fc.array(op, { maxLength: 200 }),
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 1, max: 100 }),
      (ops, entries, bytes) => {
        const weigh = (_k: number, v: string) => v.length;
        const caches = [
          new LruCache<number, string>(entries, bytes, weigh),
          new GenerationCache<number, string>(entries, bytes, weigh),
        ];
        for (const c of caches) {
          for (const o of ops) {
            if (o.set) c.set(o.key, 'v'.repeat(o.size));
            else c.get(o.key);
            assert.ok(c.size <= entries, `${c.size} entries > ${entries}`);
            assert.ok(c.heldBytes <= bytes, `${c.heldBytes} bytes > ${bytes}`);
          }
        }
      },
    ),
    { seed: 35, numRuns: 300 },
  );
});
