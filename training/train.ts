/**
 * Training, end to end (Algorithm 1): split the training documents into D1 and D2 (seeded),
 * count β* on D1 in worker threads (stage one), build the rows of D2's candidates and fit θ
 * (stage two), fit the softmax temperature, and measure A1/A2 on D2; then the sequence
 * decoding's tag bigrams and their weight λ (training/sequence-fit.ts), fitted on D2 too; then
 * the case pass's classifier on D1's gold labels and its weight μ on D2 (training/case-fit.ts).
 */
import { schemeSlots } from '../src/labels/scheme.js';
import type { LabelElement } from '../src/labels/elements.js';
import { createHash } from 'node:crypto';
import type { Corpus, Document } from '../src/corpus/types.js';
import { requireCorpus, requireOptions } from '../src/args.js';
import { CorpusError } from '../src/errors.js';
import { DEFAULT_FEATURE_SET, resolveFeatureSet, templateName, templateSetHash } from '../features/templates.js';
import { DEFAULT_TRANSFORM, type ValueTransform } from '../features/transform.js';
import { Model, type ModelAnalyzerOptions, type ModelInfo } from '../src/model/model.js';
import { evaluateItems } from '../src/eval/eval.js';
import { goldItems } from '../src/eval/evaluate.js';
import { prepareDocument } from '../src/tagger/prepare.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { sequenceSpec, type TagSequence } from '../src/model/sequence.js';
import { partitionCorpus, sampleDocuments } from './partition.js';
import { countTagBigrams, fitSequenceWeight, type SequenceFit } from './sequence-fit.js';
import { CASE_PASS_WEIGHT, fitCaseClassifier, fitCaseTemperature, type CaseFit, type CaseFitOptions } from './case-fit.js';
import type { CasePass } from '../src/model/case-pass.js';
import { runStageOne } from './stage1.js';
import { buildRows, defaultStage2Options, fitTemperature, fitTheta, type Stage2Options } from './stage2.js';
import { scoreRows, type SolverName } from './solvers/index.js';

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
  analyzer: { backoff: true, caseEndings: true },
};

/**
 * The figures of a training run (`lexdis train --format json`): corpus and split sizes, θ,
 * temperature, solver, A1/A2 on D2 and timings.
 */
export interface TrainSummary {
  kind: 'lexdis-train-summary';
  documents: number;
  tokens: number;
  goldTokens: number;
  d1: { documents: number; tokens: number };
  /** `evaluatedDocuments`: the documents that gave the A1/A2 on D2 and fitted λ (partition.ts sampleDocuments). */
  d2: {
    documents: number;
    goldTokens: number;
    usedTokens: number;
    rows: number;
    sampled: boolean;
    evaluatedDocuments: number;
  };
  candidatesPerToken: number;
  features: number;
  theta: Record<string, number>;
  bias: number;
  temperature: number;
  solver: { name: SolverName; iterations: number; converged: boolean; note?: string };
  d2Accuracy: { A1: number; A2: number; ceiling: number };
  /** The sequence decoding: its elements, λ and A1 on D2 without and with it; null when off. */
  sequence: (SequenceFit & { elements: LabelElement[]; presence: LabelElement[] }) | null;
  /** The case pass: μ, its temperature, A1 and NLL on D2 without and with it, the classifier's size; null when off. */
  casePass: (CaseFit & { buckets: number; classes: string[] }) | null;
  betaKeys: number;
  /**
   * Wall seconds per phase: stage one on D1, D2's rows, θ (and the temperature), A1/A2 on D2,
   * the sequence decoding's λ, β* counted again over D1 ∪ D2 (0 without the recount), and the whole.
   */
  seconds: {
    stage1: number;
    rows: number;
    theta: number;
    evaluate: number;
    sequence: number;
    casePass: number;
    recount: number;
    total: number;
  };
}

/** What {@link train} returns: the model (not saved yet) and the summary. */
export interface TrainResult {
  model: Model;
  summary: TrainSummary;
}

/** A stable hash of a corpus's content (look-up forms and gold labels), for the model header. */
export function corpusHash(corpus: Corpus): string {
  const h = createHash('sha256');
  for (const d of corpus.documents) {
    h.update(`\u0001${d.id}`);
    for (const s of d.sentences)
      for (const t of s.tokens) h.update(`\u0002${t.lookup}\u0003${t.gold >= 0 ? t.candidates[t.gold].key : ''}`);
  }
  return h.digest('hex');
}

