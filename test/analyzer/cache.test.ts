import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from '../../src/analyzer/cache.js';

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
