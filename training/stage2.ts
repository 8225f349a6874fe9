/**
 * Stage two (Algorithm 1): one row per (token, candidate) of D2 with the candidate's
 * features z, target 1 for the gold label (for each gold label of a token with several:
 * docs/method.md, "Several gold labels"), `variantTarget` for a case variant of one
 * (docs/case-endings.md) and 0 otherwise; θ is fitted on these rows by a
 * linear solver (ε-SVR by default). Tokens whose gold label is not among their candidates,
 * or that have a single candidate, carry no ranking information and are left out. When D2
 * has more eligible tokens than `maxTokens`, a seeded sample of them is used.
 */
import { goldIndices, type Candidate, type Document } from '../src/corpus/types.js';
import { CorpusError } from '../src/errors.js';
import { caselessKey } from '../src/labels/caseless.js';
import type { FeatureExtractor } from '../features/extract.js';
import { Rng } from '../src/random.js';
import { softmax } from '../src/tagger/types.js';
import { fit, standardize, unstandardize, type LinearModel, type Rows, type SolverName } from './solvers/index.js';
import { goldenSection } from './minimize.js';

export interface Stage2Options {
  solver: SolverName;
  solverOptions: Record<string, unknown>;
  /** At most this many D2 tokens give rows (sampled with `seed`); 0 = all. */
  maxTokens: number;
  /** Fit on standardized columns (weights are folded back to raw features). */
  standardize: boolean;
  seed: number;
  /**
   * Target of a candidate that differs from the gold label only in its case ending or mood
   * vowel (the same case-less label, docs/glossary.md): between the gold's 1 and the others' 0,
   * so that θ learns to rank the right analysis above other analyses and its right case
   * ending above the other endings (docs/case-endings.md).
   */
  variantTarget: number;
}

/** Stage two's defaults (docs/method.md): the solver, the D2 token cap, the seed and the case-variant target. */
export const defaultStage2Options: Stage2Options = {
  solver: 'svr',
  solverOptions: {},
  maxTokens: 40_000,
  standardize: true,
  seed: 42,
  variantTarget: 0.3,
};

export interface Stage2Rows {
  rows: Rows;
  /** D2 tokens with a gold mark, and how many of them gave rows. */
  goldTokens: number;
  usedTokens: number;
  skippedSingle: number;
  skippedNoGold: number;
  sampled: boolean;
}

/** Builds the stage-two rows from prepared D2 documents (candidates = C(t), gold re-indexed). */
export function buildRows(
  docs: readonly Document[],
  fx: FeatureExtractor,
  options: Partial<Stage2Options> = {},
): Stage2Rows {
  const { maxTokens, seed, variantTarget } = { ...defaultStage2Options, ...options };
  const eligible: Array<[number, number, number]> = [];
  let goldTokens = 0;
  let skippedSingle = 0;
  let skippedNoGold = 0;
  docs.forEach((doc, d) =>
    doc.sentences.forEach((s, si) =>
      s.tokens.forEach((t, ti) => {
        if (!t.arabic) return;
        if (t.gold < 0) {
          if (t.candidates.length > 0) skippedNoGold++;
          return;
        }
        goldTokens++;
        if (t.candidates.length < 2) skippedSingle++;
        else eligible.push([d, si, ti]);
      }),
    ),
  );
  let chosen = eligible;
  const sampled = maxTokens > 0 && eligible.length > maxTokens;
  if (sampled) {
    chosen = new Rng(seed).shuffle(eligible.slice()).slice(0, maxTokens);
    chosen.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  }
  const p = fx.p;
  let n = 0;
  for (const [d, si, ti] of chosen) n += docs[d].sentences[si].tokens[ti].candidates.length;
  const x = new Float64Array(n * p);
  const y = new Float64Array(n);
  const group = new Int32Array(n);
  let row = 0;
  let g = 0;
  let current = -1;
  let df = null as ReturnType<FeatureExtractor['document']> | null;
  for (const [d, si, ti] of chosen) {
    if (d !== current) {
      df = fx.document(docs[d]);
      current = d;
    }
    const t = docs[d].sentences[si].tokens[ti];
    df!.tokenInto(si, ti, t.candidates, x, row * p);
    const caseless = (c: Candidate): string => caselessKey(c.lemma, c.morph);
    const golds = goldIndices(t);
    const goldCaseless = new Set(golds.map((k) => caseless(t.candidates[k])));
    for (let k = 0; k < t.candidates.length; k++) {
      y[row + k] = golds.includes(k) ? 1 : goldCaseless.has(caseless(t.candidates[k])) ? variantTarget : 0;
      group[row + k] = g;
    }
    row += t.candidates.length;
    g++;
  }
  return { rows: { x, y, n, p, group }, goldTokens, usedTokens: chosen.length, skippedSingle, skippedNoGold, sampled };
}

export interface ThetaFit {
  weights: Float64Array;
  bias: number;
  model: LinearModel;
}

/** Fits θ on the rows (standardizing columns first unless told not to). */
export function fitTheta(rows: Rows, options: Partial<Stage2Options> = {}): ThetaFit {
  const o = { ...defaultStage2Options, ...options };
  if (rows.n === 0) throw new CorpusError('D2 has no ambiguous gold token to fit θ on: use a larger corpus or a larger --d2 share');
  // Only the coordinate-descent solvers draw random numbers; least squares takes no seed.
  const seeded = o.solver === 'svr' || o.solver === 'svc';
  const solverOptions = seeded ? { seed: o.seed, ...o.solverOptions } : { ...o.solverOptions };
  if (!o.standardize) {
    const model = fit(o.solver, rows, solverOptions);
    return { weights: model.weights, bias: model.bias, model };
  }
  const st = standardize(rows);
  const model = fit(o.solver, st.rows, solverOptions);
  const raw = unstandardize(model.weights, model.bias, st.mean, st.scale);
  return { weights: raw.weights, bias: raw.bias, model };
}


/**
 * Mean negative log-likelihood of the gold rows under softmax(scores / T) within each group: of
 * their probability mass together, for a token with several gold labels.
 */
function groupNll(scores: Float64Array, rows: Rows, temperature: number): number {
  const group = rows.group!;
  let nll = 0;
  let groups = 0;
  for (let start = 0; start < rows.n; ) {
    let end = start;
    while (end < rows.n && group[end] === group[start]) end++;
    const p = softmax(scores.subarray(start, end), temperature);
    let gold = 0;
    for (let i = start; i < end; i++) if (rows.y[i] === 1) gold += p[i - start];
    nll -= Math.log(Math.max(gold, 1e-300));
    groups++;
    start = end;
  }
  return groups === 0 ? 0 : nll / groups;
}

/** The softmax temperature that minimizes the gold labels' NLL on the rows (golden-section search on log T). */
export function fitTemperature(scores: Float64Array, rows: Rows): number {
  if (rows.n === 0 || !rows.group) return 1;
  return Math.exp(goldenSection((logT) => groupNll(scores, rows, Math.exp(logT)), Math.log(1e-4), Math.log(1e3), 60));
}
