/**
 * Format versions 2 and 3 of the model store in Node: writing the file, and reading it with
 * plain positional reads — no lock, no log, nothing written — so a model can sit on a
 * read-only volume and be loaded by any number of processes at once. The layout, and reading it
 * from any bytes, is ./store-decode.ts (all integers little-endian; docs/model-format.md):
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
 * Reading checks what ./store-decode.ts says, with zlib's CRC-32 and inflate ({@link zlibCodec}).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { ModelFormatError } from '../errors.js';
import { CHUNK_BYTES, type ModelHeader, type ModelParts, type Plan } from './store-format.js';
import {
  type ByteSource, type Chunk, type Codec, type Compression, type Entry, type BinaryEntry, type Toc,
  COMPRESSIONS, FILE_SIGNATURE, PREFIX_BYTES, decodeModel, readToc,
} from './store-decode.js';

export { COMPRESSIONS, fileVersionOf, hasFileSignature, type Compression } from './store-decode.js';

const DEFLATE_LEVEL = 1;
const ALIGN = 8;

/**
 * zlib's CRC-32 and raw inflate, for reading a model in Node: three times quicker at inflating
 * than ./codec.ts, ten at checksumming. Inflating asks for output buffers of the chunk's whole
 * size: zlib's default of 16 KB pieces, joined after, cost half the time again.
 */
export const zlibCodec: Codec = {
  crc32: (bytes) => crc32(bytes),
  inflateRaw: (bytes, size) =>
    inflateRawSync(bytes, { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, size) }),
};

/** True when this machine stores numbers little-endian, as model files do. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

const pad = (n: number) => (n + ALIGN - 1) & ~(ALIGN - 1);

/**
 * Lays the parts out, each chunk stored as `compression` says, and returns the file's bytes as
 * a list of buffers (written in order). The file's format version is the plan header's, which
 * must allow `compression` (else ModelFormatError).
 */
export function encodeModelFile(p: Plan, compression: Compression): Uint8Array[] {
  if (!LITTLE_ENDIAN) throw new ModelFormatError('single-file models are little-endian; this machine is big-endian');
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
  prefix.set(FILE_SIGNATURE, 0);
  prefix.writeUInt32LE(p.header.formatVersion, 16);
  prefix.writeUInt32LE(tocBytes.byteLength, 20);
  prefix.writeUInt32LE(crc32(tocBytes), 24);
  const tocPad = Buffer.alloc(pad(PREFIX_BYTES + tocBytes.byteLength) - PREFIX_BYTES - tocBytes.byteLength);
  return [prefix, tocBytes, tocPad, ...pieces.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))];
}

/** Runs `use` on the file at `file` opened for reading (plain positional reads), and closes it. */
function withSource<T>(file: string, use: (src: ByteSource) => T): T {
  const fd = openSync(file, 'r');
  try {
    const read = (into: Uint8Array, at: number): number => {
      let n = 0;
      while (n < into.byteLength) {
        const got = readSync(fd, into, n, into.byteLength - n, at + n);
        if (got === 0) break;
        n += got;
      }
      return n;
    };
    return use({ file, size: fstatSync(fd).size, read });
  } finally {
    closeSync(fd);
  }
}

/** Reads only the header of the single-file model at `file` (the parts are not checked). */
export function readFileHeader(file: string, expectKind?: string): ModelHeader {
  return withSource(file, (src) => readToc(src, zlibCodec, expectKind).header);
}

/**
 * Reads and checks the single-file model at `file`. Not a model → ModelFormatError; another
 * format version → ModelVersionError; a truncated or corrupt file → ModelFormatError.
 */
export function readModelFile(file: string, expectKind?: string): ModelParts & { header: ModelHeader; bytes: number } {
  return withSource(file, (src) => ({ ...decodeModel(src, zlibCodec, expectKind), bytes: src.size }));
}
