/**
 * The streaming commands on big raw text, printed as JSON: the real command (`bin/lexdis tag|
 * diacritize -m MODEL FILE -o OUT`, default options unless `--workers` and `--format` say
 * otherwise) as a child process on seeded texts of several sizes, with its peak RSS, wall and CPU
 * time and words per second. Memory must not grow with the input, with any number of worker
 * threads: the checks compare each size with the smallest one measured in the same run with the
 * same workers (peak ≤ 1.1 × it + 30 MB), each workers setting with `--workers 1` on the same file
 * (peak ≤ 1.5 × it), and words/s with `--min-words-per-second`. Every output is compared with the
 * `--workers 1` output of the same file (SHA-256). With `--baseline DIR` (another lexdis checkout,
 * built) the same files are run by it too, and the ratios to it are reported.
 *
 * The texts: sentences of UD Arabic-PUD (the BAMA reference's pud-sentences.txt) drawn with
 * the seed, one a line, up to each size. Words are counted as white-space-separated items.
 *
 * Run: `node dist/bench/stream.js --model DIR [--command tag|diacritize] [--format text|jsonl]
 *       [--sizes 6,20,60] [--workers auto,1] [--seed 42] [--baseline DIR]
 *       [--min-words-per-second 21000] [--keep DIR] [--help]`.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../bin/data.js';
import { projectRoot } from '../src/config.js';
import { sha256File } from '../src/data/check.js';
import { readTextFile } from '../src/io/files.js';
import { Rng } from '../src/random.js';
import { argNumber, argValue, hasFlag, MB, round, runNode } from './common.js';

const HELP = `Usage: node dist/bench/stream.js --model DIR [options]

Runs the real \`lexdis tag\` or \`diacritize\` (streaming) on seeded raw Arabic texts of several
sizes and prints peak RSS, time and words/s as JSON, with checks against the smallest size and
against one worker thread.

Options:
  --model DIR                   trained model (required)
  --command NAME                tag (default) or diacritize
  --format NAME                 tag's output format: text (default) or jsonl
  --sizes LIST                  text sizes in MB, comma-separated (default 1,6; 6,20,60 for the long run)
  --workers LIST                --workers values run on each size (default auto,1; 1 is always run)
  --seed N                      seed of the sentence draw (default 42)
  --baseline DIR                another lexdis checkout (built) to run on the same files, for ratios
  --min-words-per-second N      words/s the streaming run must reach (default 21000)
  --timeout-s N                 time limit of one run (default 1800)
  --keep DIR                    write the texts and outputs here instead of a temporary folder
  --help                        this text`;

/** Seeded text of at least `bytes` bytes: PUD sentences drawn with replacement, one a line. */
export function seededText(bytes: number, seed: number): string {
  const sentences = readTextFile(dataPaths.referenceSentences()).split('\n').filter((l) => l.trim() !== '');
  const rng = new Rng(seed);
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const s = sentences[rng.int(sentences.length)];
    out.push(s);
    size += Buffer.byteLength(s) + 1;
  }
  return `${out.join('\n')}\n`;
}

interface Run {
  sizeMB: number;
  workers: string;
  bytes: number;
  words: number;
  lexdis: string;
  status: number | null;
  signal: string | null;
  wallSeconds: number;
  cpuSeconds?: number;
  peakRssMB?: number;
  wordsPerSecond: number;
  wordsPerCpuSecond?: number;
  outputBytes?: number;
  /** SHA-256 of the output. */
  output?: string;
  error?: string;
}

interface Setup {
  model: string;
  command: string;
  format: string;
  timeoutMs: number;
}

type Measured = Omit<Run, 'sizeMB' | 'workers' | 'bytes' | 'words' | 'wordsPerSecond' | 'wordsPerCpuSecond'>;

async function runCommand(root: string, setup: Setup, workers: string, file: string, out: string): Promise<Measured> {
  const args = [setup.command, '-m', setup.model, file, '-o', out, '--workers', workers];
  if (setup.command === 'tag') args.push('--format', setup.format);
  const run = await runNode(join(root, 'bin', 'lexdis'), args, { timeoutMs: setup.timeoutMs, measure: true, env: { CI: 'true' } });
  const ok = run.status === 0;
  return {
    lexdis: root,
    status: run.status,
    signal: run.signal,
    wallSeconds: round(run.wallSeconds, 2),
    cpuSeconds: run.cpuSeconds === undefined ? undefined : round(run.cpuSeconds, 2),
    peakRssMB: run.peakRssBytes === undefined ? undefined : round(run.peakRssBytes / MB, 1),
    outputBytes: ok ? statSync(out).size : undefined,
    output: ok ? await sha256File(out) : undefined,
    error: ok ? undefined : (run.timedOut ? 'timed out' : run.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400)),
  };
}

