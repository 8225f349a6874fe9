/**
 * Raw text read a paragraph (line) at a time with bounded read-ahead, for the streaming
 * commands (./text-stream.ts):
 *
 * - The input is read in chunks of {@link READ_CHUNK_BYTES}; only the chunk being split and the
 *   unfinished line are held.
 * - A line longer than `maxParagraphChars` ({@link MAX_PARAGRAPH_CHARS} by default) is never
 *   held whole: it is cut into pieces of at most that many characters, each after the last ASCII
 *   white space inside the limit (hard at the limit when there is none, never inside a
 *   surrogate pair). Pieces keep their line number; a consumer sees where a line goes on.
 * - A NUL byte anywhere is binary input: InputParseError naming the file, the line and the byte
 *   offset. UTF-8 input must be valid (the first bad byte is named the same way, as is a
 *   multi-byte character cut by the end of the input); a leading byte order mark is dropped.
 *   Windows-1256 input decodes every byte, so only NUL is refused there.
 * - LF and CRLF line ends; a last line without a line end is still a line.
 */
import { isUtf8 } from 'node:buffer';
import { InputParseError } from '../errors.js';
import { requireEncoding, type TextEncoding } from './files.js';

/** Longest piece of a line handed to a transform, in UTF-16 code units (1 Mi ≈ 2 MB of Arabic UTF-8). */
export const MAX_PARAGRAPH_CHARS = 1 << 20;
/** Bytes read from the input at a time. */
export const READ_CHUNK_BYTES = 1 << 16;

/** One line of input, or a piece of a line longer than the limit. */
export interface Paragraph {
  /** The text, without its line end. */
  text: string;
  /** 1-based input line. */
  line: number;
  /** 0 for a line's first piece, then 1, 2, … for the pieces of a cut line. */
  piece: number;
  /** False when the line goes on in the next piece. */
  last: boolean;
  /**
   * The line end that followed in the input: '\n', '\r\n', '' for a piece that the next one
   * continues or a last line without one ('\r' for a lone CR at the very end), so that
   * text + eol, paragraph after paragraph, is the input exactly (after a byte order mark).
   */
  eol: string;
  /** Input bytes read so far (for progress). */
  bytesRead: number;
}

export interface ReadParagraphsOptions {
  /** Name used in errors (a path, or `<stdin>`). */
  file: string;
  encoding: TextEncoding;
  maxParagraphChars: number;
}

export const defaultReadParagraphsOptions: ReadParagraphsOptions = { file: '<stdin>', encoding: 'utf-8', maxParagraphChars: MAX_PARAGRAPH_CHARS };

/** Counts LF bytes in `bytes[0, end)`. */
function countLf(bytes: Uint8Array, end: number): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i !== -1 && i < end; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/** Length of a UTF-8 sequence from its lead byte (0 for a byte that cannot start one). */
function seqLength(b: number): number {
  if (b < 0x80) return 1;
  if (b >= 0xc2 && b <= 0xdf) return 2;
  if (b >= 0xe0 && b <= 0xef) return 3;
  if (b >= 0xf0 && b <= 0xf4) return 4;
  return 0;
}

/** Bytes at the end of `bytes` that start a multi-byte character not complete yet. */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) === 0x80) continue;
    const n = seqLength(b);
    return n > back ? back : 0;
  }
  return 0;
}

/**
 * Offset of the first byte of `bytes` that does not start or continue a valid UTF-8 character
 * (`bytes.length` when every byte does). Takes the bytes; throws nothing. Used with `isUtf8`
 * (node:buffer), which says whether there is one.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    const n = seqLength(c);
    if (n === 0 || i + n > bytes.length) return i;
    const c1 = bytes[i + 1];
    // overlong forms, UTF-16 surrogates, code points above U+10FFFF
    if (
      (c === 0xe0 && c1 < 0xa0) ||
      (c === 0xed && c1 > 0x9f) ||
      (c === 0xf0 && c1 < 0x90) ||
      (c === 0xf4 && c1 > 0x8f)
    )
      return i;
    for (let k = 1; k < n; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += n;
  }
  return bytes.length;
}

/** Splits decoded text into lines and pieces; holds the unfinished line. */
class LineSplitter {
  private rest = '';
  private line = 1;
  private piece = 0;

