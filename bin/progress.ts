/**
 * Progress on a TTY (cli-progress on stderr), nothing when piped or under CI.
 * Library code reports through a plain callback; this adapts it.
 */
import cliProgress from 'cli-progress';
import { openTextInput, type StreamProgress, type TextInput } from '../src/text-stream.js';

export interface ProgressReporter {
  start(label: string, total: number): void;
  update(done: number): void;
  stop(): void;
}

export type ProgressCallback = (stage: string, done: number, total: number) => void;

export function progressEnabled(): boolean {
  return Boolean(process.stderr.isTTY) && !process.env.CI;
}

/** A callback for library code that drives one bar per stage. */
export function progressCallback(enabled = progressEnabled()): ProgressCallback & { stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  let stage = '';
  const cb = ((name: string, done: number, total: number) => {
    if (!enabled) return;
    if (name !== stage) {
      bar?.stop();
      stage = name;
      bar = new cliProgress.SingleBar(
        { format: `${name.padEnd(12)} {bar} {percentage}% | {value}/{total} | {eta_formatted}`, stream: process.stderr },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, done);
    } else bar?.update(done);
  }) as ProgressCallback & { stop(): void };
  cb.stop = () => {
    bar?.stop();
    bar = undefined;
    stage = '';
  };
  return cb;
}

/**
 * Progress of a streaming command (input bytes read, of the input's size when known) as a bar
 * in MB on a TTY, nothing otherwise. `stop()` clears it.
 */
export function streamProgress(label: string, enabled = progressEnabled()): ((bytes: number, total: number | undefined) => void) & { stop(): void } {
  let bar: cliProgress.SingleBar | undefined;
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  const cb = ((bytes: number, total: number | undefined) => {
    if (!enabled) return;
    if (!bar) {
      const format = total === undefined
        ? `${label.padEnd(12)} {value} MB read | {duration_formatted}`
        : `${label.padEnd(12)} {bar} {percentage}% | {value}/{total} MB | {eta_formatted}`;
      bar = new cliProgress.SingleBar({ format, stream: process.stderr }, cliProgress.Presets.shades_classic);
      bar.start(total === undefined ? 0 : mb(total), 0);
    }
    bar.update(mb(bytes));
  }) as ((bytes: number, total: number | undefined) => void) & { stop(): void };
  cb.stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return cb;
}

/**
 * What every streaming command (analyze, tag, diacritize) does around its stream: opens the input
 * first (so a missing file is reported before anything slow is loaded), loads what the command
 * needs, streams with a progress bar labelled `label` on a TTY, and closes the input and the bar
 * whatever happens. Throws what opening, `load` or `stream` throws.
 */
export async function runStreaming<T>(
  file: string | undefined,
  label: string,
  load: () => T | Promise<T>,
  stream: (loaded: T, source: TextInput, progress: StreamProgress) => Promise<void>,
): Promise<void> {
  const source = await openTextInput(file);
  try {
    const loaded = await load();
    const progress = streamProgress(label);
    try {
      await stream(loaded, source, progress);
    } finally {
      progress.stop();
    }
  } finally {
    await source.close();
  }
}
