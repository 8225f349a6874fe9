/**
 * HTTP service under load, on loopback. Starts the server in a child process (so its
 * memory is its own), drives POST /v1/analyze with autocannon and prints JSON:
 * requests/s, latency p50/p99, errors, and the server's peak RSS (kernel high-water mark
 * VmHWM, plus the largest sampled VmRSS).
 *
 * Text: the first 30 words of UD Arabic-PUD's sentences (reference sentence file).
 * Tagger: the real model when `--model DIR` is given, else the test fixture's fake
 * tagger (the JSON says which; fake figures measure the HTTP layer only).
 *
 * `--abuse`: the same load (default 200 connections, 30 s) while slowloris
 * connections, oversized bodies, malformed JSON and garbage requests hit the server;
 * reports what each misbehaving client got, the good clients' errors, and the server's
 * RSS over time (quarters of the run) to show whether memory levels off.
 *
 * `--workers-compare`: `lexdis serve --workers 1` and `--workers 2` (the real
 * command, needs `--model`), alternating over `--rounds` rounds, each round first measuring
 * the machine's parallel capacity (busy loops, bench/common.ts): requests/s of each, the
 * speedup 2 vs 1 worker, and the speedup as a share of that round's capacity (the target
 * is a speedup of 1.6 on two free cores, a share of 0.8). The load generator runs on the
 * same machine and takes its own share of the cores.
 *
 * Run: `npx tsc -p . && node dist/bench/service.js [--model DIR] [--tables DIR]
 *       [--connections 50] [--duration 10] [--warmup 2] [--abuse] [--log] [--out bench/out/service.json]`
 *       `node dist/bench/service.js --workers-compare --model DIR [--rounds 3] [--duration 10] [--connections 100]`
 * `--log` turns the server's JSON access log on (written to /dev/null), to measure its cost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { projectRoot } from '../src/config.js';
import { dataPaths } from '../bin/data.js';
import { readTextFile, splitLines } from '../src/io/files.js';
import { Tagger } from '../src/tagger/tagger-node.js';
import { startServer } from '../src/service/server.js';
import type { TaggerLike } from '../src/service/types.js';
import { garbage, malformedJson, oversized, repeatUntil, slowloris } from '../testkit/service-abusers.js';
import { argNumber, argValue, calibrate, emitJson, median, memoryOf, startServe } from './common.js';

/** Command-line value of `--name`, or `fallback`. */
function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

/** The first `n` whitespace-separated words of the reference sentences. */
export function benchText(n = 30): string {
  const words: string[] = [];
  for (const line of splitLines(readTextFile(dataPaths.referenceSentences()))) {
    for (const w of line.split(/\s+/)) if (w && words.length < n) words.push(w);
    if (words.length >= n) break;
  }
  return words.join(' ');
}

/** Loads the tagger named by the child's arguments. */
async function loadTagger(
  modelDir: string | undefined,
  tables: string | undefined,
): Promise<{ tagger: TaggerLike; kind: string }> {
  if (modelDir)
    return { tagger: await Tagger.load(resolve(modelDir), { tables: tables ?? dataPaths.bama() }), kind: 'model' };
  const fake = (await import(pathToFileURL(resolve(projectRoot(), 'dist', 'testkit', 'fake-tagger.js')).href)) as {
    FakeTagger: new () => TaggerLike;
  };
  return { tagger: new fake.FakeTagger(), kind: 'fake' };
}

/** Child side: serve on an ephemeral loopback port and report it to the parent. */
async function serveChild(): Promise<void> {
  const { tagger, kind } = await loadTagger(arg('model'), arg('tables'));
  // --log: the access log is formatted and written as in production, to /dev/null
  const logging = process.argv.includes('--log');
  const logStream = logging ? createWriteStream('/dev/null') : undefined;
  const { url } = await startServer(tagger, { host: '127.0.0.1', port: 0 }, { logger: logging, logStream });
  process.send?.({ url, kind, modelInfo: tagger.modelInfo() });
}

