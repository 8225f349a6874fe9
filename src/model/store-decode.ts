/**
 * Reading a single-file model (format versions 2 and 3, docs/model-format.md) from wherever its
 * bytes are: a file read with positional reads (./store-file.ts), or bytes already in memory
 * ({@link bytesSource}: a download, a browser's cache). No file system and no zlib here: a
 * {@link Codec} brings the CRC-32 and raw inflate; ./codec.ts is one that runs anywhere, and
 * ./store-file.ts passes zlib's, quicker in Node.
 *
 * Checks on reading, in order: signature (else "not a lexdis model"), version (newer or
 * unknown → ModelVersionError), length against the table (truncated or extended file →
 * ModelFormatError), table checksum, header (./store-format.ts), then every part's checksum.
 */
import { ModelFormatError, ModelVersionError } from '../errors.js';
import {
  type BinaryArray,
  type DType,
  type ModelHeader,
  type ModelParts,
  CHUNK_BYTES,
  DTYPES,
  MIN_MODEL_FORMAT_VERSION,
  MODEL_FORMAT_VERSION,
  PART_NAME,
  checkHeader,
} from './store-format.js';

/** First 16 bytes of every single-file model: `LEXDIS-MODEL` then `\r\n\x1a\n`. */
export const FILE_SIGNATURE: Uint8Array = Uint8Array.from('LEXDIS-MODEL\r\n\x1a\n', (c) => c.charCodeAt(0));
/** The fixed prefix: signature, format version, table length, table CRC-32, reserved. */
export const PREFIX_BYTES = 32;

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

/** One stored chunk: where it starts (from the start of the data section), its stored bytes and their CRC-32. */
export interface Chunk { at: number; stored: number; crc32: number }
/** A part: its name, its raw byte length and its chunks (each ≤ CHUNK_BYTES raw bytes). */
export interface Entry { name: string; bytes: number; chunks: Chunk[] }
/** A binary part: a part with its element type and count. */
export interface BinaryEntry extends Entry { dtype: DType; length: number }

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

/** Where a model's bytes are read from: its length, positional reads, and a name for errors. */
export interface ByteSource {
  /** The path or name errors give. */
  readonly file: string;
  /** The length of the whole model in bytes. */
  readonly size: number;
  /** Fills `into` from byte `at`; returns how many bytes it read (fewer at the end). */
  read(into: Uint8Array, at: number): number;
}

/** The checksum and decompression a model's chunks need. */
export interface Codec {
  /** Returns the CRC-32 (ISO-HDLC, as zlib's) of `bytes`, unsigned. Throws nothing. */
  crc32(bytes: Uint8Array): number;
  /**
   * Returns `bytes` inflated (raw DEFLATE) in an array of its own. Throws when they are not a
   * raw DEFLATE stream or inflate to more than `size` bytes.
   */
  inflateRaw(bytes: Uint8Array, size: number): Uint8Array;
}

/**
 * A {@link ByteSource} over bytes in memory, named `file` in errors. Takes the bytes (read, not
 * kept beyond the source) and the name; returns the source. Throws nothing.
 */
export function bytesSource(bytes: Uint8Array, file: string): ByteSource {
  return {
    file,
    size: bytes.byteLength,
    read(into, at) {
      const piece = bytes.subarray(at, at + into.byteLength);
      into.set(piece);
      return piece.byteLength;
    },
  };
}

/** True when `bytes` begins with the single-file signature. Throws nothing. */
export function hasFileSignature(bytes: Uint8Array): boolean {
  if (bytes.byteLength < FILE_SIGNATURE.byteLength) return false;
  return FILE_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** The unsigned little-endian 32-bit integer at byte `at` of `bytes`. */
const uint32 = (bytes: Uint8Array, at: number): number =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true);

/** The version in the prefix, checked: one this lexdis reads. */
function prefixVersion(prefix: Uint8Array, file: string): number {
  const version = uint32(prefix, 16);
  if (version > MODEL_FORMAT_VERSION) {
    throw new ModelVersionError(
      `model format version ${version} is newer than this lexdis can read (format version ${MODEL_FORMAT_VERSION}); ` +
        'use a newer lexdis or retrain the model', { file });
  }
  if (version < MIN_MODEL_FORMAT_VERSION) throw new ModelVersionError(`unknown single-file model format version ${version}`, { file });
  return version;
}

/**
 * Reads, parses and checks the prefix and table of contents of the model `src` holds. Returns
 * the table. Throws ModelFormatError / ModelVersionError as the module comment says.
 */
