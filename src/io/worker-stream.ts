/**
 * The streaming commands (analyze, tag, diacritize) on one thread or on worker threads. Either
 * way the input is cut into the same batches (src/io/text-stream.ts `readBatches`) and the output
 * is the same, byte for byte. With worker threads (a piscina pool):
 *
 * - the main thread reads the input, makes each batch's task (`task`, in input order: what
 *   depends on the batches before it, such as an input script decided on the first) and writes
 *   each result (`output`, in input order: numbering that runs through the input); the workers
 *   each load what they need once (workerData) and transform batches;
 * - at most {@link IN_FLIGHT_PER_THREAD} batches per thread are read and not yet written, so
 *   memory is the workers' own and their in-flight batches, flat in the input's length;
 * - a worker that dies (out of memory, ended) or a task that fails ends the run at once: the
 *   pool is destroyed, the sink aborted (a replaced file keeps its old contents) and a
 *   WorkerError names the input lines of the batch it was working on; a LexdisError thrown in
 *   a worker arrives as its own class ({@link WorkerReply}), any other fault as an
 *   InternalError naming the input and the batch's first line, as on one thread.
 *
 * `workers: 'auto'` takes the machine's cores when the input holds at least `autoMinBytes`
 * (a file's size, or the first batches read from a pipe, held until decided), else one thread;
 * a number is taken as given up to the machine's cores ({@link maxWorkers}). Each thread's heap is
 * bounded by its caches' budget ({@link threadHeap}), so memory with N threads is N loaded
 * taggers (or analyzers), each with its bounded caches: flat in the input's length.
 */
import { availableParallelism } from 'node:os';
import { errorFromJSON, InternalError, LexdisError, UsageError, WorkerError, type ErrorLocation } from '../errors.js';
import type { OutputSink } from './output-writer.js';
import {
  openTextInput,
  readBatches,
  writeBatches,
  type Batch,
  type StreamInput,
  type TextInput,
  type TransformBatchesOptions,
} from './text-stream.js';
import type { Paragraph } from './paragraphs.js';
import { moduleUrl } from '../config.js';

/** The worker threads' module of the streaming commands (./stream-worker.ts). */
export const STREAM_WORKER = moduleUrl('src/tagger/stream-worker.js');

/** What a worker thread gets of a paragraph: its text, its line end and its line. */
export type WindowText = Pick<Paragraph, 'text' | 'eol' | 'line'>;

/** Batches read ahead per worker thread: the one it works on and the next. */
export const IN_FLIGHT_PER_THREAD = 2;

/** Worker threads: a number ≥ 1, or 'auto' (see the module comment). */
export type WorkersOption = number | 'auto';

/**
 * What a worker's task returns: its value, or the error it threw as data (an Error crossing
 * threads keeps only its message): a LexdisError's JSON, or the message of any other error.
 */
export type WorkerReply<R> = { ok: true; value: R } | { ok: false; error: Record<string, unknown>; internal?: true };

/** The reply of `run()` in a worker: its value, or the error it threw (see {@link WorkerReply}). */
export function workerReply<R>(run: () => R): WorkerReply<R> {
  try {
    return { ok: true, value: run() };
  } catch (err) {
    if (err instanceof LexdisError) return { ok: false, error: err.toJSON() };
    return { ok: false, error: { message: (err as Error)?.message ?? String(err) }, internal: true };
  }
}

/**
 * The error a failed reply carries, of its own class; a fault that is no LexdisError an
 * InternalError naming `where`.
 */
function replyError(reply: Extract<WorkerReply<unknown>, { ok: false }>, where: ErrorLocation): Error {
  return reply.internal ? new InternalError(new Error(String(reply.error.message)), where) : errorFromJSON(reply.error);
}

/** The pool: a piscina task module, what each worker is given to load first, and its limits. */
export interface WorkerPoolSpec {
  /** URL of the task module (its default export takes a task and returns a {@link WorkerReply}). */
  filename: string;
  workerData: unknown;
  /** The bytes each thread's caches may take: they set its heap ({@link threadHeap}). */
  cacheBytes: number;
}

/** A worker thread's old generation beyond its caches, in MB: a loaded tagger and a window's work. */
export const THREAD_HEAP_BASE_MB = 256;

