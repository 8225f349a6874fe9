/**
 * Stage one of Algorithm 1 (Shah et al. 2010): β* = counts over D1.
 * The main thread interns D1 (features/encode.ts), shards its documents into contiguous runs
 * of about equal token counts, and has one piscina worker per shard count it into its own
 * table (training/stage1-worker.ts); the slot arrays come back by transfer and are merged
 * here. While the workers count, the main thread builds the document tables (Ztf) and the
 * seen-label lexicon. Counts are integers, so the merged table — and its canonical buffers —
 * are the same for any number of workers. `workers: 0` counts in this thread (no pool).
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { CountTable } from '../features/counts.js';
import { DocTables } from '../features/doc.js';
import { N_TARGETS, docCount, encodeCorpus, encodedBuffers, sliceEncoded, type EncodedCorpus } from '../features/encode.js';
import { SeenLexicon } from '../features/lexicon.js';
import { tallyTokens } from '../features/tally.js';
import { isDocTemplate, validateTemplates, type Template } from '../features/templates.js';
import { Vocab } from '../features/vocab.js';
import type { Corpus } from '../src/corpus/types.js';
import { CorpusError, UsageError } from '../src/errors.js';
import type { Target } from '../src/labels/elements.js';
import type { ShardCounts, Stage1Task } from './stage1-worker.js';

export type Stage1Stage = 'encode' | 'count' | 'merge' | 'doc' | 'lexicon';

export interface Stage1Options {
  templates: readonly Template[];
  /** Worker threads (≥ 1), or 0 to count in the calling thread. */
  workers: number;
  /** Progress: (stage, done, total); 'count' is in tokens of D1. */
  onProgress?: (stage: Stage1Stage, done: number, total: number) => void;
}

export const defaultStage1Options: Omit<Stage1Options, 'templates'> = { workers: 1 };

export interface Stage1Stats {
  /** Tokens and gold tokens of D1, its documents. */
  tokens: number;
  goldTokens: number;
  documents: number;
  workers: number;
  /** Distinct β* keys (marginals included). */
  keys: number;
  /** Wall-clock seconds: total and per phase (count = dispatch to last worker's result). */
  seconds: number;
  encodeSeconds: number;
  countSeconds: number;
  mergeSeconds: number;
  /** Main-thread work overlapped with counting: document tables and lexicon. */
  sideSeconds: number;
  /** Seconds each worker spent counting its shard. */
  workerSeconds: number[];
  tokensPerSecond: number;
}

export interface StageOneResult {
  /** Frozen vocabulary of D1. */
  vocab: Vocab;
  /** β*, marginals included. */
  counts: CountTable;
  /** Postings for Ztf (empty target list when the templates have no document template). */
  doc: DocTables;
  /** Labels seen per word in D1 (equation 9). */
  lexicon: SeenLexicon;
  stats: Stage1Stats;
}

/** Splits documents into n contiguous runs of about equal token counts: n + 1 document bounds. */
export function shardBounds(enc: EncodedCorpus, n: number): number[] {
  const nDocs = docCount(enc);
  const bounds = [0];
  for (let k = 1; k < n; k++) {
    const goal = (enc.nTokens * k) / n;
    let d = bounds[k - 1];
    while (d < nDocs && enc.docStart[d + 1] <= goal) d++;
    bounds.push(Math.max(d, bounds[k - 1]));
  }
  bounds.push(nDocs);
  return bounds;
}

function expectedKeys(enc: EncodedCorpus, templates: readonly Template[], share: number): number {
  const local = templates.filter((t) => !isDocTemplate(t)).length;
  return Math.min(1 << 24, Math.ceil(enc.nTokens * share * (local + 1) * 0.15));
}

