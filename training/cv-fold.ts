/**
 * One fold of a cross-validation run: train every model asked for on the fold's training part
 * (train() splits it 9:1 into D1 and D2 with the fold's seed, the same split for every model)
 * and evaluate it on the fold's held-out documents. Trainings shared by several models (Mfull
 * is also Table 4's reference, the solver and transform ablations' default, the curve's 100%
 * point and M2pass's first pass) run once and are dropped as soon as no later model needs them.
 * Runs in the calling thread; training/cv.ts runs folds in parallel worker threads.
 */
import type { Corpus, Document } from '../src/corpus/types.js';
import { encodeCorpus } from '../features/encode.js';
import { SeenLexicon } from '../features/seen-labels.js';
import { goldLabels, withContextLabels } from '../features/neighbours.js';
import { Vocab } from '../features/vocab.js';
import { LexdisError } from '../src/errors.js';
import type { Model } from '../src/model/model.js';
import { FirstSolution, MostFrequentLabel, RandomCandidate, countLabelFrequencies } from '../src/eval/baselines.js';
import { evaluateItems, type EvalItem, type EvalReport, type EvalTieOptions } from '../src/eval/eval.js';
import { goldItems } from '../src/eval/evaluate.js';
import { rankPrepared, tieOrderOf } from '../src/tagger/pipeline.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import type { Disambiguator } from '../src/tagger/types.js';
import { IndependentCombination } from './cv-combine.js';
import { documentSubset, foldSeed, foldSplit, type FoldAssignment } from './cv-folds.js';
import { defaultModelDefaults, trainingsOf, type CvModel, type Defaults, type TrainingSpec } from './cv-models.js';
import { documentsNeeded, partitionCorpus } from './partition.js';
import { train, type TrainSummary } from './train.js';

export interface FoldOptions {
  seed: number;
  /** Documents of other corpora that join every fold's training part, never its test part (`lexdis cv --extra`). */
  extra: Document[];
  /** Share of each training part in D2. */
  d2: number;
  maxTokens: number;
  /** Stage-one worker threads inside a training (0: count in this thread). */
  workers: number;
  defaults: Defaults;
}

export const defaultFoldOptions = (): FoldOptions => ({
  seed: 42,
  extra: [],
  d2: 0.1,
  maxTokens: 40_000,
  workers: 0,
  defaults: defaultModelDefaults(),
});

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

/**
 * A model's figures on a fold: all gold words, and split by whether the word occurs in the training
 * labels (C(t)'s seen part).
 */
export type ModelFoldResult =
  | { report: EvalReport; seen: EvalReport; unseen: EvalReport; skipped?: undefined }
  | { report?: undefined; skipped: string };

export interface FoldEvaluation {
  report: EvalReport;
  seen: EvalReport;
  unseen: EvalReport;
}

export interface FoldResult {
  fold: number;
  seed: number;
  trainDocuments: number;
  testDocuments: number;
  models: Record<string, ModelFoldResult>;
  trainings: Record<string, TrainingNote>;
  /** Wall-clock seconds per model (trainings it started included) and per fold. */
  seconds: Record<string, number>;
  totalSeconds: number;
}

export type FoldProgress = (done: number, total: number, model: string) => void;

/**
 * Ranks prepared documents and evaluates the gold-marked Arabic tokens: all of them, and
 * apart those whose word has labels seen in training (in `lexicon`) and those whose word has none.
 */
export function evaluateOn(
  ranker: Disambiguator,
  docs: readonly Document[],
  lexicon: SeenLexicon,
  contexts?: (d: Document) => Document,
  options: Partial<EvalTieOptions> = {},
): FoldEvaluation {
  const items = goldItems(ranker, contexts ? docs.map(contexts) : docs, lexicon);
  const seen: EvalItem[] = [];
  const unseen: EvalItem[] = [];
  for (const item of items) (lexicon.seenFor(item.ranked.token.lookup).length > 0 ? seen : unseen).push(item);
  return {
    report: evaluateItems(items, options),
    seen: evaluateItems(seen, options),
    unseen: evaluateItems(unseen, options),
  };
}

/** The labels seen per word in D1 (equation 9), without counting anything: the baselines' C(t). */
function seenLexiconOf(d1: Corpus): SeenLexicon {
  const vocab = new Vocab();
  encodeCorpus(d1, vocab, { mode: 'intern' });
  return SeenLexicon.build(d1, vocab.freeze());
}

/** A model's top label per token of a document (null for tokens without candidates): M2pass's first pass. */
function predictedLabels(model: Model, doc: Document): (string | null)[][] {
  return rankPrepared(new ModelRanker(model), doc, model.lexicon).ranked.map((sent) =>
    sent.map((rt) => (rt.ranked.length > 0 ? rt.ranked[0].candidate.key : null)),
  );
}

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

/** Why the first-solution baseline is not run on a corpus, or undefined when it is. */
export function firstSolutionAbsence(corpus: Corpus): string | undefined {
  return corpus.analyzerOrder === false
    ? 'the candidates file is gold-first, so its order is not the analyzer\'s (write it in the starred layout to keep the analyzer\'s order)'
    : undefined;
}

