/**
 * Progress of long runs, the one place the command line shows it (docs/cli.md, "Progress"):
 * on a terminal a bar (cli-progress), off it one line on stderr every
 * {@link PROGRESS_LINE_SECONDS} seconds (`lexdis tag: read 12.3/45.6 MB (27%), 1m 10s elapsed`),
 * nothing with `--progress none` or `-q`. Library code reports through plain callbacks
 * (stage, done, total); the reporters here adapt them. bin/cli.ts sets the mode of a run
 * ({@link configureProgress}) before its command starts.
 */
import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import { openTextInput, type StreamProgress, type TextInput } from '../src/io/text-stream.js';

/** cli-progress, loaded when a bar is first drawn (never when piped: it costs a one-sentence run some 13 ms). */
let loaded: typeof cliProgressModule | undefined;
function cliProgress(): typeof cliProgressModule {
  return (loaded ??= createRequire(import.meta.url)('cli-progress') as typeof cliProgressModule);
}

/** How progress is shown: auto (a bar on a terminal, else lines), bar, lines or none. */
export const PROGRESS_MODES = ['auto', 'bar', 'lines', 'none'] as const;
export type ProgressMode = (typeof PROGRESS_MODES)[number];

/** Seconds between two progress lines off a terminal. */
export const PROGRESS_LINE_SECONDS = 10;

/** The mode and the name lines start with, for this run. */
const run = { mode: 'auto' as ProgressMode, label: 'lexdis', started: Date.now() };

/** Sets how this run shows progress (`--progress`, `-q`) and the command named in its lines. */
export function configureProgress(mode: ProgressMode, label: string): void {
  run.mode = mode;
  run.label = label;
  run.started = Date.now();
}

/** The mode in effect: auto is a bar when stderr is a terminal (and not under CI), else lines. */
export function progressMode(): 'bar' | 'lines' | 'none' {
  if (run.mode !== 'auto') return run.mode;
  return process.stderr.isTTY && !process.env.CI ? 'bar' : 'lines';
}

/** Whether a bar is drawn (a command prints a line per item only when it is not). */
export function progressEnabled(): boolean {
  return progressMode() === 'bar';
}

