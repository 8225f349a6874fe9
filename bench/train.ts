/**
 * Stage one (β* counting) at one corpus size, printed as JSON. Each run measures the machine's
 * parallel capacity (busy-loop calibration: one loop alone vs two at once in worker threads),
 * then stage one over D1 of the scale-up corpus with 1 and then 2 worker threads; the run's
 * speedup divided by the capacity just measured is its share (target ≥ 0.85; the headline is
 * the median over runs — the load of a shared machine drifts). Phases are from each count's
 * fastest run. The worker counts are forced (minTokensPerWorker 0): lexdis itself uses fewer
 * threads when D1 has fewer than DEFAULT_MIN_TOKENS_PER_WORKER tokens per thread (training/stage1.ts),
 * and no more than the cores beside its main thread; `lexdis.threads` says how many it starts at this size on
 * this machine (`oneThread`: --workers 2 counts as --workers 1).
 * The whole `lexdis train` command is measured separately by bench/run.ts (its own child,
 * for a clean peak RSS).
 *
 * Run: `node dist/bench/train.js --tokens 350000 [--seed 42] [--runs 2] [--features full]`.
 *
 * With `--memory FILE.pos`: where the memory of a whole training goes instead — the corpus read
 * as `lexdis train` reads it, then train() (`--workers N`, default lexdis's own) and the model saved to `--model DIR`,
 * with RSS, V8 heap and external (typed array) memory at each phase, as JSON (train() reports
 * the stage-one phases as they run, rows, θ and evaluate when they are done).
 */
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolveFeatureSet, type Template } from '../features/templates.js';
import type { Corpus } from '../src/corpus/types.js';
import { dataPaths } from '../bin/data.js';
import { loadCorpus } from '../src/import/load.js';
import { requireGold } from '../src/formats/pos/pos.js';
import { defaultTrainOptions, train } from '../training/train.js';
import { partitionCorpus } from '../training/partition.js';
import { DEFAULT_MIN_TOKENS_PER_WORKER, runStageOne, stageOneThreads, type Stage1Stats } from '../training/stage1.js';
import { argNumber, argValue, calibrate, errorLine, exitOnHelp, MB, median, peakRssBytes, round } from './common.js';
import { generateScaleCorpus, loadScaleSource, type ScaleSource } from './scale.js';

function phases(s: Stage1Stats) {
  return {
    seconds: round(s.seconds), tokensPerSecond: Math.round(s.tokens / s.seconds), encode: round(s.encodeSeconds),
    count: round(s.countSeconds), merge: round(s.mergeSeconds), sideWork: round(s.sideSeconds),
    workerSeconds: s.workerSeconds.map((x) => round(x)), entries: s.entries, threads: s.workers,
  };
}

