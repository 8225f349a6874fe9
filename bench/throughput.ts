/**
 * Throughput that uses every core, and a quick first answer, each as a ratio against
 * a baseline measured in the same run, printed as JSON:
 *
 * - start-up: a one-sentence `lexdis diacritize -m MODEL` in a fresh process against a bare
 *   `node -e 0`, taking turns, `--startup-runs` of each (the command run as bin/lexdis runs it,
 *   with its first line's Node flags): the median wall seconds of each and their ratio;
 * - worker threads: `lexdis diacritize --workers 1` and `--workers 2` on a text of `--mb` MB (UD
 *   Arabic-PUD's sentences and WikiNewsMax's undiacritized ones in turn, one a line: built the
 *   same every time), `--rounds` rounds, each measuring the machine's parallel capacity before
 *   and after its two runs (busy loops, bench/common.ts: the mean of the two, since other work
 *   on the machine comes and goes during a run of minutes) and taking the two runs in
 *   alternating order: Arabic words per wall second of each, the speedup and its share of the
 *   capacity, each run's peak RSS and their ratio, and whether the two outputs are the same (SHA-256);
 * - with `--service`: `lexdis serve --workers 2` against `--workers 1` (bench/service.js
 *   `--workers-compare`, 30-word paragraphs, 50 connections): the speedup, its share of the
 *   capacity, and the p99 latency of each.
 *
 * Run: `node dist/bench/throughput.js --model DIR [--mb 20] [--rounds 1] [--startup-runs 10]
 *       [--startup-only] [--service] [--service-rounds 2] [--service-duration 10] [--work DIR] [--out FILE]`
 * (`--work`: where the text and the outputs are written, a temporary folder by default, removed after;
 * `--startup-only`: the start-up alone, a run of seconds).
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { dataPaths } from '../bin/data.js';
import { arabicWordSpans } from '../src/analyzer/tokenize.js';
import { projectRoot } from '../src/config.js';
import { sha256File } from '../src/data/check.js';
import { readWikiNewsTsv } from '../src/eval/diac-eval.js';
import {
  argNumber,
  argValue,
  calibrate,
  childJson,
  emitJson,
  errorLine,
  exitOnHelp,
  hasFlag,
  LEXDIS,
  LEXDIS_NODE_ARGS,
  MB,
  median,
  round,
  runNode,
  STARTUP_SENTENCE,
} from './common.js';

/** The lines the worker-thread text cycles through: PUD's sentences, then WikiNewsMax's undiacritized ones. */
function sourceLines(): string[] {
  const pud = readFileSync(dataPaths.referenceSentences(), 'utf8').split(/\r?\n/).filter((l) => l.trim() !== '');
  const tsv = dataPaths.wikiNewsMax();
  const wiki = readWikiNewsTsv(readFileSync(tsv, 'utf8'), tsv, 'max').map((s) => s.plain ?? '').filter((l) => l.trim() !== '');
  return [...pud, ...wiki];
}

/** A text of at least `bytes` bytes, the source lines in turn; and its Arabic words. */
export function throughputText(bytes: number): { text: string; arabicWords: number } {
  const lines = sourceLines();
  const out: string[] = [];
  let n = 0;
  let words = 0;
  for (let i = 0; n < bytes; i++) {
    const line = lines[i % lines.length];
    out.push(line);
    n += Buffer.byteLength(line) + 1;
    words += arabicWordSpans(line).length;
  }
  return { text: `${out.join('\n')}\n`, arabicWords: words };
}

/** Wall seconds of `node ARGS` (the child's output dropped); throws when it fails. */
function wallOf(args: string[], stdin?: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, { stdio: [stdin === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    if (stdin !== undefined) child.stdin!.end(stdin);
    child.once('error', fail);
    child.once('close', (status) => (status === 0 ? ok((performance.now() - t0) / 1000) : fail(new Error(`node ${args.join(' ')}: exit ${status}: ${err.trim()}`))));
  });
}

/** Start-up: `runs` pairs of a bare Node and a one-sentence diacritize, taking turns. */
async function startUp(model: string, runs: number) {
  const node: number[] = [];
  const diacritize: number[] = [];
  const command = [...LEXDIS_NODE_ARGS, LEXDIS, 'diacritize', '-m', model];
  for (let i = 0; i < runs; i++) {
    node.push(await wallOf(['-e', '0']));
    diacritize.push(await wallOf(command, `${STARTUP_SENTENCE}\n`));
  }
  const n = median(node);
  const d = median(diacritize);
  return {
    sentence: STARTUP_SENTENCE, runs, nodeSeconds: round(n), diacritizeSeconds: round(d), ratio: round(d / n, 2),
    nodeRuns: node.map((x) => round(x)), diacritizeRuns: diacritize.map((x) => round(x)),
  };
}

