/**
 * Error mapping: unit checks of classifyError, and the low-level client errors (bad
 * request line, oversized headers, a client too slow to send) over a raw socket.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { InputParseError, ModelFormatError } from '../../src/errors.js';
import { classifyError, HttpError } from '../../src/service/errors.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { serve, type Running } from '../fixtures/service/http.js';

test('classifyError: service, validation, fastify, library and unknown errors', () => {
  assert.deepEqual(classifyError(new HttpError(422, 'TEXT_TOO_LONG', 'long')),
    { status: 422, code: 'TEXT_TOO_LONG', message: 'long', internal: false });
  const validation = Object.assign(new Error('body/text must be string'), { validation: [{}], statusCode: 400 });
  assert.equal(classifyError(validation).code, 'VALIDATION');
  const tooLarge = Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
  assert.deepEqual(classifyError(tooLarge), { status: 413, code: 'BODY_TOO_LARGE', message: 'Request body is too large', internal: false });
  const syntax = Object.assign(new SyntaxError('Unexpected token'), { statusCode: 400 });
  assert.equal(classifyError(syntax).code, 'MALFORMED_JSON');
  assert.equal(classifyError(new InputParseError('bad')).status, 400);
  const internal = classifyError(new ModelFormatError('damaged'));
  assert.equal(internal.status, 500);
  assert.equal(internal.code, 'INTERNAL');
  assert.ok(internal.internal);
  assert.doesNotMatch(internal.message, /damaged/, 'internal details stay in the log');
  assert.equal(classifyError(new TypeError('x is undefined')).status, 500);
});

let srv: Running;
let port: number;
before(async () => {
  srv = await serve(new FakeTagger(), { headersTimeoutMs: 400, receiveTimeoutMs: 800 });
  port = Number(new URL(srv.url).port);
});
after(() => srv.close());

/**
 * Writes `chunks` (with a pause between them) and returns all that comes back before close, and
 * how many chunks were written by then.
 */
function exchange(chunks: string[], pauseMs = 0): Promise<{ text: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let i = 0;
    socket.setEncoding('utf8');
    socket.on('data', (d) => { text += d; });
    socket.on('close', () => resolve({ text, sent: i }));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE'
      ? resolve({ text, sent: i }) : reject(err)));
    const next = () => {
      if (i >= chunks.length || socket.destroyed) return;
      socket.write(chunks[i++]);
      setTimeout(next, pauseMs);
    };
    next();
  });
}

function parse(text: string): { status: number; body: any } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  return { status, body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) };
}

test('a malformed request line gets 400 BAD_REQUEST as JSON', async () => {
  const { text } = await exchange(['NOT HTTP AT ALL\r\n\r\n']);
  const res = parse(text);
  assert.equal(res.status, 400);
  assert.equal(res.body.error.code, 'BAD_REQUEST');
});

test('oversized headers get 431 HEADERS_TOO_LARGE', async () => {
  const { text } = await exchange([`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
  const res = parse(text);
  assert.equal(res.status, 431);
  assert.equal(res.body.error.code, 'HEADERS_TOO_LARGE');
});

// A slow client is closed by the server's own timer (headersTimeoutMs 400, receiveTimeoutMs 800 here)
// while it is still sending: sending all its chunks would take ten times as long as the timeout, so the
// order of events is the property, not how soon after the timeout it came (bench/service-close.ts
// measures that).
test('slow headers (slowloris) get 408 REQUEST_TIMEOUT and the connection is closed while the client still sends', { timeout: 60_000 }, async () => {
  const headers = 'GET /healthz HTTP/1.1\r\nHost: x\r\n'.split('').concat(Array(150).fill('X-Slow: 1\r\n'));
  const { text, sent } = await exchange(headers, 50);
  assert.equal(parse(text).status, 408);
  assert.equal(parse(text).body.error.code, 'REQUEST_TIMEOUT');
  assert.ok(sent < headers.length, `closed after ${sent} of ${headers.length} chunks`);
});

test('a slow body gets 408 REQUEST_TIMEOUT and the connection is closed while the client still sends', { timeout: 60_000 }, async () => {
  const head = 'POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"text":"';
  const chunks = [head, ...Array(300).fill('a')];
  const { text, sent } = await exchange(chunks, 40);
  assert.equal(parse(text).status, 408);
  assert.ok(sent < chunks.length, `closed after ${sent} of ${chunks.length} chunks`);
});
