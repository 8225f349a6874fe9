/**
 * Linear ε-insensitive support vector regression by dual coordinate descent.
 *
 * Algorithm: Ho, C.-H. and Lin, C.-J. (2012), "Large-scale linear support vector regression",
 * Journal of Machine Learning Research 13:3323–3348 — the dual coordinate-descent method (their
 * Algorithm 3 with the shrinking of §3.3/§4), which is LIBLINEAR's solver 13
 * (L2-regularized L1-loss SVR, dual) and solver 12 (L2-loss, dual). Written here from the paper.
 *
 * Primal (L1 loss):  min_w ½‖w‖² + C Σ_i max(0, |wᵀx_i − y_i| − ε)
 * Dual:              min_β ½βᵀQβ − yᵀβ + ε‖β‖₁ + (λ/2)‖β‖²,  −U ≤ β_i ≤ U,  Q_ij = x_iᵀx_j
 *   with λ = 0, U = C for the L1 loss and λ = 1/(2C), U = ∞ for the L2 loss; w = Σ β_i x_i.
 * Each step minimizes the one-variable dual in β_i exactly (a Newton step on the piecewise quadratic,
 * then clipping), visiting the active rows in a seeded random order per pass. The bias is a constant
 * extra column of value B = `biasValue` (1 by default), so it is
 * regularized as (b/B)²/2, as in LIBLINEAR with -B.
 * Stopping: the L1 norm of the projected-gradient violations falls to `tolerance` × its first-pass value.
 */
import { UsageError } from '../../src/errors.js';
import { autoCost, axpyAt, boolean, dotAt, dualDiagonal, identityIndex, integer, mergeOptions, nonNegative, oneOf, positive, positiveInt, positiveOrAuto, secondsSince, seededUint32, shufflePrefix } from './common.js';
import { validateRows, type LinearModel, type Rows } from './types.js';

/** Options of fitSvr. */
export interface SvrOptions {
  /** Cost of errors outside the ε tube (larger = less regularization). */
  /**
   * Number, or 'auto' = 1 / mean(‖x_i‖² + 1), the +1 only with a bias, whatever biasValue
   * (SVMlight's default; see autoCost).
   */
  C: number | 'auto';
  /** Half-width of the insensitive tube. */
  epsilon: number;
  /** 'l1' = ε-insensitive loss (LIBLINEAR solver 13); 'l2' = its square (solver 12). */
  loss: 'l1' | 'l2';
  /** Relative stopping tolerance on the summed projected-gradient violation. */
  tolerance: number;
  /** Limit on outer passes; hitting it gives `converged: false`. */
  maxIterations: number;
  /**
   * Temporarily skip rows whose dual variable is settled (Ho & Lin §4); the result is checked on
   * all rows at the end.
   */
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

/** Defaults of fitSvr: C 'auto', ε 0.1, L1 loss, tolerance 0.001, ≤ 1000 passes, shrinking, bias, seed 42. */
export const defaultSvrOptions: Readonly<SvrOptions> = Object.freeze({
  C: 'auto',
  epsilon: 0.1,
  loss: 'l1',
  tolerance: 0.001,
  maxIterations: 1000,
  shrinking: true,
  bias: true,
  biasValue: 1,
  seed: 42,
});

const checks = {
  C: positiveOrAuto, epsilon: nonNegative, loss: oneOf('l1', 'l2'), tolerance: positive,
  maxIterations: positiveInt, shrinking: boolean, bias: boolean, biasValue: positive, seed: integer,
};

/** Merges and checks SVR options (UsageError on unknown keys or bad values). */
export function svrOptions(options?: Partial<SvrOptions> | Record<string, unknown>): SvrOptions {
  return mergeOptions('svr', defaultSvrOptions, checks, options);
}

/**
 * Fits a linear ε-SVR on `rows` (targets y as given). Deterministic for a given seed.
 * Throws UsageError on empty rows, p = 0, non-finite values or bad options.
 */
export function fitSvr(rows: Rows, options?: Partial<SvrOptions>): LinearModel {
  const opts = svrOptions(options);
  validateRows(rows);
  const start = performance.now();
  const { x, y, n, p } = rows;
  const B = opts.bias ? opts.biasValue : 0;
  const C = opts.C === 'auto' ? autoCost(x, n, opts.bias ? 1 : 0) : opts.C;
  const lambda = opts.loss === 'l1' ? 0 : 0.5 / C;
  const U = opts.loss === 'l1' ? C : Infinity;
  const eps = opts.epsilon;

  const w = new Float64Array(p);
  let wb = 0;
  const beta = new Float64Array(n);
  const qd = dualDiagonal(x, n, p, B, lambda);
  const index = identityIndex(n);
  const next = seededUint32(opts.seed);

  let active = n;
  let gmaxOld = Infinity;
  let gnorm1Init = -1;
  let iter = 0;
  let converged = false;
  while (iter < opts.maxIterations) {
    let gmaxNew = 0;
    let gnorm1New = 0;
    shufflePrefix(index, active, next);
    for (let s = 0; s < active; s++) {
      const i = index[s];
      const off = i * p;
      let dot = B * wb;
      dot += dotAt(x, off, w, p);
      const bi = beta[i];
      const g = dot - y[i] + lambda * bi;
      const gp = g + eps;
      const gn = g - eps;
      let violation = 0;
      let shrink = false;
      if (bi === 0) {
        if (gp < 0) violation = -gp;
        else if (gn > 0) violation = gn;
        else if (gp > gmaxOld && gn < -gmaxOld) shrink = true;
      } else if (bi >= U) {
        if (gp > 0) violation = gp;
        else if (gp < -gmaxOld) shrink = true;
      } else if (bi <= -U) {
        if (gn < 0) violation = -gn;
        else if (gn > gmaxOld) shrink = true;
      } else if (bi > 0) {
        violation = Math.abs(gp);
      } else {
        violation = Math.abs(gn);
      }
      if (shrink && opts.shrinking) {
        active--;
        index[s] = index[active];
        index[active] = i;
        s--;
        continue;
      }
      if (violation > gmaxNew) gmaxNew = violation;
      gnorm1New += violation;

      // Exact minimizer of the one-variable problem: Newton step on whichever side of 0 applies.
      const h = qd[i];
      if (h <= 0) continue; // an all-zero row without bias: its β has no effect on w
      let d: number;
      if (gp < h * bi) d = -gp / h;
      else if (gn > h * bi) d = -gn / h;
      else d = -bi;
      if (Math.abs(d) < 1e-12) continue;
      let nb = bi + d;
      if (nb > U) nb = U;
      else if (nb < -U) nb = -U;
      d = nb - bi;
      if (d === 0) continue;
      beta[i] = nb;
      axpyAt(d, x, off, w, p);
      wb += d * B;
    }
    if (iter === 0) gnorm1Init = gnorm1New;
    iter++;
    if (gnorm1New <= opts.tolerance * gnorm1Init) {
      if (active === n) {
        converged = true;
        break;
      }
      active = n; // re-check every row before stopping
      gmaxOld = Infinity;
      continue;
    }
    gmaxOld = gmaxNew;
  }
  if (!Number.isFinite(wb) || w.some((v) => !Number.isFinite(v))) {
    throw new UsageError('svr: the fit diverged (non-finite weights); scale the features or lower C');
  }
  return {
    kind: 'linear-model', solver: 'svr', weights: w, bias: wb * B, iterations: iter, converged, seconds: secondsSince(start),
    options: { ...opts, C },
  };
}