/** The runs of one size: each workers setting, `--workers 1` first. */
async function sizeRuns(
  root: string, setup: Setup, workers: string[], sizeMB: number, dir: string, seed: number, keep: boolean,
): Promise<Run[]> {
  const text = seededText(sizeMB * 1e6, seed);
  const file = join(dir, `text-${sizeMB}mb.txt`);
  writeFileSync(file, text);
  const bytes = Buffer.byteLength(text);
  const words = text.split(/\s+/).filter((w) => w !== '').length;
  const runs: Run[] = [];
  for (const w of workers) {
    const out = join(dir, `out-${sizeMB}mb-${w}.txt`);
    const r = await runCommand(root, setup, w, file, out);
    if (!keep) rmSync(out, { force: true });
    runs.push({
      sizeMB, workers: w, bytes, words, ...r,
      wordsPerSecond: Math.round(words / r.wallSeconds),
      wordsPerCpuSecond: r.cpuSeconds ? Math.round(words / r.cpuSeconds) : undefined,
    });
  }
  return runs;
}

async function main(argv: string[]): Promise<void> {
  if (hasFlag(argv, '--help')) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const model = argValue(argv, '--model');
  if (!model) throw new Error('--model DIR is required (see --help)');
  const setup: Setup = {
    model, command: argValue(argv, '--command') ?? 'tag', format: argValue(argv, '--format') ?? 'text',
    timeoutMs: argNumber(argv, '--timeout-s', 1800) * 1000,
  };
  if (!['tag', 'diacritize'].includes(setup.command)) throw new Error('--command must be tag or diacritize');
  const sizes = (argValue(argv, '--sizes') ?? '1,6').split(',').map(Number).sort((a, b) => a - b);
  if (sizes.some((s) => !(s > 0))) throw new Error('--sizes must be positive numbers of MB');
  const workers = ['1', ...(argValue(argv, '--workers') ?? 'auto,1').split(',').filter((w) => w !== '1')];
  const seed = argNumber(argv, '--seed', 42);
  const baseline = argValue(argv, '--baseline');
  const keep = argValue(argv, '--keep');
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'lexdis-bench-stream-'));
  const runs: Run[] = [];
  const baseRuns: Run[] = [];
  try {
    for (const sizeMB of sizes) {
      runs.push(...(await sizeRuns(projectRoot(), setup, workers, sizeMB, dir, seed, keep !== undefined)));
      if (baseline) baseRuns.push(...(await sizeRuns(baseline, setup, workers, sizeMB, dir, seed, keep !== undefined)));
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  const minRate = argNumber(argv, '--min-words-per-second', 21_000);
  const result = { kind: 'lexdis-bench-stream', ...setup, seed, sizes, workers, runs, baseline: baseline ? baseRuns : undefined };
  process.stdout.write(`${JSON.stringify({ ...result, checks: checks(runs, baseRuns, minRate) }, null, 2)}\n`);
}

/** Peak RSS of the same workers setting: each size against the smallest (≤ 1.1 × it + 30 MB). */
function flatChecks(runs: Run[], workers: string): Record<string, unknown> {
  const mine = runs.filter((r) => r.workers === workers);
  const out: Record<string, unknown> = {};
  for (const r of mine.slice(1)) {
    const small = mine[0];
    if (r.peakRssMB === undefined || small.peakRssMB === undefined) continue;
    const limit = round(1.1 * small.peakRssMB + 30, 1);
    out[`peak${r.sizeMB}MBvs${small.sizeMB}MB`] = { peakRssMB: r.peakRssMB, ratio: round(r.peakRssMB / small.peakRssMB), limitMB: limit, pass: r.peakRssMB <= limit };
  }
  return out;
}

/** The checks, each within this run: memory flat in the input's length, threads against one thread, the same output. */
function checks(runs: Run[], base: Run[], minRate: number): Record<string, unknown> {
  const out: Record<string, unknown> = { allFinished: runs.every((r) => r.status === 0) };
  const one = (r: Run): Run | undefined => runs.find((o) => o.sizeMB === r.sizeMB && o.workers === '1');
  for (const workers of new Set(runs.map((r) => r.workers))) out[`flat(workers ${workers})`] = flatChecks(runs, workers);
  out.vsOneWorker = runs.filter((r) => r.workers !== '1').map((r) => {
    const o = one(r);
    const ratio = r.peakRssMB && o?.peakRssMB ? round(r.peakRssMB / o.peakRssMB) : undefined;
    const pass = ratio !== undefined && ratio <= 1.5;
    return { sizeMB: r.sizeMB, workers: r.workers, peakRssRatio: ratio, pass, sameOutput: r.output === o?.output };
  });
  out.wordsPerSecond = runs.map((r) => ({
    sizeMB: r.sizeMB, workers: r.workers, wordsPerSecond: r.wordsPerSecond, wordsPerCpuSecond: r.wordsPerCpuSecond,
    pass: r.status === 0 && r.wordsPerSecond >= minRate,
  }));
  if (base.length) {
    out.vsBaseline = runs.map((r, i) => ({
      sizeMB: r.sizeMB,
      workers: r.workers,
      peakRssRatio: r.peakRssMB && base[i].peakRssMB ? round(r.peakRssMB / base[i].peakRssMB) : undefined,
      wordsPerCpuSecondRatio:
        r.wordsPerCpuSecond && base[i].wordsPerCpuSecond && base[i].status === 0
          ? round(r.wordsPerCpuSecond / base[i].wordsPerCpuSecond)
          : undefined,
      baselineFinished: base[i].status === 0,
    }));
  }
  return out;
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`bench/stream: ${err.message}\n`);
  process.exit(1);
});
