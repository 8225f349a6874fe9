/**
 * Stage one of Algorithm 1 (Shah et al. 2010): β* = counts over D1.
 * The main thread interns D1 into typed arrays held in SharedArrayBuffers (features/encode.ts).
 * Each group of β* (word kind × context) is cut into as many slices of its key space as there
 * are workers, balanced by gold tokens; piscina worker k counts slice k of every group over
 * all of D1 (training/stage1-worker.ts) and moves its blocks back. Slices are disjoint key
 * ranges, so "merging" is concatenation in order, and the result is the same bytes for any
 * number of workers. While the workers count, the main thread builds the document tables
 * (Ztf) and the seen-label lexicon. `workers: 0` counts in this thread (no pool); so does any
 * D1 too small to pay for starting threads (fewer than `minTokensPerWorker` tokens per worker).
 * No more counting threads start than there are cores beside the main thread (stageOneThreads).
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { BetaTable, type GroupBlock } from '../features/beta.js';
import { DocTables } from '../features/ztf-tables.js';
import { N_TARGETS, docCount, encodeCorpus, type EncodedCorpus } from '../features/encode.js';
import { SeenLexicon } from '../features/seen-labels.js';
import { countGroup, groupSpecs, sliceBounds, type GroupSpec, type IdSizes } from '../features/tally.js';
import { isDocTemplate, validateTemplates, type Template } from '../features/templates.js';
import { Vocab } from '../features/vocab.js';
import type { Corpus } from '../src/corpus/types.js';
import { CorpusError, UsageError } from '../src/errors.js';
import { TARGETS, type Target } from '../src/labels/elements.js';
import type { SliceCounts, Stage1Task } from './stage1-worker.js';
import { moduleUrl } from '../src/config.js';

export type Stage1Stage = 'encode' | 'count' | 'merge' | 'doc' | 'lexicon';

export interface Stage1Options {
  templates: readonly Template[];
  /** Worker threads (1–64), or 0 to count in the calling thread. */
  workers: number;
  /**
   * Tokens of D1 per worker thread below which fewer threads are used (none: count in this
   * thread). Starting a worker and compiling its code costs ~0.1–0.3 s, while a thread counts
   * ~100k tokens/s. 0 always uses `workers` threads.
   */
  minTokensPerWorker?: number;
  /**
   * The machine's cores (default os.availableParallelism()): at most cores − 1 counting threads
   * start (stageOneThreads).
   */
  cores?: number;
  /** Progress: (stage, done, total); 'count' is in tokens of D1. */
  onProgress?: (stage: Stage1Stage, done: number, total: number) => void;
}

/**
 * Default {@link Stage1Options.minTokensPerWorker}. bench/train.ts measures two forced threads
 * against one: no faster at 35k tokens (D1 ≈ 16k tokens per thread: starting the threads eats the
 * gain), faster at 350k (≈ 158k per thread); the threshold lies between.
 */
export const DEFAULT_MIN_TOKENS_PER_WORKER = 50_000;

const defaultStage1Options: Omit<Stage1Options, 'templates'> = { workers: 1, minTokensPerWorker: DEFAULT_MIN_TOKENS_PER_WORKER };

/**
 * The worker threads stage one starts: `asked`, fewer when D1 has fewer than
 * `minTokensPerWorker` tokens per thread (0: count in the calling thread), and never more than
 * the cores left beside the calling thread, which builds the document tables and the lexicon
 * while the workers count (on two cores a second counting thread does not pay: docs/bench.md,
 * "The targets"). A minimum of 0 means always
 * `asked` (forced threads, for tests and the bench). Takes the threads asked for, D1's tokens,
 * the minimum and the machine's cores (default os.availableParallelism()).
 */
export function stageOneThreads(
  asked: number,
  d1Tokens: number,
  minTokensPerWorker = DEFAULT_MIN_TOKENS_PER_WORKER,
  cores = availableParallelism(),
): number {
  if (minTokensPerWorker <= 0) return asked;
  return Math.min(asked, Math.floor(d1Tokens / minTokensPerWorker), Math.max(1, cores - 1));
}

