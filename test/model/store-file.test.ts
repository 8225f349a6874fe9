/**
 * Format version 2, the single model file (src/model/store-file.ts): round trips through a
 * model directory and a bare file, the one-line errors for a truncated, extended, corrupt,
 * other-version or foreign file, and reading that writes nothing.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ModelFormatError, ModelVersionError, OutputError } from '../../src/errors.js';
import { MODEL_FILE, type ModelParts, readModel, readModelHeader, writeModel, writeModelFile } from '../../src/model/store.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-store-file-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (label: string) => join(root, `${label}-${counter++}`);

function parts(): ModelParts {
  const big = new Float64Array(2_500_000).map((_, i) => i * 0.5); // 20 MB: two 16 MiB chunks
  return {
    header: { seed: 3, note: 'ع' },
    json: { theta: [1, 2, 3], 'vocab/lemma': ['kitAb', 'مكتب'] },
    binary: { big, small: new Int32Array([-1, 7]), u8: new Uint8Array([1, 2, 3]) },
  };
}

/** Name → [size, mtime, bytes] of every file in `dir`. */
function snapshot(dir: string): Record<string, [number, number, string]> {
  const out: Record<string, [number, number, string]> = {};
  for (const f of readdirSync(dir).sort()) {
    const st = statSync(join(dir, f));
    out[f] = [st.size, st.mtimeMs, readFileSync(join(dir, f)).toString('base64')];
  }
  return out;
}

test('a model directory holds one model file and a marker; reading it writes nothing', async () => {
  const dir = fresh('dir');
  const p = parts();
  await writeModel(dir, p);
  assert.deepEqual(readdirSync(dir).sort(), ['LEXDIS-MODEL', MODEL_FILE]);
  const before = snapshot(dir);
  const parent = readdirSync(join(dir, '..')).sort();
  const m = await readModel(dir);
  assert.equal(m.header.formatVersion, 2);
  assert.deepEqual(m.json, p.json);
  assert.deepEqual(m.binary.small, p.binary.small);
  assert.deepEqual(m.binary.big, p.binary.big);
  assert.equal(m.binary.big.buffer.byteLength, m.binary.big.byteLength, 'each array has its own buffer');
  assert.equal(m.bytesOnDisk, statSync(join(dir, MODEL_FILE)).size + statSync(join(dir, 'LEXDIS-MODEL')).size);
  assert.equal((await readModelHeader(dir)).seed, 3);
  assert.deepEqual(snapshot(dir), before, 'the model files are byte for byte unchanged, mtimes too');
  assert.deepEqual(readdirSync(join(dir, '..')).sort(), parent, 'nothing created beside the model');
});

test('writeModelFile writes a bare model file that loads like the directory', async () => {
  const file = `${fresh('bare')}.lexdis`;
  const w = writeModelFile(file, parts());
  assert.equal(w.bytes, statSync(file).size);
  const m = await readModel(file);
  assert.deepEqual(m.json.theta, [1, 2, 3]);
  assert.equal(m.header.note, 'ع');
  writeModelFile(file, { header: { seed: 4 }, json: {}, binary: {} });
  assert.equal((await readModelHeader(file)).seed, 4, 'an existing model file is replaced');
  const other = fresh('notes');
  writeFileSync(other, 'my notes');
  assert.throws(() => writeModelFile(other, parts()), (e: unknown) => e instanceof OutputError && /not a single-file lexdis model/.test(e.message));
  assert.equal(readFileSync(other, 'utf8'), 'my notes');
  assert.throws(() => writeModelFile(join(root, 'no', 'such.lexdis'), parts()), OutputError);
});

/** A model file with `change` applied to its bytes; returns its path. */
function damaged(change: (b: Buffer) => Buffer): string {
  const file = `${fresh('damaged')}.lexdis`;
  writeModelFile(file, parts());
  writeFileSync(file, change(readFileSync(file)));
  return file;
}

const rejects = async (file: string, type: typeof ModelFormatError, pattern: RegExp, named = file) => {
  for (const read of [readModel, readModelHeader]) {
    await assert.rejects(read(file), (e: unknown) => {
      assert.ok(e instanceof type, String(e));
      assert.equal((e as ModelFormatError).file, named);
      assert.match((e as Error).message, pattern);
      assert.doesNotMatch((e as Error).message, /\n/);
      return true;
    });
  }
};

test('a truncated file is MODEL_FORMAT wherever it is cut', async () => {
  const size = statSync((() => { const f = `${fresh('size')}.lexdis`; writeModelFile(f, parts()); return f; })()).size;
  for (const at of [0, 10, 20, 40, 200, Math.floor(size / 2), size - 1]) {
    await rejects(damaged((b) => b.subarray(0, at)), ModelFormatError, /not a lexdis model|truncated/);
  }
});

