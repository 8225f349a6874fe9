/** Data goes to stdout (respecting back-pressure; a closed pipe ends quietly); logs go to stderr. */
import { UsageError } from '../src/errors.js';

/** Writes to stdout, waiting when the pipe is full (bin/cli.ts ends quietly on a closed pipe). */
export async function writeOut(chunk: string): Promise<void> {
  if (!process.stdout.write(chunk)) await new Promise<void>((resolve) => process.stdout.once('drain', resolve));
}

/** A line for humans on stderr. */
export function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Parses a numeric option, with a UsageError-style message. */
export function numberOption(name: string, value: string, check: (n: number) => boolean, what: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || !check(n)) throw new UsageError(`${name} must be ${what}, got "${value}"`);
  return n;
}

/** Parses `--workers`: 'auto' or a whole number ≥ 1. */
export function workersOption(value: string): number | 'auto' {
  return value === 'auto' ? 'auto' : numberOption('--workers', value, (n) => Number.isInteger(n) && n >= 1, "a whole number ≥ 1 or 'auto'");
}

/** The help of `--workers`, for the streaming commands (what the work is, in a few words). */
export const WORKERS_HELP =
  'worker threads: a number, or auto (the machine\'s cores when the input is large enough to pay for their start-up, else 1); ' +
  'the input is cut and the output written in the same order either way, so the output is the same';