function countTokens(docs: readonly Document[]): { tokens: number; gold: number } {
  let tokens = 0;
  let gold = 0;
  for (const d of docs) for (const s of d.sentences) for (const t of s.tokens) {
    tokens++;
    if (t.gold >= 0) gold++;
  }
  return { tokens, gold };
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
  const t0 = performance.now();
  // Under a label scheme, only the elements it uses get features (src/labels/scheme.ts).
  const templates = resolveFeatureSet(o.featureSet, corpus.scheme ? new Set(['label', ...schemeSlots(corpus.scheme)]) : undefined);
  const all = countTokens(corpus.documents);
  if (all.gold === 0) throw new CorpusError('the corpus has no gold marks (* SOLUTION): nothing to train on', { file: corpus.source });
  const part = partitionCorpus(corpus, { d2Share: o.d2, seed: o.seed });
  // Stage one on D1, θ and A1/A2 on D2; D1's tables come back only when the model keeps them
  // (without the recount), so with it they can be collected before the next table is counted.
  const first = await fitOnD2(part, templates, o);
  const { theta, temperature, ev, cands, candTokens, d2Figures, times, seqFit, caseFit } = first;
  const d1Count = countTokens(part.d1.documents);
  const info: ModelInfo = {
    ...placeholderInfo(o, templates),
    temperature,
    corpus: {
      source: corpus.source,
      hash: corpusHash(corpus),
      documents: corpus.documents.length,
      tokens: all.tokens,
      goldTokens: all.gold,
      ...(corpus.parts ? { sources: corpus.parts } : {}),
    },
    ...(corpus.scheme ? { scheme: corpus.scheme } : {}),
  };
  const fittedTheta = { weights: theta.weights, bias: theta.bias };
  // The bigrams of the saved model come from the documents its β* does (D1, or D1 ∪ D2 with the recount).
  const countedDocs = first.d1 ? part.d1.documents : [...part.d1.documents, ...part.d2.documents];
  const sequence =
    !seqFit || seqFit.weight === 0
      ? null
      : first.d1?.bigrams
        ? first.d1.bigrams.withWeight(seqFit.weight)
        : countTagBigrams(countedDocs, seqFit, seqFit.weight);
  // the case pass's classifier of the saved model is fitted on the documents its β* counts
  const casePass =
    !sequence || !caseFit
      ? null
      : ((first.d1 ? caseFit.d1Classifier : fitCaseClassifier(countedDocs, { seed: o.seed, ...o.caseFit }))?.withWeight(
          caseFit.fit.weight,
          caseFit.fit.temperature,
        ) ?? null);
  const t4r = performance.now();
  let model: Model;
  if (first.d1)
    model = new Model(
      info,
      first.d1.vocab,
      first.d1.counts,
      first.d1.doc,
      first.d1.lexicon,
      fittedTheta,
      sequence,
      casePass,
    );
  else {
    collectGarbage();
    // the recount's counting, in tokens of D1 ∪ D2, as one stage
    const recount = (stage: string, done: number, total: number) => {
      if (stage === 'count') o.onProgress?.('recount', done, total);
    };
    const all = await runStageOne(
      { documents: countedDocs, source: corpus.source },
      { templates, workers: o.workers, onProgress: recount },
    );
    model = new Model(info, all.vocab, all.counts, all.doc, all.lexicon, fittedTheta, sequence, casePass);
  }
  const t4 = performance.now();
  const names = templates.map(templateName);
  const summary: TrainSummary = {
    kind: 'lexdis-train-summary',
    documents: corpus.documents.length,
    tokens: all.tokens,
    goldTokens: all.gold,
    d1: { documents: part.d1.documents.length, tokens: d1Count.tokens },
    d2: { documents: part.d2.documents.length, ...d2Figures },
    candidatesPerToken: candTokens === 0 ? 0 : cands / candTokens,
    features: templates.length,
    theta: Object.fromEntries(names.map((n, j) => [n, theta.weights[j]])),
    bias: theta.bias,
    temperature,
    solver: {
      name: o.solver,
      iterations: theta.model.iterations,
      converged: theta.model.converged,
      note: theta.model.note,
    },
    d2Accuracy: { A1: ev.all.label.A1, A2: ev.all.label.A2, ceiling: ev.ceiling },
    sequence: seqFit,
    casePass:
      casePass && caseFit
        ? { ...caseFit.fit, buckets: casePass.arrays.caseKeys.length, classes: [...casePass.data.classes] }
        : null,
    betaKeys: model.counts.size,
    seconds: {
      stage1: (times.t1 - t0) / 1000,
      rows: (times.t2 - times.t1) / 1000,
      theta: (times.t3 - times.t2) / 1000,
      evaluate: (times.tEval - times.t3) / 1000,
      sequence: (times.tSeq - times.tEval) / 1000,
      casePass: (times.tCase - times.tSeq) / 1000,
      recount: first.d1 ? 0 : (t4 - t4r) / 1000,
      total: (t4 - t0) / 1000,
    },
  };
  const { theta: _theta, ...figures } = summary;
  // The header is JSON: keep only what survives a round trip, so a loaded model equals the trained one.
  (model.info as ModelInfo).figures = JSON.parse(JSON.stringify(figures)) as Record<string, unknown>;
  return { model, summary };
}

