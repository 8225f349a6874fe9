/**
 * Training of the case pass (src/model/case-pass.ts): the classifier of case and mood, a
 * multinomial logistic regression fitted on gold labels, and the temperature of the second
 * decoding's confidences, fitted on D2.
 *
 * The regression is sparse (a few dozen features per row out of millions of hashed buckets),
 * which the dense solvers of ml-matrix and ml-svm are not made for: it is fitted here by AdaGrad
 * on the log-loss with an L2 penalty, the rows in a seeded random order each epoch.
 */
import type { Document } from '../src/corpus/types.js';
import { UsageError } from '../src/errors.js';
import type { LabelElements } from '../src/labels/elements.js';
import {
  CASE_BUCKET_BITS, CASE_FEATURE_GROUPS, LabelledSentence, candidateBuckets, caseClass, labelHashes, type CaseFeatureGroup,
} from '../src/model/case-context.js';
import { CasePass } from '../src/model/case-pass.js';
import type { Model } from '../src/model/model.js';
import type { PreparedDocument } from '../src/rank/prepare.js';
import { ModelRanker } from '../src/rank/ranker.js';
import { topIndex } from '../src/rank/types.js';
import { Rng } from '../src/random.js';
import { goldenSection } from './minimize.js';
import { goldLogProbability } from './sequence-fit.js';

/** Options of {@link fitCaseClassifier}. */
export interface CaseFitOptions {
  groups: readonly CaseFeatureGroup[];
  seed: number;
  /** Passes over the rows. */
  epochs: number;
  /** The L2 penalty per weight and row. */
  l2: number;
  /** AdaGrad's base step. */
  rate: number;
}

export const defaultCaseFitOptions: CaseFitOptions = { groups: CASE_FEATURE_GROUPS, seed: 42, epochs: 6, l2: 1e-4, rate: 0.2 };

/**
 * μ, the weight of the case pass's log-probabilities against the first decoding's. Chosen by
 * 10-fold cross-validation on PUD (docs/method.md, "The case pass"): fitted on D2 by the gold's
 * likelihood, as λ is, it came out near 0.25, which gave less than half the gain of 1.
 */
export const CASE_PASS_WEIGHT = 1;

interface Row {
  buckets: Int32Array;
  y: number;
}

/** The classifier's rows: one per gold label with a case or mood, its sentence labelled with the gold labels. */
function caseRows(docs: Iterable<Document>, groups: ReadonlySet<CaseFeatureGroup>): { rows: Row[]; classes: string[] } {
  const rows: Array<{ buckets: Int32Array; cls: string }> = [];
  for (const d of docs)
    for (const s of d.sentences) {
      const gold = s.tokens.map((t): Readonly<LabelElements> | null => (t.arabic && t.gold >= 0 ? t.candidates[t.gold].elements : null));
      const sentence = new LabelledSentence(s.tokens.map((t, i) => ({ elements: gold[i], lookup: t.lookup })), groups);
      gold.forEach((el, i) => {
        const cls = el ? caseClass(el) : '';
        if (el && cls !== '') rows.push({ buckets: candidateBuckets(sentence.contexts(i), labelHashes(el)), cls });
      });
    }
  const classes = [...new Set(rows.map((r) => r.cls))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  return { rows: rows.map((r) => ({ buckets: r.buckets, y: index.get(r.cls)! })), classes };
}

/**
 * Fits the case pass's classifier on the gold labels of some documents. Takes the documents
 * and the options; returns the case pass with weight μ = 0 (set it with withWeight), or null
 * when no gold label has a case or mood (a tag set without them).
 */
export function fitCaseClassifier(docs: Iterable<Document>, options: Partial<CaseFitOptions> = {}): CasePass | null {
  const o = { ...defaultCaseFitOptions, ...options };
  if (!(o.epochs >= 1 && o.l2 >= 0 && o.rate > 0)) throw new UsageError('case pass: epochs ≥ 1, l2 ≥ 0 and rate > 0 are needed');
  const groups = new Set(o.groups);
  const { rows, classes } = caseRows(docs, groups);
  if (rows.length === 0) return null;
  const C = classes.length;
  // buckets get rows in the order they are first seen
  const rowOf = new Int32Array(1 << CASE_BUCKET_BITS).fill(-1);
  const keys: number[] = [];
  for (const r of rows)
    for (let f = 0; f < r.buckets.length; f++) {
      const b = r.buckets[f];
      if (rowOf[b] < 0) rowOf[b] = keys.push(b) - 1;
      r.buckets[f] = rowOf[b];
    }
  const w = new Float64Array(keys.length * C);
  const g2 = new Float64Array(keys.length * C);
  const p = new Float64Array(C);
  const order = rows.map((_, i) => i);
  const rng = new Rng(o.seed);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    rng.shuffle(order);
    for (const ri of order) adagradStep(rows[ri], w, g2, p, o);
  }
  return casePassOf(classes, [...groups], keys, w);
}

