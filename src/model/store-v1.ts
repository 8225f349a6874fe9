/**
 * Format version 1 of the model store (a LevelDB directory): serializes parts into the keys
 * described in ./store-format.ts and reads them back, checking every checksum. lexdis now
 * writes format 2 (./store-file.ts); ./store.ts still reads version-1 directories, and the
 * writer stays for the tests of that upgrade path. Also home of the parts' validation
 * ({@link plan}), shared by both formats.
 */
import { writeFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import type { Level } from 'level';
import { ModelFormatError, UsageError } from '../errors.js';
import {
  type BinaryArray, type BinaryMeta, type DType, type Manifest, type ModelHeader,
  CHUNK_BYTES, DEFAULT_MODEL_KIND, DTYPES, MARKER_FILE, MODEL_FORMAT_VERSION, MODEL_MAGIC, PART_NAME,
  checkBinaryMeta, checkHeader, checkManifest, creatorString, dtypeOf,
} from './store-format.js';

/** What a model holds. JSON parts go through JSON (undefined fields vanish, NaN becomes null). */
export interface ModelParts {
  header: Record<string, unknown>;
  json: Record<string, unknown>;
  binary: Record<string, BinaryArray>;
}

export type Db = Level<string, string>;
const ENDIAN = endianness();
const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true });

/** Parts validated and serialized, ready to write. */
export interface Plan {
  header: ModelHeader;
  headerText: string;
  json: [string, Uint8Array][];
  binary: [string, DType, BinaryArray][];
}

function toJsonText(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    throw new UsageError(`${what} cannot be stored as JSON: ${(err as Error).message}`);
  }
  if (text === undefined) throw new UsageError(`${what} cannot be stored as JSON`);
  return text;
}

/** Validates and serializes the parts before anything touches the disk. */
export function plan(parts: ModelParts, formatVersion = MODEL_FORMAT_VERSION): Plan {
  const given = parts?.header;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new UsageError('model header must be an object');
  for (const reserved of ['magic', 'formatVersion']) {
    if (Object.hasOwn(given, reserved)) throw new UsageError(`model header field "${reserved}" is set by the store`);
  }
  const header = {
    magic: MODEL_MAGIC, formatVersion, kind: DEFAULT_MODEL_KIND,
    createdBy: creatorString(), createdAt: new Date().toISOString(), ...given,
  } as ModelHeader;
  if (typeof header.kind !== 'string' || header.kind === '') throw new UsageError('model kind must be a non-empty string');
  const headerText = toJsonText(header, 'model header');
  const json: [string, Uint8Array][] = [];
  for (const [name, value] of Object.entries(parts.json ?? {})) {
    if (!PART_NAME.test(name)) throw new UsageError(`bad part name "${name}"`);
    json.push([name, enc.encode(toJsonText(value, `JSON part "${name}"`))]);
  }
  const binary: [string, DType, BinaryArray][] = [];
  for (const [name, value] of Object.entries(parts.binary ?? {})) {
    if (!PART_NAME.test(name)) throw new UsageError(`bad part name "${name}"`);
    const dtype = dtypeOf(value);
    if (!dtype) throw new UsageError(`binary part "${name}" must be a Uint8Array, Int32Array, Uint32Array, Float32Array or Float64Array`);
    binary.push([name, dtype, value]);
  }
  return { header, headerText, json, binary };
}

/** Writes the whole database at `tmp`, closes it and reopens it once to settle its log. */
export async function writeDatabase(tmp: string, p: Plan): Promise<void> {
  const writeId = randomBytes(8).toString('hex');
  const manifest: Manifest = { writeId, headerCrc: crc32(enc.encode(p.headerText)), json: {}, binary: [] };
  // imported when used: format 1 is rare, and loading LevelDB's binding costs every start-up some 20 ms
  const { Level } = await import('level');
  const db: Db = new Level(tmp, { createIfMissing: true, errorIfExists: true });
  await db.open();
  try {
    for (const [name, bytes] of p.json) {
      await db.put<string, Uint8Array>(`json/${name}`, bytes, { valueEncoding: 'view' });
      manifest.json[name] = { bytes: bytes.byteLength, crc32: crc32(bytes) };
    }
    for (const [name, dtype, array] of p.binary) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      const sums: number[] = [];
      for (let off = 0, n = 0; off < bytes.byteLength; off += CHUNK_BYTES, n++) {
        const chunk = bytes.subarray(off, off + CHUNK_BYTES);
        sums.push(crc32(chunk));
        await db.put<string, Uint8Array>(`bin/${name}/${n}`, chunk, { valueEncoding: 'view' });
      }
      const meta: BinaryMeta = {
        writeId, dtype, length: array.length, byteLength: bytes.byteLength, chunkBytes: CHUNK_BYTES,
        chunks: sums.length, crc32: sums, endian: ENDIAN,
      };
      await db.put(`binmeta/${name}`, JSON.stringify(meta));
      manifest.binary.push(name);
    }
    await db.put('manifest', JSON.stringify(manifest));
    await db.put('header', p.headerText);
  } finally {
    await db.close();
  }
  const again: Db = new Level(tmp, { createIfMissing: false });
  await again.open();
  await again.close();
  writeFileSync(join(tmp, MARKER_FILE), JSON.stringify({ magic: MODEL_MAGIC, formatVersion: p.header.formatVersion, kind: p.header.kind }) + '\n');
}

