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

/**
 * The deadline tests' figures: each text of the slow fake takes DELAY_MS of wall-clock time (a busy
 * wait), the deadline is TIMEOUT_MS, so how many texts fit is fixed by the clock; the rest of the
 * deadline (hundreds of milliseconds) is the margin a loaded machine has for the HTTP work.
 */
const DELAY_MS = 100;
const TIMEOUT_MS = 1000;

test('503 TIMEOUT: a batch stops at the first step past requestTimeoutMs', async () => {
  const slow = new FakeTagger({ delayMs: DELAY_MS });
  const srv = await serve(slow, { requestTimeoutMs: TIMEOUT_MS });
  try {
    const res = await postJson(`${srv.url}/v1/analyze/batch`, batch(2 * TIMEOUT_MS / DELAY_MS));
    assert.equal(res.status, 503);
    assert.equal(res.body.error.code, 'TIMEOUT');
    assert.equal(res.headers.get('retry-after'), '1');
    // text k starts at least (k - 1) × DELAY_MS after the request came: none starts past the deadline
    const most = Math.floor(TIMEOUT_MS / DELAY_MS) + 1;
    assert.ok(slow.calls >= 1 && slow.calls <= most, `${slow.calls} texts tagged: none started after the deadline`);
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
  // six requests of 3 × DELAY_MS each against one deadline: at most four can start, at most three finish in time
  const slow = new FakeTagger({ delayMs: 3 * DELAY_MS });
  const srv = await serve(slow, { requestTimeoutMs: TIMEOUT_MS });
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
    // (how fast is a benchmark's business, not a test's)
    assert.deepEqual(done, ['health', 'long']);
  } finally {
    await srv.close();
  }
});

/** Resolves once `ready()` holds, looking at every turn of the event loop. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setImmediate(r));
}

/** GET /healthz on a new connection of its own; resolves with the status. */
function healthz(url: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    request(`${url}/healthz`, { agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); })
      .on('error', reject).end();
  });
}

test('under load, a new connection is accepted and answered between tagging jobs (one job per loop turn)', { timeout: 120_000 }, async () => {
  // a fixed number of load requests, probes sent at fixed points of it: counts, not a speed
  const CONNECTIONS = 100;
  const AMOUNT = 600;
  const PROBES = 3;
  const tagger = new FakeTagger({ delayMs: 2 });
  const srv = await serve(tagger, { logger: false });
  try {
    const load = autocannon({
      url: `${srv.url}/v1/analyze`, method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'كتب الطالب' }), connections: CONNECTIONS, amount: AMOUNT, timeout: 600,
    });
    const probes: Array<{ status: number; tagsBefore: number; tagsAfter: number }> = [];
    for (let i = 1; i <= PROBES; i++) {
      await until(() => tagger.calls >= (i * AMOUNT) / (PROBES + 2));
      const tagsBefore = tagger.calls;
      const status = await healthz(srv.url);
      probes.push({ status, tagsBefore, tagsAfter: tagger.calls });
    }
    const result = await load;
    assert.deepEqual([result.errors, result.timeouts, result.non2xx], [0, 0, 0]);
    assert.equal(tagger.calls, AMOUNT, 'every load request was tagged');
    for (const p of probes) {
      assert.equal(p.status, 200);
      // the order log: load requests were tagged after the probe was answered (it came during the load), and
      // only a few while it was on its way: its connection was accepted and its request answered between
      // jobs, not behind the load's queue (a loop turn that tagged every request it read would tag up to
      // CONNECTIONS of them meanwhile)
      assert.ok(p.tagsAfter < AMOUNT, `a probe answered after the load: ${JSON.stringify(p)}`);
      assert.ok(p.tagsAfter - p.tagsBefore < CONNECTIONS / 4, `the probe waited behind the queue: ${JSON.stringify(probes)}`);
    }
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
  // the child says when it tags its first text, so that SIGTERM comes while the request is in flight
  const code = `
    import { startServer, shutdownOnSignals } from ${JSON.stringify(server)};
    import { FakeTagger } from ${JSON.stringify(fake)};
    class Telling extends FakeTagger {
      tagText(text, options) { if (this.calls === 0) process.stdout.write('tagging\\n'); return super.tagText(text, options); }
    }
    const { app, url } = await startServer(new Telling({ delayMs: 50 }), { host: '127.0.0.1', port: 0 });
    shutdownOnSignals(app, (c) => process.exit(c));
    process.stdout.write(url + '\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  let out = '';
  const lines = (n: number) => new Promise<string[]>((resolve, reject) => {
    const check = () => { if (out.split('\n').length > n) resolve(out.split('\n').slice(0, n)); };
    child.stdout.on('data', check);
    child.on('exit', () => reject(new Error(`server exited early: ${stderr}`)));
    check();
  });
  child.stdout.setEncoding('utf8').on('data', (d) => { out += d; });
  const [url] = await lines(1);
  const inflight = postJson(`${url}/v1/analyze/batch`, batch(6));
  assert.equal((await lines(2))[1], 'tagging');
  child.kill('SIGTERM');
  const res = await inflight;
  assert.equal(res.status, 200);
  assert.equal(res.body.results.length, 6);
  assert.equal(await exited, 0);
  const log = stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  assert.ok(log.some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM'), stderr);
  assert.ok(log.some((l) => l.msg === 'access' && l.url === '/v1/analyze/batch' && l.status === 200), stderr);
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
