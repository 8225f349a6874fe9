/**
 * Format versions 2 and 3 of the model store: one immutable file, read with plain reads — no
 * lock, no log, nothing written — so a model can sit on a read-only volume and be loaded by
 * any number of processes at once. Layout (all integers little-endian; docs/model-format.md):
 *
 *   0   16 bytes  signature: `LEXDIS-MODEL` then `\r\n\x1a\n` (catches text-mode mangling)
 *   16  uint32    format version (3; 2 is read)
 *   20  uint32    byte length T of the table of contents
 *   24  uint32    CRC-32 of the table of contents
 *   28  uint32    0 (reserved)
 *   32  T bytes   table of contents, UTF-8 JSON ({@link Toc}): the header, how the chunks are
 *                 stored, the data section's offset, the file's total length, and every part:
 *                 its name, raw length (binary parts: type and element count) and its chunks
 *   …   data section: every part cut into chunks of ≤ 16 MiB raw bytes, each at a multiple
 *       of 8 bytes, stored as they are (`none`, version 3) or deflated (`deflate-raw`), with
 *       the CRC-32 of the stored bytes in the table
 *
 * Checks on reading, in order: signature (else "not a lexdis model"), version (newer or
 * unknown → ModelVersionError), length against the table (truncated or extended file →
 * ModelFormatError), table checksum, header (./store-format.ts), then every part's checksum.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { ModelFormatError, ModelVersionError } from '../errors.js';
import {
  type BinaryArray,
  type DType,
  type ModelHeader,
  type ModelParts,
  type Plan,
  CHUNK_BYTES,
  DTYPES,
  MIN_MODEL_FORMAT_VERSION,
  MODEL_FORMAT_VERSION,
  PART_NAME,
  checkHeader,
} from './store-format.js';

/** First 16 bytes of every single-file model. */
const FILE_SIGNATURE = Buffer.from('LEXDIS-MODEL\r\n\x1a\n', 'latin1');
const PREFIX_BYTES = 32;

/**
 * How a file's chunks are stored, and the format versions that allow each: `none`, the bytes as
 * they are (read straight into the parts' arrays: the quicker load, the larger file), and
 * `deflate-raw`, raw DEFLATE (RFC 1951) at zlib level 1 (level 6 made the PUD model 18% smaller
 * at 2.7 times the writing time).
 */
export const COMPRESSIONS = { 'deflate-raw': [2, 3], none: [3] } as const satisfies Record<string, readonly number[]>;
export type Compression = keyof typeof COMPRESSIONS;

/** The format version a file is written at: the oldest that holds its compression (older lexdis read what they can). */
export const fileVersionOf = (compression: Compression): number => COMPRESSIONS[compression][0];
const DEFLATE_LEVEL = 1;
const ALIGN = 8;

/** One stored chunk: where it starts (from the start of the data section), its stored bytes and their CRC-32. */
interface Chunk { at: number; stored: number; crc32: number }
/** A part: its name, its raw byte length and its chunks (each ≤ CHUNK_BYTES raw bytes). */
interface Entry { name: string; bytes: number; chunks: Chunk[] }
interface BinaryEntry extends Entry { dtype: DType; length: number }

/** The table of contents of a single-file model. */
export interface Toc {
  header: ModelHeader;
  endian: 'LE';
  /** How every chunk is stored ({@link COMPRESSIONS}). */
  compression: Compression;
  /** Offset of the data section (the end of the table, padded to 8 bytes). */
  dataStart: number;
  fileBytes: number;
  json: Entry[];
  binary: BinaryEntry[];
}

const pad = (n: number) => (n + ALIGN - 1) & ~(ALIGN - 1);

/**
 * Lays the parts out, each chunk stored as `compression` says, and returns the file's bytes as
 * a list of buffers (written in order). The file's format version is the plan header's, which
 * must allow `compression` (else ModelFormatError).
 */
