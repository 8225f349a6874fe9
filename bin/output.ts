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

