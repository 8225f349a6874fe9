/**
 * Long words and many distinct words against the real commands (issue 35), printed as JSON:
 *   - `cli`: `lexdis tag` and `lexdis diacritize` (with -o) on `--words` distinct words of
 *     `--letters` random Arabic letters, one a line (the issue: 3,000 × 4,000), and on UD
 *     Arabic-PUD's raw sentences as the baseline of the same run: exit status, wall seconds,
 *     peak RSS (the child's own VmHWM, bench/common.ts runNode), its ratio to the baseline's,
 *     and what was left beside the output (targets: exit 0, peak RSS ≤ 1 GiB, nothing left);
 *   - `service`: `lexdis serve` (one worker, default limits) sent `--service-words` distinct
 *     words of `--service-letters` letters (the issue: 400 × 20,000), `--batch` texts of one word
 *     a request, top 20; then `--cache-words` distinct words of 20–40 letters (the caches' worst
 *     case: each analysed, with backoff analyses, and kept), 200 a request, top 20. Meanwhile
 *     /healthz is probed every 100 ms on new connections and the server's RSS sampled. Per phase:
 *     requests, statuses, the largest answer against maxResponseBytes and against its own
 *     estimate, /healthz worst and median; the RSS idle, at its peak and at the
 *     end; whether the server still answers (targets: RSS ≤ 1 GiB, every answer within the
 *     budget, /healthz ≤ 0.5 s throughout).
 * Random letters come from `--seed`.
 *
 * Run: `node dist/bench/long-words.js --model DIR [--words 3000] [--letters 4000]
 *   [--service-words 400] [--service-letters 20000] [--batch 5] [--cache-words 20000] [--seed 35]
 *   [--skip-cli] [--skip-service] [--out FILE]`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../bin/data.js';
import { projectRoot } from '../src/config.js';
import { Rng } from '../src/random.js';
import { estimateAnswerBytes, selectFields } from '../src/service/fields.js';
import { defaultServiceOptions } from '../src/service/options.js';
import { argNumber, argValue, emitJson, errorLine, exitOnHelp, hasFlag, MB, median, memoryOf, round, runNode, startServe } from './common.js';

const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويةىأإؤئ';
const LEXDIS = join(projectRoot(), 'bin', 'lexdis');
/** The node options bin/lexdis runs with (its first line). */
const NODE_ARGS = ['--max-semi-space-size=32', '--expose-gc'];

function word(rng: Rng, letters: number): string {
  let w = '';
  for (let i = 0; i < letters; i++) w += LETTERS[rng.int(LETTERS.length)];
  return w;
}

/** One streaming command on `input` with -o: status, seconds, peak RSS, what else is in the output's folder. */
async function runCommand(command: string, model: string, input: string, dir: string) {
  const out = join(dir, `${command}-out.txt`);
  const run = await runNode(LEXDIS, [command, input, '-m', model, '-o', out], { nodeArgs: NODE_ARGS, timeoutMs: 1_800_000, measure: true });
  const left = readdirSync(dir).filter((f) => f.startsWith('.lexdis-'));
  rmSync(out, { force: true });
  return {
    status: run.status,
    signal: run.signal,
    seconds: round(run.wallSeconds, 1),
    peakRssMiB: round((run.peakRssBytes ?? NaN) / MB, 1),
    stderr: run.stderr.trim().split('\n').slice(0, 2).join(' | '),
    leftBesideOutput: left,
  };
}