export function encodeModelFile(p: Plan, compression: Compression): Uint8Array[] {
  if (endianness() !== 'LE') throw new ModelFormatError('single-file models are little-endian; this machine is big-endian');
  if (!(COMPRESSIONS[compression] as readonly number[]).includes(p.header.formatVersion)) {
    throw new ModelFormatError(`format version ${p.header.formatVersion} cannot store chunks as ${compression}`);
  }
  const pieces: Uint8Array[] = [];
  let offset = 0;
  const store = (bytes: Uint8Array): Entry['chunks'] => {
    const chunks: Chunk[] = [];
    for (let off = 0; off === 0 || off < bytes.byteLength; off += CHUNK_BYTES) {
      const raw = bytes.subarray(off, off + CHUNK_BYTES);
      const stored = compression === 'none' ? raw : deflateRawSync(raw, { level: DEFLATE_LEVEL });
      chunks.push({ at: offset, stored: stored.byteLength, crc32: crc32(stored) });
      pieces.push(stored);
      const next = pad(offset + stored.byteLength);
      if (next > offset + stored.byteLength) pieces.push(new Uint8Array(next - offset - stored.byteLength));
      offset = next;
    }
    return chunks;
  };
  const json = p.json.map(([name, bytes]): Entry => ({ name, bytes: bytes.byteLength, chunks: store(bytes) }));
  const binary = p.binary.map(([name, dtype, array]): BinaryEntry => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    return { name, dtype, length: array.length, bytes: bytes.byteLength, chunks: store(bytes) };
  });
  // dataStart and fileBytes depend on the table's own length: settle them by iterating
  let tocBytes = Buffer.alloc(0);
  for (let dataStart = 0, prev = -1; dataStart !== prev; ) {
    prev = dataStart;
    const toc: Toc = { header: p.header, endian: 'LE', compression, dataStart, fileBytes: dataStart + offset, json, binary };
    tocBytes = Buffer.from(JSON.stringify(toc), 'utf8');
    dataStart = pad(PREFIX_BYTES + tocBytes.byteLength);
  }
  const prefix = Buffer.alloc(PREFIX_BYTES);
  FILE_SIGNATURE.copy(prefix, 0);
  prefix.writeUInt32LE(p.header.formatVersion, 16);
  prefix.writeUInt32LE(tocBytes.byteLength, 20);
  prefix.writeUInt32LE(crc32(tocBytes), 24);
  const tocPad = Buffer.alloc(pad(PREFIX_BYTES + tocBytes.byteLength) - PREFIX_BYTES - tocBytes.byteLength);
  return [prefix, tocBytes, tocPad, ...pieces.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))];
}

/** An open model file: plain positional reads, no lock, no write. */
interface Source { fd: number; size: number; file: string }

/** Fills `into` from byte `at` of the file; returns how many bytes it read (fewer at its end). */
function readAt(src: Source, into: Uint8Array, at: number): number {
  let n = 0;
  while (n < into.byteLength) {
    const got = readSync(src.fd, into, n, into.byteLength - n, at + n);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/** Runs `use` on the file at `file` opened for reading, and closes it. */
function withSource<T>(file: string, use: (src: Source) => T): T {
  const fd = openSync(file, 'r');
  try {
    return use({ fd, size: fstatSync(fd).size, file });
  } finally {
    closeSync(fd);
  }
}

/** True when `bytes` begins with the single-file signature. */
export function hasFileSignature(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= FILE_SIGNATURE.byteLength && FILE_SIGNATURE.equals(bytes.subarray(0, FILE_SIGNATURE.byteLength))
  );
}

/** Reads, parses and checks the prefix and table of contents. */
function readToc(src: Source, expectKind?: string): Toc {
  const { file, size } = src;
  const fail = (why: string) => new ModelFormatError(why, { file });
  const prefix = Buffer.alloc(Math.min(size, PREFIX_BYTES));
  readAt(src, prefix, 0);
  if (!hasFileSignature(prefix)) throw fail('not a lexdis model (no LEXDIS-MODEL signature at the start of the file)');
  if (size < PREFIX_BYTES) throw fail(`damaged model: truncated (${size} bytes)`);
  const version = prefix.readUInt32LE(16);
  if (version > MODEL_FORMAT_VERSION) {
    throw new ModelVersionError(
      `model format version ${version} is newer than this lexdis can read (format version ${MODEL_FORMAT_VERSION}); ` +
        'use a newer lexdis or retrain the model', { file });
  }
  if (version < MIN_MODEL_FORMAT_VERSION) throw new ModelVersionError(`unknown single-file model format version ${version}`, { file });
  const tocLength = prefix.readUInt32LE(20);
  if (PREFIX_BYTES + tocLength > size) throw fail(`damaged model: truncated (${size} bytes, the table of contents alone needs ${PREFIX_BYTES + tocLength})`);
  const tocBytes = Buffer.alloc(tocLength);
  readAt(src, tocBytes, PREFIX_BYTES);
  if (crc32(tocBytes) !== prefix.readUInt32LE(24)) throw fail('damaged model: the table of contents is corrupt (checksum mismatch)');
  let toc: Toc;
  try {
    toc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(tocBytes)) as Toc;
  } catch {
    throw fail('damaged model: the table of contents is not valid JSON');
  }
  checkHeader(toc?.header, file, expectKind);
  if (toc.header.formatVersion !== version) throw fail(`damaged model: header says format version ${String(toc.header.formatVersion)}, the file ${version}`);
  if (toc.fileBytes !== size) {
    throw fail(toc.fileBytes > size
      ? `damaged model: truncated (${size} of ${toc.fileBytes} bytes)`
      : `damaged model: ${size - toc.fileBytes} unexpected bytes after the end`);
  }
  const allowed: readonly number[] | undefined =
    Object.hasOwn(COMPRESSIONS, toc.compression) ? COMPRESSIONS[toc.compression] : undefined;
  if (toc.endian !== 'LE' || !allowed?.includes(version) || !Number.isSafeInteger(toc.dataStart) || !Array.isArray(toc.json) ||
      !Array.isArray(toc.binary)) throw fail('damaged model: the table of contents is malformed');
  return toc;
}

