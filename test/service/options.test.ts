import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UsageError } from '../../src/errors.js';
import { defaultServiceOptions, publicLimits, resolveOptions } from '../../src/service/options.js';

test('resolveOptions merges over defaultServiceOptions and ignores undefined', () => {
  const o = resolveOptions({ maxBatch: 3, maxTop: undefined });
  assert.equal(o.maxBatch, 3);
  assert.equal(o.maxTop, defaultServiceOptions.maxTop);
  assert.equal(o.bodyLimit, defaultServiceOptions.bodyLimit);
  assert.notEqual(o, defaultServiceOptions);
});

test('resolveOptions rejects bad limits with a UsageError', () => {
  for (const bad of [{ bodyLimit: 0 }, { maxTextLength: -1 }, { maxBatch: 1.5 }, { requestTimeoutMs: Number.NaN },
    { defaultTop: 30, maxTop: 20 }, { headersTimeoutMs: 5000, receiveTimeoutMs: 1000 }]) {
    assert.throws(() => resolveOptions(bad), UsageError, JSON.stringify(bad));
  }
});

test('publicLimits lists what clients need and nothing else', () => {
  assert.deepEqual(Object.keys(publicLimits(resolveOptions())).sort(),
    ['bodyLimit', 'defaultTop', 'maxBatch', 'maxResponseBytes', 'maxTextLength', 'maxTop', 'maxWordLetters', 'requestTimeoutMs']);
});