/**
 * A training summary for people, a line per step (corpus, D1, D2, candidates and solver, A1/A2
 * on D2, the largest θ, timings). Takes the summary and the model directory it was written to;
 * returns the lines joined by newlines. Throws nothing.
 */
export function describeTraining(s: TrainSummary, dir: string): string {
  const f = (x: number, d = 1) => x.toFixed(d);
  const top = Object.entries(s.theta).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 8);
  return [
    `model written to ${dir}`,
    `corpus: ${s.documents} documents, ${s.tokens} tokens (${s.goldTokens} with gold)`,
    `D1: ${s.d1.documents} documents, ${s.d1.tokens} tokens; β*: ${s.betaKeys} keys`,
    `D2: ${s.d2.documents} documents, ${s.d2.goldTokens} gold tokens; θ fitted on ${s.d2.rows} rows from ${s.d2.usedTokens} ambiguous tokens${s.d2.sampled ? ' (sampled)' : ''}` +
      (s.d2.evaluatedDocuments < s.d2.documents ? `; λ and A1/A2 on ${s.d2.evaluatedDocuments} sampled documents` : ''),
    `candidates per token ${f(s.candidatesPerToken, 2)}; ${s.features} features; solver ${s.solver.name} (${s.solver.iterations} iterations${s.solver.converged ? '' : ', not converged'}); temperature ${s.temperature.toPrecision(3)}`,
    `on D2 (in-sample for θ): A1 ${f(s.d2Accuracy.A1)}  A2 ${f(s.d2Accuracy.A2)}  ceiling ${f(s.d2Accuracy.ceiling)}`,
    s.sequence
      ? `sequence decoding (${[...s.sequence.elements, ...s.sequence.presence.map((e) => `has ${e}`)].join(', ')}): λ ${s.sequence.weight} (the gold's mean NLL on D2 ${f(s.sequence.tried[0].nll, 3)} → ${f(s.sequence.d2Nll, 3)}), A1 on D2 ${f(s.sequence.d2A1Without)} → ${f(s.sequence.d2A1With)}`
      : 'sequence decoding: off',
    s.casePass
      ? `case pass (${s.casePass.classes.length} classes, ${s.casePass.buckets} feature buckets): μ ${s.casePass.weight}, temperature ${s.casePass.temperature.toPrecision(3)} ` +
        `(the gold's mean NLL on D2 ${f(s.casePass.d2NllWithout, 3)} → ${f(s.casePass.d2Nll, 3)}), A1 on D2 ${f(s.casePass.d2A1Without)} → ${f(s.casePass.d2A1With)}`
      : 'case pass: off',
    `largest θ: ${top.map(([k, v]) => `${k}=${v.toPrecision(3)}`).join(', ')}`,
    `time: stage one ${f(s.seconds.stage1, 2)} s, rows ${f(s.seconds.rows, 2)} s, θ ${f(s.seconds.theta, 2)} s, A1/A2 on D2 ${f(s.seconds.evaluate, 2)} s, ` +
      `λ ${f(s.seconds.sequence, 2)} s, μ ${f(s.seconds.casePass, 2)} s${s.seconds.recount > 0 ? `, recount ${f(s.seconds.recount, 2)} s` : ''}, total ${f(s.seconds.total, 2)} s`,
  ].join('\n');
}