/** One AdaGrad step on the log-loss of a row (its features already row indices of `w`). */
function adagradStep(row: Row, w: Float64Array, g2: Float64Array, p: Float64Array, o: CaseFitOptions): void {
  const C = p.length;
  const f = row.buckets;
  let max = -Infinity;
  for (let k = 0; k < C; k++) {
    let z = 0;
    for (let j = 0; j < f.length; j++) z += w[f[j] * C + k];
    p[k] = z;
    if (z > max) max = z;
  }
  let sum = 0;
  for (let k = 0; k < C; k++) sum += (p[k] = Math.exp(p[k] - max));
  for (let k = 0; k < C; k++) {
    const g = p[k] / sum - (k === row.y ? 1 : 0);
    for (let j = 0; j < f.length; j++) {
      const a = f[j] * C + k;
      const gg = g + o.l2 * w[a];
      g2[a] += gg * gg;
      w[a] -= (o.rate * gg) / Math.sqrt(g2[a] + 1e-8);
    }
  }
}

/** The case pass of fitted weights (μ 0, temperature 1 until the fit sets them). */
function casePassOf(classes: string[], groups: CaseFeatureGroup[], keys: number[], w: Float64Array): CasePass {
  const json = { kind: 'lexdis-case-pass', classes, groups, bucketBits: CASE_BUCKET_BITS, weight: 0, temperature: 1 } as const;
  return new CasePass(json, Uint32Array.from(keys), Float32Array.from(w));
}

/** What {@link fitCaseTemperature} found: the temperature, and A1 and the gold's mean NLL on D2 without and with the case pass. */
export interface CaseFit {
  weight: number;
  /** The temperature of the second decoding's confidences. */
  temperature: number;
  d2A1Without: number;
  d2A1With: number;
  d2NllWithout: number;
  d2Nll: number;
}

/** Where the temperature of the second decoding's confidences is searched. */
const TEMPERATURE_RANGE = [0.25, 4] as const;

/**
 * Decodes the prepared D2 documents with the model's sequence part (its λ), labels each
 * sentence with the first decoding's top candidates, decodes it again with the case pass's
 * log-probabilities weighted by `weight` (μ), and fits the temperature at which the second
 * decoding's posterior gives the gold labels the highest likelihood (golden-section search), so
 * that the confidences a user is shown are calibrated. Takes the model (with a sequence part),
 * the prepared D2 documents, the classifier (fitted without D2) and μ; returns the fit.
 */
export function fitCaseTemperature(model: Model, prepared: readonly PreparedDocument[], casePass: CasePass, weight: number): CaseFit {
  const seq = model.sequence;
  if (!seq) throw new UsageError('the case pass needs the sequence decoding');
  const ranker = new ModelRanker(model);
  const T = model.info.temperature;
  const sentences = prepared.flatMap((p) => {
    const scores = ranker.localDocumentScores(p.doc);
    return p.doc.sentences.map((s, si) => {
      const prep = seq.prepare(s.tokens, scores[si], T);
      const first = seq.decodePrepared(prep);
      const choice = s.tokens.map((t, i) => (prep.scored[i] ? topIndex(t, first[i]) : -1));
      const gold = s.tokens.map((t, ti) => (t.arabic && p.gold[si][ti] ? p.gold[si][ti]!.key : null));
      return { tokens: s.tokens, prep, cases: casePass.sentenceLogProbabilities(s.tokens, choice), gold };
    });
  });
  const measure = (mu: number) => {
    const decoded = sentences.map((s) => seq.decodePrepared(mu === 0 ? s.prep : CasePass.addTo(s.prep, s.cases, mu)));
    let tokens = 0;
    let hits = 0;
    const nllAt = (tau: number) => {
      let nll = 0;
      sentences.forEach((s, si) => s.tokens.forEach((t, ti) => {
        const key = s.gold[ti];
        if (key !== null) nll -= goldLogProbability(t, decoded[si][ti], key, tau);
      }));
      return tokens === 0 ? 0 : nll / tokens;
    };
    sentences.forEach((s, si) => s.tokens.forEach((t, ti) => {
      const key = s.gold[ti];
      if (key === null) return;
      tokens++;
      if (t.candidates[topIndex(t, decoded[si][ti])]?.key === key) hits++;
    }));
    const temperature = goldenSection(nllAt, TEMPERATURE_RANGE[0], TEMPERATURE_RANGE[1], 20);
    return { A1: tokens > 0 ? (100 * hits) / tokens : 0, nll: nllAt(temperature), temperature };
  };
  const without = measure(0);
  const withIt = measure(weight);
  return { weight, temperature: withIt.temperature, d2A1Without: without.A1, d2A1With: withIt.A1, d2NllWithout: without.nll, d2Nll: withIt.nll };
}