/** `75 s` → `1m 15s`. */
export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m ${s % 60}s` : `${Math.floor(m / 60)}h ${m % 60}m`;
}

/** A callback for library code (stage, done, total), with `stop()` to end it. */
export type ProgressCallback = ((stage: string, done: number, total: number | undefined) => void) & { stop(): void };

/** What {@link ProgressLines} needs from its surroundings (tests give their own). */
export interface LineOptions {
  write: (line: string) => void;
  now: () => number;
  intervalMs: number;
  label: string;
  /** Unit after done/total (`MB`), or '' for a count. */
  unit: string;
  started: number;
}

/**
 * Progress as lines: the latest (stage, done, total) printed at most every `intervalMs`, and
 * by a timer at that pace while nothing is reported (the run is alive), never before the first
 * interval: a short run prints nothing.
 */
export class ProgressLines {
  private state: { stage: string; done: number; total: number | undefined } | undefined;
  private last: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: LineOptions) {
    this.last = o.now();
  }

  /** Records the latest figures and prints a line when one is due. */
  update(stage: string, done: number, total: number | undefined): void {
    this.state = { stage, done, total };
    if (!this.timer) {
      this.timer = setInterval(() => this.maybePrint(), this.o.intervalMs);
      this.timer.unref();
    }
    this.maybePrint();
  }

  /** The line for the latest figures. */
  line(): string {
    const s = this.state!;
    const unit = this.o.unit ? ` ${this.o.unit}` : '';
    const amount = s.total === undefined || s.total <= 0
      ? `${s.done}${unit}`
      : `${s.done}/${s.total}${unit} (${Math.min(100, Math.floor((100 * s.done) / s.total))}%)`;
    return `${this.o.label}: ${s.stage} ${amount}, ${formatElapsed(this.o.now() - this.o.started)} elapsed`;
  }

  private maybePrint(): void {
    const now = this.o.now();
    if (!this.state || now - this.last < this.o.intervalMs) return;
    this.last = now;
    this.o.write(this.line());
  }

  /** Ends the timer (no line is printed). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function linesFor(unit: string): ProgressLines {
  return new ProgressLines({
    write: (l) => process.stderr.write(`${l}\n`), now: Date.now, intervalMs: PROGRESS_LINE_SECONDS * 1000,
    label: run.label, unit, started: run.started,
  });
}

/** A bar per stage on stderr: `stage [bar] 42% | 420/1000 | eta`. */
function barCallback(unit: string): ProgressCallback {
  let bar: cliProgressModule.SingleBar | undefined;
  let stage = '';
  const u = unit ? ` ${unit}` : '';
  const cb = ((name: string, done: number, total: number | undefined) => {
    if (name !== stage) {
      bar?.stop();
      stage = name;
      const format = total === undefined
        ? `${name.padEnd(12)} {value}${u} | {duration_formatted}`
        : `${name.padEnd(12)} {bar} {percentage}% | {value}/{total}${u} | {eta_formatted}`;
      bar = new (cliProgress().SingleBar)({ format, stream: process.stderr }, cliProgress().Presets.shades_classic);
      bar.start(total ?? 0, done);
    } else bar?.update(done);
  }) as ProgressCallback;
  cb.stop = () => {
    bar?.stop();
    bar = undefined;
    stage = '';
  };
  return cb;
}

/**
 * A callback for library code that reports (stage, done, total): a bar per stage, lines, or
 * nothing, as the run's mode says. `unit` follows the figures (`MB`).
 */
export function progressCallback(unit = ''): ProgressCallback {
  const mode = progressMode();
  if (mode === 'bar') return barCallback(unit);
  if (mode === 'none') return Object.assign(() => {}, { stop: () => {} });
  const lines = linesFor(unit);
  return Object.assign((stage: string, done: number, total: number | undefined) => lines.update(stage, done, total), {
    stop: () => lines.stop(),
  });
}

/** Progress of a streaming command: the input's megabytes read, of its size when known. */
export function streamProgress(): StreamProgress & { stop(): void } {
  const cb = progressCallback('MB');
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  return Object.assign((bytes: number, total: number | undefined) => cb('read', mb(bytes), total === undefined ? undefined : mb(total)), { stop: () => cb.stop() });
}

/** One event of a cross-validation: `done` of `total` models trained and scored in fold `fold`. */
export interface FoldEvent { fold: number; done: number; total: number; model: string }

/**
 * Progress of a cross-validation: on a terminal one bar for the whole run and one per running
 * fold; as lines, the models done of all (folds × models).
 */
export function foldProgress(folds: number, models: number): { on(e: FoldEvent): void; stop(): void } {
  const doneByFold = new Map<number, number>();
  const fresh = (e: FoldEvent): boolean => {
    if (e.done <= (doneByFold.get(e.fold) ?? 0)) return false;
    doneByFold.set(e.fold, e.done);
    return true;
  };
  const sum = () => [...doneByFold.values()].reduce((a, b) => a + b, 0);
  const mode = progressMode();
  if (mode === 'none') return { on: () => {}, stop: () => {} };
  if (mode === 'lines') {
    const lines = linesFor('');
    return { on: (e) => { if (fresh(e)) lines.update('models trained and scored', sum(), folds * models); }, stop: () => lines.stop() };
  }
  const multi = new (cliProgress().MultiBar)(
    { format: '{name} {bar} {value}/{total} {model}', stream: process.stderr, clearOnComplete: false, hideCursor: true },
    cliProgress().Presets.shades_classic,
  );
  const total = multi.create(folds * models, 0, { name: 'all folds'.padEnd(10), model: '' });
  const bars = new Map<number, cliProgressModule.SingleBar>();
  return {
    on(e) {
      if (!fresh(e)) return;
      let bar = bars.get(e.fold);
      if (!bar && e.done < e.total) bars.set(e.fold, (bar = multi.create(e.total, 0, { name: `fold ${e.fold + 1}`.padEnd(10), model: '' })));
      bar?.update(e.done, { model: e.model });
      if (bar && e.done === e.total) {
        multi.remove(bar);
        bars.delete(e.fold);
      }
      total.update(sum(), { model: '' });
    },
    stop: () => multi.stop(),
  };
}

/**
 * What every streaming command (analyze, tag, diacritize, import-diac) does around its stream:
 * opens the input first (so a missing file is reported before anything slow is loaded), loads
 * what the command needs, streams with progress, and closes the input and the progress whatever
 * happens. Throws what opening, `load` or `stream` throws.
 */
export async function runStreaming<T>(
  file: string | undefined,
  load: () => T | Promise<T>,
  stream: (loaded: T, source: TextInput, progress: StreamProgress) => Promise<void>,
): Promise<void> {
  const source = await openTextInput(file);
  try {
    const loaded = await load();
    const progress = streamProgress();
    try {
      await stream(loaded, source, progress);
    } finally {
      progress.stop();
    }
  } finally {
    await source.close();
  }
}