export interface Stage1Stats {
  /** Tokens and gold tokens of D1, its documents. */
  tokens: number;
  goldTokens: number;
  documents: number;
  /** Worker threads used (0 = counted in the calling thread). */
  workers: number;
  /** β* entries (counts of a value) and level-one contexts (each with a marginal). */
  entries: number;
  contexts: number;
  /** Wall-clock seconds: total and per phase (count = dispatch to the last worker's result). */
  seconds: number;
  encodeSeconds: number;
  countSeconds: number;
  mergeSeconds: number;
  /** Main-thread work overlapped with counting: document tables and lexicon. */
  sideSeconds: number;
  /** Seconds of each counting task: one with 1 worker, SLICES_PER_WORKER per worker with several. */
  workerSeconds: number[];
  tokensPerSecond: number;
}

export interface StageOneResult {
  /** Frozen vocabulary of D1. */
  vocab: Vocab;
  /** β*, marginals included. */
  counts: BetaTable;
  /** Postings for Ztf (empty target list when the templates have no document template). */
  doc: DocTables;
  /** Labels seen per word in D1 (equation 9). */
  lexicon: SeenLexicon;
  stats: Stage1Stats;
}

const MAX_WORKERS = 64;
/** Slices of each group per worker when there are several workers. */
export const SLICES_PER_WORKER = 2;

/** Counts β* over D1 and builds the vocabulary, document tables and seen-label lexicon. */
export async function runStageOne(d1: Corpus, options: Stage1Options): Promise<StageOneResult> {
  const {
    templates,
    workers: asked,
    minTokensPerWorker = 0,
    cores,
    onProgress,
  } = { ...defaultStage1Options, ...options };
  validateTemplates(templates);
  if (!Number.isInteger(asked) || asked < 0 || asked > MAX_WORKERS)
    throw new UsageError(`workers must be a whole number from 0 to ${MAX_WORKERS}, not ${asked}`);
  let nTokens = 0;
  for (const d of d1.documents) for (const s of d.sentences) nTokens += s.tokens.length;
  const workers = stageOneThreads(asked, nTokens, minTokensPerWorker, cores);
  const t0 = performance.now();
  const vocab = new Vocab();
  const { enc, gold } = encodeD1(d1, vocab, workers > 0);
  onProgress?.('encode', enc.nTokens, enc.nTokens);
  const t1 = performance.now();
  const specs = groupSpecs(templates);
  const sizes: IdSizes = { word: vocab.size('word'), letter: vocab.size('letter'), values: TARGETS.map((t) => vocab.size(t)) };
  const tfTargets = [...new Set(templates.filter(isDocTemplate).map((t) => t.target))] as Target[];
  const buildSide = () => buildSideTables(d1, enc, vocab, tfTargets, onProgress);
  const counted =
    workers === 0
      ? countHere(enc, specs, sizes, onProgress)
      : await countInPool(enc, specs, sizes, workers, buildSide, onProgress);
  onProgress?.('merge', 0, 1);
  const counts = BetaTable.fromBlocks(counted.blocks, enc.goldUnit);
  onProgress?.('merge', 1, 1);
  const t3 = performance.now();
  await counted.stopping;
  const side = counted.side ?? buildSide();
  vocab.freeze();
  const seconds = (performance.now() - t0) / 1000;
  return {
    vocab,
    counts,
    doc: side.doc,
    lexicon: side.lexicon,
    stats: {
      tokens: enc.nTokens,
      goldTokens: gold,
      documents: docCount(enc),
      workers,
      entries: counts.size,
      contexts: counts.contexts,
      seconds,
      encodeSeconds: (t1 - t0) / 1000,
      countSeconds: (counted.countedAt - t1) / 1000,
      mergeSeconds: (t3 - counted.countedAt) / 1000,
      sideSeconds: side.seconds,
      workerSeconds: counted.workerSeconds,
      tokensPerSecond: enc.nTokens / seconds,
    },
  };
}

/**
 * Interns D1 into `vocab` (in SharedArrayBuffers when `shared`, for worker threads); returns the
 * encoding and its number of gold-marked tokens. Throws CorpusError when D1 has none.
 */
function encodeD1(d1: Corpus, vocab: Vocab, shared: boolean): { enc: EncodedCorpus; gold: number } {
  const enc = encodeCorpus(d1, vocab, { mode: 'intern', shared });
  let gold = 0;
  for (let i = 0; i < enc.nTokens; i++) if (enc.gold[i * N_TARGETS] >= 0) gold++;
  if (gold === 0) throw new CorpusError('the training corpus has no gold-marked tokens', { file: d1.source });
  return { enc, gold };
}

