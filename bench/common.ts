/**
 * Helpers shared by the scale benchmarks (bench/run.ts, train.ts, tag.ts, scale.ts):
 * argument parsing, rounding, peak memory, the machine's parallel capacity (busy-loop
 * calibration) and a summary of a V8 CPU profile.
 *
 * Imported with `node --import …/bench/common.js` and `LEXDIS_BENCH_RSS_FILE` set, this
 * module also records the process's peak RSS into that file when the process exits: that
 * is how bench/run.ts measures the real `lexdis train` command without changing it.
 * It therefore depends on node built-ins only.
 */
/* oxlint-disable max-lines -- what every bench shares, one module: the child's memory hook imports it */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread } from 'node:worker_threads';
import { projectRoot } from '../src/config.js';
import { LexdisError } from '../src/errors.js';

/**
 * Starts `lexdis serve -m MODEL --port 0 --quiet --workers N`; resolves with the process and its URL
 * once every worker listens, rejects with its stderr if it exits first.
 */
export function startServe(model: string, workers = 1): Promise<{ child: ChildProcess; url: string }> {
  const args = [join(projectRoot(), 'bin', 'lexdis'), 'serve', '-m', model, '--port', '0', '--quiet', '--workers', String(workers)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  return new Promise((res, rej) => {
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /serving (http:\/\/\S+)/.exec(err);
      if (m) res({ child, url: m[1] });
    });
    child.once('exit', (code) => rej(new Error(`lexdis serve --workers ${workers} exited ${code}: ${err.trim()}`)));
  });
}

/** The lexdis command of this checkout. */
export const LEXDIS = join(projectRoot(), 'bin', 'lexdis');

/**
 * The Node flags of a script's first line (`#!/usr/bin/env -S node FLAGS`): users run the
 * command with them, so a bench that starts it with `node` passes them too.
 */
export function shebangNodeArgs(script: string): string[] {
  const first = readFileSync(script, 'utf8').split('\n', 1)[0];
  const m = /^#!.*\bnode\b(.*)$/.exec(first);
  return m ? m[1].trim().split(/\s+/).filter((a) => a !== '') : [];
}

/** The sentence a start-up is timed on (bench/throughput.ts): a news sentence of seven words. */
export const STARTUP_SENTENCE = 'أعلن الرئيس الجديد أنه سيزور المدينة غدا.';

/** The Node flags bin/lexdis runs with (its first line). */
export const LEXDIS_NODE_ARGS = shebangNodeArgs(LEXDIS);

/**
 * Prints a bench result as JSON on stdout and, when `out` is given, writes the same JSON there (its
 * folder created).
 */
export function emitJson(result: unknown, out: string | undefined): void {
  const json = JSON.stringify(result, null, 2);
  process.stdout.write(`${json}\n`);
  if (out) {
    mkdirSync(dirname(resolve(out)), { recursive: true });
    writeFileSync(resolve(out), `${json}\n`);
  }
}

/** Value of `--name v` in argv, or undefined. */
export function argValue(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : undefined;
}

/** A numeric `--name v` option (default when absent); throws on a value that is not a number. */
export function argNumber(argv: readonly string[], name: string, dflt: number): number {
  const v = argValue(argv, name);
  if (v === undefined) return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
}

export const hasFlag = (argv: readonly string[], name: string): boolean => argv.includes(name);

/**
 * The usage of a bench script: the leading doc comment of the module at `moduleUrl` (its
 * compiled file keeps it), without the comment markers.
 */
export function moduleUsage(moduleUrl: string): string {
  const src = readFileSync(fileURLToPath(moduleUrl), 'utf8');
  const m = /^\s*\/\*\*([\s\S]*?)\*\//.exec(src);
  if (!m) return '';
  return `${m[1].split('\n').map((l) => l.replace(/^\s*\* ?/, '')).join('\n').trim()}\n`;
}

/**
 * Every bench script calls this first: with `--help` or `-h` in argv it prints the script's
 * usage (its module comment, see moduleUsage) on stdout and ends the process with status 0.
 */
export function exitOnHelp(argv: readonly string[], moduleUrl: string): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  process.stdout.write(moduleUsage(moduleUrl));
  process.exit(0);
}

/** Rounds to `digits` decimals (a number, for JSON). */
export const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Peak resident set size of this process in bytes: VmHWM from /proc/self/status (Linux),
 * else process.resourceUsage().maxRSS.
 */
export function peakRssBytes(): number {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

export const MB = 2 ** 20;

/** Resident set size now and its high-water mark of process `pid`, in MiB, from /proc. */
export function memoryOf(pid: number): { rssMiB: number; hwmMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMiB: kb('VmRSS') / 1024, hwmMiB: kb('VmHWM') / 1024 };
}

/** Wall-clock seconds of an async function. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; seconds: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - t) / 1000 };
}

const BUSY = `
const { parentPort, workerData } = require('node:worker_threads');
const t = performance.now();
let x = 0;
for (let i = 0; i < workerData; i++) x = (x + Math.imul(i, 2654435761)) ^ (x >>> 3);
parentPort.postMessage({ ms: performance.now() - t, x });`;

/** Runs n busy loops of `iterations` at once in worker threads; wall ms until the last ends. */
function busy(n: number, iterations: number): Promise<number> {
  const t = performance.now();
  return Promise.all(
    Array.from({ length: n }, () => new Promise<void>((resolve, reject) => {
      const w = new Worker(BUSY, { eval: true, workerData: iterations });
      w.once('message', () => resolve());
      w.once('error', reject);
    })),
  ).then(() => performance.now() - t);
}

