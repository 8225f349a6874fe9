/**
 * The command line's conventions as a new user meets them: an argument error is one line,
 * `Error: … [USAGE]`, exit status 1, no help dump; an unknown option is reported as unknown,
 * even when a required option is missing too; help still works.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');

function lexdis(args: string[]) {
  const r = spawnSync(BIN, args, { input: '', encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** One stderr line `Error: … [USAGE]` matching `what`, exit 1, nothing on stdout. */
function usageError(args: string[], what: RegExp): string {
  const r = lexdis(args);
  assert.equal(r.code, 1, `lexdis ${args.join(' ')}: ${r.err}`);
  assert.equal(r.out, '');
  const lines = r.err.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line expected, got:\n${r.err}`);
  assert.match(lines[0], /^Error: .+ \[USAGE\]$/);
  assert.match(lines[0], what);
  return lines[0];
}

test('tag without --model: one line naming the option and where help is', () => {
  usageError(['tag'], /required option '-m, --model <dir>' not specified \(see 'lexdis tag --help'\)/);
});

test('an invalid choice names the value and the allowed ones', () => {
  usageError(['tag', '-m', 'x', '--format', 'xml'], /argument 'xml' is invalid. Allowed choices are text, jsonl, pos/);
  usageError(['analyze', '--format', 'xml'], /'xml' is invalid/);
});

test('a misspelt option is unknown (with a suggestion), not a missing required one', () => {
  const line = usageError(['tag', '--modle', 'models/pud'], /unknown option '--modle' \(Did you mean --model\?\)/);
  assert.doesNotMatch(line, /required/);
  usageError(['train', 'x.pos', '--outptu', 'm'], /unknown option '--outptu'/);
});

test('missing arguments, too many arguments and unknown commands are usage errors too', () => {
  usageError(['eval'], /missing required argument 'model'/);
  usageError(['tag', 'a.txt', 'b.txt', '-m', 'x'], /too many arguments/);
  usageError(['tga'], /unknown command 'tga'/);
  usageError(['tag', '--top', '0', '-m', 'x'], /--top must be a whole number ≥ 1/);
});

test('help and version still exit 0 on stdout, also next to a bad option', () => {
  for (const args of [['--help'], ['tag', '--help'], ['tag', '--modle', 'x', '--help'], ['help', 'train']]) {
    const r = lexdis(args);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Usage: lexdis/);
  }
  assert.match(lexdis(['--version']).out, /^\d+\.\d+\.\d+/);
});
