/** `lexdis analyze` as a user runs it (child process on the built CLI, mini tables). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { MINI_DIR } from './fixtures.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const run = (args: string[], input: string | Buffer = '') =>
  spawnSync(process.execPath, [BIN, 'analyze', '--tables', MINI_DIR, ...args], { input, encoding: 'utf8' });

test('stdin in, reference layout out, nothing on stderr', () => {
  const r = run([], 'كتبت .\n');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^\nINPUT STRING: كتبت\nLOOK-UP WORD: ktbt\n {2}SOLUTION 1: \(katabat\) \[katab-u_1\]/);
  assert.match(r.stdout, /INPUT STRING: \.\n {5}Comment: Non-Alphabetic Data\n$/);
});

test('empty input: empty output, exit 0', () => {
  const r = run([]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
});

test('file argument, Buckwalter input, jsonl in Arabic script, Windows-1256 input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-cli-'));
  try {
    const file = join(dir, 'in.txt');
    writeFileSync(file, 'ktbt\n');
    const r = run([file, '--format', 'jsonl', '--script', 'arabic']);
    assert.equal(r.status, 0, r.stderr);
    const obj = JSON.parse(r.stdout.trim().split('\n')[0]);
    assert.deepEqual([obj.input, obj.lookup, obj.solutions[0].voc], ['كتبت', 'كتبت', 'كَتَبَت']);
    writeFileSync(file, Buffer.from([0xdf, 0xca, 0xc8, 0x0a])); // كتب in Windows-1256
    assert.equal(run([file]).status, 1, 'not UTF-8');
    assert.match(run([file, '--encoding', 'windows-1256']).stdout, /LOOK-UP WORD: ktb\n/);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('--backoff: an unknown word gets backoff analyses, marked in both formats; off without it', () => {
  const off = run([], 'وبوتين\n');
  assert.match(off.stdout, /Comment: wbwtyn NOT FOUND\n$/);
  const pos = run(['--backoff'], 'وبوتين\n');
  assert.equal(pos.status, 0, pos.stderr);
  assert.match(pos.stdout, /Comment: wbwtyn NOT FOUND\n {5}Comment: lexdis: backoff analyses \(word not in the lexicon\)\n {2}SOLUTION 1: \([^)]+\) \[wbwtyn_0\] wbwtyn\/NOUN_PROP\n/);
  const json = JSON.parse(run(['--backoff', '--format', 'jsonl'], 'وبوتين\n').stdout);
  assert.deepEqual(json.solutions.map((s: { morph: string; source: string }) => [s.morph, s.source]),
    [['wbwtyn/NOUN_PROP', 'backoff'], ['wa/CONJ+bwtyn/NOUN_PROP', 'backoff']]);
});

test('missing tables and bad options fail with exit 1 and a message', () => {
  const r = spawnSync(process.execPath, [BIN, 'analyze', '--tables', '/nonexistent/tables'], { input: 'x', encoding: 'utf8' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^Error: \/nonexistent\/tables: .*\[DATA_NOT_FOUND\]/);
  assert.notEqual(run(['--format', 'xml']).status, 0);
  const help = spawnSync(process.execPath, [BIN, 'analyze', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--format <format>/);
  assert.match(help.stdout, /--input-script/);
});