async function cli(model: string, words: number, letters: number, rng: Rng) {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-long-words-'));
  try {
    const long = join(dir, 'long.txt');
    writeFileSync(long, Array.from({ length: words }, () => word(rng, letters)).join('\n') + '\n');
    const result: Record<string, unknown> = { input: { words, letters, bytes: readFileSync(long).length } };
    for (const command of ['tag', 'diacritize']) {
      const baseline = await runCommand(command, model, dataPaths.referenceSentences(), dir);
      const got = await runCommand(command, model, long, dir);
      result[command] = { baseline, long: got, peakRssRatio: round(got.peakRssMiB / baseline.peakRssMiB, 2) };
    }
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One GET /healthz on a new connection: milliseconds until the whole answer (NaN on an error). */
function probe(url: string): Promise<number> {
  const t = performance.now();
  return new Promise((res) => {
    request(`${url}/healthz`, { agent: false }, (r) => { r.resume(); r.on('end', () => res(r.statusCode === 200 ? performance.now() - t : NaN)); })
      .on('error', () => res(NaN)).end();
  });
}

async function postBatch(url: string, texts: string[]): Promise<{ status: number; bytes: number }> {
  const res = await fetch(`${url}/v1/analyze/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ texts, top: 20 }) });
  return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
}

/** Sends the batches one after another while /healthz is probed; what the phase saw. */
async function phase(url: string, batches: string[][]) {
  const probes: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      probes.push(await probe(url));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const statuses: Record<number, number> = {};
  let largest = 0;
  let overBudget = 0;
  let overEstimate = 0;
  let worstOfEstimate = 0;
  const t0 = performance.now();
  const all = selectFields(undefined);
  for (const texts of batches) {
    const r = await postBatch(url, texts);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const estimate = estimateAnswerBytes(texts, 20, all);
    largest = Math.max(largest, r.bytes);
    if (r.bytes > defaultServiceOptions.maxResponseBytes) overBudget++;
    if (r.status === 200 && r.bytes > estimate) overEstimate++;
    if (r.status === 200) worstOfEstimate = Math.max(worstOfEstimate, r.bytes / estimate);
  }
  probing = false;
  await prober;
  const ok = probes.filter((p) => !Number.isNaN(p));
  return {
    requests: batches.length,
    seconds: round((performance.now() - t0) / 1000, 1),
    statuses,
    largestAnswerBytes: largest,
    maxResponseBytes: defaultServiceOptions.maxResponseBytes,
    answersOverBudget: overBudget,
    answersOverEstimate: overEstimate,
    largestAnswerOfEstimate: round(worstOfEstimate, 3),
    healthz: {
      probes: probes.length,
      failed: probes.length - ok.length,
      maxMs: round(Math.max(...ok), 1),
      medianMs: round(median(ok), 1),
    },
  };
}

async function service(
  model: string,
  o: { words: number; letters: number; batch: number; cacheWords: number },
  rng: Rng,
) {
  const { child, url } = await startServe(model);
  const pid = child.pid!;
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssMiB);
  }, 100);
  try {
    const idleRssMiB = round(memoryOf(pid).rssMiB, 1);
    const long: string[][] = [];
    for (let i = 0; i < o.words; i += o.batch)
      long.push(Array.from({ length: Math.min(o.batch, o.words - i) }, () => word(rng, o.letters)));
    const longWords = await phase(url, long);
    const rssAfterLongMiB = round(memoryOf(pid).rssMiB, 1);
    const many: string[][] = [];
    const text = () => Array.from({ length: 200 }, () => word(rng, 20 + rng.int(21))).join(' ');
    for (let i = 0; i < o.cacheWords; i += 200) many.push([text()]);
    const manyWords = await phase(url, many);
    const stillAnswers =
      (await postBatch(url, ['ذهب الطالب إلى المكتبة.'])).status === 200 && !Number.isNaN(await probe(url));
    return {
      longWords: {
        words: o.words,
        letters: o.letters,
        textsPerRequest: o.batch,
        ...longWords,
        rssAfterMiB: rssAfterLongMiB,
      },
      manyWords: { words: many.length * 200, letters: '20-40', ...manyWords },
      rssMiB: {
        idle: idleRssMiB,
        peak: round(Math.max(peak, memoryOf(pid).hwmMiB), 1),
        end: round(memoryOf(pid).rssMiB, 1),
      },
      stillAnswers,
    };
  } finally {
    clearInterval(sampler);
    child.kill('SIGTERM');
  }
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  if (!model) throw new Error('--model DIR is required (see --help)');
  const rng = new Rng(argNumber(argv, '--seed', 35));
  const result: Record<string, unknown> = { kind: 'lexdis-bench-long-words', model, date: new Date().toISOString() };
  if (!hasFlag(argv, '--skip-cli')) result.cli = await cli(model, argNumber(argv, '--words', 3000), argNumber(argv, '--letters', 4000), rng);
  if (!hasFlag(argv, '--skip-service')) {
    result.service = await service(model, {
      words: argNumber(argv, '--service-words', 400), letters: argNumber(argv, '--service-letters', 20_000),
      batch: argNumber(argv, '--batch', 5), cacheWords: argNumber(argv, '--cache-words', 20_000),
    }, rng);
  }
  emitJson(result, argValue(argv, '--out'));
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
