/**
 * Server behaviour with a slow tagger: per-request timeout (503), fairness between
 * requests, graceful shutdown (in-flight work finishes, late requests get 503, SIGTERM
 * ends the process with status 0).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import autocannon from 'autocannon';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../src/config.js';
import { buildServer } from '../../src/service/server.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { postJson, serve } from '../fixtures/service/http.js';

const WORDS = ['كتب', 'في', 'الدرس', 'المكتبة', 'الطالب'];
const texts = (n: number) => Array.from({ length: n }, (_, i) => WORDS[i % WORDS.length]);
const batch = (n: number) => ({ texts: texts(n) });

test('503 TIMEOUT: a batch stops at the first step past requestTimeoutMs', async () => {
  const slow = new FakeTagger({ delayMs: 100 });
  const srv = await serve(slow, { requestTimeoutMs: 250 });
  try {
    const res = await postJson(`${srv.url}/v1/analyze/batch`, batch(8));
    assert.equal(res.status, 503);
    assert.equal(res.body.error.code, 'TIMEOUT');
    assert.equal(res.headers.get('retry-after'), '1');
    assert.ok(slow.calls >= 1 && slow.calls <= 3, `${slow.calls} texts tagged: none started after the deadline`);
    // a request that fits in the deadline is answered
    assert.equal((await postJson(`${srv.url}/v1/analyze`, { text: 'كتب' })).status, 200);
  } finally {
    await srv.close();
  }
});

/** Opens `n` connections, waits until all are accepted, then sends one request on each at once. */
async function burst(port: number, requests: string[]): Promise<string[]> {
  const sockets = await Promise.all(requests.map(() => new Promise<Socket>((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  })));
  await new Promise((r) => setTimeout(r, 50));
  const answers = sockets.map((s) => new Promise<string>((resolve) => {
    let got = '';
    s.setEncoding('utf8');
    s.on('data', (d) => { got += d; });
    s.on('close', () => resolve(got));
  }));
  sockets.forEach((s, i) => s.write(requests[i]));
  return Promise.all(answers);
}