export function readToc(src: ByteSource, codec: Codec, expectKind?: string): Toc {
  const { file, size } = src;
  const fail = (why: string) => new ModelFormatError(why, { file });
  const prefix = new Uint8Array(Math.min(size, PREFIX_BYTES));
  src.read(prefix, 0);
  if (!hasFileSignature(prefix)) throw fail('not a lexdis model (no LEXDIS-MODEL signature at the start of the file)');
  if (size < PREFIX_BYTES) throw fail(`damaged model: truncated (${size} bytes)`);
  const version = prefixVersion(prefix, file);
  const tocLength = uint32(prefix, 20);
  if (PREFIX_BYTES + tocLength > size) throw fail(`damaged model: truncated (${size} bytes, the table of contents alone needs ${PREFIX_BYTES + tocLength})`);
  const tocBytes = new Uint8Array(tocLength);
  src.read(tocBytes, PREFIX_BYTES);
  if (codec.crc32(tocBytes) !== uint32(prefix, 24)) throw fail('damaged model: the table of contents is corrupt (checksum mismatch)');
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

/** Checks an entry of the table and the place and length of each of its chunks, before anything is allocated. */
function checkEntry(src: ByteSource, toc: Toc, e: Entry, damaged: (why: string) => ModelFormatError): void {
  if (typeof e?.name !== 'string' || !PART_NAME.test(e.name) || !Number.isSafeInteger(e.bytes) || e.bytes < 0 || !Array.isArray(e.chunks) ||
      e.chunks.length !== Math.max(1, Math.ceil(e.bytes / CHUNK_BYTES))) throw damaged('bad entry in the table of contents');
  e.chunks.forEach((c, n) => {
    const start = toc.dataStart + c?.at;
    const inside = Number.isSafeInteger(start) && Number.isSafeInteger(c.stored) && c.at >= 0 && c.stored >= 0;
    if (!inside || start + c.stored > src.size) throw damaged(`chunk ${n} lies outside the file`);
    const want = Math.min(CHUNK_BYTES, e.bytes - n * CHUNK_BYTES);
    if (toc.compression === 'none' && c.stored !== want) throw damaged(`chunk ${n} holds ${c.stored} bytes, expected ${want}`);
  });
}

/**
 * The raw bytes of a part, in a buffer of its own: every chunk's place and length checked
 * against the file before anything is allocated, then each chunk read, its CRC-32 checked, and
 * (deflated) inflated to exactly its share of `e.bytes` (never trusts the table blindly).
 */
function partBytes(src: ByteSource, codec: Codec, toc: Toc, e: Entry, what: string): Uint8Array {
  const damaged = (why: string) => new ModelFormatError(`damaged model: ${what} "${String(e?.name)}": ${why}`, { file: src.file });
  checkEntry(src, toc, e, damaged);
  const stored = toc.compression === 'none';
  let out: Uint8Array | undefined = stored ? new Uint8Array(e.bytes) : undefined;
  e.chunks.forEach((c, n) => {
    const want = Math.min(CHUNK_BYTES, e.bytes - n * CHUNK_BYTES);
    // a stored chunk is read straight into its place in the part
    const bytes = out && stored ? out.subarray(n * CHUNK_BYTES, n * CHUNK_BYTES + want) : new Uint8Array(c.stored);
    if (src.read(bytes, toc.dataStart + c.at) !== bytes.byteLength) throw damaged(`chunk ${n} lies outside the file`);
    if (codec.crc32(bytes) !== c.crc32) throw damaged(`chunk ${n} is corrupt (checksum mismatch)`);
    if (stored) return;
    let raw: Uint8Array;
    try {
      raw = codec.inflateRaw(bytes, want);
    } catch {
      throw damaged(`chunk ${n} cannot be decompressed`);
    }
    if (raw.byteLength !== want) throw damaged(`chunk ${n} holds ${raw.byteLength} bytes, expected ${want}`);
    // a part of one chunk is the inflated array itself when it starts its own memory (typed arrays need aligned views)
    if (e.chunks.length === 1 && raw.byteOffset === 0 && raw.buffer.byteLength === want) out = raw;
    else (out ??= new Uint8Array(e.bytes)).set(raw, n * CHUNK_BYTES);
  });
  return out ?? new Uint8Array(0);
}

function readBinaryPart(src: ByteSource, codec: Codec, toc: Toc, e: BinaryEntry): BinaryArray {
  const bad = () => new ModelFormatError(`damaged model: binary part "${String(e?.name)}": bad type or length`, { file: src.file });
  if (!Object.hasOwn(DTYPES, e?.dtype)) throw bad();
  const Ctor = DTYPES[e.dtype];
  if (!Number.isSafeInteger(e.length) || e.bytes !== e.length * Ctor.BYTES_PER_ELEMENT) throw bad();
  const bytes = partBytes(src, codec, toc, e, 'binary part');
  return new Ctor(bytes.buffer as ArrayBuffer, 0, e.length);
}

/**
 * Freezes a value and every object inside it (typed arrays, which cannot be frozen, are left as
 * they are); returns the value. Throws nothing.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Reads and checks the whole model `src` holds, with `codec`'s CRC-32 and inflate; with
 * `expectKind`, a model of another kind is refused. Returns its header and parts (the arrays
 * fresh and aligned). Not a model → ModelFormatError; another format version →
 * ModelVersionError; a truncated or corrupt model → ModelFormatError.
 */
export function decodeModel(src: ByteSource, codec: Codec, expectKind?: string): ModelParts & { header: ModelHeader } {
  const toc = readToc(src, codec, expectKind);
  const dec = new TextDecoder('utf-8', { fatal: true });
  const json: Record<string, unknown> = {};
  for (const e of toc.json) {
    const bytes = partBytes(src, codec, toc, e, 'JSON part');
    try {
      json[e.name] = JSON.parse(dec.decode(bytes));
    } catch {
      throw new ModelFormatError(`damaged model: JSON part "${e.name}" is not valid JSON`, { file: src.file });
    }
  }
  const binary: Record<string, BinaryArray> = {};
  for (const e of toc.binary) binary[e.name] = readBinaryPart(src, codec, toc, e);
  return { header: toc.header, json, binary };
}
