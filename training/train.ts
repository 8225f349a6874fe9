/**
 * Training, end to end (Algorithm 1): split the training documents into D1 and D2 (seeded),
 * count β* on D1 in worker threads (stage one), build the rows of D2's candidates and fit θ
 * (stage two), fit the softmax temperature, and measure A1/A2 on D2; then the sequence
 * decoding's tag bigrams and their weight λ (training/sequence-fit.ts), fitted on D2 too; then
 * the case pass's classifier on D1's gold labels and its weight μ on D2 (training/case-fit.ts).
 * The fits on D2: training/fit-d2.ts; the summary: training/train-summary.ts.
 */
import { createHash } from 'node:crypto';
import { schemeSlots } from '../src/labels/scheme.js';
import { goldIndices, type Corpus, type Document } from '../src/corpus/types.js';
import { requireCorpus, requireOptions } from '../src/args.js';
import { CorpusError } from '../src/errors.js';
import { DEFAULT_FEATURE_SET, resolveFeatureSet, withRuleTemplate, type Template } from '../features/templates.js';
import { DEFAULT_TRANSFORM, type ValueTransform } from '../features/transform.js';
import { LEXDIS_ANALYZER_OPTIONS } from '../src/analyzer/engine.js';
import { Model, type ModelAnalyzerOptions, type ModelInfo } from '../src/model/model-node.js';
import type { TagSequence } from '../src/model/sequence.js';
import type { CasePass } from '../src/model/case-pass.js';
import { partitionCorpus } from './partition.js';
import { countTagBigrams } from './sequence-fit.js';
import { fitCaseClassifier, type CaseFitOptions } from './case-fit.js';
import { fitOnD2, placeholderInfo, type D2Fit } from './fit-d2.js';
import { runStageOne } from './stage1.js';
import { defaultStage2Options } from './stage2.js';
import type { SolverName } from './solvers/index.js';
import { trainSummary, type TrainSummary } from './train-summary.js';

/** The steps training reports progress on. */
export type TrainStage = 'encode' | 'count' | 'merge' | 'doc' | 'lexicon' | 'rows' | 'theta' | 'evaluate' | 'sequence' | 'casePass' | 'recount';

/** Options of {@link train} (defaults: {@link defaultTrainOptions}). */
export interface TrainOptions {
  /** Named feature set (features/templates.ts): full, aggr, baseline, uni, lemma, …, with optional +prior. */
  featureSet: string;
  transform: ValueTransform;
  solver: SolverName;
  solverOptions: Record<string, unknown>;
  /** Share of the training documents in D2. */
  d2: number;
  seed: number;
  /**
   * Worker threads for stage one (0 = count in this thread; fewer start for a small D1 and at most
   * cores − 1: training/stage1.ts stageOneThreads).
   */
  workers: number;
  /** At most this many D2 tokens give θ rows. */
  maxTokens: number;
  /**
   * After θ is fitted on D2, count β* again over D1 ∪ D2 for the saved model (the paper keeps
   * D1's counts). Measured by cross-validation: see docs/method.md.
   */
  recount: boolean;
  /** Stage two's target for a candidate that differs from the gold only in its case ending (training/stage2.ts). */
  variantTarget: number;
  /**
   * Decode each sentence with tag bigrams (src/model/sequence.ts), their weight fitted on D2;
   * false ranks every token alone, as the paper does.
   */
  sequence: boolean;
  /**
   * With the sequence decoding, decode each sentence a second time with the case pass
   * (src/model/case-pass.ts): case and mood from features of the whole sentence as the first
   * decoding labelled it. Its weight μ is fitted on D2 (training/case-fit.ts).
   */
  casePass: boolean;
  /**
   * The case pass's classifier options and weight μ (training/case-fit.ts; defaults:
   * defaultCaseFitOptions, CASE_PASS_WEIGHT).
   */
  caseFit?: Partial<CaseFitOptions> & { weight?: number };
  /**
   * The analyzer options the corpus was analyzed with, recorded in the model for tagging
   * (a CoNLL-U corpus is projected with them; a pos file carries their result).
   */
  analyzer: ModelAnalyzerOptions;
  onProgress?: (stage: TrainStage, done: number, total: number) => void;
}

