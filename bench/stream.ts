/**
 * Streaming `lexdis tag` on big raw text, printed as JSON: the real command (`bin/lexdis tag
 * -m MODEL FILE -o OUT`) as a child process on seeded texts of several sizes, with its peak
 * RSS, wall and CPU time and words per second. Memory must not grow with the input: the
 * checks compare each size with the smallest one measured in the same run (peak ≤ 1.3 × it +
 * 50 MB, and ≤ 400 MB at 6 MB), and words/s with `--min-words-per-second` (the rate before
 * streaming, 21k). With `--baseline DIR` (another lexdis checkout, built) the same files are
 * tagged by it too, and the ratios to it are reported.
 *
 * The texts: sentences of UD Arabic-PUD (the BAMA reference's pud-sentences.txt) drawn with
 * the seed, one a line, up to each size. Words are counted as white-space-separated items.
 *
 * Run: `node dist/bench/stream.js --model DIR [--sizes 1,6,20] [--seed 42] [--baseline DIR]
 *       [--min-words-per-second 21000] [--keep DIR] [--help]`.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../bin/data.js';
import { projectRoot } from '../src/config.js';
import { readTextFile } from '../src/io/files.js';
import { Rng } from '../src/random.js';
import { argNumber, argValue, hasFlag, MB, round, runNode } from './common.js';

const HELP = `Usage: node dist/bench/stream.js --model DIR [options]

Tags seeded raw Arabic texts of several sizes with the real \`lexdis tag\` (streaming) and
prints peak RSS, time and words/s as JSON, with checks against the smallest size.

Options:
  --model DIR                   trained model (required)
  --sizes LIST                  text sizes in MB, comma-separated (default 1,6; add 20 for the long run)
  --seed N                      seed of the sentence draw (default 42)
  --baseline DIR                another lexdis checkout (built) to run on the same files, for ratios
  --min-words-per-second N      words/s the streaming run must reach (default 21000, the rate before streaming)
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
  error?: string;
}

async function tag(root: string, model: string, file: string, out: string, timeoutMs: number): Promise<Omit<Run, 'sizeMB' | 'bytes' | 'words' | 'wordsPerSecond' | 'wordsPerCpuSecond'>> {
  const run = await runNode(join(root, 'bin', 'lexdis'), ['tag', '-m', model, file, '-o', out], {
    nodeArgs: ['--max-semi-space-size=32'], timeoutMs, measure: true, env: { CI: 'true' },
  });
  const ok = run.status === 0;
  return {
    lexdis: root,
    status: run.status,
    signal: run.signal,
    wallSeconds: round(run.wallSeconds, 2),
    cpuSeconds: run.cpuSeconds === undefined ? undefined : round(run.cpuSeconds, 2),
    peakRssMB: run.peakRssBytes === undefined ? undefined : round(run.peakRssBytes / MB, 1),
    outputBytes: ok ? statSync(out).size : undefined,
    error: ok ? undefined : (run.timedOut ? 'timed out' : run.stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 400)),
  };
}

async function main(argv: string[]): Promise<void> {
  if (hasFlag(argv, '--help')) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const model = argValue(argv, '--model');
  if (!model) throw new Error('--model DIR is required (see --help)');
  const sizes = (argValue(argv, '--sizes') ?? '1,6').split(',').map(Number);
  if (sizes.some((s) => !(s > 0))) throw new Error('--sizes must be positive numbers of MB');
  const seed = argNumber(argv, '--seed', 42);
  const minRate = argNumber(argv, '--min-words-per-second', 21_000);
  const timeoutMs = argNumber(argv, '--timeout-s', 1800) * 1000;
  const baseline = argValue(argv, '--baseline');
  const keep = argValue(argv, '--keep');
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'lexdis-bench-stream-'));
  const runs: Run[] = [];
  const baseRuns: Run[] = [];
  try {
    for (const sizeMB of [...sizes].sort((a, b) => a - b)) {
      const text = seededText(sizeMB * 1e6, seed);
      const file = join(dir, `text-${sizeMB}mb.txt`);
      writeFileSync(file, text);
      const bytes = Buffer.byteLength(text);
      const words = text.split(/\s+/).filter((w) => w !== '').length;
      const describe = (r: Awaited<ReturnType<typeof tag>>): Run => ({
        sizeMB, bytes, words, ...r,
        wordsPerSecond: Math.round(words / r.wallSeconds),
        wordsPerCpuSecond: r.cpuSeconds ? Math.round(words / r.cpuSeconds) : undefined,
      });
      runs.push(describe(await tag(projectRoot(), model, file, join(dir, `out-${sizeMB}mb.txt`), timeoutMs)));
      if (baseline) baseRuns.push(describe(await tag(baseline, model, file, join(dir, `base-${sizeMB}mb.txt`), timeoutMs)));
      if (!keep) rmSync(join(dir, `out-${sizeMB}mb.txt`), { force: true });
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify({ kind: 'lexdis-bench-stream', model, seed, sizes, runs, baseline: baseline ? baseRuns : undefined, checks: checks(runs, baseRuns, minRate) }, null, 2)}\n`);
}

/** Targets of issue 15, each against the smallest size measured in the same run. */
function checks(runs: Run[], base: Run[], minRate: number): Record<string, unknown> {
  const small = runs[0];
  const out: Record<string, unknown> = { allFinished: runs.every((r) => r.status === 0) };
  for (const r of runs.slice(1)) {
    if (r.peakRssMB === undefined || small.peakRssMB === undefined) continue;
    const limit = round(1.3 * small.peakRssMB + 50, 1);
    out[`peak${r.sizeMB}MBvs${small.sizeMB}MB`] = { peakRssMB: r.peakRssMB, ratio: round(r.peakRssMB / small.peakRssMB), limitMB: limit, pass: r.peakRssMB <= limit };
    if (r.sizeMB === 6) out.peak6MBUnder400 = { peakRssMB: r.peakRssMB, pass: r.peakRssMB <= 400 };
  }
  out.wordsPerSecond = runs.map((r) => ({
    sizeMB: r.sizeMB,
    wordsPerSecond: r.wordsPerSecond,
    wordsPerCpuSecond: r.wordsPerCpuSecond,
    pass: r.status === 0 && r.wordsPerSecond >= minRate,
  }));
  if (base.length) {
    out.vsBaseline = runs.map((r, i) => ({
      sizeMB: r.sizeMB,
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
