import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../src/config.js';
import { readTextFile, splitLines } from '../../../src/io/files.js';
import { forEachLine, loadPosCorpus, loadPosFile, posToCorpus } from '../../../src/formats/pos/pos.js';
import { expectParseError } from '../../helpers/errors.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'formats');

function lines(file: string, encoding: 'utf-8' | 'windows-1256', chunk: number): string[] {
  const out: string[] = [];
  forEachLine(file, encoding, (l) => out.push(l), chunk);
  return out;
}

test('forEachLine gives the lines of the whole text at any chunk size (CRLF, multi-byte letters, BOM, no final newline)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-lines-'));
  try {
    const file = join(dir, 'a.txt');
    writeFileSync(file, '\ufeffكتب\r\nkatab\n\nمع ب\r\nlast');
    for (const chunk of [1, 2, 3, 5, 64]) assert.deepEqual(lines(file, 'utf-8', chunk), ['كتب', 'katab', '', 'مع ب', 'last'], `chunk ${chunk}`);
    writeFileSync(file, 'a\nb\n');
    assert.deepEqual(lines(file, 'utf-8', 1), ['a', 'b']);
    const cp = join(FIX, 'bama-cp1256.pos');
    assert.deepEqual(lines(cp, 'windows-1256', 7), splitLines(readTextFile(cp, 'windows-1256')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('loadPosCorpus streams to the same corpus as posToCorpus(loadPosFile) for every fixture, at any chunk size', () => {
  for (const name of ['gold.pos', 'bama.pos', 'lenient.pos']) {
    const file = join(FIX, name);
    const whole = posToCorpus(loadPosFile(file));
    for (const chunkBytes of [3, 100, 1 << 20]) assert.deepEqual(loadPosCorpus(file, { chunkBytes }), whole, `${name} chunk ${chunkBytes}`);
  }
  const cp = join(FIX, 'bama-cp1256.pos');
  assert.deepEqual(loadPosCorpus(cp, { encoding: 'windows-1256', chunkBytes: 11 }), posToCorpus(loadPosFile(cp, { encoding: 'windows-1256' })));
});

test('loadPosCorpus: malformed files fail on the same line as the whole-file reader', () => {
  const dir = join(FIX, 'bad-pos');
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    let expected: { line?: number; message: string } | undefined;
    try {
      posToCorpus(loadPosFile(file));
    } catch (err) {
      expected = err as { line?: number; message: string };
    }
    assert.ok(expected, `${name} is malformed`);
    assert.throws(() => loadPosCorpus(file, { chunkBytes: 5 }), (err: { line?: number; message: string }) => {
      assert.equal(err.message, expected!.message, name);
      assert.equal(err.line, expected!.line, name);
      return true;
    });
  }
});

test('loadPosCorpus: invalid UTF-8 is an InputParseError on its line; a missing file names the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-lines-'));
  try {
    const file = join(dir, 'bad.pos');
    writeFileSync(file, Buffer.concat([Buffer.from('INPUT STRING: a\nLOOK-UP WORD: '), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]));
    for (const chunkBytes of [4, 1 << 20]) expectParseError(() => loadPosCorpus(file, { chunkBytes }), file, 2, /not valid UTF-8/, `chunk ${chunkBytes}`);
    assert.throws(() => loadPosCorpus(join(dir, 'missing.pos')), /cannot read file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
