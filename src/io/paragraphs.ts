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
 * - With `longLines: 'refuse'` (the readers of formats whose lines are records: pos, CoNLL-U,
 *   candidates, label schemes, vocalized and reference text) a line longer than the limit is an
 *   InputParseError naming the file, the line and the byte offset where it passes the limit,
 *   raised before the line is handed on: an endless line (`/dev/zero` is refused earlier, by
 *   its NUL bytes) is never held past the limit.
 * - Input that starts like UTF-16 text is refused with its own hint (./encoding.ts).
 * - LF and CRLF line ends; a last line without a line end is still a line (its `eol` is '').
 *
 * {@link ParagraphDecoder} does all of this for bytes pushed to it; {@link readParagraphs} feeds
 * it from an async stream, ./text-file.ts from a file read synchronously.
 */
import { isUtf8 } from 'node:buffer';
import { InputParseError } from '../errors.js';
import { refuseUtf16, requireEncoding, type TextEncoding } from './encoding.js';

/**
 * The line limit of every reader, in UTF-16 code units (1 Mi ≈ 2 MB of Arabic UTF-8): the
 * longest piece of a line handed to a transform, and the longest line a record-based format
 * may have.
 */
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

/** What a line longer than the limit becomes: pieces (raw text), or an InputParseError (record formats). */
export type LongLines = 'cut' | 'refuse';

export interface ReadParagraphsOptions {
  /** Name used in errors (a path, or `<stdin>`). */
  file: string;
  encoding: TextEncoding;
  maxParagraphChars: number;
  longLines: LongLines;
}

export const defaultReadParagraphsOptions: ReadParagraphsOptions = {
  file: '<stdin>',
  encoding: 'utf-8',
  maxParagraphChars: MAX_PARAGRAPH_CHARS,
  longLines: 'cut',
};

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

  constructor(
    private readonly max: number,
    private readonly encoding: TextEncoding,
    private readonly refuse: ((line: number, byteOffset: number) => never) | undefined,
  ) {}

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
    if (this.refuse && end - start > this.max) {
      // bytesRead is the input's offset at the end of buf: the limit's offset is counted back from there
      const after = buf.slice(start + this.max);
      this.refuse(this.line, bytesRead - (this.encoding === 'utf-8' ? Buffer.byteLength(after, 'utf8') : after.length));
    }
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
 * Cuts bytes into paragraphs (see the module comment), a chunk at a time: {@link push} each chunk
 * of the input in order, then {@link end}. Holds only the bytes of a character a chunk cut and
 * the unfinished line (at most the limit, in refuse mode).
 */
export class ParagraphDecoder {
  private readonly o: ReadParagraphsOptions;
  private readonly splitter: LineSplitter;
  private readonly cp1256: InstanceType<typeof TextDecoder> | undefined;
  private carry = new Uint8Array(0);
  /** Input bytes before `carry`, and LF bytes among them. */
  private offset = 0;
  private lines = 0;
  private first = true;

  /**
   * Takes the options (those not given: {@link defaultReadParagraphsOptions}); throws UsageError
   * for a bad encoding.
   */
  constructor(options: Partial<ReadParagraphsOptions> = {}) {
    this.o = { ...defaultReadParagraphsOptions, ...options };
    requireEncoding('options.encoding', this.o.encoding);
    const refuse = this.o.longLines === 'refuse' ? this.tooLong : undefined;
    this.splitter = new LineSplitter(Math.max(1, this.o.maxParagraphChars), this.o.encoding, refuse);
    this.cp1256 = this.o.encoding === 'windows-1256' ? new TextDecoder('windows-1256') : undefined;
  }

  /** Input bytes taken so far. */
  get bytesRead(): number {
    return this.offset + this.carry.length;
  }

  /**
   * Takes the next chunk of the input; appends the paragraphs it completes to `out`. Throws
   * InputParseError for UTF-16 text, a NUL byte, bad UTF-8 or (refuse mode) a line past the
   * limit, naming the file, the line and the byte offset.
   */
  push(chunk: Uint8Array, out: Paragraph[]): void {
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    if (this.first && this.offset === 0) refuseUtf16(bytes, this.o.file);
    const nul = bytes.indexOf(0);
    if (nul !== -1) this.fail('NUL byte (binary input, not text)', nul, bytes);
    const keep = this.cp1256 ? 0 : incompleteTail(bytes);
    const body = bytes.subarray(0, bytes.length - keep);
    if (!this.cp1256 && !isUtf8(body))
      this.fail('not valid UTF-8 (use --encoding windows-1256 for Arabic Windows files)', firstInvalidUtf8(body), body);
    let text = this.cp1256
      ? this.cp1256.decode(body, { stream: true })
      : Buffer.from(body.buffer, body.byteOffset, body.length).toString('utf8');
    if (this.first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text !== '') this.first = false;
    this.offset += body.length;
    this.lines += countLf(body, body.length);
    // a copy: the caller may reuse the chunk's memory for its next read
    this.carry = new Uint8Array(bytes.subarray(bytes.length - keep));
    this.splitter.push(text, this.offset, out);
  }

  /** The end of the input: appends its last line to `out`. Throws InputParseError for a character it cut. */
  end(out: Paragraph[]): void {
    if (this.carry.length) this.fail('a multi-byte character cut by the end of the input', 0, this.carry);
    this.splitter.finish(this.offset, out);
  }

  private fail(what: string, at: number, bytes: Uint8Array): never {
    throw new InputParseError(`${what} at byte offset ${this.offset + at}`, {
      file: this.o.file,
      line: this.lines + countLf(bytes, at) + 1,
    });
  }

  private readonly tooLong = (line: number, byteOffset: number): never => {
    throw new InputParseError(`line longer than ${this.o.maxParagraphChars} characters at byte offset ${byteOffset}`, {
      file: this.o.file,
      line,
    });
  };
}

/**
 * Reads paragraphs from a byte stream (see the module comment and {@link ParagraphDecoder}).
 * Throws InputParseError for UTF-16 text, a NUL byte, bad UTF-8 or (refuse mode) a line past
 * the limit, with the file, the line and the byte offset.
 */
export async function* readParagraphs(
  input: AsyncIterable<Uint8Array>,
  options: Partial<ReadParagraphsOptions> = {},
): AsyncGenerator<Paragraph> {
  const decoder = new ParagraphDecoder(options);
  const out: Paragraph[] = [];
  for await (const chunk of input) {
    decoder.push(chunk, out);
    while (out.length) yield out.shift()!;
  }
  decoder.end(out);
  while (out.length) yield out.shift()!;
}
