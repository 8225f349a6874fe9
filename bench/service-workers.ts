/**
 * `lexdis serve --workers 1` against `--workers 2` in one run (bench/service.ts
 * `--workers-compare`): each round measures the machine's parallel capacity, then drives
 * each server with autocannon for the same time. Prints JSON: per round and per worker
 * count requests/s and latency, the speedup and its share of the capacity; the summary
 * takes the medians.
 */
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { argNumber, argValue, calibrate, emitJson, median, round, startServe } from './common.js';

function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });
}

/** Requests/s and latency of `url` under `connections` for `duration` seconds. */
async function load(url: string, body: string, connections: number, duration: number) {
  const r = await autocannon({ url: `${url}/v1/analyze`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration });
  return {
    requestsPerSecond: round(r.requests.average, 1),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/** The comparison; `argv` gives --model, --rounds, --duration, --connections, --warmup, --out. */
export async function compareWorkers(argv: string[], text: string): Promise<void> {
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
    for (const s of Object.values(servers)) await load(s.url, body, 10, warmup);
    for (let r = 0; r < rounds; r++) {
      const cal = await calibrate(2);
      const one = await load(servers[1].url, body, connections, duration);
      const two = await load(servers[2].url, body, connections, duration);
      const speedup = two.requestsPerSecond / one.requestsPerSecond;
      perRound.push({
        capacity: cal.capacity,
        workers1: one,
        workers2: two,
        speedup: round(speedup),
        shareOfCapacity: round(speedup / cal.capacity),
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
