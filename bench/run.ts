/**
 * `npm run bench`: the scale-up benchmark. For each corpus size, each step runs in its own
 * child process (clean peak RSS, nothing shared):
 *   1. bench/scale.js generates the corpus (a pos file) from UD Arabic-PUD's projection;
 *   2. bench/train.js measures stage one with 1 and 2 workers against the busy-loop capacity;
 *   3. the real `lexdis train` command trains on the pos file (peak RSS and CPU recorded by a
 *      preloaded hook, bench/common.ts), with the Node flags of its first line, as users run it,
 *      `--runs` times: the fastest run's figures are kept, with the highest peak RSS;
 *   4. bench/tag.js loads the model and measures ranking, analyzer and tagger speed (raw text:
 *      PUD's first pass, PUD again, and WikiNewsMax's text after it when the data has it);
 *   5. at one size (`--throughput-size`, the smallest by default), bench/throughput.js: a
 *      one-sentence `lexdis diacritize` against a bare `node -e 0`, `--workers 2` against one
 *      worker on a text of `--throughput-mb` MB (speedup, share of the busy-loop capacity, peak
 *      RSS, the same output), and the service's two workers against one (p99 at 50 connections).
 * Prints everything as JSON on stdout and writes bench/out/results.json, summary.md and
 * scale.svg. Targets are checked; with --profile a step that misses one is run again under
 * `node --cpu-prof` and its top frames are reported.
 *
 * The run starts by timing the busy loop of bench/common.ts (calibration.oneMs: the machine's
 * speed at that moment, shared with other work or not), so two runs can be compared.
 *
 * Options: --sizes 35000,350000,1000000  --quick (35k and 350k, one run, fewer tagged tokens)
 *          --seed 42  --runs 2 (of stage one and of lexdis train)  --out bench/out
 *          --profile  --keep (keep corpora and models)
 *          --budget-min 60 (sizes not started within the budget are skipped)
 *          --throughput-size N (the size whose model bench/throughput.js measures; 0: none)
 *          --throughput-mb 20 (the worker threads' text)  --no-service (throughput without the service)
 *          --report-only bench/out/results.json (only rewrite summary.md and scale.svg from it)
 *          --compare docs/bench/results.json (after the run, print each figure against that
 *            snapshot as a ratio calibrated by both runs' busy loops, on stderr; bench/compare.ts)
 *          --with bench/out/results.json (with --compare: compare that result, run nothing)
 *          --help
 * The committed snapshot and what its figures say: docs/bench.md.
 */
/* oxlint-disable max-lines -- one bench: its steps, their child processes and the judging of their targets */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { dataPaths } from '../bin/data.js';
import { projectRoot } from '../src/config.js';
import { writeFileAtomic } from '../src/io/files.js';
import type { TrainSummary } from '../training/train-summary.js';
import {
  argNumber,
  argValue,
  calibrate,
  childJson,
  type ChildRun,
  errorLine,
  exitOnHelp,
  hasFlag,
  LEXDIS,
  LEXDIS_NODE_ARGS,
  MB,
  round,
  runNode,
  summarizeProfile,
} from './common.js';
import { compareResults, compareTable } from './compare.js';
import { resultPanels, scaleSvg, summaryMarkdown } from './report.js';
import { targets, type Row } from './targets.js';

const root = projectRoot();
const dist = (p: string) => join(root, 'dist', 'bench', p);
const MIN = 60_000;


interface Settings {
  sizes: number[];
  seed: number;
  runs: number;
  tagTokens: number;
  out: string;
  profile: boolean;
  keep: boolean;
  budgetMs: number;
  throughputSize: number;
  throughputMb: number;
  service: boolean;
}

function settings(argv: string[]): Settings {
  const quick = hasFlag(argv, '--quick');
  const sizes = (argValue(argv, '--sizes') ?? (quick ? '35000,350000' : '35000,350000,1000000'))
    .split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 2000)) throw new Error('--sizes must be whole numbers ≥ 2000, comma-separated');
  return {
    sizes, seed: argNumber(argv, '--seed', 42), runs: argNumber(argv, '--runs', quick ? 1 : 2),
    tagTokens: argNumber(argv, '--tag-tokens', quick ? 30_000 : 100_000), out: resolve(argValue(argv, '--out') ?? join(root, 'bench', 'out')),
    profile: hasFlag(argv, '--profile'), keep: hasFlag(argv, '--keep'), budgetMs: argNumber(argv, '--budget-min', 60) * MIN,
    throughputSize: argNumber(argv, '--throughput-size', Math.min(...sizes)), throughputMb: argNumber(argv, '--throughput-mb', quick ? 5 : 20),
    service: !hasFlag(argv, '--no-service'),
  };
}

