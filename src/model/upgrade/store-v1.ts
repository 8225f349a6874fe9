/**
 * Format version 1 of the model store, read for `lexdis upgrade-model` only: a LevelDB
 * directory holding these keys (each checked on reading):
 *   - `header`: JSON ({@link ModelHeader}): magic, format version, kind, creator, and the
 *     caller's fields;
 *   - `manifest`: JSON ({@link Manifest}): a random write id, the CRC-32 of the header text,
 *     every JSON part with its CRC-32, and the names of the binary parts;
 *   - `json/<name>`: one JSON part, as UTF-8 text;
 *   - `binmeta/<name>`: JSON ({@link BinaryMeta}) describing one binary part;
 *   - `bin/<name>/<n>`: chunk n (0-based, ≤ CHUNK_BYTES bytes) of that part's bytes.
 * Beside the database files there is the marker file MARKER_FILE, as in a format-2 directory.
 */
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';
import type { Level } from 'level';
import { ModelFormatError } from '../../errors.js';
import {
  type BinaryArray,
  type DType,
  type ModelHeader,
  type ModelParts,
  DTYPES,
  MIN_UPGRADE_FORMAT_VERSION,
  PART_NAME,
  checkHeader,
} from '../store-format.js';

/** An open format-1 database. */
export type Db = Level<string, string>;
/** This machine's byte order, as a binary part records the writer's. */
export const ENDIAN = endianness();
const dec = new TextDecoder('utf-8', { fatal: true });

/** The manifest of a format-1 model: what the database holds, with checksums. */
export interface Manifest {
  writeId: string;
  headerCrc: number;
  json: Record<string, { bytes: number; crc32: number }>;
  binary: string[];
}

/** The descriptor of one binary part of a format-1 model. */
export interface BinaryMeta {
  writeId: string;
  dtype: DType;
  /** Number of elements. */
  length: number;
  byteLength: number;
  chunkBytes: number;
  chunks: number;
  /** CRC-32 of each chunk's bytes. */
  crc32: number[];
  endian: 'LE' | 'BE';
}

/** Validates a manifest's shape (after its header passed {@link checkHeader}). */
export function checkManifest(raw: unknown, dir: string): Manifest {
  const m = raw as Partial<Manifest> | null;
  const ok =
    typeof m === 'object' && m !== null && typeof m.writeId === 'string' && typeof m.headerCrc === 'number' &&
    typeof m.json === 'object' && m.json !== null && Array.isArray(m.binary) &&
    m.binary.every((n) => typeof n === 'string' && PART_NAME.test(n)) &&
    Object.entries(m.json).every(
      ([n, d]) => PART_NAME.test(n) && typeof d?.crc32 === 'number' && typeof d?.bytes === 'number',
    );
  if (!ok) throw new ModelFormatError('damaged model: the manifest is malformed', { file: dir });
  return m as Manifest;
}

/** Validates a binary part's descriptor against the manifest's write id. */
export function checkBinaryMeta(raw: unknown, name: string, writeId: string, dir: string): BinaryMeta {
  const m = raw as Partial<BinaryMeta> | null;
  const bad = (why: string): never => {
    throw new ModelFormatError(`damaged model: binary part "${name}": ${why}`, { file: dir });
  };
  if (typeof m !== 'object' || m === null) return bad('descriptor missing or malformed');
  if (m.writeId !== writeId) bad('descriptor belongs to another write');
  if (typeof m.dtype !== 'string' || !Object.hasOwn(DTYPES, m.dtype)) bad(`unknown dtype ${String(m.dtype)}`);
  const width = DTYPES[m.dtype as DType].BYTES_PER_ELEMENT;
  const { length, byteLength, chunkBytes, chunks, crc32 } = m;
  if (!Number.isSafeInteger(length) || (length as number) < 0 || byteLength !== (length as number) * width) bad('bad length');
  if (!Number.isSafeInteger(chunkBytes) || (chunkBytes as number) <= 0 || (chunkBytes as number) % 8 !== 0) bad('bad chunk size');
  if (chunks !== Math.ceil((byteLength as number) / (chunkBytes as number))) bad('bad chunk count');
  if (!Array.isArray(crc32) || crc32.length !== chunks) bad('bad checksum list');
  if (m.endian !== 'LE' && m.endian !== 'BE') bad('bad byte order');
  return m as BinaryMeta;
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
async function readHeadV1(
  db: Db,
  dir: string,
  expectKind?: string,
): Promise<{ header: ModelHeader; manifest: Manifest }> {
  const head = await getJson(db, 'header', dir);
  if (!head) throw new ModelFormatError('not a lexdis model (the database has no header)', { file: dir });
  const header = checkHeader(head.value, dir, expectKind, MIN_UPGRADE_FORMAT_VERSION);
  const man = await getJson(db, 'manifest', dir);
  if (!man) throw new ModelFormatError('damaged model: the manifest is missing', { file: dir });
  const manifest = checkManifest(man.value, dir);
  if (crc32(head.bytes) !== manifest.headerCrc) {
    throw new ModelFormatError('damaged model: the header does not match the manifest (checksum mismatch)', {
      file: dir,
    });
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
 * One reader per LevelDB format version `lexdis upgrade-model` converts; each returns parts in
 * the current shape.
 */
const FORMAT_READERS: ReadonlyMap<number, { head: typeof readHeadV1; parts: typeof readPartsV1 }> = new Map([
  [1, { head: readHeadV1, parts: readPartsV1 }],
]);

/** Checks magic and version of the stored header and picks the reader for its format version. */
export async function readerFor(db: Db, abs: string, expectKind?: string) {
  const head = await getJson(db, 'header', abs);
  if (!head) throw new ModelFormatError('not a lexdis model (the database has no header)', { file: abs });
  const version = checkHeader(head.value, abs, expectKind, MIN_UPGRADE_FORMAT_VERSION).formatVersion;
  const reader = FORMAT_READERS.get(version);
  if (!reader) throw new ModelFormatError(`no reader for model format version ${version}`, { file: abs });
  return reader;
}
