import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataNotFoundError, ModelFormatError, ModelVersionError, OutputError, UsageError } from '../../src/errors.js';
import {
  type BinaryArray,
  type Compression,
  type ModelParts,
  COMPRESSIONS,
  MODEL_MAGIC,
  fileVersionOf,
  assertModelPathWritable,
  readModel,
  readModelHeader,
  writeModel,
} from '../../src/model/store.js';
import { rawDb, writeModelV1 } from '../../testkit/model-v1.js';
import { modelFormatError } from '../helpers/errors.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-store-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (label: string) => join(root, `${label}-${counter++}`);

/** Seeded xorshift32 in [0, 1). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s / 2 ** 32;
  };
}

function bytesOf(a: BinaryArray): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function sampleParts() {
  const r = rng(7);
  const big = new Float64Array(5_000_000); // 40 MB: three 16 MiB chunks
  for (let i = 0; i < big.length; i++) big[i] = r() * 1e6 - 5e5;
  const backing = new Float64Array([9, 1.5, -2.25, 3e300, 8]);
  return {
    header: { templates: ['Freq:label', 'PrevWord:lemma'], templatesHash: 'abc123', seed: 42, options: { d2: 0.1 } },
    json: {
      'vocab/lemma': ['kitAb', 'qalam', 'مكتب'],
      theta: [0.5, -1.25, 1e-12],
      empty: {},
      nothing: null,
    },
    binary: {
      u8: new Uint8Array([0, 1, 255, 128]),
      i32: new Int32Array([-(2 ** 31), -1, 0, 2 ** 31 - 1]),
      u32: new Uint32Array([0, 1, 2 ** 32 - 1]),
      f32: new Float32Array([Math.PI, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e-45]),
      f64: new Float64Array([Math.E, -0, Number.NaN, Number.NEGATIVE_INFINITY, 5e-324]),
      view: backing.subarray(1, 4),
      'empty/u8': new Uint8Array(0),
      'empty/i32': new Int32Array(0),
      'empty/u32': new Uint32Array(0),
      'empty/f32': new Float32Array(0),
      'empty/f64': new Float64Array(0),
      big,
    } as Record<string, BinaryArray>,
  };
}

for (const compression of Object.keys(COMPRESSIONS) as Compression[]) test(`save → load gives identical parts of every dtype, fresh and aligned, frozen (chunks ${compression})`, async () => {
  const dir = fresh('round');
  const parts = sampleParts();
  const w = await writeModel(dir, parts, { compression });
  assert.equal(w.bytes, readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0));
  const m = await readModel(dir);
  assert.equal(m.header.magic, MODEL_MAGIC);
  assert.equal(m.header.formatVersion, fileVersionOf(compression));
  assert.equal(JSON.parse(readFileSync(join(dir, 'LEXDIS-MODEL'), 'utf8')).formatVersion, fileVersionOf(compression));
  assert.equal(m.header.kind, 'lexdis-model');
  assert.match(m.header.createdBy, /^lexdis \d+\.\d+\.\d+/);
  assert.deepEqual(m.header.templates, parts.header.templates);
  assert.equal(m.header.seed, 42);
  assert.deepEqual(m.json, parts.json);
  assert.deepEqual(Object.keys(m.binary).sort(), Object.keys(parts.binary).sort());
  for (const [name, want] of Object.entries(parts.binary)) {
    const got = m.binary[name];
    assert.equal(got.constructor, want.constructor, name);
    assert.equal(got.length, want.length, name);
    assert.equal(got.byteOffset, 0, name);
    assert.equal(got.buffer.byteLength, got.byteLength, `${name} has its own buffer`);
    assert.ok(bytesOf(got).equals(bytesOf(want)), `${name} bytes differ`);
  }
  assert.ok(Object.isFrozen(m) && Object.isFrozen(m.header) && Object.isFrozen(m.json) && Object.isFrozen(m.binary));
  assert.ok(Object.isFrozen(m.json['vocab/lemma']) && Object.isFrozen(m.header.options));
  assert.equal(m.bytesOnDisk, w.bytes);
  const h = await readModelHeader(dir);
  assert.equal(h.templatesHash, 'abc123');
});

test('a second write replaces the model and leaves no siblings behind', async () => {
  const dir = join(mkdtempSync(join(root, 'swap-')), 'model');
  await writeModel(dir, { header: { round: 1 }, json: { a: 1 }, binary: { x: new Uint32Array([1]) } });
  await writeModel(dir, { header: { round: 2, kind: 'tagger' }, json: { b: 2 }, binary: {} });
  const m = await readModel(dir, { expectKind: 'tagger' });
  assert.equal(m.header.round, 2);
  assert.deepEqual(m.json, { b: 2 });
  assert.deepEqual(m.binary, {});
  assert.deepEqual(readdirSync(join(dir, '..')), ['model']);
  await assert.rejects(readModel(dir, { expectKind: 'lexdis-model' }), (e: unknown) =>
    e instanceof ModelFormatError && /kind is "tagger", expected "lexdis-model"/.test(e.message));
});


test('not a model: a LevelDB of format 1, a plain or empty directory, a file, a missing path', async () => {
  const v1 = fresh('v1');
  await writeModelV1(v1, { header: { seed: 1 }, json: {}, binary: {} });
  for (const read of [readModel, readModelHeader]) {
    await assert.rejects(read(v1), (e: unknown) => {
      assert.ok(e instanceof ModelVersionError, String(e));
      assert.equal(e.file, v1);
      assert.match(e.message, /format version 1 \(a LevelDB directory\) is no longer read; convert it with `lexdis upgrade-model DIR`/);
      return true;
    });
  }
  const magic = fresh('magic');
  await rawDb(magic, { header: JSON.stringify({ magic: 'SOMETHING-ELSE', formatVersion: 1, kind: 'x' }) });
  await assert.rejects(readModel(magic), ModelVersionError, 'a LevelDB directory is format 1, whatever it holds');

  const plain = fresh('plain');
  mkdirSync(plain);
  writeFileSync(join(plain, 'notes.txt'), 'hello');
  await assert.rejects(readModel(plain), modelFormatError(plain, /not a lexdis model/));
  assert.deepEqual(readdirSync(plain), ['notes.txt'], 'reading must not create files');

  const empty = fresh('empty');
  mkdirSync(empty);
  await assert.rejects(readModel(empty), modelFormatError(empty, /not a lexdis model/));
  assert.deepEqual(readdirSync(empty), []);

  const file = fresh('file');
  writeFileSync(file, 'x');
  await assert.rejects(readModel(file), modelFormatError(file, /not a lexdis model \(no LEXDIS-MODEL signature/));

  const missing = fresh('missing');
  await assert.rejects(readModel(missing), (e: unknown) => e instanceof DataNotFoundError && e.file === missing);
});

test('unwritable or foreign output paths fail before anything is written', async () => {
  const base = mkdtempSync(join(root, 'out-'));
  const parts = { header: {}, json: {}, binary: {} };
  const noParent = join(base, 'no', 'such', 'model');
  await assert.rejects(writeModel(noParent, parts), (e: unknown) => e instanceof OutputError && e.file === join(base, 'no', 'such'));
  const aFile = join(base, 'file.txt');
  writeFileSync(aFile, 'keep me');
  assert.throws(() => assertModelPathWritable(join(aFile, 'model')), OutputError);
  await assert.rejects(writeModel(aFile, parts), (e: unknown) => e instanceof OutputError && /replace a file/.test(e.message));
  assert.equal(readFileSync(aFile, 'utf8'), 'keep me');
  const foreign = join(base, 'photos');
  mkdirSync(foreign);
  writeFileSync(join(foreign, 'a.jpg'), 'x');
  await assert.rejects(writeModel(foreign, parts), (e: unknown) => e instanceof OutputError && /not a lexdis model/.test(e.message));
  assert.deepEqual(readdirSync(foreign), ['a.jpg']);
  assert.deepEqual(readdirSync(base).sort(), ['file.txt', 'photos'], 'no temporary directory was left');
  // Absent paths, empty directories and existing models are fine.
  assertModelPathWritable(join(base, 'new'));
  mkdirSync(join(base, 'empty'));
  await writeModel(join(base, 'empty'), parts);
  assertModelPathWritable(join(base, 'empty'));
});

test('a read-only parent is refused', { skip: process.getuid?.() === 0 ? 'root ignores directory permissions' : false }, async () => {
  const base = mkdtempSync(join(root, 'ro-'));
  chmodSync(base, 0o555);
  try {
    await assert.rejects(writeModel(join(base, 'm'), { header: {}, json: {}, binary: {} }), OutputError);
  } finally {
    chmodSync(base, 0o755);
  }
});

test('unusable parts are a UsageError before anything is written', async () => {
  const base = mkdtempSync(join(root, 'usage-'));
  const dir = join(base, 'm');
  const bad: ModelParts[] = [
    { header: { magic: 'x' }, json: {}, binary: {} },
    { header: {}, json: { 'bad name!': 1 }, binary: {} },
    { header: {}, json: { x: 10n }, binary: {} },
    { header: {}, json: {}, binary: { x: new Int16Array(2) as unknown as BinaryArray } },
  ];
  for (const parts of bad) await assert.rejects(writeModel(dir, parts), UsageError);
  assert.deepEqual(readdirSync(base), []);
});

test('concurrent reads and writes of one path in one process are serialized', async () => {
  const dir = fresh('concurrent');
  await writeModel(dir, { header: { n: 0 }, json: {}, binary: { a: new Uint32Array(1000).fill(0) } });
  const jobs: Promise<unknown>[] = [];
  for (let n = 1; n <= 4; n++) {
    jobs.push(writeModel(dir, { header: { n }, json: {}, binary: { a: new Uint32Array(1000).fill(n) } }));
    jobs.push(readModel(dir).then((m) => assert.ok(m.binary.a.every((x) => x === m.header.n))));
  }
  await Promise.all(jobs);
  assert.equal((await readModel(dir)).header.n, 4);
});