const log = (s: string) => process.stderr.write(`[bench] ${s}\n`);

/** Runs a step; its failure is recorded on the row instead of ending the benchmark. */
async function step<T>(row: Row, what: string, fn: () => Promise<T>): Promise<T | null> {
  const t = performance.now();
  try {
    const v = await fn();
    log(`${row.tokens} ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return v;
  } catch (err) {
    const msg = `${what}: ${(err as Error).message}`;
    log(`${row.tokens} FAILED ${msg}`);
    row.errors.push(msg);
    return null;
  }
}

function trainArgs(file: string, model: string, s: Settings): string[] {
  return ['train', file, '-o', model, '--workers', '2', '--seed', String(s.seed), '--format', 'json'];
}

function trainRow(run: ChildRun): NonNullable<Row['train']> {
  const j = childJson<
    Pick<TrainSummary, 'seconds' | 'd2' | 'betaKeys' | 'tokens' | 'candidatesPerToken' | 'd2Accuracy' | 'solver'> & {
      model: { bytes: number; saveMs: number };
      wallSeconds: number;
      read?: { seconds: number; cpuSeconds: number };
    }
  >(run, 'lexdis train');
  return {
    wallSeconds: round(run.wallSeconds),
    peakRssMB: Math.round((run.peakRssBytes ?? NaN) / MB),
    cpuSeconds: round(run.cpuSeconds ?? NaN),
    trainAndSaveSeconds: round(j.wallSeconds),
    readCorpusAndStartSeconds: round(run.wallSeconds - j.wallSeconds),
    // a lower bound of the reading speed: the time includes Node's start-up
    readTokensPerSecond: Math.round(j.tokens / (run.wallSeconds - j.wallSeconds)),
    // the reading itself (loadCorpus, timed by the command): wall and CPU
    ...(j.read
      ? {
          readCorpusSeconds: round(j.read.seconds),
          readCorpusCpuSeconds: round(j.read.cpuSeconds),
          readCorpusTokensPerSecond: Math.round(j.tokens / j.read.seconds),
          readCorpusCpuTokensPerSecond: Math.round(j.tokens / j.read.cpuSeconds),
        }
      : {}),
    stage1Seconds: round(j.seconds.stage1),
    rowsSeconds: round(j.seconds.rows),
    thetaSeconds: round(j.seconds.theta),
    evaluateSeconds: round(j.seconds.evaluate),
    sequenceSeconds: round(j.seconds.sequence),
    recountSeconds: round(j.seconds.recount),
    trainSeconds: round(j.seconds.total),
    rows: j.d2.rows,
    rowsPerSecond: Math.round(j.d2.rows / j.seconds.rows),
    thetaRowsPerSecond: Math.round(j.d2.rows / j.seconds.theta),
    d2TokensUsed: j.d2.usedTokens,
    betaKeys: j.betaKeys,
    modelBytes: j.model.bytes,
    saveSeconds: round(j.model.saveMs / 1000),
    candidatesPerToken: round(j.candidatesPerToken),
    d2Accuracy: j.d2Accuracy,
    solver: j.solver,
  };
}

/**
 * `lexdis train` on the pos file `--runs` times (the same seed, so the same model): the fastest
 * run's figures, with every run's wall time (`wallSecondsRuns`) and the highest peak RSS of
 * them all. The best of several is what a noisy machine lets one compare across sizes (the
 * 1M / 350k ratio): its speed drifts by tens of percent from one minute to the next.
 */
async function bestTrainRun(file: string, model: string, s: Settings): Promise<NonNullable<Row['train']>> {
  const runs: NonNullable<Row['train']>[] = [];
  for (let i = 0; i < Math.max(1, s.runs); i++)
    runs.push(
      trainRow(
        await runNode(LEXDIS, trainArgs(file, model, s), {
          timeoutMs: 30 * MIN,
          measure: true,
          nodeArgs: LEXDIS_NODE_ARGS,
        }),
      ),
    );
  const best = runs.reduce((a, b) => (b.wallSeconds < a.wallSeconds ? b : a));
  return {
    ...best,
    peakRssMB: Math.max(...runs.map((r) => r.peakRssMB)),
    wallSecondsRuns: runs.map((r) => r.wallSeconds),
  };
}

/** Runs a step again under --cpu-prof and summarises the profiles it wrote (main thread and workers). */
async function profiled(dir: string, script: string, args: string[], nodeArgs: string[] = []): Promise<unknown> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const run = await runNode(script, args, { nodeArgs: [...nodeArgs, '--cpu-prof', `--cpu-prof-dir=${dir}`], timeoutMs: 30 * MIN });
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const profiles = files.map((f) => ({ file: join(dir, f), ...summarizeProfile(join(dir, f), 12, root) }));
  profiles.sort((a, b) => b.totalMs - a.totalMs);
  // the main thread and the busiest worker threads (calibration loops write short profiles too)
  return {
    status: run.status,
    wallSeconds: round(run.wallSeconds),
    profiles: profiles.slice(0, 6),
    files: files.length,
  };
}

async function measureSize(n: number, s: Settings): Promise<Row> {
  const row: Row = { tokens: n, errors: [] };
  const file = join(s.out, `scale-${n}.pos`);
  const model = join(s.out, 'models', `scale-${n}`);
  mkdirSync(join(s.out, 'models'), { recursive: true });
  row.corpus = await step(row, 'generate', async () => {
    const j = childJson<{
      bytes: number;
      seconds: unknown;
      renamedTokenShare: number;
      generated: Record<string, never>;
    }>(
      await runNode(dist('scale.js'), ['--tokens', String(n), '--seed', String(s.seed), '-o', file], {
        timeoutMs: 10 * MIN,
      }),
      'scale',
    );
    const g = j.generated as unknown as {
      documents: number;
      tokens: number;
      wordTypes: number;
      lemmaTypes: number;
      candidates: { mean: number };
      docTokens: { mean: number };
    };
    return {
      file,
      bytes: j.bytes,
      seconds: j.seconds,
      documents: g.documents,
      tokens: g.tokens,
      wordTypes: g.wordTypes,
      lemmaTypes: g.lemmaTypes,
      candidatesPerToken: round(g.candidates.mean),
      docTokensMean: round(g.docTokens.mean),
      renamedTokenShare: round(j.renamedTokenShare),
    };
  });
  row.stage1 = await step(row, 'stage one', async () =>
    childJson(await runNode(dist('train.js'), ['--tokens', String(n), '--seed', String(s.seed), '--runs', String(s.runs)],
      { timeoutMs: 30 * MIN, nodeArgs: ['--expose-gc'] }), 'bench/train'));
  if (row.corpus) {
    row.train = await step(row, 'lexdis train', () => bestTrainRun(file, model, s));
    if (row.train) {
      row.tag = await step(row, 'tag', async () => {
        const run = await runNode(dist('tag.js'), tagArgs(model, n, s), { timeoutMs: 20 * MIN });
        return childJson(run, 'bench/tag');
      });
      if (n === s.throughputSize) row.throughput = await step(row, 'throughput', async () => childJson(await runNode(dist('throughput.js'), throughputArgs(model, s),
        { timeoutMs: 90 * MIN }), 'bench/throughput'));
    }
  }
  if (s.profile) await profileMisses(row, s, file, model);
  if (!s.keep) {
    rmSync(file, { force: true });
    rmSync(model, { recursive: true, force: true });
    rmSync(`${model}-memory`, { recursive: true, force: true });
  }
  return row;
}

/**
 * bench/tag.js's arguments for the model of an n-token corpus: with WikiNewsMax's text as the
 * new text (what a warmed-up tagger does on words it has not met) when the data has it.
 */
function tagArgs(model: string, n: number, s: Settings): string[] {
  const args = ['--model', model, '--tokens', String(Math.min(n, s.tagTokens)), '--seed', String(s.seed + 1)];
  const wikiNews = dataPaths.wikiNewsMax();
  return existsSync(wikiNews) ? [...args, '--new-text', wikiNews] : args;
}

/** bench/throughput.js's arguments for a model. */
function throughputArgs(model: string, s: Settings): string[] {
  return ['--model', model, '--mb', String(s.throughputMb), ...(s.service ? ['--service'] : [])];
}

/** Under --profile: the steps whose target this size missed, profiled. */
async function profileMisses(row: Row, s: Settings, file: string, model: string): Promise<void> {
  const misses = targets([row]).filter((t) => t.met === false);
  const prof: Record<string, unknown> = {};
  const dir = (what: string) => join(s.out, 'prof', `${what}-${row.tokens}`);
  for (const t of misses) {
    if (t.step === 'train' && !prof.train) prof.train = await step(row, 'profile train', () => profiled(dir('train'), LEXDIS, trainArgs(file, model, s), LEXDIS_NODE_ARGS));
    if (t.step === 'train' && t.name.startsWith('peak RSS') && !prof.trainMemory)
      prof.trainMemory = await step(row, 'train memory by phase', async () => childJson(await runNode(dist('train.js'),
        ['--memory', file, '--model', `${model}-memory`, '--seed', String(s.seed)], { timeoutMs: 30 * MIN, nodeArgs: ['--expose-gc'] }), 'bench/train --memory'));
    if (t.step === 'stage1' && !prof.stage1)
      prof.stage1 = await step(row, 'profile stage one', () => profiled(dir('stage1'), dist('train.js'), ['--tokens', String(row.tokens), '--seed', String(s.seed), '--runs', '1']));
    if (t.step === 'tag' && !prof.tag)
      prof.tag = await step(row, 'profile tag', () => profiled(dir('tag'), dist('tag.js'), tagArgs(model, row.tokens, s)));
  }
  if (Object.keys(prof).length > 0) row.profiles = prof;
}

/** Writes summary.md and scale.svg beside a results.json. */
function writeReports(out: string, result: { settings: { seed: number }; sizes: Row[] }): void {
  writeFileAtomic(join(out, 'summary.md'), summaryMarkdown(result));
  writeFileAtomic(join(out, 'scale.svg'), scaleSvg(`lexdis scale-up benchmark, seed ${result.settings.seed}`, resultPanels(result.sizes), result.sizes.map((r) => r.tokens)));
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const from = argValue(argv, '--report-only');
  if (from) {
    writeReports(dirname(resolve(from)), JSON.parse(readFileSync(from, 'utf8')));
    return;
  }
  const snapshotFile = argValue(argv, '--compare');
  const snapshot = snapshotFile ? JSON.parse(readFileSync(snapshotFile, 'utf8')) : null;
  const done = argValue(argv, '--with');
  if (snapshot && done) {
    const now = JSON.parse(readFileSync(done, 'utf8'));
    process.stdout.write(compareTable(snapshot, now, compareResults(snapshot, now)));
    return;
  }
  const s = settings(argv);
  mkdirSync(s.out, { recursive: true });
  const t0 = performance.now();
  const cal = await calibrate();
  log(`busy loop ${cal.oneMs} ms alone, capacity ${cal.capacity}`);
  const machine = {
    node: process.version,
    cpus: availableParallelism(),
    memoryMB: Math.round(totalmem() / MB),
    loadAverageStart: loadavg().map((x) => round(x, 2)),
  };
  const rows: Row[] = [];
  for (const n of s.sizes) {
    if (performance.now() - t0 > s.budgetMs) {
      log(`${n}: skipped (budget of ${s.budgetMs / MIN} min used)`);
      rows.push({ tokens: n, errors: ['skipped: time budget used'] });
      continue;
    }
    rows.push(await measureSize(n, s));
  }
  const result = {
    kind: 'lexdis-bench-scale-run',
    command: `node dist/bench/run.js ${argv.join(' ')}`.trim(),
    settings: { ...s, out: s.out },
    machine: { ...machine, loadAverageEnd: loadavg().map((x) => round(x, 2)) },
    calibration: cal,
    seconds: round((performance.now() - t0) / 1000, 1),
    sizes: rows,
    targets: targets(rows),
  };
  writeFileAtomic(join(s.out, 'results.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeReports(s.out, result);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  if (snapshot) process.stderr.write(compareTable(snapshot, result, compareResults(snapshot, result)));
  if (rows.some((r) => r.errors.length > 0)) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
