/**
 * One heavy request against `lexdis serve` (issue 15, "a service that stays up"), printed as
 * JSON. The server is the real command (one worker, default limits) on a trained model;
 * each case is sent while /healthz is probed every 50 ms on fresh connections and the
 * server's RSS is sampled every 100 ms:
 *   - `issue`: the request of the issue: 28 texts of 19,990 characters, top 20 (JSON), and
 *     the same asking for NDJSON;
 *   - `heaviestAllowed`: as many of those texts as the answer budget lets in at top 1 with
 *     fields voc, lemma, pos and gloss (JSON), and the same as NDJSON;
 *   - `threeAtOnce`: three `heaviestAllowed` JSON requests at once.
 * Per case: status, seconds, body bytes, /healthz worst and median latency, the server's
 * peak RSS; and the RSS when idle before, and 5 s after the last case.
 *
 * Run: `npx tsc -p . && node dist/bench/service-heavy.js --model DIR [--out FILE]`
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { dataPaths } from '../bin/data.js';
import { estimateAnswerBytes, selectFields } from '../src/service/fields.js';
import { defaultServiceOptions } from '../src/service/options.js';
import { argValue, emitJson, hasFlag, median, memoryOf, round, startServe } from './common.js';

const HELP = `Usage: node dist/bench/service-heavy.js --model DIR [--out FILE]
Sends the issue's heavy batch and the heaviest request the answer budget allows to lexdis serve,
probing /healthz and sampling the server's RSS; prints JSON.`;
const TEXTS = 28;
const CHARS = 19_990;
const FIELDS = ['voc', 'lemma', 'pos', 'gloss'];

/** One GET /healthz on a new connection: milliseconds until the whole answer arrived. */
function probe(url: string): Promise<number> {
  const t = performance.now();
  return new Promise((res) => {
    request(`${url}/healthz`, { agent: false }, (r) => { r.resume(); r.on('end', () => res(performance.now() - t)); })
      .on('error', () => res(Number.NaN)).end();
  });
}

/** POSTs `body`; status, seconds and body bytes. */
async function post(url: string, body: unknown, ndjson: boolean) {
  const t = performance.now();
  const res = await fetch(`${url}/v1/analyze/batch`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(ndjson ? { accept: 'application/x-ndjson' } : {}) },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { status: res.status, seconds: round((performance.now() - t) / 1000, 2), bytes };
}

/** Runs `send` while probing /healthz and sampling RSS. */
async function measured<T>(url: string, pid: number, send: () => Promise<T>) {
  let done = false;
  const probes: number[] = [];
  let peak = 0;
  const sampler = setInterval(() => { peak = Math.max(peak, memoryOf(pid).rssMiB); }, 100);
  const prober = (async () => {
    while (!done) {
      probes.push(await probe(url));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const result = await send();
  done = true;
  await prober;
  clearInterval(sampler);
  return { result, healthzMs: { max: round(Math.max(...probes), 1), median: round(median(probes), 1), probes: probes.length }, peakRssMiB: round(peak, 1) };
}

async function main(argv: string[]): Promise<void> {
  if (hasFlag(argv, '--help')) return void process.stdout.write(`${HELP}\n`);
  const model = argValue(argv, '--model');
  if (!model) throw new Error(HELP);
  const source = readFileSync(dataPaths.referenceSentences(), 'utf8').replace(/\n/g, ' ');
  const texts = Array.from({ length: TEXTS }, (_, i) => {
    const at = (i * 7919) % (source.length - CHARS);
    return source.slice(at, at + CHARS);
  });
  const fields = selectFields(FIELDS);
  let allowed = TEXTS;
  while (allowed > 1 && estimateAnswerBytes(texts.slice(0, allowed), 1, fields) > defaultServiceOptions.maxResponseBytes) allowed--;
  const heavy = { texts: texts.slice(0, allowed), top: 1, fields: FIELDS };
  const { child, url } = await startServe(resolve(model));
  const pid = child.pid!;
  try {
    await post(url, { texts: ['ذهب الطالب إلى المكتبة.'] }, false);
    await new Promise((r) => setTimeout(r, 1000));
    const idleRssMiB = round(memoryOf(pid).rssMiB, 1);
    const cases: Record<string, unknown> = {};
    cases.issueJson = await measured(url, pid, () => post(url, { texts, top: 20 }, false));
    cases.issueNdjson = await measured(url, pid, () => post(url, { texts, top: 20 }, true));
    cases.heaviestAllowedJson = await measured(url, pid, () => post(url, heavy, false));
    cases.heaviestAllowedNdjson = await measured(url, pid, () => post(url, heavy, true));
    cases.threeAtOnce = await measured(url, pid, () => Promise.all([0, 1, 2].map(() => post(url, heavy, false))));
    await new Promise((r) => setTimeout(r, 5000));
    const result = {
      bench: 'service-heavy', model: resolve(model),
      issueRequest: { texts: TEXTS, charsPerText: CHARS, top: 20, bodyBytes: Buffer.byteLength(JSON.stringify({ texts, top: 20 })) },
      heaviestAllowed: { texts: allowed, top: 1, fields: FIELDS, estimatedBytes: estimateAnswerBytes(heavy.texts, 1, fields) },
      limits: { maxResponseBytes: defaultServiceOptions.maxResponseBytes, requestTimeoutMs: defaultServiceOptions.requestTimeoutMs },
      idleRssMiB, cases, rssAfter5sMiB: round(memoryOf(pid).rssMiB, 1), peakRssMiB: round(memoryOf(pid).hwmMiB, 1),
      node: process.version,
    };
    emitJson(result, argValue(argv, '--out'));
  } finally {
    child.kill('SIGTERM');
  }
}

main(process.argv.slice(2)).catch((err) => { process.stderr.write(`Error: ${(err as Error).message}\n`); process.exitCode = 1; });
