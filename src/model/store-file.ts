/**
 * Format version 2 of the model store: one immutable file, read with plain reads — no lock,
 * no log, nothing written — so a model can sit on a read-only volume and be loaded by any
 * number of processes at once. Layout (all integers little-endian; docs/model-format.md):
 *
 *   0   16 bytes  signature: `LEXDIS-MODEL` then `\r\n\x1a\n` (catches text-mode mangling)
 *   16  uint32    format version (2)
 *   20  uint32    byte length T of the table of contents
 *   24  uint32    CRC-32 of the table of contents
 *   28  uint32    0 (reserved)
 *   32  T bytes   table of contents, UTF-8 JSON ({@link Toc}): the header, the data
 *                 section's offset, the file's total length, and every part: its name, raw
 *                 length (binary parts: type and element count) and its chunks
 *   …   data section: every part cut into chunks of ≤ 16 MiB raw bytes, each stored
 *       deflated (raw DEFLATE) at a multiple of 8 bytes, with the CRC-32 of the stored
 *       bytes in the table
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
  PART_NAME,
  checkHeader,
} from './store-format.js';

/** The file format version of single-file models. */
export const FILE_FORMAT_VERSION = 2;
/** First 16 bytes of every single-file model. */
export const FILE_SIGNATURE = Buffer.from('LEXDIS-MODEL\r\n\x1a\n', 'latin1');
const PREFIX_BYTES = 32;
/**
 * zlib level of the stored chunks (1: fastest; level 6 made the PUD model 18% smaller at 2.7 times
 * the writing time).
 */
const DEFLATE_LEVEL = 1;
const ALIGN = 8;

/** One stored chunk: where it starts (from the start of the data section), its stored bytes and their CRC-32. */
interface Chunk { at: number; stored: number; crc32: number }
/** A part: its name, its raw byte length and its chunks (each ≤ CHUNK_BYTES raw bytes, deflated). */
interface Entry { name: string; bytes: number; chunks: Chunk[] }
interface BinaryEntry extends Entry { dtype: DType; length: number }

/** The table of contents of a single-file model. */
export interface Toc {
  header: ModelHeader;
  endian: 'LE';
  /** How chunks are stored: raw DEFLATE (RFC 1951). */
  compression: 'deflate-raw';
  /** Offset of the data section (the end of the table, padded to 8 bytes). */
  dataStart: number;
  fileBytes: number;
  json: Entry[];
  binary: BinaryEntry[];
}

const pad = (n: number) => (n + ALIGN - 1) & ~(ALIGN - 1);

/** Lays the parts out and returns the file's bytes as a list of buffers (written in order). */
export function encodeModelFile(p: Plan): Buffer[] {
  if (endianness() !== 'LE') throw new ModelFormatError('single-file models are little-endian; this machine is big-endian');
  const pieces: Uint8Array[] = [];
  let offset = 0;
  const store = (bytes: Uint8Array): Entry['chunks'] => {
    const chunks: Chunk[] = [];
    for (let off = 0; off < bytes.byteLength || (off === 0 && chunks.length === 0); off += CHUNK_BYTES) {
      const stored = deflateRawSync(bytes.subarray(off, off + CHUNK_BYTES), { level: DEFLATE_LEVEL });
      chunks.push({ at: offset, stored: stored.byteLength, crc32: crc32(stored) });
      pieces.push(stored);
      const next = pad(offset + stored.byteLength);
      if (next > offset + stored.byteLength) pieces.push(new Uint8Array(next - offset - stored.byteLength));
      offset = next;
      if (bytes.byteLength === 0) break;
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
    const toc: Toc = { header: p.header, endian: 'LE', compression: 'deflate-raw', dataStart, fileBytes: dataStart + offset, json, binary };
    tocBytes = Buffer.from(JSON.stringify(toc), 'utf8');
    dataStart = pad(PREFIX_BYTES + tocBytes.byteLength);
  }
  const prefix = Buffer.alloc(PREFIX_BYTES);
  FILE_SIGNATURE.copy(prefix, 0);
  prefix.writeUInt32LE(FILE_FORMAT_VERSION, 16);
  prefix.writeUInt32LE(tocBytes.byteLength, 20);
  prefix.writeUInt32LE(crc32(tocBytes), 24);
  const tocPad = Buffer.alloc(pad(PREFIX_BYTES + tocBytes.byteLength) - PREFIX_BYTES - tocBytes.byteLength);
  return [prefix, tocBytes, tocPad, ...pieces.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))];
}