/** Runs one fold. */
export async function runFold(
  corpus: Corpus, assignment: FoldAssignment, fold: number, models: readonly CvModel[],
  options: Partial<FoldOptions> = {}, onProgress?: FoldProgress,
): Promise<FoldResult> {
  const o = { ...defaultFoldOptions(), ...options };
  const t0 = performance.now();
  const split = foldSplit(corpus, assignment, fold, o.extra);
  const seed = foldSeed(o.seed, fold);
  const trainOptions = { d2: o.d2, seed, workers: o.workers, maxTokens: o.maxTokens, solverOptions: {} };
  const partition = partitionCorpus(split.train, { d2Share: o.d2, seed });

  // Reference counts of the trainings, so each is dropped after its last use.
  const uses = new Map<string, number>();
  for (const m of models) for (const t of trainingsOf(m, o.defaults)) uses.set(t.key, (uses.get(t.key) ?? 0) + 1);
  const cache = new Map<string, Model | string>();
  const notes: Record<string, TrainingNote> = {};

  const trainCorpusFor = (spec: TrainingSpec): Corpus | string => {
    if (spec.contexts === 'gold') return { ...split.train, documents: split.train.documents.map((d) => withContextLabels(d, goldLabels(d))) };
    if (spec.contexts === 'first-pass') {
      // The first pass on D2: Mfull as θ was fitted (D1's β*), i.e. the last training before this one.
      const specs = trainingsOf({ name: '2pass', kind: '2pass' }, o.defaults);
      const first = cache.get(specs[specs.length - 2].key);
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
    const need = documentsNeeded(o.d2);
    return sub.documents.length < need ? `${spec.percent}% of the training part is ${sub.documents.length} documents; a D1/D2 split needs ${need}` : sub;
  };

  const ensure = async (spec: TrainingSpec): Promise<Model | string> => {
    const have = cache.get(spec.key);
    if (have !== undefined) return have;
    const c = trainCorpusFor(spec);
    let result: Model | string;
    if (typeof c === 'string') result = c;
    else {
      try {
        const { model, summary } = await train(c, {
          ...trainOptions,
          featureSet: spec.featureSet,
          transform: spec.transform,
          solver: spec.solver,
          recount: spec.recount,
          sequence: o.defaults.sequence,
          casePass: o.defaults.casePass,
        });
        notes[spec.key] = note(spec, summary);
        result = model;
      } catch (err) {
        // A model that cannot be trained (e.g. a solver refusing its options) is reported as
        // skipped with the reason, and the other models of the run go on; bugs still throw.
        if (!(err instanceof LexdisError)) throw err;
        result = `training ${spec.featureSet}/${spec.transform}/${spec.solver} failed: ${err.message}`;
      }
    }
    cache.set(spec.key, result);
    return result;
  };
  const release = (specs: TrainingSpec[]) => {
    for (const s of specs) {
      const n = (uses.get(s.key) ?? 1) - 1;
      uses.set(s.key, n);
      if (n <= 0) cache.delete(s.key);
    }
  };

  // The baselines' C(t): the labels seen where the models' β* comes from (D1, or D1 ∪ D2 with recount).
  const lexicon = seenLexiconOf(o.defaults.recount ? split.train : partition.d1);
  const results: Record<string, ModelFoldResult> = {};
  const seconds: Record<string, number> = {};
  const ev: Partial<EvalTieOptions> = { seed: o.seed, order: tieOrderOf(corpus) };
  const noFirst = firstSolutionAbsence(corpus);
  let done = 0;
  for (const m of models) {
    const tm = performance.now();
    const specs = trainingsOf(m, o.defaults);
    const trained: (Model | string)[] = [];
    for (const s of specs) trained.push(await ensure(s));
    const missing = trained.find((t): t is string => typeof t === 'string');
    if (missing !== undefined) results[m.name] = { skipped: missing };
    else if (m.name === 'first-solution' && noFirst) results[m.name] = { skipped: noFirst };
    else {
      const ms = trained as Model[];
      const [a, b] = ms;
      const own = ms[ms.length - 1];
      let report: FoldEvaluation;
      switch (m.kind) {
        case 'trained': report = evaluateOn(new ModelRanker(a), split.test, a.lexicon, undefined, ev); break;
        case 'ind': report = evaluateOn(new IndependentCombination(a, b), split.test, a.lexicon, undefined, ev); break;
        case 'cheat': report = evaluateOn(new ModelRanker(a), split.test, a.lexicon, (d) => withContextLabels(d, goldLabels(d)), ev); break;
        case '2pass': report = evaluateOn(new ModelRanker(own), split.test, own.lexicon, (d) => withContextLabels(d, predictedLabels(a, d)), ev); break;
        case 'baseline': {
          const r = m.name === 'first-solution' ? new FirstSolution()
            : m.name === 'random' ? new RandomCandidate(o.seed)
            : new MostFrequentLabel(countLabelFrequencies(split.train.documents));
          report = evaluateOn(r, split.test, lexicon, undefined, ev);
          break;
        }
      }
      results[m.name] = report;
    }
    release(specs);
    seconds[m.name] = (performance.now() - tm) / 1000;
    onProgress?.(++done, models.length, m.name);
  }
  return {
    fold, seed, trainDocuments: split.train.documents.length, testDocuments: split.test.length,
    models: results, trainings: notes, seconds, totalSeconds: (performance.now() - t0) / 1000,
  };
}
