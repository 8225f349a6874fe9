/**
 * Reading a pos file from disk without ever holding its whole text: the bytes are read in
 * chunks, decoded incrementally, cut into lines and fed to the line parser (pos-read.ts), and
 * each document is converted into a corpus document as soon as it is complete
 * (pos-corpus.ts). Peak memory is one chunk and one parsed document on top of the corpus.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Corpus, Document } from '../../corpus/types.js';
import { requireInteger, requireOptions } from '../../args.js';
import { DataNotFoundError, InputParseError, UsageError } from '../../errors.js';
import { requireEncoding, type TextEncoding } from '../../io/files.js';
import { posConversion, posDocumentConverter, type PosToCorpusOptions } from './pos-corpus.js';
import { readPosFast, readPosTwoThreads } from './fast/pos-fast.js';
import { posLineParser } from './pos-read.js';

/** Bytes read at a time. */
export const CHUNK_BYTES = 1 << 22;
/** A UTF-8 pos file of this many bytes or more is read on two threads by default (`twoThreads: 'auto'`). */
export const TWO_THREADS_MIN_BYTES = 1 << 25;

const decodeError = (file: string, line: number) =>
  new InputParseError('not valid UTF-8 (use --encoding windows-1256 for Arabic Windows files)', { file, line });

/**
 * Calls `onLine` with every line of a text file (line ends LF or CRLF, the last line without
 * one included, a UTF-8 byte-order mark dropped), reading `chunkBytes` at a time.
 * Throws DataNotFoundError when the file cannot be read, InputParseError (with the line) on
 * bytes that are not valid UTF-8.
 */
export function forEachLine(
  file: string,
  encoding: TextEncoding,
  onLine: (line: string) => unknown,
  chunkBytes = CHUNK_BYTES,
): void {
  requireEncoding('encoding', encoding);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new DataNotFoundError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file });
  }
  try {
    const decoder = new TextDecoder(encoding, { fatal: true });
    const buf = Buffer.allocUnsafe(chunkBytes);
    let carry = '';
    let lineNo = 0;
    let stopped = false;
    const emit = (text: string, last: boolean): string => {
      let from = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
        const end = nl > from && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        lineNo++;
        if (onLine(text.slice(from, end)) === false) {
          stopped = true;
          return '';
        }
        from = nl + 1;
      }
      const rest = text.slice(from);
      if (last && rest !== '') {
        lineNo++;
        stopped = onLine(rest.endsWith('\r') ? rest.slice(0, -1) : rest) === false;
        return '';
      }
      return rest;
    };
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, chunkBytes, null);
      } catch (err) {
        throw new DataNotFoundError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file });
      }
      let text: string;
      try {
        text = decoder.decode(buf.subarray(0, n), { stream: n > 0 });
      } catch {
        const partial = new TextDecoder('utf-8').decode(buf.subarray(0, n));
        const before = carry + partial.slice(0, Math.max(partial.indexOf('\ufffd'), 0));
        throw decodeError(file, lineNo + before.split('\n').length);
      }
      carry = emit(carry + text, n === 0);
      if (n === 0 || stopped) break;
    }
  } finally {
    closeSync(fd);
  }
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

/** Whether `path` is read on two threads under `option` (see LoadPosCorpusOptions.twoThreads). */
function readsOnTwoThreads(path: string, option: boolean | 'auto'): boolean {
  if (option !== 'auto') return option;
  if (availableParallelism() < 2) return false;
  try {
    return statSync(path).size >= TWO_THREADS_MIN_BYTES;
  } catch {
    return false;
  }
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
  const fast = readsOnTwoThreads(path, twoThreads) ? readPosTwoThreads : readPosFast;
  if (encoding === 'utf-8' && fast(path, posConversion(path, options), add, chunkBytes)) return { documents, source: path };
  // the full parser, from the start; the documents already seen are not reported again
  const seen = documents.length;
  documents.length = 0;
  const convert = posDocumentConverter(path, options);
  const parser = posLineParser(path, (d) => {
    const doc = convert(d);
    if (documents.length < seen) documents.push(doc);
    else add(doc);
  });
  forEachLine(path, encoding, parser.line, chunkBytes);
  parser.end();
  return { documents, source: path };
}