/** Reads the whole file at `file` into one buffer with plain reads (no lock, no write). */
function readWhole(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buf = new Uint8Array(size);
    for (let at = 0; at < size; ) {
      const n = readSync(fd, buf, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return buf;
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

/** Parses and checks the prefix and table of contents; `file` names the model in errors. */
function readToc(buf: Uint8Array, file: string, expectKind?: string): Toc {
  const fail = (why: string) => new ModelFormatError(why, { file });
  if (!hasFileSignature(buf)) throw fail('not a lexdis model (no LEXDIS-MODEL signature at the start of the file)');
  if (buf.byteLength < PREFIX_BYTES) throw fail(`damaged model: truncated (${buf.byteLength} bytes)`);
  const view = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  const version = view.readUInt32LE(16);
  if (version > FILE_FORMAT_VERSION) {
    throw new ModelVersionError(
      `model format version ${version} is newer than this lexdis can read (format version ${FILE_FORMAT_VERSION}); ` +
        'use a newer lexdis or retrain the model', { file });
  }
  if (version !== FILE_FORMAT_VERSION) throw new ModelVersionError(`unknown single-file model format version ${version}`, { file });
  const tocLength = view.readUInt32LE(20);
  if (PREFIX_BYTES + tocLength > buf.byteLength) throw fail(`damaged model: truncated (${buf.byteLength} bytes, the table of contents alone needs ${PREFIX_BYTES + tocLength})`);
  const tocBytes = buf.subarray(PREFIX_BYTES, PREFIX_BYTES + tocLength);
  if (crc32(tocBytes) !== view.readUInt32LE(24)) throw fail('damaged model: the table of contents is corrupt (checksum mismatch)');
  let toc: Toc;
  try {
    toc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(tocBytes)) as Toc;
  } catch {
    throw fail('damaged model: the table of contents is not valid JSON');
  }
  checkHeader(toc?.header, file, expectKind);
  if (toc.header.formatVersion !== version) throw fail(`damaged model: header says format version ${String(toc.header.formatVersion)}, the file ${version}`);
  if (toc.fileBytes !== buf.byteLength) {
    throw fail(toc.fileBytes > buf.byteLength
      ? `damaged model: truncated (${buf.byteLength} of ${toc.fileBytes} bytes)`
      : `damaged model: ${buf.byteLength - toc.fileBytes} unexpected bytes after the end`);
  }
  if (toc.endian !== 'LE' || toc.compression !== 'deflate-raw' || !Number.isSafeInteger(toc.dataStart) || !Array.isArray(toc.json) ||
      !Array.isArray(toc.binary)) throw fail('damaged model: the table of contents is malformed');
  return toc;
}

/**
 * The raw bytes of a part: each chunk's position checked against the file, its CRC-32
 * checked, then inflated to exactly its share of `e.bytes` (never trusts the table blindly).
 */
function partBytes(buf: Uint8Array, toc: Toc, e: Entry, what: string, file: string): Uint8Array {
  const damaged = (why: string) => new ModelFormatError(`damaged model: ${what} "${String(e?.name)}": ${why}`, { file });
  if (typeof e?.name !== 'string' || !PART_NAME.test(e.name) || !Number.isSafeInteger(e.bytes) || e.bytes < 0 || !Array.isArray(e.chunks) ||
      e.chunks.length !== Math.max(1, Math.ceil(e.bytes / CHUNK_BYTES))) throw damaged('bad entry in the table of contents');
  let out: Uint8Array | undefined;
  e.chunks.forEach((c, n) => {
    const start = toc.dataStart + c?.at;
    if (
      !Number.isSafeInteger(start) ||
      !Number.isSafeInteger(c.stored) ||
      c.at < 0 ||
      c.stored < 0 ||
      start + c.stored > buf.byteLength
    ) {
      throw damaged(`chunk ${n} lies outside the file`);
    }
    const stored = buf.subarray(start, start + c.stored);
    if (crc32(stored) !== c.crc32) throw damaged(`chunk ${n} is corrupt (checksum mismatch)`);
    const want = Math.min(CHUNK_BYTES, e.bytes - n * CHUNK_BYTES);
    let raw: Buffer;
    try {
      // output buffers of the chunk's whole size: zlib's default of 16 KB pieces, joined after,
      // cost half the time again
      raw = inflateRawSync(stored, { maxOutputLength: Math.max(1, want), chunkSize: Math.max(64, want) });
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

function readBinaryPart(buf: Uint8Array, toc: Toc, e: BinaryEntry, file: string): BinaryArray {
  const bad = () => new ModelFormatError(`damaged model: binary part "${String(e?.name)}": bad type or length`, { file });
  if (!Object.hasOwn(DTYPES, e?.dtype)) throw bad();
  const Ctor = DTYPES[e.dtype];
  if (!Number.isSafeInteger(e.length) || e.bytes !== e.length * Ctor.BYTES_PER_ELEMENT) throw bad();
  const bytes = partBytes(buf, toc, e, 'binary part', file);
  return new Ctor(bytes.buffer as ArrayBuffer, 0, e.length);
}

/** Reads only the header of the single-file model at `file` (the parts are not checked). */
export function readFileHeader(file: string, expectKind?: string): ModelHeader {
  return readToc(readWhole(file), file, expectKind).header;
}

/**
 * Reads and checks the single-file model at `file`. Not a model → ModelFormatError; another
 * format version → ModelVersionError; a truncated or corrupt file → ModelFormatError.
 */
export function readModelFile(file: string, expectKind?: string): ModelParts & { header: ModelHeader; bytes: number } {
  const buf = readWhole(file);
  const toc = readToc(buf, file, expectKind);
  const dec = new TextDecoder('utf-8', { fatal: true });
  const json: Record<string, unknown> = {};
  for (const e of toc.json) {
    const bytes = partBytes(buf, toc, e, 'JSON part', file);
    try {
      json[e.name] = JSON.parse(dec.decode(bytes));
    } catch {
      throw new ModelFormatError(`damaged model: JSON part "${e.name}" is not valid JSON`, { file });
    }
  }
  const binary: Record<string, BinaryArray> = {};
  for (const e of toc.binary) binary[e.name] = readBinaryPart(buf, toc, e, file);
  return { header: toc.header, json, binary, bytes: buf.byteLength };
}