/** One `lexdis diacritize --workers N` run on the text: wall and CPU seconds, peak RSS, the output's digest. */
async function diacritizeRun(model: string, input: string, output: string, workers: number, words: number) {
  const run = await runNode(LEXDIS, ['diacritize', '-m', model, '--workers', String(workers), input, '-o', output],
    { nodeArgs: LEXDIS_NODE_ARGS, measure: true, timeoutMs: 60 * 60_000 });
  if (run.status !== 0) throw new Error(`lexdis diacritize --workers ${workers}: exit ${run.status ?? run.signal}: ${run.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  const digest = await sha256File(output);
  rmSync(output, { force: true });
  return {
    workers,
    wallSeconds: round(run.wallSeconds),
    cpuSeconds: round(run.cpuSeconds ?? NaN),
    peakRssMB: Math.round((run.peakRssBytes ?? NaN) / MB),
    wordsPerSecond: Math.round(words / run.wallSeconds),
    sha256: digest,
  };
}

/** Worker threads: `rounds` rounds of capacity, then one and two workers in alternating order. */
async function workerThreads(model: string, work: string, mb: number, rounds: number) {
  const { text, arabicWords } = throughputText(mb * 1e6);
  const input = join(work, 'throughput.txt');
  writeFileSync(input, text);
  type DiacritizeRun = Awaited<ReturnType<typeof diacritizeRun>>;
  const perRound: Array<{
    capacity: number;
    capacityBefore: number;
    capacityAfter: number;
    one: DiacritizeRun;
    two: DiacritizeRun;
    speedup: number;
    shareOfCapacity: number;
    peakRssRatio: number;
    sameOutput: boolean;
  }> = [];
  for (let r = 0; r < rounds; r++) {
    const before = await calibrate(2);
    const order = r % 2 === 0 ? [1, 2] : [2, 1];
    const runs: Record<number, DiacritizeRun> = {};
    for (const w of order) runs[w] = await diacritizeRun(model, input, join(work, `out-${w}.txt`), w, arabicWords);
    const after = await calibrate(2);
    const capacity = round((before.capacity + after.capacity) / 2);
    const speedup = runs[1].wallSeconds / runs[2].wallSeconds;
    perRound.push({
      capacity,
      capacityBefore: before.capacity,
      capacityAfter: after.capacity,
      one: runs[1],
      two: runs[2],
      speedup: round(speedup),
      shareOfCapacity: round(speedup / capacity),
      peakRssRatio: round(runs[2].peakRssMB / runs[1].peakRssMB),
      sameOutput: runs[1].sha256 === runs[2].sha256,
    });
  }
  const pick = (f: (x: (typeof perRound)[number]) => number) => round(median(perRound.map(f)));
  return {
    textMB: round(statSync(input).size / 1e6, 1),
    arabicWords,
    rounds: perRound,
    median: {
      capacity: pick((x) => x.capacity),
      speedup: pick((x) => x.speedup),
      shareOfCapacity: pick((x) => x.shareOfCapacity),
      wordsPerSecond1: pick((x) => x.one.wordsPerSecond),
      wordsPerSecond2: pick((x) => x.two.wordsPerSecond),
      peakRssMB1: pick((x) => x.one.peakRssMB),
      peakRssMB2: pick((x) => x.two.peakRssMB),
      peakRssRatio: pick((x) => x.peakRssRatio),
    },
    sameOutput: perRound.every((x) => x.sameOutput),
  };
}

/** The service's two workers against one (bench/service.js --workers-compare). */
async function service(model: string, rounds: number, duration: number) {
  const run = await runNode(join(projectRoot(), 'dist', 'bench', 'service.js'),
    ['--workers-compare', '--model', model, '--connections', '50', '--rounds', String(rounds), '--duration', String(duration)], { timeoutMs: 30 * 60_000 });
  const j = childJson<{ median: Record<string, number>; rounds: Array<{ workers1: { p99Ms: number }; workers2: { p99Ms: number } }>; connections: number; text: { words: number } }>(run, 'bench/service --workers-compare');
  return {
    connections: j.connections,
    words: j.text.words,
    ...Object.fromEntries(Object.entries(j.median).map(([k, v]) => [k, round(v)])),
    p99Ms1: median(j.rounds.map((r) => r.workers1.p99Ms)),
    p99Ms2: median(j.rounds.map((r) => r.workers2.p99Ms)),
  };
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const modelArg = argValue(argv, '--model');
  if (!modelArg) throw new Error('usage: node dist/bench/throughput.js --model DIR [--mb 20] [--rounds 1] [--startup-runs 10] [--startup-only] [--service]');
  const model = resolve(modelArg);
  const given = argValue(argv, '--work');
  const work = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'lexdis-throughput-'));
  try {
    const startup = await startUp(model, argNumber(argv, '--startup-runs', 10));
    if (hasFlag(argv, '--startup-only')) return emitJson({ kind: 'lexdis-bench-throughput', model, startup }, argValue(argv, '--out'));
    const workers = await workerThreads(model, work, argNumber(argv, '--mb', 20), argNumber(argv, '--rounds', 1));
    const serviceResult = hasFlag(argv, '--service')
      ? await service(model, argNumber(argv, '--service-rounds', 2), argNumber(argv, '--service-duration', 10)) : undefined;
    emitJson({ kind: 'lexdis-bench-throughput', model, startup, workers, ...(serviceResult ? { service: serviceResult } : {}) }, argValue(argv, '--out'));
  } finally {
    if (!given) rmSync(work, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