/**
 * Defaults chosen by 10-fold cross-validation on the open corpus (docs/method.md): Zfull plus
 * the case-less label's statistics and the base-rate group, log1p values, β* recounted over
 * D1 ∪ D2 after θ.
 */
export const defaultTrainOptions: TrainOptions = {
  featureSet: DEFAULT_FEATURE_SET,
  transform: DEFAULT_TRANSFORM,
  solver: 'svr',
  solverOptions: {},
  d2: 0.1,
  seed: 42,
  workers: 1,
  maxTokens: 40_000,
  recount: true,
  variantTarget: defaultStage2Options.variantTarget,
  sequence: true,
  casePass: true,
  analyzer: { ...LEXDIS_ANALYZER_OPTIONS },
};

/** What {@link train} returns: the model (not saved yet) and the summary. */
export interface TrainResult {
  model: Model;
  summary: TrainSummary;
}

/** A stable hash of a corpus's content (look-up forms and gold labels, all of a token's), for the model header. */
export function corpusHash(corpus: Corpus): string {
  const h = createHash('sha256');
  for (const d of corpus.documents) {
    h.update(`\u0001${d.id}`);
    for (const s of d.sentences)
      for (const t of s.tokens) h.update(`\u0002${t.lookup}\u0003${goldIndices(t).map((g) => t.candidates[g].key).join('\u0004')}`);
  }
  return h.digest('hex');
}

function countTokens(docs: readonly Document[]): { tokens: number; gold: number; severalGolds: number } {
  let tokens = 0;
  let gold = 0;
  let severalGolds = 0;
  for (const d of docs) for (const s of d.sentences) for (const t of s.tokens) {
    tokens++;
    if (t.gold >= 0) gold++;
    if (t.golds) severalGolds++;
  }
  return { tokens, gold, severalGolds };
}

/**
 * Trains a model on a gold-marked corpus. Takes the corpus and the options (see
 * {@link defaultTrainOptions}); returns the model (not saved: call `model.save(dir)`) and the
 * summary. Throws UsageError for a bad argument or option, CorpusError for a corpus without
 * gold marks or too small to split into D1 and D2.
 */
export async function train(corpus: Corpus, options: Partial<TrainOptions> = {}): Promise<TrainResult> {
  requireCorpus('corpus', corpus);
  const o: TrainOptions = { ...defaultTrainOptions, ...requireOptions<Partial<TrainOptions>>('options', options, true) };
  const start = performance.now();
  // Under a label scheme, only the elements it uses get features (src/labels/scheme.ts).
  // With the passives made by rule, the source template too (features/templates.ts, withRuleTemplate).
  const templates = withRuleTemplate(
    resolveFeatureSet(o.featureSet, corpus.scheme ? new Set(['label', ...schemeSlots(corpus.scheme)]) : undefined),
    o.analyzer.passives,
  );
  const counts = countTokens(corpus.documents);
  if (counts.gold === 0) throw new CorpusError('the corpus has no gold marks (* SOLUTION): nothing to train on', { file: corpus.source });
  const part = partitionCorpus(corpus, { d2Share: o.d2, seed: o.seed });
  // Stage one on D1, θ and A1/A2 on D2; D1's tables come back only when the model keeps them
  // (without the recount), so with it they can be collected before the next table is counted.
  const fit = await fitOnD2(part, templates, o);
  const d1Tokens = countTokens(part.d1.documents).tokens;
  const info: ModelInfo = {
    ...placeholderInfo(o, templates),
    temperature: fit.temperature,
    corpus: {
      source: corpus.source,
      hash: corpusHash(corpus),
      documents: corpus.documents.length,
      tokens: counts.tokens,
      goldTokens: counts.gold,
      ...(corpus.parts ? { sources: corpus.parts } : {}),
    },
    ...(corpus.scheme ? { scheme: corpus.scheme } : {}),
  };
  // The bigrams of the saved model come from the documents its β* does (D1, or D1 ∪ D2 with the recount).
  const countedDocs = fit.d1 ? part.d1.documents : [...part.d1.documents, ...part.d2.documents];
  const { sequence, casePass } = savedDecoders(fit, countedDocs, o);
  const recountStart = performance.now();
  const model = await savedModel(fit, info, { sequence, casePass }, countedDocs, corpus.source, templates, o);
  const end = performance.now();
  const summary = trainSummary({
    corpus, counts, part, d1Tokens, templates, solver: o.solver, fit, model, casePass, start, recountStart, end,
  });
  const { theta: _theta, ...figures } = summary;
  // The header is JSON: keep only what survives a round trip, so a loaded model equals the trained one.
  (model.info as ModelInfo).figures = JSON.parse(JSON.stringify(figures)) as Record<string, unknown>;
  return { model, summary };
}