export interface Calibration {
  /** Wall ms of one busy loop alone, and of two at once (fastest of `rounds`). */
  oneMs: number;
  twoMs: number;
  /** Throughput of two loops relative to one: 2 on two free cores, 1 when they share one. */
  capacity: number;
  /** The capacity of each round (their spread shows how steady the machine was). */
  rounds: number[];
}

/**
 * The machine's own parallel capacity, measured now: one busy loop in a worker thread
 * alone, then two at once, `rounds` times (each loop about `targetMs` long).
 */
export async function calibrate(rounds = 3, targetMs = 400): Promise<Calibration> {
  let iterations = 2e7;
  for (;;) {
    const ms = await busy(1, iterations);
    if (ms >= targetMs) break;
    iterations = Math.ceil(iterations * Math.min(8, (1.2 * targetMs) / Math.max(ms, 1)));
  }
  const one: number[] = [];
  const two: number[] = [];
  const caps: number[] = [];
  for (let k = 0; k < rounds; k++) {
    const a = await busy(1, iterations);
    const b = await busy(2, iterations);
    one.push(a);
    two.push(b);
    caps.push(round((2 * a) / b));
  }
  const oneMs = Math.min(...one);
  const twoMs = Math.min(...two);
  return { oneMs: Math.round(oneMs), twoMs: Math.round(twoMs), capacity: round((2 * oneMs) / twoMs), rounds: caps };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface ProfileFrame {
  function: string;
  where: string;
  selfMs: number;
  selfShare: number;
}

/**
 * The top frames by self time of a V8 `.cpuprofile` (as written by `node --cpu-prof`):
 * function, file:line (relative to `root` when under it), self ms and share of all samples.
 */
export function summarizeProfile(file: string, top = 12, root = ''): { totalMs: number; frames: ProfileFrame[] } {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[]; samples: number[]; timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const dt = (prof.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const n = byId.get(id);
    if (!n) return;
    const f = n.callFrame;
    let url = f.url.replace(/^file:\/\//, '');
    if (root && url.startsWith(root)) url = url.slice(root.length).replace(/^\//, '');
    const key = `${f.functionName || '(anonymous)'}\t${url ? `${url}:${f.lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const frames = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => {
      const [fn, where] = k.split('\t');
      return { function: fn, where, selfMs: Math.round(ms), selfShare: round(ms / total) };
    });
  return { totalMs: Math.round(total), frames };
}

export interface ChildRun {
  /** Exit status (null when killed), the signal, and whether the time limit killed it. */
  status: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  wallSeconds: number;
  /** From the preloaded hook (when `measure` was set): peak RSS and CPU seconds of the child. */
  peakRssBytes?: number;
  cpuSeconds?: number;
}

/**
 * Runs `node [nodeArgs] script args` as a child process with a time limit. With `measure`,
 * this module is preloaded into the child to record its peak RSS and CPU time at exit.
 */
export function runNode(
  script: string,
  args: readonly string[],
  options: { nodeArgs?: string[]; timeoutMs: number; measure?: boolean; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<ChildRun> {
  const rssFile = join(tmpdir(), `lexdis-bench-rss-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}.json`);
  const nodeArgs = [...(options.nodeArgs ?? [])];
  if (options.measure) nodeArgs.unshift(`--import=${import.meta.url}`);
  const env = { ...process.env, ...options.env };
  if (options.measure) env.LEXDIS_BENCH_RSS_FILE = rssFile;
  else delete env.LEXDIS_BENCH_RSS_FILE;
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script, ...args], { env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      const run: ChildRun = {
        status, signal, timedOut, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'),
        wallSeconds: (performance.now() - t0) / 1000,
      };
      if (options.measure && existsSync(rssFile)) {
        const m = JSON.parse(readFileSync(rssFile, 'utf8')) as { peakRssBytes: number; cpu: { user: number; system: number } };
        run.peakRssBytes = m.peakRssBytes;
        run.cpuSeconds = (m.cpu.user + m.cpu.system) / 1e6;
        rmSync(rssFile, { force: true });
      }
      resolve(run);
    });
  });
}

/** The JSON a child printed on stdout; an Error naming the child's failure otherwise. */
export function childJson<T>(run: ChildRun, what: string): T {
  if (run.timedOut) throw new Error(`${what}: timed out after ${run.wallSeconds.toFixed(0)} s`);
  if (run.status !== 0) throw new Error(`${what}: exit ${run.status ?? run.signal}: ${run.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`${what}: no JSON on stdout (${run.stdout.slice(0, 200)})`);
  }
}

// When preloaded with --import and LEXDIS_BENCH_RSS_FILE set: write the peak RSS at exit.
const rssFile = process.env.LEXDIS_BENCH_RSS_FILE;
if (rssFile && isMainThread) {
  process.once('exit', () => {
    try {
      writeFileSync(rssFile, JSON.stringify({ peakRssBytes: peakRssBytes(), cpu: process.cpuUsage() }));
    } catch {
      // the measurement is lost, the command's own exit status is kept
    }
  });
}

/**
 * Wall seconds and CPU seconds (user + system) of one run of `fn`: on a shared machine the CPU time
 * is the fairer measure.
 */
export function wallAndCpuSeconds(fn: () => unknown): { wall: number; cpu: number } {
  const t = performance.now();
  const c = process.cpuUsage();
  fn();
  const d = process.cpuUsage(c);
  return { wall: (performance.now() - t) / 1000, cpu: (d.user + d.system) / 1e6 };
}

/**
 * The line a bench command prints for an error that ends it: `file:line: message` for lexdis's own
 * errors (as the CLI prints them), the message otherwise.
 */
export function errorLine(err: unknown): string {
  return `Error: ${err instanceof LexdisError ? err.describe() : err instanceof Error ? err.message : String(err)}`;
}
