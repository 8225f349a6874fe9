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
import { axpyAt, boolean, dotAt, integer, mergeOptions, oneOf, positive, positiveInt, positiveOrAuto, shufflePrefix } from './common.js';
import { DualDescent, dualCosts, runPasses, swapRows, type DualPasses } from './dual-descent.js';
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
  const { B, C, diag, U } = dualCosts(opts, rows);
  const cd = new SvcDescent(rows, opts.shrinking, B, diag, U, opts.seed);
  const { iterations, converged } = runPasses(
    cd, opts.maxIterations, (spread) => cd.dual.active === 0 || spread <= opts.tolerance,
  );
  return cd.dual.model('svc', iterations, converged, start, { ...opts, C });
}

/** The SVC dual: α, the labels ỹ, and the extremes of the projected gradient in the last pass and this one. */
class SvcDescent implements DualPasses {
  /** The weights, the row order and what both dual solvers do with them. */
  readonly dual: DualDescent;
  private readonly alpha: Float64Array;
  private readonly sign: Int8Array;
  private pgMaxOld = Infinity;
  private pgMinOld = -Infinity;
  private pgMaxNew = -Infinity;
  private pgMinNew = Infinity;

  /** Takes the rows, whether to shrink, the bias column's value B, the loss's diagonal term, α's bound U, the seed. */
  constructor(rows: Rows, private readonly shrinking: boolean, B: number, private readonly diag: number,
    private readonly U: number, seed: number) {
    this.dual = new DualDescent(rows, B, diag, seed);
    const { y, n } = rows;
    this.alpha = new Float64Array(n);
    this.sign = new Int8Array(n);
    for (let i = 0; i < n; i++) this.sign[i] = y[i] > 0.5 ? 1 : -1;
  }

  /**
   * One pass over the active rows in a fresh seeded order: each row's projected gradient is tallied and
   * its α stepped, or the row is shrunk. Gives max − min projected gradient.
   */
  pass(): number {
    const { dual, alpha, sign, diag, U, pgMaxOld, pgMinOld } = this;
    const { x, p, w, B, qd, index } = dual;
    let { wb, active } = dual;
    let pgMaxNew = -Infinity;
    let pgMinNew = Infinity;
    shufflePrefix(index, active, dual.next);
    for (let s = 0; s < active; s++) {
      const i = index[s];
      const off = i * p;
      const yi = sign[i];
      let dot = B * wb;
      dot += dotAt(x, off, w, p);
      const ai = alpha[i];
      const g = yi * dot - 1 + diag * ai;
      if (this.shrinking && svcShrinkable(ai, g, U, pgMaxOld, pgMinOld)) {
        active--;
        swapRows(index, s, active);
        s--;
        continue;
      }
      const pg = svcProjected(ai, g, U);
      if (pg > pgMaxNew) pgMaxNew = pg;
      if (pg < pgMinNew) pgMinNew = pg;
      if (Math.abs(pg) <= 1e-12 || qd[i] <= 0) continue;
      const na = svcNewAlpha(ai, g, qd[i], U);
      const d = (na - ai) * yi;
      if (d === 0) continue;
      alpha[i] = na;
      axpyAt(d, x, off, w, p);
      wb += d * B;
    }
    dual.wb = wb;
    dual.active = active;
    this.pgMaxNew = pgMaxNew;
    this.pgMinNew = pgMinNew;
    return pgMaxNew - pgMinNew;
  }

  /** Ends a pass that did not stop: its extremes (where they have the right sign) become the shrinking thresholds. */
  endPass(): void {
    this.pgMaxOld = this.pgMaxNew <= 0 ? Infinity : this.pgMaxNew;
    this.pgMinOld = this.pgMinNew >= 0 ? -Infinity : this.pgMinNew;
  }

  /** Makes every row active again, shrinking nothing on the next pass. */
  unshrink(): void {
    this.dual.active = this.alpha.length;
    this.pgMaxOld = Infinity;
    this.pgMinOld = -Infinity;
  }
}

/**
 * Takes α_i, the gradient g, the bound U and last pass's extremes of the projected gradient; gives
 * whether α_i sits at a bound that g pushes past those extremes (the row may be shrunk).
 */
function svcShrinkable(ai: number, g: number, U: number, pgMaxOld: number, pgMinOld: number): boolean {
  if (ai === 0) return g > pgMaxOld;
  if (ai === U) return g < pgMinOld;
  return false;
}

/**
 * Takes α_i, the gradient g and the bound U; gives the projected gradient (0 where a bound holds α_i, as
 * for a row shrinkable but kept: the thresholds are > 0 and < 0, so g is then on the bound's side).
 */
function svcProjected(ai: number, g: number, U: number): number {
  if (ai === 0) return g < 0 ? g : 0;
  if (ai === U) return g > 0 ? g : 0;
  return g;
}

/** Takes α_i, the gradient g, Q_ii (+ the diagonal term, > 0) and the bound U; gives the new α_i, clipped to [0, U]. */
function svcNewAlpha(ai: number, g: number, h: number, U: number): number {
  const na = ai - g / h;
  return na < 0 ? 0 : na > U ? U : na;
}
