/**
 * The trainings of one cross-validation fold: each training a fold's models ask for runs once, on
 * the first model that needs it, and is dropped as soon as the last model needing it has been
 * evaluated. A training that cannot run (too few documents, no first pass, a LexdisError from
 * train()) is kept as its reason, and every model needing it is skipped with that reason.
 */
import type { Corpus, Document } from '../src/corpus/types.js';
import { goldLabels, withContextLabels } from '../features/neighbours.js';
import { LexdisError } from '../src/errors.js';
import type { Model } from '../src/model/model.js';
import { rankPrepared } from '../src/tagger/pipeline.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { documentSubset, type FoldSplit } from './cv-folds.js';
import { trainingsOf, type CvModel, type Defaults, type TrainingSpec } from './cv-models.js';
import { documentsNeeded, type Partition } from './partition.js';
import { train } from './train.js';
import type { TrainSummary } from './train-summary.js';

/** What one training left behind (for the report's diagnostics). */
export interface TrainingNote {
  key: string;
  trainDocuments: number;
  d1Documents: number;
  d2Documents: number;
  d2Rows: number;
  features: number;
  theta: Record<string, number>;
  bias: number;
  solver: { iterations: number; converged: boolean; note?: string };
  /** A1/A2 on D2, in-sample for θ. */
  d2Accuracy: { A1: number; A2: number; ceiling: number };
}

/** A model's top label per token of a document (null for tokens without candidates): M2pass's first pass. */
export function predictedLabels(model: Model, doc: Document): (string | null)[][] {
  return rankPrepared(new ModelRanker(model), doc, model.lexicon).ranked.map((sent) =>
    sent.map((rt) => (rt.ranked.length > 0 ? rt.ranked[0].candidate.key : null)),
  );
}

/** The diagnostics of training `spec` taken from its summary. */
function note(spec: TrainingSpec, s: TrainSummary): TrainingNote {
  return {
    key: spec.key,
    trainDocuments: s.documents,
    d1Documents: s.d1.documents,
    d2Documents: s.d2.documents,
    d2Rows: s.d2.rows,
    features: s.features,
    theta: s.theta,
    bias: s.bias,
    solver: { iterations: s.solver.iterations, converged: s.solver.converged, note: s.solver.note },
    d2Accuracy: s.d2Accuracy,
  };
}

/** What a fold's trainings share: the fold's split and its D1/D2 partition, seed and options. */
export interface FoldTrainingSetup {
  split: FoldSplit;
  /** The fold's training part cut into D1 and D2 (train() makes the same cut with `seed`). */
  partition: Partition;
  /** The fold's seed. */
  seed: number;
  /** Share of the training part in D2. */
  d2: number;
  maxTokens: number;
  workers: number;
  defaults: Defaults;
}

/**
 * The trainings of a fold's `models`, with a reference count per training (how many of the
 * models still need it). `get` trains on first use and caches the model or the reason it could
 * not be trained; `release` drops a model's trainings whose count reaches zero. `notes` holds
 * one note per training that ran, by its key.
 */
export class FoldTrainings {
  readonly notes: Record<string, TrainingNote> = {};
  private readonly uses = new Map<string, number>();
  private readonly cache = new Map<string, Model | string>();
  private readonly setup: FoldTrainingSetup;

  constructor(setup: FoldTrainingSetup, models: readonly CvModel[]) {
    this.setup = setup;
    for (const m of models)
      for (const t of trainingsOf(m, setup.defaults)) this.uses.set(t.key, (this.uses.get(t.key) ?? 0) + 1);
  }

  /** The model of training `spec` (trained now unless cached), or why it could not be trained. */
  async get(spec: TrainingSpec): Promise<Model | string> {
    const have = this.cache.get(spec.key);
    if (have !== undefined) return have;
    const c = this.corpusFor(spec);
    const result = typeof c === 'string' ? c : await this.trainOn(c, spec);
    this.cache.set(spec.key, result);
    return result;
  }

  /** Counts one use of each of `specs` as done; a training no model needs any more is dropped. */
  release(specs: readonly TrainingSpec[]): void {
    for (const s of specs) {
      const n = (this.uses.get(s.key) ?? 1) - 1;
      this.uses.set(s.key, n);
      if (n <= 0) this.cache.delete(s.key);
    }
  }

  /**
   * Trains `spec` on corpus `c` and notes it; returns the model, or the reason when train()
   * throws a LexdisError (any other error is rethrown).
   */
  private async trainOn(c: Corpus, spec: TrainingSpec): Promise<Model | string> {
    const { seed, d2, maxTokens, workers, defaults } = this.setup;
    try {
      const { model, summary } = await train(c, {
        d2,
        seed,
        workers,
        maxTokens,
        solverOptions: {},
        featureSet: spec.featureSet,
        transform: spec.transform,
        solver: spec.solver,
        recount: spec.recount,
        sequence: defaults.sequence,
        casePass: defaults.casePass,
      });
      this.notes[spec.key] = note(spec, summary);
      return model;
    } catch (err) {
      // A model that cannot be trained (e.g. a solver refusing its options) is reported as
      // skipped with the reason, and the other models of the run go on; bugs still throw.
      if (!(err instanceof LexdisError)) throw err;
      return `training ${spec.featureSet}/${spec.transform}/${spec.solver} failed: ${err.message}`;
    }
  }

  /**
   * The corpus training `spec` runs on: the fold's training part, with gold or first-pass context
   * labels, or a share of its documents; or why there is none.
   */
  private corpusFor(spec: TrainingSpec): Corpus | string {
    const { split, partition, seed } = this.setup;
    if (spec.contexts === 'gold') return { ...split.train, documents: split.train.documents.map((d) => withContextLabels(d, goldLabels(d))) };
    if (spec.contexts === 'first-pass') {
      // The first pass on D2: Mfull as θ was fitted (D1's β*), i.e. the last training before this one.
      const specs = trainingsOf({ name: '2pass', kind: '2pass' }, this.setup.defaults);
      const first = this.cache.get(specs[specs.length - 2].key);
      if (typeof first !== 'object') return `the first pass (Mfull) is not available: ${first ?? 'not trained'}`;
      const inD2 = new Set(partition.d2Index);
      return {
        ...split.train,
        documents: split.train.documents.map((d, i) =>
          inD2.has(i) ? withContextLabels(d, predictedLabels(first, d)) : d,
        ),
      };
    }
    if (spec.percent === 100) return split.train;
    const sub = documentSubset(split.train, spec.percent, seed);
    const need = documentsNeeded(this.setup.d2);
    return sub.documents.length < need ? `${spec.percent}% of the training part is ${sub.documents.length} documents; a D1/D2 split needs ${need}` : sub;
  }
}
