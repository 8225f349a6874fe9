/**
 * The fits on D2 of a training (training/train.ts): stage one on D1, then θ and the softmax
 * temperature on D2's rows, A1/A2 on D2 (in-sample for θ), the sequence decoding's tag bigrams
 * of D1 and their weight λ, and the case pass's classifier on D1 with its weight μ on D2.
 */
import type { Document } from '../src/corpus/types.js';
import type { LabelElement } from '../src/labels/elements.js';
import { templateName, templateSetHash, type Template } from '../features/templates.js';
import { Model, type ModelInfo } from '../src/model/model-node.js';
import type { CasePass } from '../src/model/case-pass.js';
import { sequenceSpec, type TagSequence } from '../src/model/sequence.js';
import { evaluateItems, type EvalReport } from '../src/eval/eval.js';
import { goldItems } from '../src/eval/evaluate.js';
import { prepareDocument, type PreparedDocument } from '../src/tagger/prepare.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { sampleDocuments, type Partition } from './partition.js';
import { countTagBigrams, fitSequenceWeight, type SequenceFit } from './sequence-fit.js';
import { CASE_PASS_WEIGHT, fitCaseClassifier, fitCaseTemperature, type CaseFit } from './case-fit.js';
import { runStageOne, type StageOneResult } from './stage1.js';
import { buildRows, fitTemperature, fitTheta, type Stage2Options, type Stage2Rows, type ThetaFit } from './stage2.js';
import { scoreRows } from './solvers/index.js';
import type { TrainOptions } from './train.js';

/** The sequence decoding's fit on D2 with the tag elements it decodes; null when it is off. */
export type SequenceFitSummary = (SequenceFit & { elements: LabelElement[]; presence: LabelElement[] }) | null;

/** The case pass's weight and temperature fitted on D2, and its classifier fitted on D1's gold labels. */
export interface CasePassFit {
  fit: CaseFit;
  d1Classifier: CasePass;
}

/** What {@link fitOnD2} returns. */
export interface D2Fit {
  theta: ThetaFit;
  temperature: number;
  /** A1/A2 on D2's evaluated documents (in-sample for θ). */
  ev: EvalReport;
  /** Candidates of the evaluated gold tokens, and those tokens. */
  cands: number;
  candTokens: number;
  /**
   * D2's gold tokens, the ambiguous ones that gave θ rows, the rows, whether they were sampled,
   * and the documents evaluated.
   */
  d2Figures: { goldTokens: number; usedTokens: number; rows: number; sampled: boolean; evaluatedDocuments: number };
  seqFit: SequenceFitSummary;
  /** Null when the case pass is off, the sequence decoding's λ is 0, or D1 has no case or mood. */
  caseFit: CasePassFit | null;
  /** performance.now() at the end of each phase: stage one, rows, θ, A1/A2, λ, μ. */
  times: { t1: number; t2: number; t3: number; tEval: number; tSeq: number; tCase: number };
  /** D1's stage-one tables and tag bigrams when the model keeps them (`recount` off), else null. */
  d1: (StageOneResult & { bigrams: TagSequence | null }) | null;
}

/**
 * Stage one on D1, then θ and the softmax temperature fitted on D2's rows, and A1/A2 on D2
 * (in-sample for θ); then λ and μ when the options ask for them. Takes the partition, the
 * templates and the options; returns the fits, the figures of D2, the phase end times, and
 * D1's stage-one tables only when the model keeps them (`recount` off: `d1`, else null, so
 * nothing of them outlives this call).
 */
export async function fitOnD2(part: Partition, templates: Template[], o: TrainOptions): Promise<D2Fit> {
  const s1 = await runStageOne(part.d1, { templates, workers: o.workers, onProgress: o.onProgress });
  const t1 = performance.now();
  const stage2: Partial<Stage2Options> = {
    solver: o.solver,
    solverOptions: o.solverOptions,
    maxTokens: o.maxTokens,
    seed: o.seed,
    variantTarget: o.variantTarget,
  };
  const { prepared, r } = d2Rows(part.d2.documents, s1, templates, o, stage2);
  const t2 = performance.now();
  const theta = fitTheta(r.rows, stage2);
  const temperature = fitTemperature(scoreRows(r.rows, theta.weights, theta.bias), r.rows);
  o.onProgress?.('theta', 1, 1);
  const t3 = performance.now();
  const fitted = new Model({ ...placeholderInfo(o, templates), temperature }, s1.vocab, s1.counts, s1.doc, s1.lexicon, {
    weights: theta.weights,
    bias: theta.bias,
  });
  // A1/A2 on D2 (the rows θ was fitted on: an in-sample figure, reported as such).
  // λ and A1/A2 on D2's documents up to θ's cap of tokens (all of them below it)
  const fitIndex = sampleDocuments(part.d2.documents, o.maxTokens, o.seed);
  const items = goldItems(new ModelRanker(fitted), fitIndex.map((i) => part.d2.documents[i]), s1.lexicon);
  const cands = items.reduce((n, it) => n + it.ranked.ranked.length, 0);
  const ev = evaluateItems(items);
  o.onProgress?.('evaluate', 1, 1);
  const tEval = performance.now();
  const evaluated = fitIndex.map((i) => prepared[i]);
  const { d1Bigrams, seqFit } = fitSequence(fitted, part.d1.documents, part.d1.scheme, evaluated, o);
  const tSeq = performance.now();
  const caseFit =
    o.casePass && d1Bigrams && seqFit && seqFit.weight > 0
      ? fitCasePass(fitted, d1Bigrams.withWeight(seqFit.weight), part.d1.documents, evaluated, o)
      : null;
  const { goldTokens, usedTokens, sampled } = r;
  return {
    theta,
    temperature,
    ev,
    cands,
    candTokens: items.length,
    d2Figures: { goldTokens, usedTokens, rows: r.rows.n, sampled, evaluatedDocuments: fitIndex.length },
    seqFit,
    caseFit,
    times: { t1, t2, t3, tEval, tSeq, tCase: performance.now() },
    // D1's tables and bigrams come back only when the model keeps them (no recount)
    d1: o.recount ? null : { ...s1, bigrams: d1Bigrams },
  };
}

