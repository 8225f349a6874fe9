/**
 * Stage one (β* counting) at one corpus size, printed as JSON: the machine's parallel
 * capacity (busy-loop calibration, before and after), then stage one over D1 of the scale-up
 * corpus with 1 and 2 worker threads (runs alternate; each count keeps its fastest run):
 * tokens/s, phases, the 1→2-worker speedup and its share of the capacity (target ≥ 0.85).
 * The whole `lexdis train` command is measured separately by bench/run.ts (its own child,
 * for a clean peak RSS).
 *
 * Run: `node dist/bench/train.js --tokens 350000 [--seed 42] [--runs 2] [--features full]`.
 */
import { resolveFeatureSet } from '../features/templates.js';
import { partitionCorpus } from '../training/partition.js';
import { runStageOne, type Stage1Stats } from '../training/stage1.js';
import { argNumber, argValue, calibrate, MB, peakRssBytes, round } from './common.js';
import { generateScaleCorpus, loadScaleSource, type ScaleSource } from './scale.js';

function phases(s: Stage1Stats) {
  return {
    seconds: round(s.seconds), tokensPerSecond: Math.round(s.tokens / s.seconds), encode: round(s.encodeSeconds),
    count: round(s.countSeconds), merge: round(s.mergeSeconds), sideWork: round(s.sideSeconds),
    workerSeconds: s.workerSeconds.map((x) => round(x)), entries: s.entries,
  };
}

async function main(argv: string[]): Promise<void> {
  const tokens = argNumber(argv, '--tokens', 350_000);
  const seed = argNumber(argv, '--seed', 42);
  const runs = Math.max(1, argNumber(argv, '--runs', 2));
  const features = argValue(argv, '--features') ?? 'full';
  const source = (argValue(argv, '--source') ?? 'pud') as ScaleSource;
  const t0 = performance.now();
  const corpus = generateScaleCorpus(loadScaleSource(source, seed), { tokens, seed });
  const { d1 } = partitionCorpus(corpus, { d2Share: 0.1, seed });
  const generateSeconds = (performance.now() - t0) / 1000;
  const templates = resolveFeatureSet(features);
  const before = await calibrate();
  const best = new Map<number, Stage1Stats>();
  for (let r = 0; r < runs; r++)
    for (const workers of [1, 2]) {
      (globalThis as { gc?: () => void }).gc?.();
      const { stats } = await runStageOne(d1, { templates, workers });
      const b = best.get(workers);
      if (!b || stats.seconds < b.seconds) best.set(workers, stats);
    }
  const after = await calibrate();
  const w1 = best.get(1)!;
  const w2 = best.get(2)!;
  const capacity = (before.capacity + after.capacity) / 2;
  const speedup = w1.seconds / w2.seconds;
  const out = {
    kind: 'lexdis-bench-stage1',
    tokens, seed, features, runs, generateSeconds: round(generateSeconds),
    d1: { documents: w1.documents, tokens: w1.tokens, goldTokens: w1.goldTokens },
    calibration: { before, after, capacity: round(capacity) },
    workers1: phases(w1),
    workers2: phases(w2),
    speedup: round(speedup),
    countPhaseSpeedup: round(w1.countSeconds / w2.countSeconds),
    speedupShareOfCapacity: round(speedup / capacity),
    peakRssMB: Math.round(peakRssBytes() / MB),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`Error: ${err.message}\n`);
  process.exitCode = 1;
});
