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
 *   32  T bytes   table of contents, UTF-8 JSON ({@link Toc}): the header, every part's
 *                 offset, length and CRC-32 (binary parts: one CRC-32 per ≤ 16 MiB chunk),
 *                 and the file's total length
 *   …   parts, each starting at a multiple of 8 bytes, zero padding between them
 *
 * Checks on reading, in order: signature (else "not a lexdis model"), version (newer or
 * unknown → ModelVersionError), length against the table (truncated or extended file →
 * ModelFormatError), table checksum, header (./store-format.ts), then every part's checksum.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';
import { ModelFormatError, ModelVersionError } from '../errors.js';
import {
  type BinaryArray, type DType, type ModelHeader, CHUNK_BYTES, DTYPES, PART_NAME, checkHeader,
} from './store-format.js';
import type { ModelParts, Plan } from './store-v1.js';

/** The file format version of single-file models. */
export const FILE_FORMAT_VERSION = 2;
/** First 16 bytes of every single-file model. */
export const FILE_SIGNATURE = Buffer.from('LEXDIS-MODEL\r\n\x1a\n', 'latin1');
const PREFIX_BYTES = 32;
const ALIGN = 8;

interface JsonEntry { name: string; offset: number; bytes: number; crc32: number }
interface BinaryEntry { name: string; dtype: DType; length: number; offset: number; byteLength: number; chunkBytes: number; crc32: number[] }

/** The table of contents of a single-file model. */
export interface Toc {
  header: ModelHeader;
  endian: 'LE';
  fileBytes: number;
  json: JsonEntry[];
  binary: BinaryEntry[];
}

const pad = (n: number) => (n + ALIGN - 1) & ~(ALIGN - 1);

/** Lays the parts out and returns the file's bytes as a list of buffers (written in order). */
export function encodeModelFile(p: Plan): Buffer[] {
  if (endianness() !== 'LE') throw new ModelFormatError('single-file models are little-endian; this machine is big-endian');
  const enc = new TextEncoder();
  const pieces: Uint8Array[] = [];
  const toc: Toc = { header: p.header, endian: 'LE', fileBytes: 0, json: [], binary: [] };
  let offset = 0; // relative to the end of the table, fixed below
  const place = (bytes: Uint8Array) => {
    const at = offset;
    pieces.push(bytes);
    offset = pad(offset + bytes.byteLength);
    if (offset > at + bytes.byteLength) pieces.push(new Uint8Array(offset - at - bytes.byteLength));
    return at;
  };
  for (const [name, bytes] of p.json) toc.json.push({ name, offset: place(bytes), bytes: bytes.byteLength, crc32: crc32(bytes) });
  for (const [name, dtype, array] of p.binary) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    const sums: number[] = [];
    for (let off = 0; off < bytes.byteLength; off += CHUNK_BYTES) sums.push(crc32(bytes.subarray(off, off + CHUNK_BYTES)));
    toc.binary.push({ name, dtype, length: array.length, offset: place(bytes), byteLength: bytes.byteLength, chunkBytes: CHUNK_BYTES, crc32: sums });
  }
  // The table holds absolute offsets, which depend on its own length: iterate to a fixed point.
  const partsBytes = offset;
  let tocText = '';
  for (let base = 0, prev = -1; base !== prev; ) {
    prev = base;
    const shifted: Toc = {
      ...toc, fileBytes: base + partsBytes,
      json: toc.json.map((e) => ({ ...e, offset: e.offset + base })),
      binary: toc.binary.map((e) => ({ ...e, offset: e.offset + base })),
    };
    tocText = JSON.stringify(shifted);
    base = pad(PREFIX_BYTES + Buffer.byteLength(tocText));
  }
  const tocBytes = Buffer.from(tocText, 'utf8');
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
  return bytes.byteLength >= FILE_SIGNATURE.byteLength && FILE_SIGNATURE.equals(bytes.subarray(0, FILE_SIGNATURE.byteLength));
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
  if (toc.endian !== 'LE' || !Array.isArray(toc.json) || !Array.isArray(toc.binary)) throw fail('damaged model: the table of contents is malformed');
  return toc;
}

/** Checks an entry's name and byte range (never trusts the table blindly). */
function range(buf: Uint8Array, e: { name: unknown; offset: unknown }, bytes: unknown, file: string): Uint8Array {
  const ok = typeof e.name === 'string' && PART_NAME.test(e.name) && Number.isSafeInteger(e.offset) && Number.isSafeInteger(bytes) &&
    (e.offset as number) >= PREFIX_BYTES && (bytes as number) >= 0 && (e.offset as number) + (bytes as number) <= buf.byteLength;
  if (!ok) throw new ModelFormatError(`damaged model: part "${String(e.name)}" has a bad position in the table of contents`, { file });
  return buf.subarray(e.offset as number, (e.offset as number) + (bytes as number));
}

function readBinaryPart(buf: Uint8Array, e: BinaryEntry, file: string): BinaryArray {
  const damaged = (why: string) => new ModelFormatError(`damaged model: binary part "${e.name}": ${why}`, { file });
  if (!Object.hasOwn(DTYPES, e.dtype)) throw damaged(`unknown dtype ${String(e.dtype)}`);
  const Ctor = DTYPES[e.dtype];
  if (!Number.isSafeInteger(e.length) || e.byteLength !== e.length * Ctor.BYTES_PER_ELEMENT) throw damaged('bad length');
  if (!Number.isSafeInteger(e.chunkBytes) || e.chunkBytes <= 0 || !Array.isArray(e.crc32) ||
      e.crc32.length !== Math.ceil(e.byteLength / e.chunkBytes)) throw damaged('bad chunk list');
  const bytes = range(buf, e, e.byteLength, file);
  for (let n = 0; n < e.crc32.length; n++) {
    if (crc32(bytes.subarray(n * e.chunkBytes, (n + 1) * e.chunkBytes)) !== e.crc32[n]) throw damaged(`chunk ${n} is corrupt (checksum mismatch)`);
  }
  // A fresh, aligned array of its own: the file's buffer can then be collected.
  const array = new Ctor(e.length);
  new Uint8Array(array.buffer).set(bytes);
  return array;
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
    const bytes = range(buf, e, e.bytes, file);
    if (crc32(bytes) !== e.crc32) throw new ModelFormatError(`damaged model: JSON part "${e.name}" is corrupt (checksum mismatch)`, { file });
    try {
      json[e.name] = JSON.parse(dec.decode(bytes));
    } catch {
      throw new ModelFormatError(`damaged model: JSON part "${e.name}" is not valid JSON`, { file });
    }
  }
  const binary: Record<string, BinaryArray> = {};
  for (const e of toc.binary) binary[e.name] = readBinaryPart(buf, e, file);
  return { header: toc.header, json, binary, bytes: buf.byteLength };
}