/**
 * The saved model's sequence decoding and case pass, from the documents its β* counts
 * (`countedDocs`): D1's bigrams and classifier when they were kept, else counted and fitted
 * again, at the λ and μ fitted on D2. Each is null when off, or when its weight came out 0.
 */
function savedDecoders(
  fit: D2Fit,
  countedDocs: readonly Document[],
  o: TrainOptions,
): { sequence: TagSequence | null; casePass: CasePass | null } {
  const { seqFit, caseFit } = fit;
  const sequence =
    !seqFit || seqFit.weight === 0
      ? null
      : fit.d1?.bigrams
        ? fit.d1.bigrams.withWeight(seqFit.weight)
        : countTagBigrams(countedDocs, seqFit, seqFit.weight);
  // the case pass's classifier of the saved model is fitted on the documents its β* counts
  const casePass =
    !sequence || !caseFit
      ? null
      : ((fit.d1 ? caseFit.d1Classifier : fitCaseClassifier(countedDocs, { seed: o.seed, ...o.caseFit }))?.withWeight(
          caseFit.fit.weight,
          caseFit.fit.temperature,
        ) ?? null);
  return { sequence, casePass };
}

/**
 * The saved model: D1's tables when the fit kept them, else β* recounted over `countedDocs`
 * (D1 ∪ D2) after a garbage collection, its counting reported as the 'recount' stage. Takes the
 * fit, the model header, the decoders, the documents, the corpus's source (for errors), the
 * templates and the options.
 */
async function savedModel(
  fit: D2Fit,
  info: ModelInfo,
  decoders: { sequence: TagSequence | null; casePass: CasePass | null },
  countedDocs: Document[],
  source: string | undefined,
  templates: Template[],
  o: TrainOptions,
): Promise<Model> {
  const fittedTheta = { weights: fit.theta.weights, bias: fit.theta.bias };
  const { sequence, casePass } = decoders;
  if (fit.d1) {
    const d1 = fit.d1;
    return new Model(info, d1.vocab, d1.counts, d1.doc, d1.lexicon, fittedTheta, sequence, casePass);
  }
  collectGarbage();
  // the recount's counting, in tokens of D1 ∪ D2, as one stage
  const recount = (stage: string, done: number, total: number) => {
    if (stage === 'count') o.onProgress?.('recount', done, total);
  };
  const all = await runStageOne(
    { documents: countedDocs, source },
    { templates, workers: o.workers, onProgress: recount },
  );
  return new Model(info, all.vocab, all.counts, all.doc, all.lexicon, fittedTheta, sequence, casePass);
}

/**
 * A full garbage collection where the runtime exposes one (`node --expose-gc`, as bin/lexdis
 * runs), else nothing. Called between D1's tables and the recount: V8 frees the transferred
 * β* buffers and D1's vocabulary only at a major collection, and before this call the recount's
 * tables were allocated beside them (peak RSS of train() at 1M tokens: 2.46 GB without this call, 1.90 GB with it;
 * docs/bench.md, "Where a 1M-token training's memory goes").
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
