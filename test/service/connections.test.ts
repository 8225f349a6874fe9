/**
 * Idle sockets never keep /healthz out (issue 35: 1,100 idle sockets against maxConnections 1,024
 * reset 84 of 129 probes): more idle connections than the limit, reopened as soon as the server
 * closes them, while a probe asks /healthz every 100 ms on a connection of its own; every probe
 * is answered 200, each making room by closing an idle socket. And sockets that never sent a
 * request (a browser's preconnected ones) do not hold a closing server up: close() ends them
 * instead of waiting for their timeouts. How soon close() ends them is measured by
 * bench/service-close.ts, not here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { serve } from '../fixtures/service/http.js';

const LIMIT = 50;
const PROBES = 40;
/** How long close() may take before the test calls it hung: a minute. */
const SAFETY_MS = 60_000;

/** Resolves once `ready()` holds, looking every few milliseconds. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 5));
}

/** GET /healthz on a connection of its own: its status, 0 for a reset or refused connection. */
function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${url}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

test(`${LIMIT * 1.5} idle sockets against maxConnections ${LIMIT}: every /healthz probe answered`, { timeout: 120_000 }, async () => {
  const srv = await serve(new FakeTagger(), { logger: false, maxConnections: LIMIT });
  const port = Number(new URL(srv.url).port);
  let holding = true;
  let connected = 0;
  let closedByServer = 0;
  const sockets = new Set<Socket>();
  const hold = (): void => {
    if (!holding) return;
    const s = connect(port, '127.0.0.1', () => { connected++; });
    sockets.add(s);
    s.on('error', () => undefined);
    s.on('close', () => {
      sockets.delete(s);
      if (holding) closedByServer++;
      setTimeout(hold, 5);
    });
  };
  try {
    for (let i = 0; i < LIMIT * 1.5; i++) hold();
    // every idle socket connected (more than the limit: the server has been closing them), however slow the machine
    await until(() => connected >= LIMIT * 1.5 && closedByServer >= LIMIT / 2);
    const statuses: number[] = [];
    const closedBefore = closedByServer;
    for (let i = 0; i < PROBES; i++) {
      statuses.push(await probe(srv.url));
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(statuses.filter((s) => s !== 200), [], `${statuses.length} probes: ${statuses.join(' ')}`);
    // the idle sockets stayed over the limit while the probes ran: the server kept closing them
    assert.ok(closedByServer - closedBefore >= PROBES, `${closedByServer - closedBefore} idle sockets closed for ${PROBES} probes`);
  } finally {
    holding = false;
    for (const s of sockets) s.destroy();
    await srv.close();
  }
});

test('close() ends the connections that never sent a request, a half-sent one, and a keep-alive one between requests', { timeout: 120_000 }, async () => {
  // the server's own timeouts (five minutes, node's largest headers timeout) far beyond the safety timeout
  const LONG_MS = 300_000;
  const srv = await serve(new FakeTagger(), {
    logger: false, headersTimeoutMs: LONG_MS, receiveTimeoutMs: LONG_MS, keepAliveTimeoutMs: LONG_MS,
  });
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
  // the order is the property: close() resolves and the server closes the three sockets before a safety
  // timeout far beyond the milliseconds it takes (bench/service-close.ts) and far below the server's five minutes
  const closing = Promise.all([srv.close(), silent.closed, half.closed, kept.closed]).then(() => 'closed');
  const safety = sleep(SAFETY_MS, 'still open', { ref: false });
  assert.equal(await Promise.race([closing, safety]), 'closed');
});
