/**
 * Linear support vector classification by dual coordinate descent.
 *
 * Algorithm: Hsieh, C.-J., Chang, K.-W., Lin, C.-J., Keerthi, S. S. and Sundararajan, S. (2008),
 * "A dual coordinate descent method for large-scale linear SVM", ICML 2008 — their Algorithm 1 with
 * random permutation and the shrinking of §3.2 (Algorithm 2); LIBLINEAR's solvers 3 (L1 loss, dual)
 * and 1 (L2 loss, dual). Written here from the paper.
 *
 * Labels: ỹ_i = +1 when y_i > 0.5 (the gold candidate), else −1.
 * Dual: min_α ½αᵀQ̄α − eᵀα, 0 ≤ α_i ≤ U, Q̄_ij = ỹ_iỹ_j x_iᵀx_j + D_ij;
 *   L1 loss: U = C, D = 0;  L2 loss: U = ∞, D_ii = 1/(2C).  w = Σ α_i ỹ_i x_i.
 * The bias is a constant extra column of value B = `biasValue` (default 1), so it is regularized
 * as (b/B)²/2, as in LIBLINEAR with -B.
 * Stopping: max − min projected gradient over a pass ≤ `tolerance`, confirmed on all rows.
 * The returned score wᵀx + b is the signed margin: larger means "more likely the gold candidate".
 */
import { UsageError } from '../../src/errors.js';
import { autoCost, axpyAt, boolean, dotAt, dualDiagonal, identityIndex, integer, mergeOptions, oneOf, positive, positiveInt, positiveOrAuto, secondsSince, seededUint32, shufflePrefix } from './common.js';
import { validateRows, type LinearModel, type Rows } from './types.js';

/** Options of fitSvc. */
export interface SvcOptions {
  /** Cost of margin violations (larger = less regularization). */
  /**
   * Number, or 'auto' = 1 / mean(‖x_i‖² + 1), the +1 only with a bias, whatever biasValue
   * (SVMlight's default; see autoCost).
   */
  C: number | 'auto';
  /** 'l1' = hinge loss (LIBLINEAR solver 3, the standard SVM), 'l2' = squared hinge (solver 1). */
  loss: 'l1' | 'l2';
  /** Stopping tolerance on the spread of projected gradients. */
  tolerance: number;
  /** Limit on outer passes; hitting it gives `converged: false`. */
  maxIterations: number;
  /** Temporarily skip rows whose dual variable is settled (Hsieh et al. §3.2). */
  shrinking: boolean;
  /** Fit a bias as an extra constant column (of value `biasValue`). */
  bias: boolean;
  /**
   * Value B of the constant bias column (LIBLINEAR's -B): the bias is penalized as (b/B)²/2, so a
   * larger B penalizes it less but slows convergence.
   */
  biasValue: number;
  /** Seed of the per-pass random row order. */
  seed: number;
}

/**
 * Defaults of fitSvc: C 'auto', hinge (L1) loss as a standard SVM, tolerance 0.1 (LIBLINEAR's default for
 * the dual), ≤ 1000 passes, shrinking, bias column of value 10 (gold rows are ~1 in 12, so the bias is
 * large; B = 10 keeps its penalty small: measured closer to libsvm's unpenalized bias than B = 1), seed 42.
 */
export const defaultSvcOptions: Readonly<SvcOptions> = Object.freeze({
  C: 'auto',
  loss: 'l1',
  tolerance: 0.1,
  maxIterations: 1000,
  shrinking: true,
  bias: true,
  biasValue: 10,
  seed: 42,
});

const checks = {
  C: positiveOrAuto, loss: oneOf('l1', 'l2'), tolerance: positive, maxIterations: positiveInt,
  shrinking: boolean, bias: boolean, biasValue: positive, seed: integer,
};

/** Merges and checks SVC options (UsageError on unknown keys or bad values). */
export function svcOptions(options?: Partial<SvcOptions> | Record<string, unknown>): SvcOptions {
  return mergeOptions('svc', defaultSvcOptions, checks, options);
}

/**
 * Fits a linear SVM classifier separating gold rows (y > 0.5) from the others. Deterministic for a seed.
 * Throws UsageError on empty rows, p = 0, non-finite values or bad options.
 */
export function fitSvc(rows: Rows, options?: Partial<SvcOptions>): LinearModel {
  const opts = svcOptions(options);
  validateRows(rows);
  const start = performance.now();
  const { x, y, n, p } = rows;
  const B = opts.bias ? opts.biasValue : 0;
  const C = opts.C === 'auto' ? autoCost(x, n, opts.bias ? 1 : 0) : opts.C;
  const diag = opts.loss === 'l1' ? 0 : 0.5 / C;
  const U = opts.loss === 'l1' ? C : Infinity;

  const w = new Float64Array(p);
  let wb = 0;
  const alpha = new Float64Array(n);
  const sign = new Int8Array(n);
  for (let i = 0; i < n; i++) sign[i] = y[i] > 0.5 ? 1 : -1;
  const qd = dualDiagonal(x, n, p, B, diag);
  const index = identityIndex(n);
  const next = seededUint32(opts.seed);

  let active = n;
  let pgMaxOld = Infinity;
  let pgMinOld = -Infinity;
  let iter = 0;
  let converged = false;
  while (iter < opts.maxIterations) {
    let pgMaxNew = -Infinity;
    let pgMinNew = Infinity;
    shufflePrefix(index, active, next);
    for (let s = 0; s < active; s++) {
      const i = index[s];
      const off = i * p;
      const yi = sign[i];
      let dot = B * wb;
      dot += dotAt(x, off, w, p);
      const ai = alpha[i];
      const g = yi * dot - 1 + diag * ai;
      let pg = 0;
      let shrink = false;
      if (ai === 0) {
        if (g > pgMaxOld) shrink = true;
        else if (g < 0) pg = g;
      } else if (ai === U) {
        if (g < pgMinOld) shrink = true;
        else if (g > 0) pg = g;
      } else {
        pg = g;
      }
      if (shrink && opts.shrinking) {
        active--;
        index[s] = index[active];
        index[active] = i;
        s--;
        continue;
      }
      if (pg > pgMaxNew) pgMaxNew = pg;
      if (pg < pgMinNew) pgMinNew = pg;
      if (Math.abs(pg) <= 1e-12 || qd[i] <= 0) continue;
      let na = ai - g / qd[i];
      if (na < 0) na = 0;
      else if (na > U) na = U;
      const d = (na - ai) * yi;
      if (d === 0) continue;
      alpha[i] = na;
      axpyAt(d, x, off, w, p);
      wb += d * B;
    }
    iter++;
    if (active === 0 || pgMaxNew - pgMinNew <= opts.tolerance) {
      if (active === n) {
        converged = true;
        break;
      }
      active = n; // re-check every row before stopping
      pgMaxOld = Infinity;
      pgMinOld = -Infinity;
      continue;
    }
    pgMaxOld = pgMaxNew <= 0 ? Infinity : pgMaxNew;
    pgMinOld = pgMinNew >= 0 ? -Infinity : pgMinNew;
  }
  if (!Number.isFinite(wb) || w.some((v) => !Number.isFinite(v))) {
    throw new UsageError('svc: the fit diverged (non-finite weights); scale the features or lower C');
  }
  return {
    kind: 'linear-model', solver: 'svc', weights: w, bias: wb * B, iterations: iter, converged, seconds: secondsSince(start),
    options: { ...opts, C },
  };
}
