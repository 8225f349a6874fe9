/**
 * The on-disk layout of a lexdis model (format version 1), its header checks and the
 * registry of format versions this lexdis can read.
 *
 * A model is a LevelDB database directory holding these keys:
 *   - `header`: JSON ({@link ModelHeader}): magic, format version, kind, creator, and the
 *     caller's fields (feature templates, options, seed, corpus hash, figures…);
 *   - `manifest`: JSON ({@link Manifest}): a random write id, the CRC-32 of the header text,
 *     every JSON part with its CRC-32, and the names of the binary parts;
 *   - `json/<name>`: one JSON part, as UTF-8 text;
 *   - `binmeta/<name>`: JSON ({@link BinaryMeta}) describing one binary part;
 *   - `bin/<name>/<n>`: chunk n (0-based, ≤ {@link CHUNK_BYTES} bytes) of that part's bytes.
 * Beside the database files there is a small marker file {@link MARKER_FILE}, which lets a
 * writer tell synchronously that a directory is a lexdis model it may replace.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../config.js';
import { ModelFormatError, ModelVersionError } from '../errors.js';

/** First field of every model header. */
export const MODEL_MAGIC = 'LEXDIS-MODEL';
/** The format version this lexdis writes (2: one immutable file, ./store-file.ts; 1: a LevelDB directory, ./store-v1.ts). */
export const MODEL_FORMAT_VERSION = 2;
/** The oldest format version this lexdis still reads. */
export const MIN_MODEL_FORMAT_VERSION = 1;
/** `kind` written when the caller's header does not set one. */
export const DEFAULT_MODEL_KIND = 'lexdis-model';
/** Name of the marker file inside a model directory. */
export const MARKER_FILE = 'LEXDIS-MODEL';
/** Name of the single model file inside a format-2 model directory. */
export const MODEL_FILE = 'model.lexdis';
/** Largest value stored under one key: binary parts are cut into chunks of this many bytes. */
export const CHUNK_BYTES = 16 * 1024 * 1024;

/** Typed arrays a binary part may hold. */
export type BinaryArray = Uint8Array | Int32Array | Uint32Array | Float32Array | Float64Array;

export const DTYPES = {
  uint8: Uint8Array,
  int32: Int32Array,
  uint32: Uint32Array,
  float32: Float32Array,
  float64: Float64Array,
} as const;
export type DType = keyof typeof DTYPES;

/** The dtype name of a supported typed array, or undefined for anything else. */
export function dtypeOf(value: unknown): DType | undefined {
  if (value instanceof Uint8Array) return 'uint8';
  if (value instanceof Int32Array) return 'int32';
  if (value instanceof Uint32Array) return 'uint32';
  if (value instanceof Float32Array) return 'float32';
  if (value instanceof Float64Array) return 'float64';
  return undefined;
}

/** The header every model carries; callers add their own fields. */
export interface ModelHeader {
  magic: typeof MODEL_MAGIC;
  formatVersion: number;
  kind: string;
  /** `lexdis <version>` of the writer. */
  createdBy: string;
  /** ISO time of writing. */
  createdAt: string;
  [field: string]: unknown;
}

export interface Manifest {
  writeId: string;
  headerCrc: number;
  json: Record<string, { bytes: number; crc32: number }>;
  binary: string[];
}

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

/** Part names: path-like words (`vocab/lemma`, `beta.counts`). */
export const PART_NAME = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

let cachedVersion: string | undefined;
/** `lexdis <package version>`. */
export function creatorString(): string {
  if (cachedVersion === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: string };
      cachedVersion = pkg.version ?? 'unknown';
    } catch {
      cachedVersion = 'unknown';
    }
  }
  return `lexdis ${cachedVersion}`;
}

/**
 * Checks magic, format version and kind, in that order, before anything else is read.
 * Not a header → ModelFormatError; a version this lexdis cannot read → ModelVersionError.
 */
export function checkHeader(raw: unknown, dir: string, expectKind?: string): ModelHeader {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (raw as { magic?: unknown }).magic !== MODEL_MAGIC) {
    throw new ModelFormatError('not a lexdis model (the header has no LEXDIS-MODEL magic)', { file: dir });
  }
  const h = raw as Record<string, unknown>;
  const v = h.formatVersion;
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new ModelFormatError('damaged model header: formatVersion is not an integer', { file: dir });
  }
  if (v > MODEL_FORMAT_VERSION) {
    throw new ModelVersionError(
      `model format version ${v} is newer than this lexdis can read (format version ${MODEL_FORMAT_VERSION}); ` +
        'use a newer lexdis or retrain the model',
      { file: dir },
    );
  }
  if (v < MIN_MODEL_FORMAT_VERSION) {
    throw new ModelVersionError(
      `model format version ${v} is no longer supported (this lexdis reads format versions ` +
        `${MIN_MODEL_FORMAT_VERSION} to ${MODEL_FORMAT_VERSION}); retrain the model`,
      { file: dir },
    );
  }
  if (typeof h.kind !== 'string') throw new ModelFormatError('damaged model header: no kind', { file: dir });
  if (expectKind !== undefined && h.kind !== expectKind) {
    throw new ModelFormatError(`model kind is "${h.kind}", expected "${expectKind}"`, { file: dir });
  }
  return h as ModelHeader;
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