/** Starts the server child; resolves once it listens. */
export function startChild(
  extra: string[],
): Promise<{ child: ChildProcess; url: string; kind: string; modelInfo: unknown }> {
  const self = fileURLToPath(import.meta.url);
  const child = fork(self, ['--serve-child', ...extra], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolveStart, reject) => {
    child.once('message', (m: { url: string; kind: string; modelInfo: unknown }) => resolveStart({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

/** Samples the child's memory every `everyMs` until stopped. */
export function sampleMemory(pid: number, everyMs = 200): { stop(): { samples: number[]; hwmMiB: number } } {
  const samples: number[] = [];
  const timer = setInterval(() => { samples.push(memoryOf(pid).rssMiB); }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { samples, hwmMiB: memoryOf(pid).hwmMiB };
    },
  };
}

const round = (x: number, d = 1) => Number(x.toFixed(d));

/** The few header fields worth a line in the bench output. */
function summarizeModel(info: unknown, dir: string | undefined): Record<string, unknown> {
  const m = (info ?? {}) as Record<string, unknown>;
  const corpus = (m.corpus ?? {}) as Record<string, unknown>;
  return {
    dir, formatVersion: m.formatVersion, featureSet: m.featureSet,
    corpus: { source: corpus.source, documents: corpus.documents, tokens: corpus.tokens },
  };
}

/** Counts of each value. */
function tally(xs: number[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const x of xs) t[x] = (t[x] ?? 0) + 1;
  return t;
}

/** Misbehaving clients for `seconds`, alongside the load. */
async function abuse(url: string, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const [slow, big, bigChunked, bad, junk] = await Promise.all([
    slowloris(url, 100, 100, seconds * 1000),
    repeatUntil(until, () => oversized(url, 4 * 1024 * 1024, false)),
    repeatUntil(until, () => oversized(url, 4 * 1024 * 1024, true)),
    repeatUntil(until, () => malformedJson(url)),
    repeatUntil(until, () => garbage(url)),
  ]);
  return {
    slowloris: { connections: 100, closedByServer: slow.closedByServer, statuses: tally(slow.statuses),
      longestOpenS: round(slow.longestOpenMs / 1000, 2) },
    oversizedDeclared4MiB: tally(big),
    oversizedChunked4MiB: tally(bigChunked),
    malformedJson: tally(bad),
    garbageRequestLine: tally(junk),
  };
}

/** RSS at the end of each quarter of the run, MiB. */
function quarters(samples: number[]): number[] {
  return [1, 2, 3, 4].map((q) => round(samples[Math.max(0, Math.ceil((samples.length * q) / 4) - 1)] ?? NaN));
}

async function main(): Promise<void> {
  const abusing = process.argv.includes('--abuse');
  const connections = Number(arg('connections', abusing ? '200' : '50'));
  const duration = Number(arg('duration', abusing ? '30' : '10'));
  const warmup = Number(arg('warmup', '2'));
  const out = arg('out');
  const extra = [arg('model') ? ['--model', arg('model')!] : [], arg('tables') ? ['--tables', arg('tables')!] : [],
    process.argv.includes('--log') ? ['--log'] : []].flat();
  const text = benchText(30);
  const body = JSON.stringify({ text, top: 3 });
  const { child, url, kind, modelInfo } = await startChild(extra);
  try {
    const request = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
    const check = await fetch(`${url}/v1/analyze`, { method: 'POST', headers: request.headers, body });
    const answer = await check.json() as { sentences: { tokens: { arabic: boolean; found: boolean }[] }[] };
    if (check.status !== 200) throw new Error(`the server answered ${check.status}: ${JSON.stringify(answer)}`);
    const tokens = answer.sentences.flatMap((s) => s.tokens);
    if (warmup > 0) await autocannon({ url: `${url}/v1/analyze`, connections: 10, duration: warmup, ...request });
    const memory = sampleMemory(child.pid!, abusing ? 500 : 200);
    const [r, abused] = await Promise.all([
      autocannon({ url: `${url}/v1/analyze`, connections, duration, ...request }),
      abusing ? abuse(url, duration) : Promise.resolve(undefined),
    ]);
    const mem = memory.stop();
    const result = {
      bench: abusing ? 'service-abuse' : 'service',
      tagger: kind,
      model: summarizeModel(modelInfo, arg('model')),
      accessLog: process.argv.includes('--log'),
      text: { words: text.split(' ').length, tokens: tokens.length, arabic: tokens.filter((t) => t.arabic).length,
        found: tokens.filter((t) => t.found).length, bytes: Buffer.byteLength(body) },
      connections, durationS: duration, warmupS: warmup,
      requests: r.requests.total,
      requestsPerSecond: round(r.requests.average),
      latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, mean: round(r.latency.average, 2) },
      errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx,
      serverPeakRssMiB: round(Math.max(mem.hwmMiB, ...mem.samples)),
      serverRssSampledMaxMiB: round(Math.max(...mem.samples)),
      serverRssByQuarterMiB: quarters(mem.samples),
      ...(abused ? { abuse: abused } : {}),
      node: process.version,
    };
    emitJson(result, out);
  } finally {
    child.kill('SIGTERM');
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });
}

/** Requests/s and latency of `url` under `connections` for `duration` seconds. */
async function loadOf(url: string, body: string, connections: number, duration: number) {
  const r = await autocannon({ url: `${url}/v1/analyze`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration });
  return {
    requestsPerSecond: round(r.requests.average, 1),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** `--workers-compare`; `argv` gives --model, --rounds, --duration, --connections, --warmup, --out. */
async function compareWorkers(argv: string[], text: string): Promise<void> {
  const model = argValue(argv, '--model');
  if (!model) throw new Error('--workers-compare needs --model DIR');
  const rounds = argNumber(argv, '--rounds', 3);
  const duration = argNumber(argv, '--duration', 10);
  const connections = argNumber(argv, '--connections', 100);
  const warmup = argNumber(argv, '--warmup', 2);
  const body = JSON.stringify({ text, top: 3 });
  const servers = { 1: await startServe(resolve(model), 1), 2: await startServe(resolve(model), 2) };
  const perRound: Record<string, unknown>[] = [];
  try {
    for (const s of Object.values(servers)) await loadOf(s.url, body, 10, warmup);
    for (let r = 0; r < rounds; r++) {
      const cal = await calibrate(2);
      const one = await loadOf(servers[1].url, body, connections, duration);
      const two = await loadOf(servers[2].url, body, connections, duration);
      const speedup = two.requestsPerSecond / one.requestsPerSecond;
      perRound.push({
        capacity: cal.capacity,
        workers1: one,
        workers2: two,
        speedup: round(speedup, 3),
        shareOfCapacity: round(speedup / cal.capacity, 3),
      });
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => stop(s.child)));
  }
  const pick = (k: string) => perRound.map((x) => x[k] as number);
  const result = {
    bench: 'service-workers',
    model: resolve(model),
    text: { words: text.split(' ').length, bytes: Buffer.byteLength(body) },
    connections,
    durationS: duration,
    rounds: perRound,
    median: {
      capacity: median(pick('capacity')),
      speedup: median(pick('speedup')),
      shareOfCapacity: median(pick('shareOfCapacity')),
      requestsPerSecond1: median(perRound.map((x) => (x.workers1 as { requestsPerSecond: number }).requestsPerSecond)),
      requestsPerSecond2: median(perRound.map((x) => (x.workers2 as { requestsPerSecond: number }).requestsPerSecond)),
    },
    target: { speedupOnTwoFreeCores: 1.6, shareOfCapacity: 0.8 },
    node: process.version,
  };
  emitJson(result, argValue(argv, '--out'));
}

const HELP = `Usage: node dist/bench/service.js [--model DIR] [--tables DIR] [--connections N] [--duration S] [--warmup S]
       [--abuse] [--log] [--out FILE]
       node dist/bench/service.js --workers-compare --model DIR [--rounds 3] [--duration 10] [--connections 100] [--out FILE]
Loads the HTTP service on loopback with autocannon and prints JSON (see the header of bench/service.ts).`;

if (process.argv.includes('--help')) {
  process.stdout.write(`${HELP}\n`);
} else if (process.argv.includes('--workers-compare')) {
  compareWorkers(process.argv, benchText(30)).catch((err) => { process.stderr.write(`Error: ${(err as Error).message}\n`); process.exitCode = 1; });
} else if (process.argv.includes('--serve-child')) {
  serveChild().catch((err) => { process.stderr.write(`${(err as Error).stack}\n`); process.exit(1); });
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => { process.stderr.write(`Error: ${(err as Error).message}\n`); process.exitCode = 1; });
}