/** Counts β* over D1 and builds the vocabulary, document tables and seen-label lexicon. */
export async function runStageOne(d1: Corpus, options: Stage1Options): Promise<StageOneResult> {
  const { templates, workers, onProgress } = { ...defaultStage1Options, ...options };
  validateTemplates(templates);
  if (!Number.isInteger(workers) || workers < 0) throw new UsageError(`workers must be a whole number ≥ 0, not ${workers}`);
  const t0 = performance.now();
  const vocab = new Vocab();
  const enc = encodeCorpus(d1, vocab, { mode: 'intern' });
  let gold = 0;
  for (let i = 0; i < enc.nTokens; i++) if (enc.gold[i * N_TARGETS] >= 0) gold++;
  if (gold === 0) throw new CorpusError('the training corpus has no gold-marked tokens', { file: d1.source });
  onProgress?.('encode', enc.nTokens, enc.nTokens);
  const t1 = performance.now();
  const tfTargets = [...new Set(templates.filter(isDocTemplate).map((t) => t.target))] as Target[];
  const tpl = templates.map((t) => ({ ...t }));
  let counts: CountTable;
  let sideSeconds = 0;
  let mergeSeconds = 0;
  let workerSeconds: number[] = [];
  let doc: DocTables;
  let lexicon: SeenLexicon;
  const side = () => {
    const s = performance.now();
    onProgress?.('doc', 0, 1);
    doc = DocTables.build(enc, vocab, tfTargets);
    onProgress?.('doc', 1, 1);
    onProgress?.('lexicon', 0, 1);
    lexicon = SeenLexicon.build(d1, vocab);
    onProgress?.('lexicon', 1, 1);
    sideSeconds = (performance.now() - s) / 1000;
  };
  let t2: number;
  if (workers === 0) {
    counts = new CountTable(expectedKeys(enc, tpl, 1));
    tallyTokens(enc, tpl, counts, 0, enc.nTokens, (done) => onProgress?.('count', done, enc.nTokens));
    workerSeconds = [(performance.now() - t1) / 1000];
    t2 = performance.now();
    side();
  } else {
    const bounds = shardBounds(enc, Math.min(workers, docCount(enc)));
    const nShards = bounds.length - 1;
    const pool = new Piscina({
      filename: new URL('./stage1-worker.js', import.meta.url).href,
      minThreads: nShards,
      maxThreads: nShards,
      idleTimeout: 1000,
    });
    try {
      const done = new Array<number>(nShards).fill(0);
      const tasks: Promise<ShardCounts>[] = [];
      for (let k = 0; k < nShards; k++) {
        const shard = sliceEncoded(enc, bounds[k], bounds[k + 1]);
        const { port1, port2 } = new MessageChannel();
        port1.on('message', (m: { done: number }) => {
          done[k] = m.done;
          onProgress?.('count', done.reduce((a, b) => a + b, 0), enc.nTokens);
        });
        port1.unref();
        const task: Stage1Task = { shard, templates: tpl, expectedKeys: expectedKeys(shard, tpl, 1), port: port2 };
        tasks.push(
          (pool.run(task, { transferList: [...encodedBuffers(shard), port2] as never }) as Promise<ShardCounts>).finally(() =>
            port1.close(),
          ),
        );
      }
      side();
      const results = await Promise.all(tasks);
      t2 = performance.now();
      workerSeconds = results.map((r) => r.seconds);
      const tables = results.map((r) => CountTable.fromRaw({ slots: r.slots, size: r.size }));
      tables.sort((a, b) => b.size - a.size);
      counts = tables[0];
      for (let k = 1; k < tables.length; k++) {
        onProgress?.('merge', k - 1, tables.length - 1);
        counts.merge(tables[k]);
      }
      onProgress?.('merge', tables.length - 1, tables.length - 1);
      mergeSeconds = (performance.now() - t2) / 1000;
    } finally {
      await pool.destroy();
    }
  }
  vocab.freeze();
  const t3 = performance.now();
  const seconds = (t3 - t0) / 1000;
  return {
    vocab,
    counts,
    doc: doc!,
    lexicon: lexicon!,
    stats: {
      tokens: enc.nTokens,
      goldTokens: gold,
      documents: docCount(enc),
      workers,
      keys: counts.size,
      seconds,
      encodeSeconds: (t1 - t0) / 1000,
      countSeconds: (t2 - t1) / 1000,
      mergeSeconds,
      sideSeconds,
      workerSeconds,
      tokensPerSecond: enc.nTokens / seconds,
    },
  };
}
