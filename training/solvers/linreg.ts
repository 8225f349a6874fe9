/**
 * Ordinary least squares and ridge regression through the normal equations.
 *
 * With a bias the problem is centered: the p×p cross-product matrix C = X̃ᵀX̃ of the column-centered
 * rows is accumulated in one streaming pass (never an n×n matrix, never a copy of X), then
 * (C + λI) w = X̃ᵀ(y − ȳ) is solved by ml-matrix's Cholesky decomposition and b = ȳ − x̄ᵀw, so the bias
 * is not penalized. Without a bias the same is done on the raw rows with b = 0.
 * λ = 0 is OLS; when that system is singular or numerically rank-deficient (e.g. a constant column),
 * a tiny ridge (1e-9 × mean diagonal) is used instead and the model's `note` says so.
 */
import { CholeskyDecomposition, Matrix } from 'ml-matrix';
import { UsageError } from '../../src/errors.js';
import { boolean, mergeOptions, nonNegative, secondsSince } from './common.js';
import { validateRows, type LinearModel, type Rows } from './types.js';

/** Options of fitLinreg. */
export interface LinregOptions {
  /** Ridge penalty λ on the weights (not the bias); 0 = ordinary least squares. */
  lambda: number;
  /** Fit an unpenalized bias (by centering). */
  bias: boolean;
}

/** Defaults of fitLinreg: OLS (λ = 0) with a bias. */
export const defaultLinregOptions: Readonly<LinregOptions> = Object.freeze({ lambda: 0, bias: true });

/** Defaults used by `fit('ridge', …)`: λ = 1 with a bias. */
export const defaultRidgeOptions: Readonly<LinregOptions> = Object.freeze({ lambda: 1, bias: true });

const checks = { lambda: nonNegative, bias: boolean };

/** Merges and checks least-squares options over `defaults` (UsageError on unknown keys or bad values). */
export function linregOptions(
  options?: Partial<LinregOptions> | Record<string, unknown>,
  defaults: LinregOptions = defaultLinregOptions,
): LinregOptions {
  return mergeOptions('linreg', defaults, checks, options);
}

/** Smallest accepted Cholesky pivot relative to its diagonal entry before a system counts as singular. */
const RELATIVE_PIVOT = 1e-12;

/**
 * Fits least squares (λ = 0) or ridge (λ > 0) on `rows`. The model's solver is 'ridge' when λ > 0,
 * else 'linreg'. Throws UsageError on empty rows, p = 0, non-finite values or bad options.
 */
export function fitLinreg(rows: Rows, options?: Partial<LinregOptions>): LinearModel {
  const opts = linregOptions(options);
  validateRows(rows);
  const start = performance.now();
  const { x, y, n, p } = rows;

  const mean = new Float64Array(p);
  let yMean = 0;
  if (opts.bias) {
    for (let i = 0; i < n; i++) {
      const off = i * p;
      for (let j = 0; j < p; j++) mean[j] += x[off + j];
      yMean += y[i];
    }
    for (let j = 0; j < p; j++) mean[j] /= n;
    yMean /= n;
  }

  // Upper triangle of C = X̃ᵀX̃ and r = X̃ᵀ(y − ȳ), one pass over the rows.
  const c = new Float64Array(p * p);
  const r = new Float64Array(p);
  const row = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    const off = i * p;
    for (let j = 0; j < p; j++) row[j] = x[off + j] - mean[j];
    const yi = y[i] - yMean;
    for (let j = 0; j < p; j++) {
      const v = row[j];
      if (v === 0) continue;
      r[j] += v * yi;
      const base = j * p;
      for (let k = j; k < p; k++) c[base + k] += v * row[k];
    }
  }
  for (let j = 0; j < p; j++) for (let k = 0; k < j; k++) c[j * p + k] = c[k * p + j];

  let lambda = opts.lambda;
  let note: string | undefined;
  let w = solveRidge(c, r, p, lambda);
  if (!w && lambda === 0) {
    let trace = 0;
    for (let j = 0; j < p; j++) trace += c[j * p + j];
    lambda = 1e-9 * (trace > 0 ? trace / p : 1);
    note = `normal equations singular (constant or collinear columns): solved with a tiny ridge λ = ${lambda.toExponential(3)} instead of OLS`;
    w = solveRidge(c, r, p, lambda);
  }
  if (!w) throw new UsageError(`linreg: normal equations could not be solved with λ = ${lambda}; raise lambda`);
  let bias = 0;
  if (opts.bias) {
    bias = yMean;
    for (let j = 0; j < p; j++) bias -= mean[j] * w[j];
  }
  const model: LinearModel = {
    kind: 'linear-model', solver: opts.lambda > 0 ? 'ridge' : 'linreg', weights: w, bias,
    iterations: 1, converged: true, seconds: secondsSince(start), options: { lambda, bias: opts.bias },
  };
  if (note) model.note = note;
  return model;
}

/** Solves (C + λI) w = r by Cholesky; undefined when not (numerically) positive definite. */
function solveRidge(c: Float64Array, r: Float64Array, p: number, lambda: number): Float64Array | undefined {
  const a = new Matrix(p, p);
  for (let j = 0; j < p; j++) for (let k = 0; k < p; k++) a.set(j, k, c[j * p + k] + (j === k ? lambda : 0));
  const chol = new CholeskyDecomposition(a);
  if (!chol.isPositiveDefinite()) return undefined;
  const l = chol.lowerTriangularMatrix;
  for (let j = 0; j < p; j++) {
    const d = a.get(j, j);
    const pivot = l.get(j, j);
    if (!(d > 0) || !(pivot * pivot > RELATIVE_PIVOT * d)) return undefined;
  }
  const sol = chol.solve(Matrix.columnVector(Array.from(r)));
  const w = new Float64Array(p);
  for (let j = 0; j < p; j++) w[j] = sol.get(j, 0);
  if (w.some((v) => !Number.isFinite(v))) return undefined;
  return w;
}