  constructor(private readonly max: number) {}

  /** Adds text; appends the paragraphs it completes to `out`. */
  push(text: string, bytesRead: number, out: Paragraph[]): void {
    const buf = this.rest + text;
    let start = 0;
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n', start)) {
      start = this.cutLong(buf, start, nl, bytesRead, out);
      const end = nl > start && buf.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      out.push({ text: buf.slice(start, end), line: this.line, piece: this.piece, last: true, eol: end < nl ? '\r\n' : '\n', bytesRead });
      this.line++;
      this.piece = 0;
      start = nl + 1;
    }
    start = this.cutLong(buf, start, buf.length, bytesRead, out);
    this.rest = buf.slice(start);
  }

  /** Emits pieces while `buf[start, end)` is longer than the limit; returns where the rest starts. */
  private cutLong(buf: string, start: number, end: number, bytesRead: number, out: Paragraph[]): number {
    while (end - start > this.max) {
      let cut = start + this.max;
      let ws = cut - 1;
      while (ws > start && !isAsciiSpace(buf.charCodeAt(ws))) ws--;
      if (ws > start) cut = ws + 1;
      else if (isHighSurrogate(buf.charCodeAt(cut - 1))) cut--;
      out.push({ text: buf.slice(start, cut), line: this.line, piece: this.piece, last: false, eol: '', bytesRead });
      this.piece++;
      start = cut;
    }
    return start;
  }

  /** The last line when the input does not end with a line end. */
  finish(bytesRead: number, out: Paragraph[]): void {
    if (this.rest === '' && this.piece === 0) return;
    const cr = this.rest.endsWith('\r');
    out.push({ text: cr ? this.rest.slice(0, -1) : this.rest, line: this.line, piece: this.piece, last: true, eol: cr ? '\r' : '', bytesRead });
    this.rest = '';
  }
}

const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);
const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/**
 * Reads paragraphs from a byte stream (see the module comment). Throws InputParseError for a
 * NUL byte or bad UTF-8, with the file, the line and the byte offset.
 */
export async function* readParagraphs(
  input: AsyncIterable<Uint8Array>,
  options: Partial<ReadParagraphsOptions> = {},
): AsyncGenerator<Paragraph> {
  const o = { ...defaultReadParagraphsOptions, ...options };
  requireEncoding('options.encoding', o.encoding);
  const splitter = new LineSplitter(Math.max(1, o.maxParagraphChars));
  const cp1256 = o.encoding === 'windows-1256' ? new TextDecoder('windows-1256') : undefined;
  let carry = new Uint8Array(0);
  let offset = 0; // input bytes before `carry`
  let lines = 0; // LF bytes before `carry`
  let first = true;
  const fail = (what: string, at: number, bytes: Uint8Array, base: number): never => {
    throw new InputParseError(`${what} at byte offset ${base + at}`, {
      file: o.file,
      line: lines + countLf(bytes, at) + 1,
    });
  };
  const out: Paragraph[] = [];
  for await (const chunk of input) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const nul = bytes.indexOf(0);
    if (nul !== -1) fail('NUL byte (binary input, not text)', nul, bytes, offset);
    const keep = cp1256 ? 0 : incompleteTail(bytes);
    const body = bytes.subarray(0, bytes.length - keep);
    if (!cp1256 && !isUtf8(body))
      fail(
        'not valid UTF-8 (use --encoding windows-1256 for Arabic Windows files)',
        firstInvalidUtf8(body),
        body,
        offset,
      );
    let text = cp1256
      ? cp1256.decode(body, { stream: true })
      : Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8');
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text !== '') first = false;
    offset += body.length;
    lines += countLf(body, body.length);
    carry = bytes.slice(bytes.length - keep);
    splitter.push(text, offset, out);
    while (out.length) yield out.shift()!;
  }
  if (carry.length) fail('a multi-byte character cut by the end of the input', 0, carry, offset);
  splitter.finish(offset, out);
  while (out.length) yield out.shift()!;
}
