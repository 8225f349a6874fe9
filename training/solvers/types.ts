/**
 * Shared types of stage two's solvers: the rows θ is fitted on and the linear model that comes out.
 * Rows are dense and row-major; one row per (token, candidate) pair, target 1 for the gold candidate.
 */
import { ModelFormatError, UsageError } from '../../src/errors.js';

/** Dense training rows: `n` rows of `p` feature values each, row-major, with a 0/1 target per row. */
export interface Rows {
  /** Feature values, row-major: value of column j in row i is `x[i * p + j]`. Length `n * p`. */
  x: Float64Array;
  /** Target per row: 1 for the gold candidate, 0 otherwise (any finite value is accepted by regressors). */
  y: Float64Array;
  /** Number of rows. */
  n: number;
  /** Number of feature columns. */
  p: number;
  /** Token id per row, non-decreasing: rows of one token are contiguous (used for per-token argmax checks). */
  group?: Int32Array;
}

/** The solvers `fit` can dispatch to. `linreg` is ordinary least squares, `ridge` is L2-penalized least squares. */
export type SolverName = 'svr' | 'linreg' | 'ridge' | 'svc';

/** All solver names, in a fixed order (for CLI choices and benches). */
export const SOLVER_NAMES: readonly SolverName[] = ['svr', 'linreg', 'ridge', 'svc'];

/** A fitted linear scorer: score(row) = weights · row + bias. */
export interface LinearModel {
  kind: 'linear-model';
  solver: SolverName;
  /** One weight per feature column (length p). */
  weights: Float64Array;
  /** Constant term (0 when fitted without bias). */
  bias: number;
  /** Outer passes over the data (coordinate-descent solvers) or 1 (closed-form solvers). */
  iterations: number;
  /** False when the iteration limit stopped the solver before its tolerance was met. */
  converged: boolean;
  /** Wall-clock fit time in seconds. */
  seconds: number;
  /** Anything the caller should know about how the fit went (e.g. a singular OLS fallen back to a tiny ridge). */
  note?: string;
  /** The options the fit actually used, resolved (e.g. the numeric C chosen by `C: 'auto'`). */
  options?: Record<string, number | string | boolean>;
}

/**
 * Checks that `rows` is usable by a solver: n ≥ 1, p ≥ 1, array lengths agree, every value finite,
 * `group` (if given) of length n and non-decreasing. Throws UsageError naming the first bad row/column.
 */
export function validateRows(rows: Rows): void {
  const { x, y, n, p, group } = rows;
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`solver rows: need at least one row (n = ${n})`);
  if (!Number.isInteger(p) || p < 1) throw new UsageError(`solver rows: need at least one feature column (p = ${p})`);
  if (x.length !== n * p) throw new UsageError(`solver rows: x has ${x.length} values, expected n*p = ${n * p}`);
  if (y.length !== n) throw new UsageError(`solver rows: y has ${y.length} values, expected n = ${n}`);
  for (let k = 0; k < x.length; k++) {
    if (!Number.isFinite(x[k])) {
      const row = Math.floor(k / p);
      throw new UsageError(`solver rows: x is ${x[k]} at row ${row}, column ${k - row * p}`);
    }
  }
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(y[i])) throw new UsageError(`solver rows: y is ${y[i]} at row ${i}`);
  }
  if (group) {
    if (group.length !== n) throw new UsageError(`solver rows: group has ${group.length} values, expected n = ${n}`);
    for (let i = 1; i < n; i++) {
      if (group[i] < group[i - 1]) throw new UsageError(`solver rows: group decreases at row ${i} (${group[i - 1]} → ${group[i]})`);
    }
  }
}

/** Plain-JSON form of a LinearModel (weights as a number array). */
export type LinearModelJSON = Omit<LinearModel, 'weights'> & { weights: number[] };

/** Serializes a LinearModel to plain JSON (lossless for finite doubles). */
export function linearModelToJSON(model: LinearModel): LinearModelJSON {
  const out: LinearModelJSON = {
    kind: 'linear-model',
    solver: model.solver,
    weights: Array.from(model.weights),
    bias: model.bias,
    iterations: model.iterations,
    converged: model.converged,
    seconds: model.seconds,
  };
  if (model.note !== undefined) out.note = model.note;
  if (model.options !== undefined) out.options = { ...model.options };
  return out;
}

/** Restores a LinearModel from `linearModelToJSON` output; throws ModelFormatError on a wrong kind or shape. */
export function loadLinearModel(json: unknown, file?: string): LinearModel {
  const o = json as Partial<LinearModelJSON> | null;
  if (!o || typeof o !== 'object' || o.kind !== 'linear-model') {
    throw new ModelFormatError(`not a linear model (kind ${JSON.stringify(o?.kind)})`, { file });
  }
  if (!SOLVER_NAMES.includes(o.solver as SolverName)) throw new ModelFormatError(`linear model: unknown solver ${JSON.stringify(o.solver)}`, { file });
  if (!Array.isArray(o.weights) || !o.weights.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new ModelFormatError('linear model: weights must be an array of finite numbers', { file });
  }
  if (typeof o.bias !== 'number' || !Number.isFinite(o.bias)) throw new ModelFormatError('linear model: bias must be a finite number', { file });
  const model: LinearModel = {
    kind: 'linear-model',
    solver: o.solver as SolverName,
    weights: Float64Array.from(o.weights),
    bias: o.bias,
    iterations: typeof o.iterations === 'number' ? o.iterations : 0,
    converged: o.converged === true,
    seconds: typeof o.seconds === 'number' ? o.seconds : 0,
  };
  if (typeof o.note === 'string') model.note = o.note;
  if (o.options && typeof o.options === 'object') model.options = { ...o.options };
  return model;
}
