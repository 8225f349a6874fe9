/**
 * src/io/files.ts: decoding hints (UTF-16 is not taken for Windows-1256) and the output-folder rule
 * shared by every command.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputParseError, OutputError } from '../../src/errors.js';
import { assertParentFolder, decodeText, makeFolders } from '../../src/io/files.js';
import { encodeCp1256, encodeUtf16 } from '../reliability/inputs.js';

const TEXT = 'كتبت الطالبة الدرس\nذهب الولد\n';

function refusal(bytes: Uint8Array, encoding: 'utf-8' | 'windows-1256' = 'utf-8'): InputParseError {
  try {
    decodeText(bytes, 'in.txt', encoding);
  } catch (err) {
    assert.ok(err instanceof InputParseError);
    return err;
  }
  assert.fail('decoded without an error');
}

test('UTF-16 with a byte-order mark gets its own hint, in either byte order and whatever --encoding says', () => {
  const le = refusal(encodeUtf16(TEXT));
  assert.match(le.message, /UTF-16LE text/);
  assert.doesNotMatch(le.message, /use --encoding windows-1256/);
  assert.equal(le.line, 1);
  const be = Buffer.from(encodeUtf16(TEXT)).swap16();
  assert.match(refusal(be).message, /UTF-16BE text/);
  assert.match(refusal(encodeUtf16(TEXT), 'windows-1256').message, /UTF-16LE/);
});

test('UTF-16 without a byte-order mark is recognised by its NUL bytes', () => {
  assert.match(refusal(Buffer.from('ktbt AlTAlbp Aldrs\n', 'utf16le')).message, /UTF-16LE/);
});

test('Windows-1256 bytes read as UTF-8 still get the Windows-1256 hint, and decode with it', () => {
  const cp = encodeCp1256(TEXT);
  assert.match(refusal(cp).message, /use --encoding windows-1256/);
  assert.equal(decodeText(cp, 'in.txt', 'windows-1256'), TEXT);
  assert.equal(decodeText(Buffer.from(`\ufeff${TEXT}`), 'in.txt'), TEXT);
});

test('an output may be created, its folder never: a missing or file folder is an OutputError naming it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-io-'));
  try {
    assertParentFolder(join(dir, 'new-output'));
    assert.throws(() => assertParentFolder(join(dir, 'missing', 'out')), (e: unknown) => e instanceof OutputError && e.file === join(dir, 'missing') && /does not exist/.test(e.message));
    writeFileSync(join(dir, 'f'), '');
    assert.throws(() => assertParentFolder(join(dir, 'f', 'out')), (e: unknown) => e instanceof OutputError && /not a directory/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a makeable folder (a model train writes) may be missing; a file in its way is an OutputError naming the file; makeFolders makes it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-io-'));
  try {
    const deep = join(dir, 'models', 'mine', 'model');
    assertParentFolder(deep, { makeable: true });
    assert.ok(!existsSync(join(dir, 'models')), 'checking makes nothing');
    writeFileSync(join(dir, 'f'), '');
    assert.throws(() => assertParentFolder(join(dir, 'f', 'a', 'model'), { makeable: true }),
      (e: unknown) => e instanceof OutputError && e.file === join(dir, 'f') && /not a directory/.test(e.message));
    assert.equal(makeFolders(join(dir, 'models', 'mine')), join(dir, 'models', 'mine'));
    assertParentFolder(deep);
    assert.throws(() => makeFolders(join(dir, 'f', 'a')), (e: unknown) => e instanceof OutputError && e.file === join(dir, 'f', 'a'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