test('503 TIMEOUT under overload: requests read but still waiting past the deadline are shed', async () => {
  const slow = new FakeTagger({ delayMs: 100 });
  const srv = await serve(slow, { requestTimeoutMs: 250 });
  try {
    const port = Number(new URL(srv.url).port);
    const requests = texts(6).map((text) => {
      const body = JSON.stringify({ text });
      return `POST /v1/analyze HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n`
        + `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    });
    const answers = await burst(port, requests);
    const statuses = answers.map((a) => Number(/^HTTP\/1\.1 (\d{3})/.exec(a)?.[1]));
    const ok = statuses.filter((s) => s === 200).length;
    const shed = answers.filter((a) => a.startsWith('HTTP/1.1 503') && a.includes('"code":"TIMEOUT"')).length;
    assert.equal(ok + shed, 6, JSON.stringify(statuses));
    assert.ok(ok >= 1 && shed >= 1, `${ok} answered, ${shed} shed`);
    // a request tagged in time but finished past the deadline is shed too (its answer would be
    // late); one whose turn came after its deadline is shed without tagging
    assert.ok(slow.calls >= ok && slow.calls < ok + shed, `${slow.calls} taggings for ${ok} answers and ${shed} shed`);
  } finally {
    await srv.close();
  }
});

test('a long batch yields between texts: a short request is answered meanwhile', async () => {
  const srv = await serve(new FakeTagger({ delayMs: 40 }));
  try {
    const done: string[] = [];
    const long = postJson(`${srv.url}/v1/analyze/batch`, batch(12)).then((r) => { done.push('long'); return r; });
    await new Promise((r) => setTimeout(r, 60));
    const health = await fetch(`${srv.url}/healthz`).then((r) => { done.push('health'); return r; });
    assert.equal(health.status, 200);
    assert.equal((await long).status, 200);
    // the order is the property: health was answered while the long batch was still being tagged
    // (how fast is a benchmark's business: bench/long-words.ts)
    assert.deepEqual(done, ['health', 'long']);
  } finally {
    await srv.close();
  }
});

test('under load, a new connection is accepted and answered at once (one tagging job per loop turn)', { timeout: 30_000 }, async () => {
  const srv = await serve(new FakeTagger({ delayMs: 5 }), { logger: false });
  try {
    const load = autocannon({
      url: `${srv.url}/v1/analyze`, method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'كتب الطالب' }), connections: 100, duration: 3,
    });
    let loadDone = false;
    void load.then(() => { loadDone = true; });
    await new Promise((r) => setTimeout(r, 800));
    const answeredDuringLoad: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        request(`${srv.url}/healthz`, { agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); })
          .on('error', reject).end();
      });
      assert.equal(status, 200);
      answeredDuringLoad.push(!loadDone);
      await new Promise((r) => setTimeout(r, 200));
    }
    const result = await load;
    assert.equal(result.errors, 0);
    assert.ok(result.requests.total > 100, `${result.requests.total} requests under load`);
    // each probe's new connection was accepted and answered while the load was still running
    assert.deepEqual(answeredDuringLoad, [true, true, true]);
  } finally {
    await srv.close();
  }
});

/** Sends raw HTTP/1.1 text on one connection and collects everything until it closes. */
function rawExchange(port: number, first: string, later: (write: (s: string) => void) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => { got += d; });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
    socket.write(first);
    later((s) => socket.write(s));
  });
}

test('close(): the in-flight request finishes, a later request on the same connection gets 503 SHUTTING_DOWN', async () => {
  const tagger = new FakeTagger({ delayMs: 40 });
  const app = buildServer(tagger, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const body = JSON.stringify(batch(5));
  const req = (b: string) => `POST /v1/analyze/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`;
  let closed: Promise<void> | undefined;
  const text = await rawExchange(port, req(body), (write) => {
    // close once the batch is being tagged (its first text has been), however loaded the machine
    const poll = setInterval(() => {
      if (tagger.calls === 0) return;
      clearInterval(poll);
      closed = app.close();
      write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    }, 1);
  });
  await closed;
  const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
  assert.deepEqual(statuses, ['200', '503'], text.slice(0, 500));
  assert.match(text, /"code":"SHUTTING_DOWN"/);
  assert.match(text, /"gloss":" \+ write \+ he\/it <verb>"/);
});

test('SIGTERM: the process finishes the in-flight request, then exits with status 0', { timeout: 30_000 }, async () => {
  const dist = join(projectRoot(), 'dist');
  const server = pathToFileURL(join(dist, 'src', 'service', 'server.js')).href;
  const fake = pathToFileURL(join(dist, 'testkit', 'fake-tagger.js')).href;
  const code = `
    import { startServer, shutdownOnSignals } from ${JSON.stringify(server)};
    import { FakeTagger } from ${JSON.stringify(fake)};
    const { app, url } = await startServer(new FakeTagger({ delayMs: 50 }), { host: '127.0.0.1', port: 0 });
    shutdownOnSignals(app, (c) => process.exit(c));
    process.stdout.write(url + '\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('exit', () => reject(new Error(`server exited early: ${stderr}`)));
  });
  const inflight = postJson(`${url}/v1/analyze/batch`, batch(6));
  await new Promise((r) => setTimeout(r, 100));
  child.kill('SIGTERM');
  const res = await inflight;
  assert.equal(res.status, 200);
  assert.equal(res.body.results.length, 6);
  assert.equal(await exited, 0);
  const lines = stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  assert.ok(lines.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'), stderr);
  assert.ok(lines.some((l) => l.msg === 'access' && l.url === '/v1/analyze/batch' && l.status === 200), stderr);
});

test('a tagger failure is a 500 INTERNAL without details; the log has them', async () => {
  const broken = {
    tagText(): never { throw new TypeError('secret internal detail'); },
    modelInfo: () => ({ kind: 'broken' }),
  };
  const srv = await serve(broken);
  try {
    const res = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب' });
    assert.equal(res.status, 500);
    assert.deepEqual(res.body, { error: { code: 'INTERNAL', message: 'internal error (see the server log)' } });
    await new Promise((r) => setTimeout(r, 20));
    const logged = srv.log.lines.find((l) => l.msg === 'request failed') as { err?: { message?: string; stack?: string } } | undefined;
    assert.equal(logged?.err?.message, 'secret internal detail');
    assert.match(logged?.err?.stack ?? '', /TypeError/);
  } finally {
    await srv.close();
  }
});