/** A worker thread's young generation, in MB: what V8 gives a heap of a few hundred MB. */
export const THREAD_YOUNG_MB = 16;

/**
 * The heap limits of a worker thread, in MB: the fields of node:worker_threads' ResourceLimits
 * lexdis sets (declared here so that the package's declarations need no Node typings).
 */
export interface ThreadHeap {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
}

/**
 * The heap of a worker thread whose caches may take `cacheBytes`: {@link THREAD_HEAP_BASE_MB}
 * and twice the caches' budget (what they are charged is an estimate). Without a limit V8 sizes
 * a thread's heap by the machine's memory and lets it grow far past what it keeps alive between
 * collections: two threads took twice one thread's memory and more (docs/reliability.md).
 */
export function threadHeap(cacheBytes: number): ThreadHeap {
  return {
    maxOldGenerationSizeMb: THREAD_HEAP_BASE_MB + Math.ceil((2 * cacheBytes) / 2 ** 20),
    maxYoungGenerationSizeMb: THREAD_YOUNG_MB,
  };
}

/** A streaming command's work, on one thread or on worker threads (see the module comment). */
export interface StreamPlan<T, R> {
  workers: WorkersOption;
  /** With 'auto': the input bytes from which worker threads pay for their start. */
  autoMinBytes: number;
  /** Loads what one thread needs and returns its transform (called only when one thread works). */
  oneThread(): Promise<(batch: Paragraph[]) => string>;
  /** The worker threads' pool (asked for only when threads work; may throw UsageError). */
  pool(): WorkerPoolSpec;
  /** The task sent for a batch, made in input order. */
  task(batch: Paragraph[]): T;
  /** What is written for a batch's result, in input order. */
  output(result: R, batch: Paragraph[]): string;
  /** What the workers do, for errors: 'tagging' gives "while tagging lines 3–9". */
  doing: string;
}

/**
 * The most worker threads a run starts: the machine's cores. More would only share the same
 * cores while each held a tagger and its caches; a larger `workers` is taken as this many.
 */
export function maxWorkers(): number {
  return availableParallelism();
}

/** Throws UsageError unless `workers` is 'auto' or a whole number ≥ 1. */
export function requireWorkers(workers: unknown): WorkersOption {
  if (workers === 'auto' || (typeof workers === 'number' && Number.isInteger(workers) && workers >= 1)) return workers;
  throw new UsageError(`workers must be a whole number ≥ 1 or 'auto', got ${JSON.stringify(workers)}`);
}

/**
 * The threads a run uses and the batches read to decide (to be written first): `workers` as
 * given, or for 'auto' the machine's cores when the input reaches `minBytes` (its size, or
 * batches read until it does or ends), else 1.
 */
async function chooseThreads(
  workers: WorkersOption,
  minBytes: number,
  source: TextInput,
  batches: AsyncIterator<Batch>,
): Promise<{ threads: number; read: Batch[] }> {
  const cores = maxWorkers();
  if (workers !== 'auto') return { threads: Math.min(workers, cores), read: [] };
  if (cores < 2) return { threads: 1, read: [] };
  if (source.size !== undefined) return { threads: source.size >= minBytes ? cores : 1, read: [] };
  const read: Batch[] = [];
  for (;;) {
    const next = await batches.next();
    if (next.done) return { threads: 1, read };
    read.push(next.value);
    if (next.value.bytesRead >= minBytes) return { threads: cores, read };
  }
}

/** The batches read to decide, then the rest. */
async function* chained(first: readonly Batch[], rest: AsyncIterator<Batch>): AsyncGenerator<Batch> {
  yield* first;
  for (let n = await rest.next(); !n.done; n = await rest.next()) yield n.value;
}

/**
 * Reads `input` (a path, stdin for undefined or `-`, or an opened input) in the batches
 * `options` say, transforms them on one thread or on worker threads as `plan` says (see the
 * module comment), writes the results to `sink` in input order, then `options.flush`; commits
 * the sink, or aborts it on any error and rethrows. Throws InputParseError, DataNotFoundError,
 * OutputError, UsageError, what loading or a worker throws (its own class), WorkerError for a
 * worker that died.
 */