/** The main thread's share of stage one: document tables, seen-label lexicon, and the seconds they took. */
interface SideTables {
  doc: DocTables;
  lexicon: SeenLexicon;
  seconds: number;
}

/**
 * Builds the document tables (postings of `tfTargets`) and the seen-label lexicon of D1, reporting
 * 'doc' and 'lexicon' progress; returns them with the seconds spent.
 */
function buildSideTables(
  d1: Corpus,
  enc: EncodedCorpus,
  vocab: Vocab,
  tfTargets: Target[],
  onProgress: Stage1Options['onProgress'],
): SideTables {
  const s = performance.now();
  onProgress?.('doc', 0, 1);
  const doc = DocTables.build(enc, vocab, tfTargets);
  onProgress?.('doc', 1, 1);
  onProgress?.('lexicon', 0, 1);
  const lexicon = SeenLexicon.build(d1, vocab);
  onProgress?.('lexicon', 1, 1);
  return { doc, lexicon, seconds: (performance.now() - s) / 1000 };
}

/**
 * β* counted as blocks (disjoint key ranges in merge order), the seconds of each counting task,
 * the performance.now() at which the last count came in, a promise settled once the threads (if
 * any) have stopped, and the side tables when they were built while the threads counted.
 */
interface Counted {
  blocks: GroupBlock[];
  workerSeconds: number[];
  countedAt: number;
  stopping: Promise<void>;
  side?: SideTables;
}

/** Counts every group of β* over all of D1 in the calling thread, reporting 'count' progress per group. */
function countHere(enc: EncodedCorpus, specs: GroupSpec[], sizes: IdSizes, onProgress: Stage1Options['onProgress']): Counted {
  const t1 = performance.now();
  const blocks = specs.map((spec, s) => {
    const b = countGroup(enc, spec, 0, Number.MAX_SAFE_INTEGER, sizes);
    onProgress?.('count', Math.round((enc.nTokens * (s + 1)) / specs.length), enc.nTokens);
    return b;
  });
  const countedAt = performance.now();
  return { blocks, workerSeconds: [(countedAt - t1) / 1000], countedAt, stopping: Promise.resolve() };
}

/**
 * Counts β* in a pool of `workers` (≥ 1) threads, each task one key slice of every group, and
 * runs `whileCounting` on this thread meanwhile; reports 'count' progress from the tasks' ports.
 * The blocks come back in slice order; the pool is destroyed on failure (the error rethrown) and
 * otherwise winds down behind `stopping`.
 */
async function countInPool(
  enc: EncodedCorpus,
  specs: GroupSpec[],
  sizes: IdSizes,
  workers: number,
  whileCounting: () => SideTables,
  onProgress: Stage1Options['onProgress'],
): Promise<Counted> {
  // More slices than workers (dynamic scheduling): slices of equal tokens can differ in cost
  // (rare words make more contexts and entries), and a free worker takes the next slice.
  const nSlices = workers === 1 ? 1 : workers * SLICES_PER_WORKER;
  const bounds = specs.map((spec) => sliceBounds(enc, spec, sizes, nSlices));
  const pool = new Piscina({
    filename: moduleUrl('training/stage1-worker.js'),
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 1000,
  });
  try {
    const done = new Array<number>(nSlices).fill(0);
    const report = () =>
      onProgress?.('count', Math.round((enc.nTokens * done.reduce((a, b) => a + b, 0)) / (specs.length * nSlices)), enc.nTokens);
    const tasks = Array.from({ length: nSlices }, (_, k) => {
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (m: { done: number }) => {
        done[k] = m.done;
        report();
      });
      port1.unref();
      const task: Stage1Task = { enc, specs, bounds, slice: k, sizes, port: port2 };
      return (pool.run(task, { transferList: [port2] as never }) as Promise<SliceCounts>).finally(() =>
        port1.close(),
      );
    });
    const side = whileCounting();
    const results = await Promise.all(tasks);
    const countedAt = performance.now();
    done.fill(specs.length);
    report();
    const blocks = results.flatMap((r) => r.blocks);
    // The threads wind down while the table is assembled.
    return { blocks, workerSeconds: results.map((r) => r.seconds), countedAt, stopping: pool.destroy(), side };
  } catch (err) {
    await pool.destroy();
    throw err;
  }
}
