/**
 * How soon the service's HTTP layer ends connections it should end, the figures the tests of
 * test/service/connections.test.ts and errors.test.ts assert only as an order of events. The server
 * runs in this process with the fake tagger (testkit/fake-tagger.ts): what is measured is the HTTP
 * layer alone. Printed as JSON:
 *   - `close`: `--sockets` idle connections of each kind (never sent a request, headers half sent,
 *     keep-alive between requests) open, then `close()`: milliseconds until it resolved and every
 *     socket was closed, each round, against the timeouts they would otherwise wait for (headers
 *     10 s, keep-alive 5 s: the defaults). Target: far below them;
 *   - `slowHeaders`, `slowBody`: a client that sends its headers a byte every 50 ms, or its body a
 *     byte every 40 ms, against `--headers-timeout` / `--receive-timeout` ms (400 and 800, as in
 *     the tests): the status it got and the milliseconds until the server closed it, each round.
 *     Node checks those timeouts every min(1 s, headers timeout), so the close comes up to that
 *     much after the timeout.
 *
 * Run: `node dist/bench/service-close.js [--sockets 100] [--rounds 5] [--headers-timeout 400]
 *   [--receive-timeout 800] [--out FILE]`.
 */
import { connect, type Socket } from 'node:net';
import { startServer } from '../src/service/server.js';
import { defaultServiceOptions } from '../src/service/options.js';
import { FakeTagger } from '../testkit/fake-tagger.js';
import { argNumber, argValue, emitJson, errorLine, exitOnHelp, median, round } from './common.js';

/** Opens a connection to `port`, writes `first` when given; resolves once connected. */
function open(port: number, first?: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((r) => socket.on('close', () => r()));
    socket.once('error', reject);
    socket.on('connect', () => {
      socket.on('error', () => undefined);
      if (first) socket.write(first);
      resolve({ socket, closed });
    });
  });
}

/** One round of `close`: milliseconds until close() resolved and every socket was closed. */
async function closeRound(sockets: number): Promise<number> {
  const { app, url } = await startServer(new FakeTagger(), { host: '127.0.0.1', port: 0 }, { logger: false });
  const port = Number(new URL(url).port);
  const all: Array<Promise<void>> = [];
  for (let i = 0; i < sockets; i++) {
    all.push((await open(port)).closed);
    all.push((await open(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n')).closed);
    const kept = await open(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise<void>((r) => kept.socket.once('data', () => r()));
    all.push(kept.closed);
  }
  const t0 = performance.now();
  await Promise.all([app.close(), ...all]);
  return performance.now() - t0;
}

/** One slow client: `chunks` written `pauseMs` apart until the server closes; its status and when. */
async function slowRound(
  chunks: string[], pauseMs: number, options: object,
): Promise<{ status: number; closedAfterMs: number }> {
  const { app, url } = await startServer(new FakeTagger(), { host: '127.0.0.1', port: 0 }, { logger: false, ...options });
  try {
    const t0 = performance.now();
    const { socket, closed } = await open(Number(new URL(url).port));
    let got = '';
    socket.setEncoding('utf8').on('data', (d: string) => { got += d; });
    let i = 0;
    const drip = setInterval(() => { if (!socket.destroyed && i < chunks.length) socket.write(chunks[i++]); }, pauseMs);
    await closed;
    clearInterval(drip);
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(got)?.[1] ?? 0), closedAfterMs: round(performance.now() - t0, 0) };
  } finally {
    await app.close();
  }
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const sockets = argNumber(argv, '--sockets', 100);
  const rounds = argNumber(argv, '--rounds', 5);
  const headersTimeoutMs = argNumber(argv, '--headers-timeout', 400);
  const receiveTimeoutMs = argNumber(argv, '--receive-timeout', 800);
  const closeMs: number[] = [];
  for (let r = 0; r < rounds; r++) closeMs.push(await closeRound(sockets));
  const headers = 'GET /healthz HTTP/1.1\r\nHost: x\r\n'.split('').concat(Array(1000).fill('X-Slow: 1\r\n'));
  const body = ['POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"text":"',
    ...Array(3000).fill('a')];
  const slowHeaders = [];
  const slowBody = [];
  for (let r = 0; r < rounds; r++) {
    slowHeaders.push(await slowRound(headers, 50, { headersTimeoutMs, receiveTimeoutMs }));
    slowBody.push(await slowRound(body, 40, { headersTimeoutMs, receiveTimeoutMs }));
  }
  emitJson({
    kind: 'lexdis-bench-service-close', tagger: 'fake', date: new Date().toISOString(),
    close: {
      socketsOfEachKind: sockets, headersTimeoutMs: defaultServiceOptions.headersTimeoutMs,
      keepAliveTimeoutMs: defaultServiceOptions.keepAliveTimeoutMs,
      ms: closeMs.map((m) => round(m, 1)), medianMs: round(median(closeMs), 1),
    },
    slowHeaders: { headersTimeoutMs, rounds: slowHeaders },
    slowBody: { receiveTimeoutMs, rounds: slowBody },
  }, argValue(argv, '--out'));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