async function getBytes(db: Db, key: string): Promise<Uint8Array | undefined> {
  return db.get<string, Uint8Array>(key, { valueEncoding: 'view', fillCache: false });
}

async function getJson(db: Db, key: string, dir: string): Promise<{ value: unknown; bytes: Uint8Array } | undefined> {
  const bytes = await getBytes(db, key);
  if (bytes === undefined) return undefined;
  try {
    return { value: JSON.parse(dec.decode(bytes)), bytes };
  } catch {
    throw new ModelFormatError(`damaged model: key "${key}" is not valid JSON`, { file: dir });
  }
}

/** Reads the header and manifest of a version-1 model and checks they belong together. */
async function readHeadV1(db: Db, dir: string, expectKind?: string): Promise<{ header: ModelHeader; manifest: Manifest }> {
  const head = await getJson(db, 'header', dir);
  if (!head) throw new ModelFormatError('not a lexdis model (the database has no header)', { file: dir });
  const header = checkHeader(head.value, dir, expectKind);
  const man = await getJson(db, 'manifest', dir);
  if (!man) throw new ModelFormatError('damaged model: the manifest is missing', { file: dir });
  const manifest = checkManifest(man.value, dir);
  if (crc32(head.bytes) !== manifest.headerCrc) {
    throw new ModelFormatError('damaged model: the header does not match the manifest (checksum mismatch)', { file: dir });
  }
  return { header, manifest };
}

async function readBinary(db: Db, name: string, writeId: string, dir: string): Promise<BinaryArray> {
  const damaged = (why: string) => new ModelFormatError(`damaged model: binary part "${name}": ${why}`, { file: dir });
  const metaJson = await getJson(db, `binmeta/${name}`, dir);
  const meta = checkBinaryMeta(metaJson?.value, name, writeId, dir);
  if (meta.endian !== ENDIAN) throw damaged(`written on a ${meta.endian} machine, this one is ${ENDIAN}`);
  const array = new DTYPES[meta.dtype](meta.length);
  const target = new Uint8Array(array.buffer);
  for (let n = 0; n < meta.chunks; n++) {
    const chunk = await getBytes(db, `bin/${name}/${n}`);
    const want = Math.min(meta.chunkBytes, meta.byteLength - n * meta.chunkBytes);
    if (chunk === undefined) throw damaged(`chunk ${n} is missing`);
    if (chunk.byteLength !== want) throw damaged(`chunk ${n} has ${chunk.byteLength} bytes, expected ${want}`);
    if (crc32(chunk) !== meta.crc32[n]) throw damaged(`chunk ${n} is corrupt (checksum mismatch)`);
    target.set(chunk, n * meta.chunkBytes);
  }
  return array;
}

/** Reads all parts of a version-1 model. */
async function readPartsV1(db: Db, dir: string, expectKind?: string): Promise<ModelParts & { header: ModelHeader }> {
  const { header, manifest } = await readHeadV1(db, dir, expectKind);
  const json: Record<string, unknown> = {};
  for (const [name, d] of Object.entries(manifest.json)) {
    const got = await getJson(db, `json/${name}`, dir);
    if (!got) throw new ModelFormatError(`damaged model: JSON part "${name}" is missing`, { file: dir });
    if (got.bytes.byteLength !== d.bytes || crc32(got.bytes) !== d.crc32) {
      throw new ModelFormatError(`damaged model: JSON part "${name}" is corrupt (checksum mismatch)`, { file: dir });
    }
    json[name] = got.value;
  }
  const binary: Record<string, BinaryArray> = {};
  for (const name of manifest.binary) binary[name] = await readBinary(db, name, manifest.writeId, dir);
  return { header, json, binary };
}

/**
 * One reader per format version this lexdis can load; each returns parts in the current
 * shape (a future version-2 store adds its reader and keeps version 1's as the upgrade path).
 */
const FORMAT_READERS: ReadonlyMap<number, { head: typeof readHeadV1; parts: typeof readPartsV1 }> = new Map([
  [1, { head: readHeadV1, parts: readPartsV1 }],
]);

/** Checks magic and version of the stored header and picks the reader for its format version. */
export async function readerFor(db: Db, abs: string, expectKind?: string) {
  const head = await getJson(db, 'header', abs);
  if (!head) throw new ModelFormatError('not a lexdis model (the database has no header)', { file: abs });
  const version = checkHeader(head.value, abs, expectKind).formatVersion;
  const reader = FORMAT_READERS.get(version);
  if (!reader) throw new ModelFormatError(`no reader for model format version ${version}`, { file: abs });
  return reader;
}
