/**
 * Idle sockets never keep /healthz out (issue 35: 1,100 idle sockets against maxConnections 1,024
 * reset 84 of 129 probes): more idle connections than the limit, reopened as soon as the server
 * closes them, while a probe asks /healthz every 100 ms on a connection of its own; every probe
 * is answered 200 within 0.5 s. And sockets that never sent a request (a browser's preconnected
 * ones) do not hold a closing server up: close() ends them at once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { serve } from '../fixtures/service/http.js';

const LIMIT = 50;

function probe(url: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(`${url}/healthz`, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end();
  });
}

test(`${LIMIT * 1.5} idle sockets against maxConnections ${LIMIT}: every /healthz probe answered within 0.5 s`, { timeout: 60_000 }, async () => {
  const srv = await serve(new FakeTagger(), { logger: false, maxConnections: LIMIT });
  const port = Number(new URL(srv.url).port);
  let holding = true;
  const sockets = new Set<Socket>();
  const hold = (): void => {
    if (!holding) return;
    const s = connect(port, '127.0.0.1');
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => { sockets.delete(s); setTimeout(hold, 5); });
  };
  try {
    for (let i = 0; i < LIMIT * 1.5; i++) hold();
    await new Promise((r) => setTimeout(r, 300));
    const results: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < 40; i++) {
      results.push(await probe(srv.url));
      await new Promise((r) => setTimeout(r, 100));
    }
    const bad = results.filter((r) => r.status !== 200 || r.ms > 500);
    assert.deepEqual(bad, [], `${bad.length} of ${results.length} probes failed or were slow: ${JSON.stringify(bad.slice(0, 5))}`);
  } finally {
    holding = false;
    for (const s of sockets) s.destroy();
    await srv.close();
  }
});

test('close() ends the connections that never sent a request, a half-sent one, and a keep-alive one between requests', { timeout: 30_000 }, async () => {
  const srv = await serve(new FakeTagger(), { logger: false, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 10_000 });
  const port = Number(new URL(srv.url).port);
  const open = (first?: string): Promise<{ socket: Socket; closed: Promise<void> }> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      const closed = new Promise<void>((r) => socket.on('close', () => r()));
      socket.on('connect', () => {
        if (first) socket.write(first);
        resolve({ socket, closed });
      });
      socket.once('error', reject);
    });
  const silent = await open();
  const half = await open('GET /healthz HTTP/1.1\r\nHost: x\r\n');
  const kept = await open('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise<void>((r) => kept.socket.once('data', () => r()));
  const t0 = performance.now();
  await srv.close();
  await Promise.all([silent.closed, half.closed, kept.closed]);
  const ms = performance.now() - t0;
  assert.ok(ms < 2000, `close() took ${Math.round(ms)} ms: idle sockets held it up to the 10 s timeouts`);
});
