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
import { axpyAt, boolean, dotAt, integer, mergeOptions, nonNegative, oneOf, positive, positiveInt, positiveOrAuto, shufflePrefix } from './common.js';
import { DualDescent, dualCosts, runPasses, swapRows, type DualPasses } from './dual-descent.js';
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
  const { B, C, diag, U } = dualCosts(opts, rows);
  const cd = new SvrDescent(rows, opts, B, diag, U);
  let gnorm1Init = -1;
  const { iterations, converged } = runPasses(cd, opts.maxIterations, (gnorm1, pass) => {
    if (pass === 0) gnorm1Init = gnorm1;
    return gnorm1 <= opts.tolerance * gnorm1Init;
  });
  return cd.dual.model('svr', iterations, converged, start, { ...opts, C });
}

/** What svrViolation answers for a row that may be shrunk (β at a bound, its gradient past the threshold). */
const SHRINK = -1;

/** The ε-SVR dual: β, and the largest violation of the last pass and of this one (for shrinking). */
class SvrDescent implements DualPasses {
  /** The weights, the row order and what both dual solvers do with them. */
  readonly dual: DualDescent;
  private readonly y: Float64Array;
  private readonly beta: Float64Array;
  private gmaxOld = Infinity;
  private gmaxNew = 0;

  /** Takes the rows, the options, the bias column's value B, the loss's diagonal term λ and the bound U of β. */
  constructor(rows: Rows, private readonly opts: SvrOptions, B: number, private readonly lambda: number,
    private readonly U: number) {
    this.dual = new DualDescent(rows, B, lambda, opts.seed);
    this.y = rows.y;
    this.beta = new Float64Array(rows.n);
  }

  /**
   * One pass over the active rows in a fresh seeded order: each row's violation is summed and its β
   * stepped, or the row is shrunk. Gives the summed violation.
   */
  pass(): number {
    const { dual, beta, y, lambda, U, gmaxOld } = this;
    const { x, p, w, B, qd, index } = dual;
    const { epsilon, shrinking } = this.opts;
    let { wb, active } = dual;
    let gmaxNew = 0;
    let gnorm1 = 0;
    shufflePrefix(index, active, dual.next);
    for (let s = 0; s < active; s++) {
      const i = index[s];
      const off = i * p;
      let dot = B * wb;
      dot += dotAt(x, off, w, p);
      const bi = beta[i];
      const g = dot - y[i] + lambda * bi;
      const gp = g + epsilon;
      const gn = g - epsilon;
      let violation = svrViolation(bi, gp, gn, U, gmaxOld);
      if (violation === SHRINK) {
        if (shrinking) {
          active--;
          swapRows(index, s, active);
          s--;
          continue;
        }
        violation = 0;
      }
      if (violation > gmaxNew) gmaxNew = violation;
      gnorm1 += violation;
      const nb = svrNewBeta(bi, gp, gn, qd[i], U);
      const d = nb - bi;
      if (d === 0) continue;
      beta[i] = nb;
      axpyAt(d, x, off, w, p);
      wb += d * B;
    }
    dual.wb = wb;
    dual.active = active;
    this.gmaxNew = gmaxNew;
    return gnorm1;
  }

  /** Ends a pass that did not stop: its largest violation becomes the shrinking threshold. */
  endPass(): void {
    this.gmaxOld = this.gmaxNew;
  }

  /** Makes every row active again, shrinking nothing on the next pass. */
  unshrink(): void {
    this.dual.active = this.beta.length;
    this.gmaxOld = Infinity;
  }
}

/**
 * Takes β_i, the gradient plus and minus ε, the bound U and the shrinking threshold (last pass's
 * largest violation); gives the violation of the optimality conditions, or SHRINK.
 */
function svrViolation(bi: number, gp: number, gn: number, U: number, gmaxOld: number): number {
  if (bi === 0) {
    if (gp < 0) return -gp;
    if (gn > 0) return gn;
    return gp > gmaxOld && gn < -gmaxOld ? SHRINK : 0;
  }
  if (bi >= U) {
    if (gp > 0) return gp;
    return gp < -gmaxOld ? SHRINK : 0;
  }
  if (bi <= -U) {
    if (gn < 0) return -gn;
    return gn > gmaxOld ? SHRINK : 0;
  }
  return bi > 0 ? Math.abs(gp) : Math.abs(gn);
}

/**
 * Takes β_i, the gradient plus and minus ε, Q_ii (+λ) and the bound U; gives the new β_i, the exact
 * minimizer of the one-variable problem clipped to [−U, U] (β_i itself when no step is taken).
 */
function svrNewBeta(bi: number, gp: number, gn: number, h: number, U: number): number {
  // Newton step on whichever side of 0 applies.
  if (h <= 0) return bi; // an all-zero row without bias: its β has no effect on w (and stays 0)
  let d: number;
  if (gp < h * bi) d = -gp / h;
  else if (gn > h * bi) d = -gn / h;
  else d = -bi;
  if (Math.abs(d) < 1e-12) return bi;
  const nb = bi + d;
  return nb > U ? U : nb < -U ? -U : nb;
}