test('other versions, foreign files and corrupt bytes give the one-line errors', async () => {
  await rejects(damaged((b) => { b.writeUInt32LE(4, 16); return b; }), ModelVersionError, /version 4 is newer than this lexdis can read \(format version 3\)/);
  await rejects(damaged((b) => { b.writeUInt32LE(1, 16); return b; }), ModelVersionError, /version 1/);
  await rejects(damaged(() => Buffer.from('{"magic":"LEXDIS-MODEL"}')), ModelFormatError, /no LEXDIS-MODEL signature/);
  await rejects(damaged((b) => Buffer.concat([b, Buffer.from('xx')])), ModelFormatError, /2 unexpected bytes after the end/);
  await rejects(damaged((b) => { b[40] ^= 1; return b; }), ModelFormatError, /table of contents is corrupt/);
  const file = damaged((b) => { b[b.length - 100_000] ^= 0x10; return b; }); // inside the 20 MB part
  await assert.rejects(readModel(file), (e: unknown) => e instanceof ModelFormatError && /binary part "big": chunk 1 is corrupt/.test(e.message));
  const dir = fresh('dirdamage');
  mkdirSync(dir);
  writeFileSync(join(dir, MODEL_FILE), 'not a model');
  await rejects(dir, ModelFormatError, /no LEXDIS-MODEL signature/, join(dir, MODEL_FILE));
});

test('a model with its chunks stored as they are (format 3) loads like a deflated one, and its damage is found', async () => {
  const file = `${fresh('stored')}.lexdis`;
  const p = parts();
  writeModelFile(file, p, { compression: 'none' });
  const bytes = readFileSync(file);
  assert.equal(bytes.readUInt32LE(16), 3, 'written at format version 3');
  assert.ok(bytes.byteLength > p.binary.big.byteLength, 'the 20 MB part is not compressed');
  const m = await readModel(file);
  assert.equal(m.header.formatVersion, 3);
  assert.deepEqual(m.json, p.json);
  assert.deepEqual(m.binary.big, p.binary.big);
  assert.deepEqual(m.binary.u8, p.binary.u8);
  assert.equal(m.binary.big.buffer.byteLength, m.binary.big.byteLength, 'the part of two chunks has its own buffer');
  const deflated = `${fresh('deflated')}.lexdis`;
  writeModelFile(deflated, p);
  assert.equal(readFileSync(deflated).readUInt32LE(16), 2, 'a deflated model is written at format version 2, which older lexdis read');
  assert.deepEqual((await readModel(deflated)).binary.big, m.binary.big);
  const flip = (at: number) => { const b = Buffer.from(bytes); b[at] ^= 0x10; return b; };
  const corrupt = `${fresh('stored-corrupt')}.lexdis`;
  writeFileSync(corrupt, flip(bytes.length - 100_000)); // inside the 20 MB part's second chunk
  await assert.rejects(readModel(corrupt), (e: unknown) => e instanceof ModelFormatError && e.code === 'MODEL_FORMAT' &&
    /binary part "big": chunk 1 is corrupt \(checksum mismatch\)/.test(e.message));
});

test('a table of contents that lies about stored chunks is MODEL_FORMAT, not a crash', async () => {
  const file = `${fresh('stored-toc')}.lexdis`;
  writeModelFile(file, parts(), { compression: 'none' });
  const bytes = readFileSync(file);
  const tocLength = bytes.readUInt32LE(20);
  const toc = JSON.parse(bytes.subarray(32, 32 + tocLength).toString('utf8'));
  /** The file with its table replaced by `change(toc)`, padded with spaces to its length (the data stay in place). */
  const withToc = (change: (t: typeof toc) => void): string => {
    const t = structuredClone(toc);
    change(t);
    const json = JSON.stringify(t);
    const text = Buffer.from(json + ' '.repeat(Math.max(0, tocLength - Buffer.byteLength(json))), 'utf8');
    assert.equal(text.byteLength, tocLength);
    const b = Buffer.from(bytes);
    text.copy(b, 32);
    b.writeUInt32LE(crc32(text), 24);
    const out = `${fresh('toc')}.lexdis`;
    writeFileSync(out, b);
    return out;
  };
  const small = (t: typeof toc) => t.binary.find((e: { name: string }) => e.name === 'small');
  const partError = (file: string, pattern: RegExp) =>
    assert.rejects(readModel(file), (e: unknown) => e instanceof ModelFormatError && pattern.test(e.message));
  await partError(withToc((t) => { small(t).chunks[0].stored = 9; }), /binary part "small": chunk 0 holds 9 bytes, expected 8/);
  await partError(withToc((t) => { small(t).chunks[0].at = t.fileBytes; }), /binary part "small": chunk 0 lies outside the file/);
  await partError(withToc((t) => { small(t).bytes = 4; }), /binary part "small": bad type or length/);
  await rejects(withToc((t) => { t.compression = 'nope'; }), ModelFormatError, /table of contents is malformed/);
  await rejects(withToc((t) => { t.header.formatVersion = 2; }), ModelFormatError, /header says format version 2, the file 3/);
});
