/**
 * Reading a pos file from disk without ever holding its whole text: the bytes are read in
 * chunks, decoded incrementally, cut into lines and fed to the line parser (pos-read.ts), and
 * each document is converted into a corpus document as soon as it is complete
 * (pos-corpus.ts). Peak memory is one chunk and one parsed document on top of the corpus.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Corpus, Document } from '../../corpus/types.js';
import { requireInteger, requireOptions } from '../../args.js';
import { UsageError } from '../../errors.js';
import { requireEncoding, type TextEncoding } from '../../io/files.js';
import { READ_CHUNK_BYTES } from '../../io/paragraphs.js';
import { readLinesSync } from '../../io/text-file.js';
import { posConversion, posDocumentConverter, type PosToCorpusOptions } from './pos-corpus.js';
import { readPosFast, readPosTwoThreads } from './fast/pos-fast.js';
import { throwCut } from './pos-end.js';
import { posLineParser } from './pos-read.js';

/** Bytes read at a time by the fast path. */
export const CHUNK_BYTES = 1 << 22;
/** A UTF-8 pos file of this many bytes or more is read on two threads by default (`twoThreads: 'auto'`). */
export const TWO_THREADS_MIN_BYTES = 1 << 25;

/** What {@link forEachLine} read: lines, bytes, and whether the last line had a line end. */
export interface LinesRead {
  lines: number;
  bytes: number;
  /** True for an empty file, a last line with a line end, and a read stopped by `onLine`. */
  ended: boolean;
}

/**
 * Calls `onLine` with every line of a text file (line ends LF or CRLF, the last line without
 * one included, a UTF-8 byte-order mark dropped), reading `chunkBytes` at a time through the
 * one line reader of src/io/text-file.ts, until `onLine` returns false. Returns what it read.
 * Throws DataNotFoundError when the file cannot be read, InputParseError (with the line and
 * byte offset) for bytes that are not text in the encoding or a line longer than the limit
 * (MAX_PARAGRAPH_CHARS of src/io/paragraphs.ts), and what `onLine` throws.
 */
export function forEachLine(
  file: string,
  encoding: TextEncoding,
  onLine: (line: string) => unknown,
  chunkBytes = READ_CHUNK_BYTES,
): LinesRead {
  requireEncoding('encoding', encoding);
  const read: LinesRead = { lines: 0, bytes: 0, ended: true };
  for (const p of readLinesSync(file, { encoding, chunkBytes })) {
    read.lines = p.line;
    read.bytes = p.bytesRead;
    if (onLine(p.text) === false) return read;
    read.ended = p.eol !== '';
  }
  return read;
}

/** Options of {@link loadPosCorpus}: the file encoding and chunk size, and what posToCorpus takes. */
export interface LoadPosCorpusOptions extends PosToCorpusOptions {
  encoding: TextEncoding;
  /** Bytes read at a time (default CHUNK_BYTES). */
  chunkBytes: number;
  /**
   * Whether a UTF-8 file is read on two threads, a worker thread cutting and comparing its
   * blocks while this one builds the corpus (pos-ring.ts; the same corpus either way). 'auto'
   * (the default): when the file has TWO_THREADS_MIN_BYTES or more and the machine more than
   * one core.
   */
  twoThreads: boolean | 'auto';
}

/**
 * Which fast path reads `path` under `option` (see LoadPosCorpusOptions.twoThreads): none for
 * what is not a regular file (a pipe or a device cannot be read a second time by the full
 * parser, and a device such as /dev/zero never ends: the line reader refuses it at once).
 */
function fastPath(path: string, option: boolean | 'auto'): typeof readPosFast | undefined {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return undefined;
    size = st.size;
  } catch {
    return undefined; // the full parser reports it
  }
  if (option !== 'auto') return option ? readPosTwoThreads : readPosFast;
  return availableParallelism() >= 2 && size >= TWO_THREADS_MIN_BYTES ? readPosTwoThreads : readPosFast;
}

/**
 * Reads a pos file from disk straight into a corpus (the same corpus as
 * posToCorpus(loadPosFile(path)), without the whole text or the whole parsed file in memory).
 * A UTF-8 file is read by the fast path (pos-fast.ts: a repeated token block is converted
 * once), a large one on two threads (`twoThreads`); a file that path does not take is read again by
 * the full parser, which then gives the corpus or the error. `onDocument` (optional) sees each
 * document once, as it is added. Returns the corpus. Throws UsageError for a bad option, what
 * forEachLine and the parser throw (DataNotFoundError, InputParseError with file and line) and
 * CorpusError from the conversion.
 */
export function loadPosCorpus(
  path: string,
  options: Partial<LoadPosCorpusOptions> = {},
  onDocument?: (doc: Document) => void,
): Corpus {
  const o = requireOptions<Partial<LoadPosCorpusOptions>>('options', options, true);
  const encoding = requireEncoding('options.encoding', o.encoding ?? 'utf-8');
  const chunkBytes = requireInteger('options.chunkBytes', o.chunkBytes ?? CHUNK_BYTES, 1);
  const twoThreads = o.twoThreads ?? 'auto';
  if (typeof twoThreads !== 'boolean' && twoThreads !== 'auto') throw new UsageError(`options.twoThreads must be true, false or 'auto', got ${JSON.stringify(twoThreads)}`);
  const documents: Document[] = [];
  const add = (doc: Document): void => {
    documents.push(doc);
    onDocument?.(doc);
  };
  const fast = encoding === 'utf-8' ? fastPath(path, twoThreads) : undefined;
  if (fast?.(path, posConversion(path, options), add, chunkBytes)) return { documents, source: path };
  // the full parser, from the start; the documents already seen are not reported again
  const seen = documents.length;
  documents.length = 0;
  const convert = posDocumentConverter(path, options);
  const parser = posLineParser(path, (d) => {
    const doc = convert(d);
    if (documents.length < seen) documents.push(doc);
    else add(doc);
  });
  let bytes = 0;
  for (const p of readLinesSync(path, { encoding, chunkBytes })) {
    if (p.eol === '') throwCut(path, p.line, p.bytesRead); // a last line without a line end: cut inside it
    parser.line(p.text);
    bytes = p.bytesRead;
  }
  parser.end(bytes);
  return { documents, source: path };
}