/**
 * D2's documents prepared against D1's seen labels, and stage two's rows built from them by the
 * feature extractor of D1's tables (held by a model whose θ is zero); reports 'rows' progress.
 */
function d2Rows(
  d2: readonly Document[],
  s1: StageOneResult,
  templates: Template[],
  o: TrainOptions,
  stage2: Partial<Stage2Options>,
): { prepared: PreparedDocument[]; r: Stage2Rows } {
  const prepared = d2.map((d) => prepareDocument(d, s1.lexicon));
  const fxModel = new Model(placeholderInfo(o, templates), s1.vocab, s1.counts, s1.doc, s1.lexicon, {
    weights: new Float64Array(templates.length),
    bias: 0,
  });
  const r = buildRows(
    prepared.map((p) => p.doc),
    fxModel.extractor,
    stage2,
  );
  o.onProgress?.('rows', r.rows.n, r.rows.n);
  return { prepared, r };
}

/**
 * The tag bigrams of D1 (weight 0) and λ fitted on D2's evaluated documents; both null when the
 * options turn the sequence decoding off or the scheme has no tag elements.
 */
function fitSequence(
  fitted: Model,
  d1: readonly Document[],
  scheme: Partition['d1']['scheme'],
  evaluated: PreparedDocument[],
  o: TrainOptions,
): { d1Bigrams: TagSequence | null; seqFit: SequenceFitSummary } {
  const spec = sequenceSpec(scheme);
  const d1Bigrams = o.sequence && spec.elements.length > 0 ? countTagBigrams(d1, spec, 0) : null;
  const seqFit = d1Bigrams
    ? {
        ...fitSequenceWeight(fitted, evaluated, d1Bigrams, (done, total) => o.onProgress?.('sequence', done, total)),
        elements: [...spec.elements],
        presence: [...spec.presence],
      }
    : null;
  return { d1Bigrams, seqFit };
}

/**
 * The case pass's classifier fitted on D1's gold labels, and its temperature on D2's sampled
 * documents, decoded with the bigrams of D1 at the fitted λ. Null when D1 has no case or mood.
 */
function fitCasePass(
  fitted: Model,
  bigrams: TagSequence,
  d1: readonly Document[],
  d2: PreparedDocument[],
  o: TrainOptions,
): CasePassFit | null {
  const d1Classifier = fitCaseClassifier(d1, { seed: o.seed, ...o.caseFit });
  if (!d1Classifier) return null;
  const withSequence = new Model(
    fitted.info,
    fitted.vocab,
    fitted.counts,
    fitted.doc,
    fitted.lexicon,
    fitted.theta,
    bigrams,
  );
  const fit = fitCaseTemperature(withSequence, d2, d1Classifier, o.caseFit?.weight ?? CASE_PASS_WEIGHT);
  o.onProgress?.('casePass', 1, 1);
  return { fit, d1Classifier };
}

/**
 * The model header a training's options and templates give, with the corpus and its figures
 * still empty and temperature 1 (the caller fills them in).
 */
export function placeholderInfo(o: TrainOptions, templates: Template[]): ModelInfo {
  return {
    featureSet: o.featureSet,
    templates: templates.map(templateName),
    templateHash: templateSetHash(templates),
    transform: o.transform,
    solver: o.solver,
    options: {
      d2: o.d2,
      maxTokens: o.maxTokens,
      solverOptions: o.solverOptions,
      recount: o.recount,
      variantTarget: o.variantTarget,
      sequence: o.sequence,
      casePass: o.casePass,
    },
    seed: o.seed,
    corpus: { hash: '', documents: 0, tokens: 0, goldTokens: 0 },
    figures: {},
    temperature: 1,
    analyzer: { ...o.analyzer },
  };
}
