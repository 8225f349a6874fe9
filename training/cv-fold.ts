/**
 * One fold of a cross-validation run: train every model asked for on the fold's training part
 * (train() splits it 9:1 into D1 and D2 with the fold's seed, the same split for every model)
 * and evaluate it on the fold's held-out documents. Trainings shared by several models (Mfull
 * is also Table 4's reference, the solver and transform ablations' default, the curve's 100%
 * point and M2pass's first pass) run once and are dropped as soon as no later model needs them
 * (training/cv-trainings.ts).
 * Runs in the calling thread; training/cv.ts runs folds in parallel worker threads.
 */
import type { Corpus, Document } from '../src/corpus/types.js';
import { encodeCorpus } from '../features/encode.js';
import { SeenLexicon } from '../features/seen-labels.js';
import { goldLabels, withContextLabels } from '../features/neighbours.js';
import { Vocab } from '../features/vocab.js';
import type { Model } from '../src/model/model.js';
import { FirstSolution, MostFrequentLabel, RandomCandidate, countLabelFrequencies } from '../src/eval/baselines.js';
import { evaluateItems, type EvalItem, type EvalReport, type EvalTieOptions } from '../src/eval/eval.js';
import { goldItems } from '../src/eval/evaluate.js';
import { tieOrderOf } from '../src/tagger/pipeline.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import type { Disambiguator } from '../src/tagger/types.js';
import { IndependentCombination } from './cv-combine.js';
import { foldSeed, foldSplit, type FoldAssignment } from './cv-folds.js';
import { defaultModelDefaults, trainingsOf, type CvModel, type Defaults } from './cv-models.js';
import { FoldTrainings, predictedLabels, type TrainingNote } from './cv-trainings.js';
import { partitionCorpus } from './partition.js';

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

/** Why the first-solution baseline is not run on a corpus, or undefined when it is. */
export function firstSolutionAbsence(corpus: Corpus): string | undefined {
  return corpus.analyzerOrder === false
    ? 'the candidates file is gold-first, so its order is not the analyzer\'s (write it in the starred layout to keep the analyzer\'s order)'
    : undefined;
}

/** What a fold's models are evaluated on, beside the models themselves. */
interface FoldTest {
  /** The fold's held-out documents. */
  test: readonly Document[];
  /** The fold's training part: the most-frequent-label baseline counts its labels. */
  train: Corpus;
  /** The baselines' C(t). */
  lexicon: SeenLexicon;
  /** The run's seed (the random baseline's). */
  seed: number;
  /** How ties are broken when scoring: the run's seed and the corpus's tie order. */
  ev: Partial<EvalTieOptions>;
}

/**
 * Evaluates model `m` on the fold's test documents, given the models of its trainings in
 * trainingsOf order (none for a baseline).
 */
function evaluateModel(m: CvModel, trained: readonly Model[], t: FoldTest): FoldEvaluation {
  const [a, b] = trained;
  const own = trained[trained.length - 1];
  switch (m.kind) {
    case 'trained': return evaluateOn(new ModelRanker(a), t.test, a.lexicon, undefined, t.ev);
    case 'ind': return evaluateOn(new IndependentCombination(a, b), t.test, a.lexicon, undefined, t.ev);
    case 'cheat': return evaluateOn(new ModelRanker(a), t.test, a.lexicon, (d) => withContextLabels(d, goldLabels(d)), t.ev);
    case '2pass': {
      const firstPass = (d: Document) => withContextLabels(d, predictedLabels(a, d));
      return evaluateOn(new ModelRanker(own), t.test, own.lexicon, firstPass, t.ev);
    }
    case 'baseline': {
      const r = m.name === 'first-solution' ? new FirstSolution()
        : m.name === 'random' ? new RandomCandidate(t.seed)
        : new MostFrequentLabel(countLabelFrequencies(t.train.documents));
      return evaluateOn(r, t.test, t.lexicon, undefined, t.ev);
    }
  }
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
  const partition = partitionCorpus(split.train, { d2Share: o.d2, seed });
  const trainings = new FoldTrainings(
    { split, partition, seed, d2: o.d2, maxTokens: o.maxTokens, workers: o.workers, defaults: o.defaults },
    models,
  );
  // The baselines' C(t): the labels seen where the models' β* comes from (D1, or D1 ∪ D2 with recount).
  const lexicon = seenLexiconOf(o.defaults.recount ? split.train : partition.d1);
  const ev: Partial<EvalTieOptions> = { seed: o.seed, order: tieOrderOf(corpus) };
  const t: FoldTest = { test: split.test, train: split.train, lexicon, seed: o.seed, ev };
  const results: Record<string, ModelFoldResult> = {};
  const seconds: Record<string, number> = {};
  const noFirst = firstSolutionAbsence(corpus);
  let done = 0;
  for (const m of models) {
    const tm = performance.now();
    const specs = trainingsOf(m, o.defaults);
    const trained: (Model | string)[] = [];
    for (const s of specs) trained.push(await trainings.get(s));
    const missing = trained.find((x): x is string => typeof x === 'string');
    if (missing !== undefined) results[m.name] = { skipped: missing };
    else if (m.name === 'first-solution' && noFirst) results[m.name] = { skipped: noFirst };
    else results[m.name] = evaluateModel(m, trained as Model[], t);
    trainings.release(specs);
    seconds[m.name] = (performance.now() - tm) / 1000;
    onProgress?.(++done, models.length, m.name);
  }
  return {
    fold, seed, trainDocuments: split.train.documents.length, testDocuments: split.test.length,
    models: results, trainings: trainings.notes, seconds, totalSeconds: (performance.now() - t0) / 1000,
  };
}
