/** What the streaming commands (tag, diacritize) share about the tagger they run on one thread or on worker threads. */
import { UsageError } from '../errors.js';
import { STREAM_WORKER, type WorkerPoolSpec } from '../io/worker-stream.js';
import type { StreamWorkerData } from './stream-worker.js';
import { Tagger, TAGGER_CACHE_BYTES, type TaggerSource } from './tagger.js';

/** A tagging worker's data but for the tagger it loads. */
export type TaggerWorkerData = Extract<StreamWorkerData, { kind: 'tag' | 'diacritize' }> extends infer D ? (D extends unknown ? Omit<D, 'tagger'> : never) : never;

/**
 * Characters of raw text tagged as one document by `lexdis tag` and `lexdis diacritize` (and the
 * longest piece a line is cut into): some 700 words, a news article, as the model's
 * document-level features expect (src/tagger/tag-stream.ts).
 */
export const TAG_DOCUMENT_CHARS = 4096;

/**
 * Input bytes from which `workers: 'auto'` tags or diacritizes raw text on worker threads: each
 * loads a tagger and meets the text's words for the first time itself (2 MB cost two threads a
 * third more CPU than one, 20 MB the same CPU), so threads pay from some 1 MB on.
 */
export const TAG_AUTO_MIN_BYTES = 1024 * 1024;

/** The tagger itself, or the one its source loads (Tagger.load's errors). */
export async function taggerFor(tagger: Tagger | TaggerSource): Promise<Tagger> {
  return tagger instanceof Tagger ? tagger : Tagger.load(tagger.model, tagger.options);
}

/**
 * Where worker threads load their taggers from: the source given, or the one a loaded tagger
 * came from. Throws UsageError for a tagger made of parts (worker threads cannot load it).
 */
export function taggerSource(tagger: Tagger | TaggerSource): TaggerSource {
  if (!(tagger instanceof Tagger)) return tagger;
  if (!tagger.loadedFrom) throw new UsageError('worker threads load their own tagger: give a tagger from Tagger.load, or its model and options');
  return tagger.loadedFrom;
}

/**
 * The worker threads' pool of a streaming command (`data`: the worker's data less its tagger):
 * each loads `tagger`'s source (see {@link taggerSource}), with the caches' budget of one thread
 * and a heap bounded by it (src/io/worker-stream.ts `threadHeap`). Throws UsageError as
 * {@link taggerSource} does.
 */
export function taggerPool(tagger: Tagger | TaggerSource, data: TaggerWorkerData): WorkerPoolSpec {
  const source = taggerSource(tagger);
  // the analyzer's cache is a share of the tagger's unless its own budget is given
  const cacheBytes = (source.options.cacheBytes ?? TAGGER_CACHE_BYTES) + (source.options.analyzer?.cacheBytes ?? 0);
  return { filename: STREAM_WORKER, workerData: { ...data, tagger: source }, cacheBytes };
}