/**
 * Stage one on D1, then θ and the softmax temperature fitted on D2's rows, and A1/A2 on D2
 * (in-sample for θ). Takes the partition, the templates and the options; returns θ, the
 * figures of D2, the phase end times, and D1's stage-one tables only when the model keeps
 * them (`recount` off: `d1`, else null, so nothing of them outlives this call).
 */
async function fitOnD2(
  part: ReturnType<typeof partitionCorpus>,
  templates: ReturnType<typeof resolveFeatureSet>,
  o: TrainOptions,
) {
  const s1 = await runStageOne(part.d1, { templates, workers: o.workers, onProgress: o.onProgress });
  const t1 = performance.now();
  const stage2: Partial<Stage2Options> = {
    solver: o.solver,
    solverOptions: o.solverOptions,
    maxTokens: o.maxTokens,
    seed: o.seed,
    variantTarget: o.variantTarget,
  };
  const prepared = part.d2.documents.map((d) => prepareDocument(d, s1.lexicon));
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
  const items = goldItems(
    new ModelRanker(fitted),
    fitIndex.map((i) => part.d2.documents[i]),
    s1.lexicon,
  );
  const cands = items.reduce((n, it) => n + it.ranked.ranked.length, 0);
  const ev = evaluateItems(items);
  o.onProgress?.('evaluate', 1, 1);
  const tEval = performance.now();
  const d2Figures = {
    goldTokens: r.goldTokens,
    usedTokens: r.usedTokens,
    rows: r.rows.n,
    sampled: r.sampled,
    evaluatedDocuments: fitIndex.length,
  };
  const spec = sequenceSpec(part.d1.scheme);
  const d1Bigrams = o.sequence && spec.elements.length > 0 ? countTagBigrams(part.d1.documents, spec, 0) : null;
  const seqFit = d1Bigrams
    ? {
        ...fitSequenceWeight(
          fitted,
          fitIndex.map((i) => prepared[i]),
          d1Bigrams,
          (done, total) => o.onProgress?.('sequence', done, total),
        ),
        elements: [...spec.elements],
        presence: [...spec.presence],
      }
    : null;
  const tSeq = performance.now();
  const caseFit =
    o.casePass && d1Bigrams && seqFit && seqFit.weight > 0
      ? fitCasePass(
          fitted,
          d1Bigrams.withWeight(seqFit.weight),
          part.d1.documents,
          fitIndex.map((i) => prepared[i]),
          o,
        )
      : null;
  // D1's tables and bigrams come back only when the model keeps them (no recount)
  const d1 = o.recount ? null : { ...s1, bigrams: d1Bigrams };
  return {
    theta,
    temperature,
    ev,
    cands,
    candTokens: items.length,
    d2Figures,
    seqFit,
    caseFit,
    times: { t1, t2, t3, tEval, tSeq, tCase: performance.now() },
    d1,
  };
}

/**
 * The case pass's classifier fitted on D1's gold labels, and its temperature on D2's sampled
 * documents, decoded with the bigrams of D1 at the fitted λ. Null when D1 has no case or mood.
 */
function fitCasePass(
  fitted: Model,
  bigrams: TagSequence,
  d1: readonly Document[],
  d2: ReturnType<typeof prepareDocument>[],
  o: TrainOptions,
): { fit: CaseFit; d1Classifier: CasePass } | null {
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
 * A full garbage collection where the runtime exposes one (`node --expose-gc`, as bin/lexdis
 * runs), else nothing. Called between D1's tables and the recount: V8 frees the transferred
 * β* buffers and D1's vocabulary only at a major collection, and before this call the recount's
 * tables were allocated beside them (peak RSS of train() at 1M tokens: 2.46 GB without this call, 1.90 GB with it;
 * docs/bench.md, "Where the memory goes").
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function placeholderInfo(o: TrainOptions, templates: ReturnType<typeof resolveFeatureSet>): ModelInfo {
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
