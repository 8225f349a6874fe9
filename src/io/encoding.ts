/**
 * The text encodings lexdis reads, and the one check every reader makes of an input's first
 * bytes: UTF-16 text (which a UTF-8 or Windows-1256 reader would take for binary data or
 * mojibake) is refused with its own hint.
 */
import { requireOneOf } from '../args.js';
import { InputParseError } from '../errors.js';

/** The text encodings lexdis reads: UTF-8, and Windows-1256 for older Arabic files. */
export const TEXT_ENCODINGS = ['utf-8', 'windows-1256'] as const;
/** One of {@link TEXT_ENCODINGS}. */
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/**
 * Returns `value` when it is one of {@link TEXT_ENCODINGS}; throws UsageError naming `name`
 * otherwise (a reader checks its encoding before it reads).
 */
export function requireEncoding(name: string, value: unknown): TextEncoding {
  return requireOneOf(name, value, TEXT_ENCODINGS);
}

/**
 * 'LE' or 'BE' when the bytes (an input's first bytes) look like UTF-16: a byte-order mark, or
 * NUL bytes every other byte in their first KiB; else null.
 */
export function utf16Order(bytes: Uint8Array): 'LE' | 'BE' | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'LE';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'BE';
  const n = Math.min(bytes.length, 1024) & ~1;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  if (n >= 4 && odd >= n / 6 && even === 0) return 'LE';
  if (n >= 4 && even >= n / 6 && odd === 0) return 'BE';
  return null;
}

/**
 * Throws InputParseError (naming `file`, line 1) when an input's first bytes are UTF-16 text
 * (see {@link utf16Order}); returns nothing otherwise.
 */
export function refuseUtf16(firstBytes: Uint8Array, file: string): void {
  const order = utf16Order(firstBytes);
  if (order)
    throw new InputParseError(
      `UTF-16${order} text: lexdis reads UTF-8 (or --encoding windows-1256); convert it first, e.g. iconv -f UTF-16 -t UTF-8`,
      { file, line: 1 },
    );
}

/** Windows-1256's byte for each character it encodes, derived from the platform's own decoder (WHATWG table). */
let cp1256Bytes: Map<string, number> | undefined;

/**
 * The Windows-1256 bytes of `text` (Windows Arabic, the encoding of the BAMA 1.0 program's input).
 * The table is the inverse of `TextDecoder('windows-1256')`, which maps each of the 256 bytes to a
 * character of its own. Takes the text and, for messages, the file it is from. Throws
 * InputParseError (naming the line) for a character Windows-1256 has no byte for.
 */
export function encodeWindows1256(text: string, file?: string): Uint8Array {
  if (!cp1256Bytes) {
    const decoder = new TextDecoder('windows-1256');
    cp1256Bytes = new Map(Array.from({ length: 256 }, (_, b) => [decoder.decode(Uint8Array.of(b)), b]));
  }
  const out = new Uint8Array(text.length);
  let n = 0;
  for (const ch of text) {
    const byte = cp1256Bytes.get(ch);
    if (byte === undefined) {
      const line = text.slice(0, text.indexOf(ch)).split('\n').length;
      const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      throw new InputParseError(`U+${code} (${ch}) has no Windows-1256 byte`, { file, line });
    }
    out[n++] = byte;
  }
  return out.subarray(0, n);
}
