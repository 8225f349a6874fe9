/**
 * Reading a pos file, alone: `loadPosCorpus` (what `lexdis train` calls) timed in this process,
 * printed as JSON: tokens, and per run the wall and CPU seconds and tokens per second of each.
 * With `--digest`, a SHA-1 of every document's JSON, so that two builds can be shown to read
 * the same corpus. The first run is the one `lexdis train` sees (nothing compiled yet).
 *
 * On this VM a figure in seconds may be off by ×4 from one minute to the next (docs/bench.md),
 * so two builds are compared in instructions, each build running its own copy of this script:
 *
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null --smc-check=all-non-file \
 *     node --predictable --hash-seed=1 --random-seed=1 BUILD/dist/bench/read.js FILE --runs 1
 *
 * (the `Collected` line; Node's start-up alone is some 0.6·10⁹ instructions). V8's flags make
 * the count repeat to 0.01 %: without them its compiler threads and hash seeds move one build's
 * count by up to 8 % from run to run. With
 * `--baseline DIR` (another lexdis checkout, built) its loadPosCorpus reads the file in the same
 * process, the two builds taking turns run by run, and the ratio of their median speeds is
 * reported: a minute's speed of the machine then moves both alike.
 *
 * With `--one-thread`, a large file is read on this thread alone (`twoThreads: false`), as a
 * small one always is: without it, loadPosCorpus's default (two threads from 32 MB on, with two cores).
 *
 * Run: `node dist/bench/read.js FILE [--runs 3] [--digest] [--one-thread] [--baseline DIR] [--help]`; a
 * corpus from `node dist/bench/scale.js --tokens N --seed 42 -o FILE`.
 */
import { createHash } from 'node:crypto';
import type { Corpus } from '../src/corpus/types.js';
import { loadPosCorpus } from '../src/formats/pos/pos-stream.js';
import { argNumber, argValue, buildExport, errorLine, exitOnHelp, median, round, wallAndCpuSeconds } from './common.js';

function tokenCount(corpus: Corpus): number {
  let n = 0;
  for (const d of corpus.documents) for (const s of d.sentences) n += s.tokens.length;
  return n;
}

function digest(corpus: Corpus): string {
  const h = createHash('sha1');
  for (const d of corpus.documents) h.update(JSON.stringify(d));
  return h.digest('hex');
}

type Load = (path: string, options: { encoding: 'utf-8'; twoThreads?: boolean | 'auto' }) => Corpus;

interface BuildRuns {
  build: string;
  tokens: number;
  runs: Array<{ wallSeconds: number; cpuSeconds: number; tokensPerWallSecond: number; tokensPerCpuSecond: number }>;
  sha1?: string;
}

/** One timed reading with `load`; the corpus is kept only for the last run's count and digest. */
function timedRead(load: Load, file: string, keep: boolean, twoThreads: boolean | 'auto'): { wall: number; cpu: number; corpus?: Corpus } {
  let corpus: Corpus | undefined;
  const t = wallAndCpuSeconds(() => (corpus = load(file, { encoding: 'utf-8', twoThreads })));
  return { ...t, corpus: keep ? corpus : undefined };
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const withValue = new Set(['--runs', '--baseline']);
  const file = argv.find((a, i) => !a.startsWith('--') && (i === 0 || !withValue.has(argv[i - 1])));
  if (!file) throw new Error('usage: node dist/bench/read.js FILE [--runs 3] [--digest] [--one-thread] [--baseline DIR] [--help]');
  const twoThreads = argv.includes('--one-thread') ? false : 'auto';
  const runs = argNumber(argv, '--runs', 3);
  const baselineDir = argValue(argv, '--baseline');
  const builds: Array<{ build: string; load: Load }> = [{ build: 'this', load: loadPosCorpus }];
  if (baselineDir) {
    builds.push({ build: baselineDir, load: await buildExport<Load>(baselineDir, ['dist/src/formats/pos/pos-stream.js', 'dist/src/formats/pos-stream.js'], 'loadPosCorpus') });
  }
  const out: BuildRuns[] = builds.map((b) => ({ build: b.build, tokens: 0, runs: [] }));
  // the builds take turns, in the other order every other run (the first reading of a process
  // also pays for growing its heap)
  for (let r = 0; r < runs; r++)
    (r % 2 === 0 ? builds : [...builds].reverse()).forEach((b) => {
      const i = builds.indexOf(b);
      const last = r === runs - 1;
      const t = timedRead(b.load, file, last, twoThreads);
      if (t.corpus) {
        out[i].tokens = tokenCount(t.corpus);
        if (argv.includes('--digest')) out[i].sha1 = digest(t.corpus);
      }
      out[i].runs.push({
        wallSeconds: round(t.wall),
        cpuSeconds: round(t.cpu),
        tokensPerWallSecond: 0,
        tokensPerCpuSecond: 0,
      });
    });
  for (const b of out)
    for (const r of b.runs) {
      r.tokensPerWallSecond = Math.round(b.tokens / r.wallSeconds);
      r.tokensPerCpuSecond = Math.round(b.tokens / r.cpuSeconds);
    }
  const speed = (b: BuildRuns) => median(b.runs.map((r) => r.tokensPerWallSecond));
  process.stdout.write(`${JSON.stringify({
    kind: 'lexdis-bench-read', file, oneThread: twoThreads === false, tokens: out[0].tokens, runs: out[0].runs,
    ...(out[0].sha1 ? { sha1: out[0].sha1 } : {}),
    ...(out.length > 1 ? { baseline: out[1], speedRatioToBaseline: round(speed(out[0]) / speed(out[1])) } : {}),
  }, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
