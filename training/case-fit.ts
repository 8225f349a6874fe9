/**
 * Training of the case pass (src/model/case-pass.ts): its classifier of case and mood, fitted
 * on gold labels (training/logit.ts), and the temperature of the second decoding's
 * confidences, fitted on D2.
 */
import type { Document } from '../src/corpus/types.js';
import { UsageError } from '../src/errors.js';
import type { LabelElements } from '../src/labels/elements.js';
import {
  CASE_BUCKET_BITS,
  CASE_FEATURE_GROUPS,
  LabelledSentence,
  candidateBuckets,
  caseClass,
  labelHashes,
  type CaseFeatureGroup,
} from '../src/model/case-context.js';
import { CasePass, type CasePassJson } from '../src/model/case-pass.js';
import type { Model } from '../src/model/model.js';
import type { PreparedDocument } from '../src/tagger/prepare.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { topIndex } from '../src/tagger/types.js';
import { Rng } from '../src/random.js';
import { fitMultinomial, type ClassRow, type LogitOptions } from './logit.js';
import { goldenSection } from './minimize.js';
import { goldKeys, goldLogProbability } from './sequence-fit.js';

/**
 * Options of {@link fitCaseClassifier}: the feature groups, the context noise, and the logistic
 * regression's (training/logit.ts).
 */
export interface CaseFitOptions extends LogitOptions {
  groups: readonly CaseFeatureGroup[];
  /**
   * The share of tokens whose neighbours see, instead of their gold label, another of their
   * candidates drawn at random (seeded): the classifiers are fitted on contexts about as
   * wrong as a first decoding's, not on gold contexts alone.
   */
  contextNoise: number;
}

export const defaultCaseFitOptions: CaseFitOptions = {
  groups: CASE_FEATURE_GROUPS,
  seed: 42,
  epochs: 6,
  l2: 1e-4,
  rate: 0.2,
  contextNoise: 0.1,
};

/**
 * μ, the weight of the case pass's log-probabilities against the first decoding's. Chosen by
 * 10-fold cross-validation on PUD (docs/method.md, "The case pass"): fitted on D2 by the gold's
 * likelihood, as λ is, it came out near 0.25, which gave less than half the gain of 1.
 */
export const CASE_PASS_WEIGHT = 1;

/**
 * α, the power of the first decoding's distribution within an analysis in the second
 * (src/model/case-pass.ts), chosen with μ.
 */
export const CASE_FIRST_PASS_SHARE = 0.5;

/**
 * The classifier's rows: one per gold label with a case or mood, its sentence labelled with the
 * gold labels, `noise` of them replaced by another candidate of their token.
 */
function caseRows(
  docs: Iterable<Document>,
  groups: ReadonlySet<CaseFeatureGroup>,
  noise: number,
  seed: number,
): { rows: ClassRow[]; classes: string[] } {
  const rows: Array<{ buckets: Int32Array; cls: string }> = [];
  const rng = new Rng(seed);
  for (const d of docs)
    for (const s of d.sentences) {
      const gold = s.tokens.map((t): Readonly<LabelElements> | null =>
        t.arabic && t.gold >= 0 ? t.candidates[t.gold].elements : null,
      );
      // a token with several gold labels gives a row only when they agree on its case or mood
      const agreed = s.tokens.map(
        (t) => !t.golds || new Set(t.golds.map((g) => caseClass(t.candidates[g].elements))).size === 1,
      );
      // with `noise`, a token's neighbours see another of its candidates that often
      const seen = gold.map((el, i) =>
        el && noise > 0 && rng.next() < noise
          ? s.tokens[i].candidates[rng.int(s.tokens[i].candidates.length)].elements
          : el,
      );
      const sentence = new LabelledSentence(
        s.tokens.map((t, i) => ({ elements: seen[i], lookup: t.lookup })),
        groups,
      );
      gold.forEach((el, i) => {
        const cls = el ? caseClass(el) : '';
        if (el && cls !== '' && agreed[i]) rows.push({ buckets: candidateBuckets(sentence.contexts(i), labelHashes(el)), cls });
      });
    }
  const classes = [...new Set(rows.map((r) => r.cls))].sort();
  const index = new Map(classes.map((c, i) => [c, i]));
  return { rows: rows.map((r) => ({ buckets: r.buckets, y: index.get(r.cls)! })), classes };
}

/**
 * Fits the case pass's classifier on the gold labels of some documents. Takes the documents
 * and the options; returns the case pass with weight μ = 0 and temperature 1 (set them with
 * withWeight), or null when no gold label has a case or mood (a tag set without them).
 */
export function fitCaseClassifier(docs: Iterable<Document>, options: Partial<CaseFitOptions> = {}): CasePass | null {
  const o = { ...defaultCaseFitOptions, ...options };
  const groups = new Set(o.groups);
  if (!(o.contextNoise >= 0 && o.contextNoise < 1)) throw new UsageError('case pass: the context noise is a share in [0, 1)');
  const { rows, classes } = caseRows(docs, groups, o.contextNoise, o.seed);
  if (rows.length === 0) return null;
  const c = fitMultinomial(rows, classes.length, CASE_BUCKET_BITS, o);
  const json: CasePassJson = {
    kind: 'lexdis-case-pass', classes, groups: [...groups], bucketBits: CASE_BUCKET_BITS, weight: 0, temperature: 1, firstPassShare: CASE_FIRST_PASS_SHARE,
  };
  return new CasePass(json, { caseKeys: c.keys, caseWeights: c.weights });
}

/**
 * What {@link fitCaseTemperature} found: the temperature, and A1 and the gold's mean NLL on D2
 * without and with the case pass.
 */
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
export function fitCaseTemperature(
  model: Model,
  prepared: readonly PreparedDocument[],
  casePass: CasePass,
  weight: number,
): CaseFit {
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
      const cases = casePass.sentenceLogProbabilities(s.tokens, choice);
      return { tokens: s.tokens, prep, cases, gold: goldKeys(p, si) };
    });
  });
  const measure = (mu: number) => {
    const decoded = sentences.map((s) =>
      seq.decodePrepared(mu === 0 ? s.prep : CasePass.addTo(s.prep, s.cases, mu, casePass.firstPassShare)),
    );
    let tokens = 0;
    let hits = 0;
    const nllAt = (tau: number) => {
      let nll = 0;
      sentences.forEach((s, si) =>
        s.tokens.forEach((t, ti) => {
          const keys = s.gold[ti];
          if (keys !== null) nll -= goldLogProbability(t, decoded[si][ti], keys, tau);
        }),
      );
      return tokens === 0 ? 0 : nll / tokens;
    };
    sentences.forEach((s, si) =>
      s.tokens.forEach((t, ti) => {
        const keys = s.gold[ti];
        if (keys === null) return;
        tokens++;
        if (keys.includes(t.candidates[topIndex(t, decoded[si][ti])]?.key)) hits++;
      }),
    );
    const temperature = goldenSection(nllAt, TEMPERATURE_RANGE[0], TEMPERATURE_RANGE[1], 20);
    return { A1: tokens > 0 ? (100 * hits) / tokens : 0, nll: nllAt(temperature), temperature };
  };
  const without = measure(0);
  const withIt = measure(weight);
  return {
    weight,
    temperature: withIt.temperature,
    d2A1Without: without.A1,
    d2A1With: withIt.A1,
    d2NllWithout: without.nll,
    d2Nll: withIt.nll,
  };
}