/** Memory after each phase of reading a corpus and training on it (see the module comment). */
async function memoryPhases(file: string, dir: string, seed: number, workers: number): Promise<void> {
  const phases: Record<string, unknown>[] = [];
  const t0 = performance.now();
  const snap = (phase: string) => {
    const m = process.memoryUsage();
    const p = {
      phase,
      seconds: round((performance.now() - t0) / 1000, 1),
      rssMB: Math.round(m.rss / MB),
      heapMB: Math.round(m.heapUsed / MB),
      externalMB: Math.round(m.external / MB),
      peakRssMB: Math.round(peakRssBytes() / MB),
    };
    phases.push(p);
    process.stderr.write(`[bench/train --memory] ${JSON.stringify(p)}\n`);
  };
  snap('start');
  const corpus = requireGold(loadCorpus([file], { tables: dataPaths.bama() }));
  snap('corpus read');
  (globalThis as { gc?: () => void }).gc?.();
  snap('corpus read, after GC');
  let last = '';
  const { model } = await train(corpus, {
    workers, seed, onProgress: (stage) => {
      if (stage !== last) snap(`first progress of ${stage}`);
      last = stage;
    },
  });
  snap('trained');
  rmSync(dir, { recursive: true, force: true });
  await model.save(dir);
  snap('saved');
  process.stdout.write(`${JSON.stringify({ kind: 'lexdis-bench-train-memory', file, phases }, null, 2)}\n`);
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const memory = argValue(argv, '--memory');
  if (memory) {
    const workers = argNumber(argv, '--workers', defaultTrainOptions.workers);
    return memoryPhases(memory, argValue(argv, '--model') ?? `${memory}.model`, argNumber(argv, '--seed', 42), workers);
  }
  const tokens = argNumber(argv, '--tokens', 350_000);
  const seed = argNumber(argv, '--seed', 42);
  const runs = Math.max(1, argNumber(argv, '--runs', 2));
  const features = argValue(argv, '--features') ?? 'full';
  const source = (argValue(argv, '--source') ?? 'pud') as ScaleSource;
  const t0 = performance.now();
  const corpus = generateScaleCorpus(loadScaleSource(source, seed), { tokens, seed });
  const { d1 } = partitionCorpus(corpus, { d2Share: 0.1, seed });
  const generateSeconds = (performance.now() - t0) / 1000;
  const { best, perRun, calibrations } = await stageOneRuns(d1, resolveFeatureSet(features), runs);
  const w1 = best.get(1)!;
  const w2 = best.get(2)!;
  const out = {
    kind: 'lexdis-bench-stage1',
    tokens, seed, features, runs, generateSeconds: round(generateSeconds),
    d1: { documents: w1.documents, tokens: w1.tokens, goldTokens: w1.goldTokens },
    calibration: { runs: calibrations, capacity: round(median(perRun.map((p) => p.capacity))) },
    workers1: phases(w1),
    workers2: phases(w2),
    perRun,
    speedup: round(w1.seconds / w2.seconds),
    countPhaseSpeedup: round(w1.countSeconds / w2.countSeconds),
    speedupShareOfCapacity: round(median(perRun.map((p) => p.share))),
    // what `lexdis train --workers 1|2` starts at this size on this machine: below the threshold, or
    // with no core beside the main thread for a second counter, it counts in one thread
    lexdis: {
      minTokensPerWorker: DEFAULT_MIN_TOKENS_PER_WORKER,
      cores: availableParallelism(),
      threads: { workers1: stageOneThreads(1, w1.tokens), workers2: stageOneThreads(2, w1.tokens) },
      oneThread: stageOneThreads(2, w1.tokens) < 2,
    },
    peakRssMB: Math.round(peakRssBytes() / MB),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

/** One run's figures: the capacity measured before it, its seconds with 1 and 2 workers, the speedup and its share. */
interface RunFigures {
  capacity: number;
  seconds1: number;
  seconds2: number;
  speedup: number;
  share: number;
}

/**
 * Takes D1, the templates and the number of runs; each run measures the machine's capacity now, then
 * stage one with 1 and 2 workers (the share is judged per run). Gives each worker count's fastest run,
 * the runs' figures and the calibrations.
 */
async function stageOneRuns(d1: Corpus, templates: Template[], runs: number) {
  const best = new Map<number, Stage1Stats>();
  const perRun: RunFigures[] = [];
  const calibrations = [];
  for (let r = 0; r < runs; r++) {
    const cal = await calibrate();
    calibrations.push(cal);
    const secs: number[] = [];
    for (const workers of [1, 2]) {
      (globalThis as { gc?: () => void }).gc?.();
      // minTokensPerWorker 0: the threads asked for, even where lexdis would count in-thread
      const { stats } = await runStageOne(d1, { templates, workers, minTokensPerWorker: 0 });
      secs.push(stats.seconds);
      const b = best.get(workers);
      if (!b || stats.seconds < b.seconds) best.set(workers, stats);
    }
    const speedup = secs[0] / secs[1];
    perRun.push({
      capacity: cal.capacity,
      seconds1: round(secs[0]),
      seconds2: round(secs[1]),
      speedup: round(speedup),
      share: round(speedup / cal.capacity),
    });
  }
  return { best, perRun, calibrations };
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
