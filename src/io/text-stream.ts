/**
 * Raw text read a paragraph (line) at a time with bounded read-ahead (./paragraphs.ts),
 * transformed, and written as it goes: memory does not grow with the input. Used by `lexdis
 * analyze`, `lexdis tag` and `lexdis diacritize` (through {@link transformText}), alone or with
 * worker threads (./worker-stream.ts).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { DataNotFoundError, InternalError, LexdisError } from '../errors.js';
import type { OutputSink } from './output-writer.js';
import { READ_CHUNK_BYTES, readParagraphs, type Paragraph, type ReadParagraphsOptions } from './paragraphs.js';

/** An input opened for reading: its bytes, its size when known, its name for messages. */
export interface TextInput {
  chunks: AsyncIterable<Uint8Array>;
  /** Size in bytes of a regular file (undefined for stdin, a pipe or a device). */
  size?: number;
  file: string;
  /** Closes the input (again: nothing more). */
  close(): Promise<void>;
}

/**
 * Opens `path` (or standard input for undefined or `-`) for {@link readParagraphs}.
 * Throws DataNotFoundError for a missing or unreadable file or a directory.
 */
export async function openTextInput(path: string | undefined): Promise<TextInput> {
  if (path === undefined || path === '-') return { chunks: process.stdin, file: '<stdin>', close: async () => undefined };
  let fh: FileHandle;
  try {
    fh = await open(path, 'r');
  } catch (err) {
    throw new DataNotFoundError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file: path });
  }
  const st = await fh.stat();
  if (st.isDirectory()) {
    await fh.close();
    throw new DataNotFoundError('is a directory, not a text file', { file: path });
  }
  const stream = fh.createReadStream({ highWaterMark: READ_CHUNK_BYTES, autoClose: false });
  let closing: Promise<void> | undefined;
  return { chunks: stream, size: st.isFile() ? st.size : undefined, file: path, close: () => (closing ??= fh.close()) };
}

/**
 * What a streaming command reads: a path, stdin (undefined or `-`), or an input opened before
 * (with {@link openTextInput}, so that a missing file is reported before slow set-up). It is
 * closed at the end either way.
 */
export type StreamInput = string | undefined | TextInput;

/** Progress of a streaming run: input bytes read, and the input's size when known. */
export type StreamProgress = (bytesRead: number, totalBytes: number | undefined) => void;

export interface TransformTextOptions extends Partial<Omit<ReadParagraphsOptions, 'file'>> {
  onProgress?: StreamProgress;
  /** Called once after the last batch; what it returns is written last. */
  flush?: () => string | Promise<string>;
}

export interface TransformBatchesOptions extends TransformTextOptions {
  /**
   * A batch is closed once it holds this many characters, or at a cut line's piece (so a batch
   * holds at most batchChars + maxParagraphChars). 0: every paragraph is its own batch.
   */
  batchChars: number;
}

/**
 * A batch of whole paragraphs (see {@link TransformBatchesOptions.batchChars}) and the input bytes
 * read when it closed.
 */
export interface Batch {
  paragraphs: Paragraph[];
  bytesRead: number;
}

/**
 * The paragraphs of `chunks` in batches: a batch closes once it holds `batchChars` characters,
 * or at a cut line's piece (see {@link TransformBatchesOptions.batchChars}); an empty input
 * gives none. The one batching of every streaming command, whether its batches are transformed
 * here or in worker threads. Throws as {@link readParagraphs}.
 */
export async function* readBatches(source: TextInput, options: TransformBatchesOptions): AsyncGenerator<Batch> {
  let batch: Paragraph[] = [];
  let chars = 0;
  let bytesRead = 0;
  for await (const p of readParagraphs(source.chunks, { ...options, file: source.file })) {
    batch.push(p);
    chars += p.text.length;
    bytesRead = p.bytesRead;
    if (chars < options.batchChars && p.last) continue;
    yield { paragraphs: batch, bytesRead };
    batch = [];
    chars = 0;
  }
  if (batch.length) yield { paragraphs: batch, bytesRead };
}

/**
 * Hands each batch to `transform` and writes what it returns to `sink` before the next is read,
 * reporting progress against the input's `size`; then `flush`. Neither commits nor aborts the
 * sink. Throws what reading or the sink throws, and what `transform` throws (a fault that is no
 * LexdisError as an InternalError naming `file` and the batch's first line).
 */
export async function writeBatches(
  batches: AsyncIterable<Batch>,
  sink: OutputSink,
  transform: (batch: Paragraph[]) => string | Promise<string>,
  options: Pick<TransformBatchesOptions, 'onProgress' | 'flush'> & { file: string; size?: number },
): Promise<void> {
  for await (const batch of batches) {
    await sink.write(await transformAt(transform, batch.paragraphs, options.file));
    options.onProgress?.(batch.bytesRead, options.size);
  }
  if (options.flush) await sink.write(await options.flush());
}

/**
 * Reads `input` (a path, stdin for undefined or `-`, or an opened input) in batches of whole paragraphs (see
 * {@link TransformBatchesOptions.batchChars}; an empty input gives no batch), hands each batch
 * to `transform` and writes what it returns to `sink` before reading on; then `flush`. The
 * sink is committed on success; on any error it is aborted (a replaced file keeps its old
 * contents and no temporary file is left; what was already written to stdout, a FIFO or a
 * device stays there, and the error names the line and byte offset where reading stopped) and
 * the error is rethrown. Throws InputParseError, DataNotFoundError, OutputError, what
 * `transform` throws, or for a fault of the transform's that is not a LexdisError an
 * InternalError naming the file and the first line of the batch it was on.
 */
export async function transformBatches(
  input: StreamInput,
  sink: OutputSink,
  transform: (batch: Paragraph[]) => string | Promise<string>,
  options: TransformBatchesOptions,
): Promise<void> {
  let source: TextInput | undefined;
  try {
    source = typeof input === 'object' ? input : await openTextInput(input);
    await writeBatches(readBatches(source, options), sink, transform, {
      ...options,
      file: source.file,
      size: source.size,
    });
    await sink.commit();
  } catch (err) {
    await sink.abort();
    throw err;
  } finally {
    await source?.close();
  }
}

/**
 * `transform(batch)`, a fault of its own (not a LexdisError) reported as an InternalError naming
 * the file and the batch's first line.
 */
async function transformAt(
  transform: (batch: Paragraph[]) => string | Promise<string>,
  batch: Paragraph[],
  file: string,
): Promise<string> {
  try {
    return await transform(batch);
  } catch (err) {
    throw err instanceof LexdisError ? err : new InternalError(err, { file, line: batch[0].line });
  }
}

/**
 * {@link transformBatches} a paragraph at a time: `transform` gets each line (or piece of a
 * line longer than maxParagraphChars) and its output is written before the next is read.
 * Throws as transformBatches.
 */
export async function transformText(
  input: StreamInput,
  sink: OutputSink,
  transform: (p: Paragraph) => string | Promise<string>,
  options: TransformTextOptions = {},
): Promise<void> {
  await transformBatches(input, sink, (batch) => transform(batch[0]), { ...options, batchChars: 0 });
}
