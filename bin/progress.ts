/**
 * Progress on a TTY (cli-progress on stderr), nothing when piped or under CI.
 * Library code reports through a plain callback; this adapts it.
 */
import cliProgress from 'cli-progress';

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