/**
 * The raw bytes of a part, in a buffer of its own: every chunk's place and length checked
 * against the file before anything is allocated, then each chunk read, its CRC-32 checked, and
 * (deflated) inflated to exactly its share of `e.bytes` (never trusts the table blindly).
 */
function partBytes(src: Source, toc: Toc, e: Entry, what: string): Uint8Array {
  const damaged = (why: string) => new ModelFormatError(`damaged model: ${what} "${String(e?.name)}": ${why}`, { file: src.file });
  if (typeof e?.name !== 'string' || !PART_NAME.test(e.name) || !Number.isSafeInteger(e.bytes) || e.bytes < 0 || !Array.isArray(e.chunks) ||
      e.chunks.length !== Math.max(1, Math.ceil(e.bytes / CHUNK_BYTES))) throw damaged('bad entry in the table of contents');
  const stored = toc.compression === 'none';
  e.chunks.forEach((c, n) => {
    const start = toc.dataStart + c?.at;
    const inside = Number.isSafeInteger(start) && Number.isSafeInteger(c.stored) && c.at >= 0 && c.stored >= 0;
    if (!inside || start + c.stored > src.size) {
      throw damaged(`chunk ${n} lies outside the file`);
    }
    const want = Math.min(CHUNK_BYTES, e.bytes - n * CHUNK_BYTES);
    if (stored && c.stored !== want) throw damaged(`chunk ${n} holds ${c.stored} bytes, expected ${want}`);
  });
  let out: Uint8Array | undefined = stored ? new Uint8Array(e.bytes) : undefined;
  e.chunks.forEach((c, n) => {
    const want = Math.min(CHUNK_BYTES, e.bytes - n * CHUNK_BYTES);
    // a stored chunk is read straight into its place in the part
    const bytes = out && stored ? out.subarray(n * CHUNK_BYTES, n * CHUNK_BYTES + want) : Buffer.allocUnsafe(c.stored);
    if (readAt(src, bytes, toc.dataStart + c.at) !== bytes.byteLength) throw damaged(`chunk ${n} lies outside the file`);
    if (crc32(bytes) !== c.crc32) throw damaged(`chunk ${n} is corrupt (checksum mismatch)`);
    if (stored) return;
    let raw: Buffer;
    try {
      // output buffers of the chunk's whole size: zlib's default of 16 KB pieces, joined after,
      // cost half the time again
      raw = inflateRawSync(bytes, { maxOutputLength: Math.max(1, want), chunkSize: Math.max(64, want) });
    } catch {
      throw damaged(`chunk ${n} cannot be decompressed`);
    }
    if (raw.byteLength !== want) throw damaged(`chunk ${n} holds ${raw.byteLength} bytes, expected ${want}`);
    // a part of one chunk is the inflated buffer itself when it starts its own memory (typed arrays need aligned views)
    if (e.chunks.length === 1 && raw.byteOffset === 0 && raw.buffer.byteLength === want) out = raw;
    else (out ??= new Uint8Array(e.bytes)).set(raw, n * CHUNK_BYTES);
  });
  return out ?? new Uint8Array(0);
}

function readBinaryPart(src: Source, toc: Toc, e: BinaryEntry): BinaryArray {
  const bad = () => new ModelFormatError(`damaged model: binary part "${String(e?.name)}": bad type or length`, { file: src.file });
  if (!Object.hasOwn(DTYPES, e?.dtype)) throw bad();
  const Ctor = DTYPES[e.dtype];
  if (!Number.isSafeInteger(e.length) || e.bytes !== e.length * Ctor.BYTES_PER_ELEMENT) throw bad();
  const bytes = partBytes(src, toc, e, 'binary part');
  return new Ctor(bytes.buffer as ArrayBuffer, 0, e.length);
}

/** Reads only the header of the single-file model at `file` (the parts are not checked). */
export function readFileHeader(file: string, expectKind?: string): ModelHeader {
  return withSource(file, (src) => readToc(src, expectKind).header);
}

/**
 * Reads and checks the single-file model at `file`. Not a model → ModelFormatError; another
 * format version → ModelVersionError; a truncated or corrupt file → ModelFormatError.
 */
export function readModelFile(file: string, expectKind?: string): ModelParts & { header: ModelHeader; bytes: number } {
  return withSource(file, (src) => {
    const toc = readToc(src, expectKind);
    const dec = new TextDecoder('utf-8', { fatal: true });
    const json: Record<string, unknown> = {};
    for (const e of toc.json) {
      const bytes = partBytes(src, toc, e, 'JSON part');
      try {
        json[e.name] = JSON.parse(dec.decode(bytes));
      } catch {
        throw new ModelFormatError(`damaged model: JSON part "${e.name}" is not valid JSON`, { file });
      }
    }
    const binary: Record<string, BinaryArray> = {};
    for (const e of toc.binary) binary[e.name] = readBinaryPart(src, toc, e);
    return { header: toc.header, json, binary, bytes: src.size };
  });
}
