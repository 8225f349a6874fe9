/**
 * The CRC-32 and raw inflate a model's chunks need (./store-decode.ts Codec), in plain
 * JavaScript, so that a model loads wherever JavaScript runs: fflate inflates, crc-32 (SheetJS)
 * checksums. In Node, ./store-file.ts passes zlib's own instead, three times quicker at
 * inflating and ten at checksumming (docs/dependencies.md).
 */
import CRC32 from 'crc-32';
import { inflateSync } from 'fflate';
import type { Codec } from './store-decode.js';

/**
 * The codec that runs anywhere. `inflateRaw` inflates into an array one byte longer than
 * `size`, so that a stream that would go beyond it shows (fflate stops silently at the end of
 * the array it is given).
 */
export const portableCodec: Codec = {
  crc32: (bytes) => CRC32.buf(bytes) >>> 0,
  inflateRaw(bytes, size) {
    const out = inflateSync(bytes, { out: new Uint8Array(size + 1) });
    if (out.byteLength > size) throw new RangeError(`the chunk inflates to more than ${size} bytes`);
    return out;
  },
};
