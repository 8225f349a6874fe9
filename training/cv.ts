/**
 * Cross-validation (Shah et al. 2010, sections 3.3 and 4): seeded folds by document; in each
 * fold every model is trained on the training part (split 9:1 into D1 and D2 by train() with
 * the fold's seed, the same split for every model) and evaluated on the held-out documents;
 * the folds' counts are pooled into one A1/A2/E1/E2 report per model (training/cv-report.ts).
 *
 * Folds run in parallel worker threads (`jobs`; 1 = in this thread). Inside a job, stage one
 * counts in the job's own thread, so `jobs` threads keep `jobs` cores busy. Every random
 * choice derives from `seed`, and results are collected by fold number, so the figures do not
 * depend on `jobs` or on timing.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Corpus, Document } from '../src/corpus/types.js';
import { CorpusError, UsageError } from '../src/errors.js';
import { assignFolds, type FoldAssignment } from './cv-folds.js';
import {
  defaultFoldOptions, firstSolutionAbsence, runFold, type FoldOptions, type FoldProgress, type FoldResult,
} from './cv-fold.js';
import { defaultModelDefaults, parseModelList, type CvModel, type Defaults } from './cv-models.js';
import { buildReport, type CvReport } from './cv-report.js';
import { documentsNeeded } from './partition.js';
import type { CvWorkerData } from './cv-worker.js';
import { moduleUrl } from '../src/config.js';

/** Progress of a cross-validation run: models done of the total in one fold. */
export interface CvProgressEvent {
  fold: number;
  /** Models of this fold finished, and how many there are; the model just finished. */
  done: number;
  total: number;
  model: string;
}

/** Options of {@link runCv}. */
export interface CvOptions {
  folds: number;
  /** A comma list of model names and groups (training/cv-models.ts), or parsed models. */
  models: string | CvModel[];
  /** Folds run at the same time (worker threads; 1 = in this thread). */
  jobs: number;
  seed: number;
  /** Share of each training part in D2. */
  d2: number;
  /** At most this many D2 tokens give θ rows. */
  maxTokens: number;
  /** Default value transform and solver (the ablations vary them). */
  defaults: Defaults;
  /**
   * Other gold corpora whose documents join every fold's training part and never its test part
   * (`lexdis cv --extra`): the figures stay those of the corpus's own held-out documents.
   */
  extra?: Corpus;
  onProgress?: (e: CvProgressEvent) => void;
}

/**
 * The options of a cross-validation run when none are given: 10 folds, Mfull and the baselines, one
 * job, seed 42, D2 share 0.1.
 */
export const defaultCvOptions = (): CvOptions => ({
  folds: 10, models: 'full,baselines', jobs: 1, seed: 42, d2: 0.1, maxTokens: 40_000, defaults: defaultModelDefaults(),
});

/** Checks that every training part (with the `extra` gold documents) can be split into D1 and D2. */
function checkSizes(corpus: Corpus, a: FoldAssignment, d2: number, extra: number): void {
  const total = a.test.reduce((s, t) => s + t.length, 0);
  const need = documentsNeeded(d2);
  const smallest = total - Math.max(...a.test.map((t) => t.length)) + extra;
  if (smallest < need)
    throw new CorpusError(
      `with ${a.folds} folds of ${total} gold-marked documents, a training part has only ${smallest} documents; ` +
        `splitting it into D1 and D2 (D2 share ${d2}) needs ${need}: use more documents or fewer folds`,
      { file: corpus.source },
    );
}

/**
 * The gold-marked documents of the extra corpora, checked against the corpus: a document of both
 * (the same id and content) or one with a corpus document's id is a UsageError.
 */
function extraDocuments(corpus: Corpus, extra: Corpus | undefined): Document[] {
  if (!extra) return [];
  if (extra.scheme?.name !== corpus.scheme?.name) throw new UsageError('the extra corpora and the corpus must have the same label scheme');
  const ids = new Set(corpus.documents.map((d) => d.id));
  const own = new Set(corpus.documents);
  const out: Document[] = [];
  for (const d of extra.documents) {
    if (own.has(d) || ids.has(d.id)) throw new UsageError(`document "${d.id}" of the extra corpora (${extra.source ?? 'given'}) is also a document of the corpus`);
    if (d.sentences.some((s) => s.tokens.some((t) => t.gold >= 0))) out.push(d);
  }
  if (out.length === 0) throw new CorpusError(`the extra corpora have no gold marks (* SOLUTION): nothing to add to the training parts`, { file: extra.source });
  return out;
}

