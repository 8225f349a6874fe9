/**
 * Analyzer speed on UD Arabic-PUD's 1,000 sentences, printed as JSON:
 * - table load time (first load in this process, and the median of later loads);
 * - analysis throughput (tokens/s, load excluded): cold cache in a fresh analyzer (the first
 *   pass of a run, as `lexdis analyze` does it), cold cache with a warmed-up JIT, warm cache
 *   (every form cached), no cache at all, and analysis plus printing in the pos layout;
 * - end to end: wall time of `./bin/lexdis analyze pud-sentences.txt > /dev/null` as a child
 *   process (Node start-up, load, analysis, output), median of several runs, with its CPU time
 *   (user + system, all threads; steadier than wall time on a shared machine) and the load average;
 * - ratios against the reference program, which takes 1.5 s wall for the 17,958 tokens;
 * - the first word the lexicon lacks, in a fresh analyzer with the options tagging uses
 *   (backoff and case endings): its analysis time (the name-vowel model is built then) and,
 *   with `node --expose-gc`, the heap it leaves behind (null without).
 *
 * Run: `npx tsc -p . && node --expose-gc dist/bench/analyzer.js [--runs N]`.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Analyzer } from '../src/analyzer/engine-node.js';
import { formatAnalyses } from '../src/analyzer/print.js';
import { projectRoot } from '../src/config.js';
import { dataPaths } from '../bin/data.js';
import { readTextFile } from '../src/io/files.js';
import { exitOnHelp } from './common.js';

exitOnHelp(process.argv.slice(2), import.meta.url);

const REFERENCE_TOKENS = 17_958;
const REFERENCE_WALL_S = 1.5;
const REFERENCE_TPS = REFERENCE_TOKENS / REFERENCE_WALL_S;

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 5) : 5;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number, digits = 1): number => Number(x.toFixed(digits));
/** CPU ms (user + system) of this process's waited-for children, from /proc (Linux); null elsewhere. */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // after "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at indices 13 and 14
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

const time = (fn: () => void): number => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};

/** Wall and CPU ms of child runs; the first failure's message instead, if one fails. */
interface ChildRuns {
  walls: number[];
  cpus: number[];
  error?: string;
}

/** Wall and CPU ms of RUNS runs of `node ARGS > /dev/null`; the first failure's message instead, if one fails. */
function spawnTimes(args: string[]): ChildRuns {
  const walls: number[] = [];
  const cpus: number[] = [];
  const devnull = openSync('/dev/null', 'w');
  try {
    for (let i = 0; i < RUNS; i++) {
      const cpu0 = childrenCpuMs();
      const t = performance.now();
      const r = spawnSync(process.execPath, args, { stdio: ['ignore', devnull, 'pipe'], cwd: projectRoot() });
      if (r.status !== 0) return { walls, cpus, error: String(r.stderr).trim().split('\n')[0] };
      walls.push(performance.now() - t);
      const cpu1 = childrenCpuMs();
      if (cpu0 !== null && cpu1 !== null) cpus.push(cpu1 - cpu0);
    }
  } finally {
    closeSync(devnull);
  }
  return { walls, cpus };
}

/**
 * The first backoff analysis of a fresh analyzer with backoff and case endings: ms, and MB of heap
 * kept (null without --expose-gc).
 */
function firstUnknownWord(dir: string): { ms: number; heapKeptMB: number | null } {
  const gc = (globalThis as { gc?: () => void }).gc;
  const analyzer = Analyzer.load(dir, { backoff: true, caseEndings: true });
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const ms = time(() => analyzer.analyzeWord('kwlbrynjzwf'));
  if (!gc) return { ms: round(ms), heapKeptMB: null };
  gc();
  return { ms: round(ms), heapKeptMB: round((process.memoryUsage().heapUsed - before) / 2 ** 20) };
}

