/**
 * A body declared over bodyLimit always gets its 413 (issue 35: 12 MiB with Content-Length and
 * no Expect got a reset 8 times in 20): the service answers before reading the body, then reads
 * and throws away up to DISCARD_BYTES on a connection kept open, so the client, still sending,
 * reads the answer. A body declared past DISCARD_BYTES is answered and its connection closed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { DISCARD_BYTES } from '../../src/service/server.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { oversized } from '../../testkit/service-abusers.js';
import { serve, type Running } from '../fixtures/service/http.js';

let srv: Running;
before(async () => { srv = await serve(new FakeTagger(), { logger: false }); });
after(() => srv.close());

/**
 * Sends a POST declaring `declared` bytes and writes `send` of them on a raw socket, then (if
 * the connection is still open and `close` is not asked) a GET /healthz on the same connection; resolves with what came
 * back: the first status line and the second's, or how the connection ended.
 */
function rawPost(
  port: number,
  declared: number,
  send: number,
  close = false,
): Promise<{ first: string; second: string; reset: boolean }> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    let reset = false;
    s.on('connect', () => {
      s.write(
        `POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n${close ? 'Connection: close\r\n' : ''}\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < send) {
          const n = Math.min(chunk.length, send - sent);
          sent += n;
          if (!s.write(chunk.subarray(0, n))) return void s.once('drain', pump);
        }
        if (send === declared && !close) s.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      };
      pump();
    });
    s.on('data', (d) => {
      got += d.toString('latin1');
    });
    s.on('error', () => {
      reset = true;
    });
    s.on('close', () => {
      const lines = [...got.matchAll(/HTTP\/1\.1 \d{3} [^\r]*/g)].map((m) => m[0]);
      resolve({ first: lines[0] ?? '', second: lines[1] ?? '', reset });
    });
  });
}

const port = () => Number(new URL(srv.url).port);

test('20 bodies of 12 MiB declared with Content-Length and no Expect: 20 × 413, and the connection serves on', { timeout: 120_000 }, async () => {
  for (let i = 0; i < 20; i++) {
    const r = await rawPost(port(), 12 * 2 ** 20, 12 * 2 ** 20);
    assert.equal(r.first, 'HTTP/1.1 413 Payload Too Large', `try ${i + 1}: ${JSON.stringify(r)}`);
    assert.equal(r.second, 'HTTP/1.1 200 OK', `try ${i + 1}: the body was read and thrown away, the next request answered`);
    assert.ok(!r.reset, `try ${i + 1}: reset`);
  }
  // a client that asks to close: its connection is closed once its body is read, not before
  for (let i = 0; i < 10; i++) {
    const r = await rawPost(port(), 12 * 2 ** 20, 12 * 2 ** 20, true);
    assert.equal(r.first, 'HTTP/1.1 413 Payload Too Large', `close, try ${i + 1}: ${JSON.stringify(r)}`);
    assert.ok(!r.reset, `close, try ${i + 1}: reset`);
  }
  // through node:http too, as the abuse test sends them
  for (let i = 0; i < 5; i++) assert.equal(await oversized(srv.url, 12 * 2 ** 20, false), 413);
});

test('a body declared past DISCARD_BYTES: 413, then the connection is closed; the service answers on', async () => {
  const r = await rawPost(port(), DISCARD_BYTES + 1, 256 * 1024);
  assert.equal(r.first, 'HTTP/1.1 413 Payload Too Large', JSON.stringify(r));
  assert.equal(r.second, '');
  assert.equal((await fetch(`${srv.url}/healthz`)).status, 200);
});