/**
 * Runs folds 0 … `folds` − 1 in a pool of min(`jobs`, `folds`) worker threads (training/cv-worker.ts,
 * which reads the corpus, assignment, models and fold options from `workerData`), each fold's
 * progress reported through its own port to `progress(fold)`; returns the results in fold order.
 * The pool is destroyed when the folds are done or one fails.
 */
async function runFoldsInPool(
  workerData: CvWorkerData,
  folds: number,
  jobs: number,
  progress: (fold: number) => FoldProgress,
): Promise<FoldResult[]> {
  const nModels = workerData.models.length;
  const pool = new Piscina({
    filename: moduleUrl('training/cv-worker.js'),
    minThreads: Math.min(jobs, folds),
    maxThreads: Math.min(jobs, folds),
    idleTimeout: 1000,
    workerData,
  });
  try {
    return await Promise.all([...Array(folds).keys()].map((k) => {
      const { port1, port2 } = new MessageChannel();
      const report = progress(k);
      port1.on('message', (m: { done: number; total: number; model: string }) => report(m.done, m.total, m.model));
      port1.unref();
      return (pool.run({ fold: k, port: port2 }, { transferList: [port2] as never }) as Promise<FoldResult>)
        .then((r) => {
          // The port's last messages may not have arrived yet: report the fold complete here.
          report(nModels, nModels, '');
          return r;
        })
        .finally(() => port1.close());
    }));
  } finally {
    await pool.destroy();
  }
}

/**
 * Runs a cross-validation. Takes a gold corpus and the options; returns its report (figures
 * pooled over folds). Throws UsageError for a bad option, CorpusError for a corpus too small to
 * split or extra corpora without gold marks, WorkerError when a worker thread dies.
 */
export async function runCv(corpus: Corpus, options: Partial<CvOptions> = {}): Promise<CvReport> {
  const o = { ...defaultCvOptions(), ...options };
  if (!Number.isInteger(o.jobs) || o.jobs < 1) throw new UsageError(`jobs must be a whole number ≥ 1, not ${o.jobs}`);
  const models = typeof o.models === 'string' ? parseModelList(o.models, o.defaults, corpus.scheme) : o.models;
  const t0 = performance.now();
  const assignment = assignFolds(corpus, o.folds, o.seed);
  const extra = extraDocuments(corpus, o.extra);
  checkSizes(corpus, assignment, o.d2, extra.length);
  const foldOptions: FoldOptions = {
    ...defaultFoldOptions(),
    seed: o.seed,
    extra,
    d2: o.d2,
    maxTokens: o.maxTokens,
    workers: 0,
    defaults: o.defaults,
  };
  const progress = (fold: number) => (done: number, total: number, model: string) =>
    o.onProgress?.({ fold, done, total, model });
  const workerData: CvWorkerData = { corpus, assignment, models, options: foldOptions };
  let results: FoldResult[] = [];
  if (o.jobs === 1) {
    for (let k = 0; k < o.folds; k++)
      results.push(await runFold(corpus, assignment, k, models, foldOptions, progress(k)));
  } else results = await runFoldsInPool(workerData, o.folds, o.jobs, progress);
  const firstSolutionAbsent = models.some((m) => m.name === 'first-solution') ? firstSolutionAbsence(corpus) : undefined;
  return buildReport({
    corpus,
    extra: o.extra,
    extraDocuments: extra.length,
    assignment,
    firstSolutionAbsent,
    models,
    results,
    options: { folds: o.folds, seed: o.seed, d2: o.d2, maxTokens: o.maxTokens, jobs: o.jobs, defaults: o.defaults },
    wallSeconds: (performance.now() - t0) / 1000,
  });
}
