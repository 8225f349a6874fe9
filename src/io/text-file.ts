/**
 * A text file read synchronously, a chunk at a time, through the one paragraph decoder of the
 * streaming commands (./paragraphs.ts) with long lines refused: the readers of record formats
 * (pos, CoNLL-U, candidates, label schemes, reference text) see the same checks and the same
 * line limit as `tag` and `analyze`, and a file that never ends (`/dev/zero`, an endless line)
 * is refused after at most a line's limit and a chunk, never read whole.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { DataNotFoundError } from '../errors.js';
import { requireEncoding, type TextEncoding } from './encoding.js';
import { MAX_PARAGRAPH_CHARS, ParagraphDecoder, READ_CHUNK_BYTES, type Paragraph } from './paragraphs.js';

/** Options of {@link readLinesSync}. */
export interface ReadLinesOptions {
  encoding: TextEncoding;
  /** Longest line, in UTF-16 code units (default {@link MAX_PARAGRAPH_CHARS}, the one limit). */
  maxLineChars: number;
  /** Bytes read at a time (default {@link READ_CHUNK_BYTES}). */
  chunkBytes: number;
}

const cannotRead = (file: string, err: unknown): DataNotFoundError =>
  new DataNotFoundError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file });

/**
 * The lines of a file, read `chunkBytes` at a time: each a whole line (`last` is always true),
 * with its line number, its line end (`eol`: '' for a last line without one) and the bytes read
 * so far. Takes the path and the options. Throws DataNotFoundError for a file that cannot be
 * opened or read or a directory, InputParseError (file, line, byte offset) for UTF-16 text, a
 * NUL byte, bad UTF-8 or a line longer than `maxLineChars`, UsageError for a bad encoding.
 */
export function* readLinesSync(file: string, options: Partial<ReadLinesOptions> = {}): Generator<Paragraph> {
  const decoder = new ParagraphDecoder({
    file,
    encoding: options.encoding ?? 'utf-8',
    maxParagraphChars: options.maxLineChars ?? MAX_PARAGRAPH_CHARS,
    longLines: 'refuse',
  });
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw cannotRead(file, err);
  }
  try {
    if (fstatSync(fd).isDirectory()) throw new DataNotFoundError('is a directory, not a text file', { file });
    const buf = Buffer.allocUnsafe(options.chunkBytes ?? READ_CHUNK_BYTES);
    const out: Paragraph[] = [];
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (err) {
        throw cannotRead(file, err);
      }
      if (n === 0) break;
      decoder.push(buf.subarray(0, n), out);
      yield* out;
      out.length = 0;
    }
    decoder.end(out);
    yield* out;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a whole text file through {@link readLinesSync} (a byte-order mark dropped, everything
 * else as it is). Takes the path and its encoding (UTF-8 by default); returns the text. Throws
 * what readLinesSync throws: DataNotFoundError naming a missing file, InputParseError for bytes
 * that are not text in that encoding or a line past the limit, UsageError for an unknown encoding.
 */
export function readTextFile(file: string, encoding: TextEncoding = 'utf-8'): string {
  requireEncoding('encoding', encoding);
  const parts: string[] = [];
  for (const p of readLinesSync(file, { encoding })) parts.push(p.text, p.eol);
  return parts.join('');
}
