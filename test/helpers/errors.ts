/** Shared assertion for readers: a malformed input fails with an InputParseError naming file and line. */
import assert from 'node:assert/strict';
import { InputParseError, ModelFormatError } from '../../src/errors.js';

export function expectParseError(fn: () => unknown, file: string, line: number, pattern: RegExp, label = ''): void {
  const at = label ? `${label}: ` : '';
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof InputParseError, `${at}InputParseError expected, got ${String(err)}`);
    assert.equal(err.file, file, label);
    assert.equal(err.line, line, `${at}${err.message}`);
    assert.match(err.message, pattern, label);
    return true;
  }, label || undefined);
}

/** A rejection check: a ModelFormatError naming `dir` whose message matches `pattern`. */
export const modelFormatError = (dir: string, pattern: RegExp) => (e: unknown): boolean => {
  assert.ok(e instanceof ModelFormatError, String(e));
  assert.equal(e.file, dir);
  assert.match(e.message, pattern);
  return true;
};
