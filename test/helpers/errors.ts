/** Shared assertion for readers: a malformed input fails with an InputParseError naming file and line. */
import assert from 'node:assert/strict';
import { InputParseError } from '../../src/errors.js';

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
