/**
 * Abuse on loopback, bounded by counts, not by a clock: while well-behaved clients load the API,
 * slowloris connections, oversized bodies, malformed JSON and garbage requests are all rejected,
 * the well-behaved clients see no error, and their requests are answered all along. (How many
 * and how fast is `node dist/bench/service.js --abuse`: 200 clients for 30 seconds.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { garbage, malformedJson, oversized, slowloris } from '../../testkit/service-abusers.js';
import { postJson, serve } from '../fixtures/service/http.js';

/** Rounds of each abuser that sends requests; slowloris connections held at once; good clients. */
const ROUNDS = 8;
const SLOW = 30;
const GOOD = 20;
/** A slowloris connection still open after this long was not closed by the server: a minute. */
const SAFETY_MS = 60_000;

/** Runs `fn` `n` times, one after another; collects the results. */
async function times<T>(n: number, fn: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}

test('bad clients are rejected without harming good ones', { timeout: 180_000 }, async () => {
  const tagger = new FakeTagger();
  const srv = await serve(tagger, {
    logger: false, bodyLimit: 64 * 1024, headersTimeoutMs: 600, receiveTimeoutMs: 1200,
  });
  try {
    const body = { text: 'كتب الطالب الدرس في المكتبة. Hello 2024', top: 3 };
    let abusing = true;
    const goodStatuses: number[] = [];
    const good = Array.from({ length: GOOD }, async () => {
      while (abusing) goodStatuses.push((await postJson(`${srv.url}/v1/analyze`, body)).status);
    });
    const tagsBefore = tagger.calls;
    const [slow, big, bigChunked, bad, junk] = await Promise.all([
      slowloris(srv.url, SLOW, 50, SAFETY_MS),
      times(ROUNDS, () => oversized(srv.url, 1024 * 1024, false)),
      times(ROUNDS, () => oversized(srv.url, 1024 * 1024, true)),
      times(ROUNDS, () => malformedJson(srv.url)),
      times(ROUNDS, () => garbage(srv.url)),
    ]);
    const tagsDuring = tagger.calls - tagsBefore;
    abusing = false;
    await Promise.all(good);
    // good clients got through while the abuse went on, every one answered 200 (the order is the
    // property: their requests were tagged before the last abuser was done with)
    assert.ok(tagsDuring > 0, 'no good request was answered during the abuse');
    assert.deepEqual([...new Set(goodStatuses)], [200], `good clients: ${goodStatuses.length} requests`);
    assert.equal(slow.closedByServer, SLOW, 'every slowloris connection is closed by the server');
    assert.deepEqual([...new Set(slow.statuses)], [408]);
    // an oversized body is answered 413: a declared one always (its body is read and thrown away,
    // body-limit.test.ts); a chunked one may see a reset (0) when the server closes while it writes
    assert.ok(big.every((s) => s === 413), `declared oversized: ${[...new Set(big)]}`);
    assert.ok(bigChunked.every((s) => s === 413 || s === 0), `chunked oversized: ${[...new Set(bigChunked)]}`);
    assert.ok(bigChunked.some((s) => s === 413), 'chunked oversized: some 413');
    assert.ok(bad.every((s) => s === 400));
    assert.ok(junk.every((s) => s === 400));
    // and the server still answers normally afterwards
    const after = await fetch(`${srv.url}/healthz`);
    assert.equal(after.status, 200);
  } finally {
    await srv.close();
  }
});