function main(): void {
  const dir = dataPaths.bama();
  const unknown = firstUnknownWord(dir);
  const file = dataPaths.referenceSentences();
  const text = readTextFile(file);
  const m = inProcessRuns(dir, text);
  const { analyzer, tokens, coldFirstMs, cold, warm } = m;
  const { full, only } = endToEndRuns(file);
  const tps = (ms: number): number => Math.round(tokens / (ms / 1000));
  console.log(JSON.stringify({
    input: file,
    tables: dir,
    runs: RUNS,
    tokens,
    distinctLookupForms: m.forms,
    load: { firstMs: round(m.firstLoadMs), medianMs: round(median(m.loads)), ...analyzer.stats, loadMs: undefined },
    analysis: {
      coldCacheFirstPass: { ms: round(coldFirstMs), tokensPerSec: tps(coldFirstMs) },
      coldCacheWarmJit: { ms: round(median(cold)), tokensPerSec: tps(median(cold)) },
      warmCache: { ms: round(median(warm)), tokensPerSec: tps(median(warm)) },
      noCache: { ms: round(median(m.noCache)), tokensPerSec: tps(median(m.noCache)) },
      warmCacheWithPosPrinting: { ms: round(median(m.printed)), tokensPerSec: tps(median(m.printed)) },
    },
    firstUnknownWord: { note: 'backoff and case endings on, fresh analyzer: the name-vowel model is built on this word', ...unknown },
    endToEnd: {
      lexdis: { command: 'bin/lexdis analyze pud-sentences.txt --format pos --no-backoff --no-case-endings > /dev/null', ...childSummary(full, tokens) },
      analyzeCommandOnly: {
        note: 'the same run from a program that registers only the analyze command (no other commands\' imports)',
        ...childSummary(only, tokens),
      },
      loadAverage1m: round(loadavg()[0], 2),
    },
    reference: { tokens: REFERENCE_TOKENS, wallS: REFERENCE_WALL_S, tokensPerSec: Math.round(REFERENCE_TPS) },
    speedup: {
      analysisColdFirstPass: round(tps(coldFirstMs) / REFERENCE_TPS, 2),
      analysisColdWarmJit: round(tps(median(cold)) / REFERENCE_TPS, 2),
      analysisWarmCache: round(tps(median(warm)) / REFERENCE_TPS, 2),
    },
  }, null, 2));
}

/**
 * Takes the tables' folder and the text; gives the in-process timings (ms): the first load and the
 * first, cold pass, later loads, then RUNS rounds of cold, warm and printed passes, and passes without
 * a cache; with the analyzer, its token count and the look-up forms the first pass cached.
 */
function inProcessRuns(dir: string, text: string) {
  let analyzer!: Analyzer;
  const firstLoadMs = time(() => { analyzer = Analyzer.load(dir); });
  let tokens = 0;
  const coldFirstMs = time(() => { tokens = analyzer.analyzeText(text).reduce((n, l) => n + l.length, 0); });
  const forms = analyzer.cachedForms;

  const loads: number[] = [];
  for (let i = 0; i < Math.min(RUNS, 3); i++) loads.push(time(() => Analyzer.load(dir)));

  const cold: number[] = [];
  const warm: number[] = [];
  const printed: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    analyzer.clearCache();
    cold.push(time(() => analyzer.analyzeText(text)));
    warm.push(time(() => analyzer.analyzeText(text)));
    printed.push(time(() => formatAnalyses(analyzer.analyzeText(text).flat())));
  }
  const noCacheAnalyzer = Analyzer.load(dir, { cacheSize: 0 });
  const noCache: number[] = [];
  for (let i = 0; i < RUNS; i++) noCache.push(time(() => noCacheAnalyzer.analyzeText(text)));
  return { analyzer, tokens, forms, firstLoadMs, coldFirstMs, loads, cold, warm, printed, noCache };
}

/**
 * Takes the sentence file; gives RUNS child runs of `lexdis analyze` on it in the reference program's
 * output (`full`), and of the same command from a program that registers only `analyze` (`only`).
 */
function endToEndRuns(file: string): { full: ChildRuns; only: ChildRuns } {
  // the reference program's output, as AraMorph.pl prints it (the figures it is compared with)
  const reference = ['--format', 'pos', '--no-backoff', '--no-case-endings'];
  const lexdis = [join(projectRoot(), 'bin', 'lexdis'), 'analyze', file, ...reference];
  // the same command with only `analyze` registered: what the analyzer costs without other commands' imports
  const analyzeOnly = ['--input-type=module', '-e', [
    `import { Command } from 'commander';`,
    `import { register } from ${JSON.stringify(join(projectRoot(), 'dist', 'bin', 'commands', 'analyze.js'))};`,
    `const p = new Command('lexdis'); register(p); await p.parseAsync(['node', 'lexdis', 'analyze', ${JSON.stringify(file)}, ${reference.map((a) => JSON.stringify(a)).join(', ')}]);`,
  ].join('\n')];
  const full = spawnTimes(lexdis);
  const only = spawnTimes(analyzeOnly);
  return { full, only };
}

/** Takes child runs and the token count; gives their median wall, tokens/s, median CPU and speed-ups (or the error). */
function childSummary(runs: ChildRuns, tokens: number) {
  if (runs.error !== undefined) return { error: runs.error };
  const wallMs = median(runs.walls);
  const cpuMs = runs.cpus.length ? median(runs.cpus) : null;
  return {
    wallMs: round(wallMs),
    tokensPerSec: Math.round(tokens / (wallMs / 1000)),
    cpuMs: cpuMs === null ? null : round(cpuMs),
    speedupWall: round((REFERENCE_WALL_S * 1000) / wallMs, 2),
    speedupCpu: cpuMs === null ? null : round((REFERENCE_WALL_S * 1000) / cpuMs, 2),
  };
}

main();
