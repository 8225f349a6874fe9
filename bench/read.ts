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
 *     node BUILD/dist/bench/read.js FILE --runs 1
 *
 * (the `Collected` line; Node's start-up alone is some 0.6·10⁹ instructions).
 *
 * Run: `node dist/bench/read.js FILE [--runs 3] [--digest] [--help]`; a corpus from
 * `node dist/bench/scale.js --tokens N --seed 42 -o FILE`.
 */
import { createHash } from 'node:crypto';
import type { Corpus } from '../src/corpus/types.js';
import { loadPosCorpus } from '../src/formats/pos-stream.js';
import { argNumber, exitOnHelp, round, wallAndCpuSeconds } from './common.js';

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

function main(argv: string[]): void {
  exitOnHelp(argv, import.meta.url);
  const file = argv.find((a, i) => !a.startsWith('--') && (i === 0 || argv[i - 1] !== '--runs'));
  if (!file) throw new Error('usage: node dist/bench/read.js FILE [--runs 3] [--digest] [--help]');
  const runs = argNumber(argv, '--runs', 3);
  let corpus: Corpus | undefined;
  const timed = Array.from({ length: runs }, () => {
    corpus = undefined;
    const t = wallAndCpuSeconds(() => (corpus = loadPosCorpus(file, { encoding: 'utf-8' })));
    return t;
  });
  const tokens = corpus ? tokenCount(corpus) : 0;
  const out = {
    kind: 'lexdis-bench-read',
    file,
    tokens,
    runs: timed.map((t) => ({
      wallSeconds: round(t.wall), cpuSeconds: round(t.cpu),
      tokensPerWallSecond: Math.round(tokens / t.wall), tokensPerCpuSecond: Math.round(tokens / t.cpu),
    })),
    ...(argv.includes('--digest') && corpus ? { sha1: digest(corpus) } : {}),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`Error: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
