/**
 * What the two dual coordinate-descent solvers (ε-SVR in svr.ts, SVC in svc.ts) share: the
 * primal weights w and bias weight wb kept equal to Σ β_i x_i and Σ β_i B as the dual variables
 * move, the diagonal of the dual's Q, and the seeded row order whose first `active` rows are the
 * ones not shrunk. Each solver's own step and stopping rule stay in its file.
 */
import { UsageError } from '../../src/errors.js';
import { autoCost, dualDiagonal, identityIndex, secondsSince, seededUint32 } from './common.js';
import type { LinearModel, Rows } from './types.js';

/** The options the shared part reads. */
interface DualOptions {
  C: number | 'auto';
  loss: 'l1' | 'l2';
  bias: boolean;
  biasValue: number;
  seed: number;
}

/**
 * Takes a dual solver's options and rows; gives the bias column's value B (0 without a bias), the
 * cost C ('auto' resolved), the diagonal term λ of the loss (0 for L1, 1/(2C) for L2) and the bound
 * U of the dual variables (C for L1, ∞ for L2).
 */
export function dualCosts(opts: DualOptions, rows: Rows): { B: number; C: number; diag: number; U: number } {
  const B = opts.bias ? opts.biasValue : 0;
  const C = opts.C === 'auto' ? autoCost(rows.x, rows.n, opts.bias ? 1 : 0) : opts.C;
  return { B, C, diag: opts.loss === 'l1' ? 0 : 0.5 / C, U: opts.loss === 'l1' ? C : Infinity };
}

/**
 * The state of a dual coordinate descent over rows x (n × p) with a bias column of value B, which
 * each solver's pass reads into locals and writes back (its row loop is the hot path).
 */
export class DualDescent {
  /** The number of rows. */
  readonly n: number;
  readonly x: Float64Array;
  readonly p: number;
  readonly w: Float64Array;
  /** The bias column's weight (the bias is wb · B). */
  wb = 0;
  /** Q_ii plus the loss's diagonal term, per row. */
  readonly qd: Float64Array;
  /** The row order; its first `active` entries are the rows a pass visits (the others are shrunk). */
  readonly index: Int32Array;
  active: number;
  /** The seeded source of each pass's shuffle. */
  readonly next: () => number;

  /** Takes the rows, the bias column's value B (0: none), the loss's diagonal term and the seed of the row order. */
  constructor(rows: Rows, readonly B: number, diag: number, seed: number) {
    this.n = rows.n;
    this.x = rows.x;
    this.p = rows.p;
    this.w = new Float64Array(rows.p);
    this.qd = dualDiagonal(rows.x, rows.n, rows.p, B, diag);
    this.index = identityIndex(rows.n);
    this.next = seededUint32(seed);
    this.active = rows.n;
  }

  /**
   * Takes the solver's name, its passes, whether it converged, its start time and resolved options;
   * gives the fitted model. Throws UsageError when a weight is not finite (the fit diverged).
   */
  model(
    solver: 'svr' | 'svc', iterations: number, converged: boolean, start: number, options: LinearModel['options'],
  ): LinearModel {
    const { w, wb, B } = this;
    if (!Number.isFinite(wb) || w.some((v) => !Number.isFinite(v))) {
      throw new UsageError(`${solver}: the fit diverged (non-finite weights); scale the features or lower C`);
    }
    return {
      kind: 'linear-model', solver, weights: w, bias: wb * B, iterations, converged, seconds: secondsSince(start), options,
    };
  }
}

/** A solver's passes, as the outer loop of runPasses drives them. */
export interface DualPasses {
  readonly dual: DualDescent;
  /** One pass over the active rows; gives the figure the stopping test reads. */
  pass(): number;
  /** Ends a pass that did not stop (the shrinking thresholds follow it). */
  endPass(): void;
  /** Makes every row active again, shrinking nothing on the next pass. */
  unshrink(): void;
}

/**
 * Takes a solver's passes, the pass limit and its stopping test (on a pass's figure and its number from
 * 0); runs passes until the test holds with every row active, re-checking every row when it holds with
 * some shrunk, or until the limit. Gives the passes made and whether the test held (converged).
 */
export function runPasses(
  cd: DualPasses, maxIterations: number, stop: (figure: number, pass: number) => boolean,
): { iterations: number; converged: boolean } {
  let iter = 0;
  let converged = false;
  while (iter < maxIterations) {
    const done = stop(cd.pass(), iter);
    iter++;
    if (done) {
      if (cd.dual.active === cd.dual.n) {
        converged = true;
        break;
      }
      cd.unshrink(); // re-check every row before stopping
      continue;
    }
    cd.endPass();
  }
  return { iterations: iter, converged };
}

/** Takes the row order, the position s of an active row and the last active position; swaps the two (shrinks row s). */
export function swapRows(index: Int32Array, s: number, last: number): void {
  const i = index[s];
  index[s] = index[last];
  index[last] = i;
}