export async function streamBatches<T, R>(
  input: StreamInput,
  sink: OutputSink,
  options: TransformBatchesOptions,
  plan: StreamPlan<T, R>,
): Promise<void> {
  let source: TextInput | undefined;
  try {
    const workers = requireWorkers(plan.workers);
    source = typeof input === 'object' ? input : await openTextInput(input);
    const all = readBatches(source, options);
    const { threads, read } = await chooseThreads(workers, plan.autoMinBytes, source, all);
    const batches = chained(read, all);
    if (threads === 1)
      await writeBatches(batches, sink, await plan.oneThread(), { ...options, file: source.file, size: source.size });
    else await writeInWorkers(batches, sink, threads, plan, { ...options, file: source.file, size: source.size });
    await sink.commit();
  } catch (err) {
    await sink.abort();
    throw err;
  } finally {
    await source?.close();
  }
}

interface InFlight<R> {
  batch: Paragraph[];
  bytesRead: number;
  /** The batch's result; rejects with the error that ends the run. */
  result: Promise<R>;
}

/** "lines 3–9" (or "line 3") of a batch. */
function linesOf(batch: readonly Paragraph[]): string {
  const a = batch[0].line;
  const b = batch[batch.length - 1].line;
  return a === b ? `line ${a}` : `lines ${a}–${b}`;
}

/**
 * `promise`'s value, or a rejection with `signal`'s reason as soon as it aborts; the listener
 * is removed once either happens, so nothing outlives the wait.
 */
export function unlessAborted<V>(promise: Promise<V>, signal: AbortSignal): Promise<V> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<V>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The worker-thread loop of {@link streamBatches}: neither commits nor aborts the sink. */
async function writeInWorkers<T, R>(
  batches: AsyncIterable<Batch>, sink: OutputSink, threads: number, plan: StreamPlan<T, R>,
  o: Pick<TransformBatchesOptions, 'onProgress' | 'flush'> & { file: string; size?: number },
): Promise<void> {
  const spec = plan.pool();
  // imported when threads work: a one-thread run (a sentence) does not load the pool
  const { Piscina } = await import('piscina');
  const pool = new Piscina({
    filename: spec.filename,
    workerData: spec.workerData,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: threadHeap(spec.cacheBytes),
  });
  // The first failure ends the run. It is an abort signal, not a promise every batch races
  // against: a promise that never settles keeps each race's settled value alive, every result
  // of the run (Promise.race leaks through a long-lived promise).
  const run = new AbortController();
  const fail = (err: Error): void => run.abort(err);
  // the pool's own errors end the run too (a result that arrives for a task the pool dropped once
  // the run ended, an error nothing would catch otherwise, is then ignored)
  pool.on('error', (err: Error) => fail(err));
  const pending: InFlight<R>[] = [];
  const send = (batch: Paragraph[], bytesRead: number): void => {
    const result = (pool.run(plan.task(batch)) as Promise<WorkerReply<R>>).then((reply) => {
      if (!reply.ok) throw replyError(reply, { file: o.file, line: batch[0].line });
      return reply.value;
    }, (err: Error): never => {
      const why = (err as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'ran out of memory' : `died (${err?.message ?? String(err)})`;
      throw new WorkerError(`a worker thread ${why} while ${plan.doing} ${linesOf(batch)}; the output is not complete`, { file: o.file, line: batch[0].line });
    });
    // the first failure of any batch ends the run, even while an earlier one is still being worked on
    result.catch((err: Error) => fail(err));
    pending.push({ batch, bytesRead, result });
  };
  const writeFirst = async (): Promise<void> => {
    const head = pending.shift()!;
    const value = await unlessAborted(head.result, run.signal);
    await sink.write(plan.output(value, head.batch));
    o.onProgress?.(head.bytesRead, o.size);
  };
  try {
    for await (const batch of batches) {
      send(batch.paragraphs, batch.bytesRead);
      while (pending.length >= threads * IN_FLIGHT_PER_THREAD) await writeFirst();
    }
    while (pending.length > 0) await writeFirst();
    if (o.flush) await sink.write(await o.flush());
  } finally {
    await pool.destroy();
  }
}
