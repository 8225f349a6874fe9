/**
 * Stage two's solvers behind one entry point: `fit(solver, rows, options)` and `predict`, plus the
 * per-token argmax helpers used to compare solvers (the tagger picks the best-scoring candidate per token).
 */
import { UsageError } from '../../src/errors.js';
import { linearScore } from '../../src/model/score.js';
import { defaultRidgeOptions, fitLinreg, linregOptions } from './linreg.js';
import { fitSvc, svcOptions } from './svc.js';
import { fitSvr, svrOptions } from './svr.js';
import { SOLVER_NAMES, type LinearModel, type Rows, type SolverName } from './types.js';

export * from './types.js';
export { defaultSvrOptions, fitSvr, type SvrOptions } from './svr.js';
export { defaultSvcOptions, fitSvc, type SvcOptions } from './svc.js';
export { defaultLinregOptions, defaultRidgeOptions, fitLinreg, type LinregOptions } from './linreg.js';
export { standardize, unstandardize, type StandardizedRows } from './standardize.js';

/**
 * Fits `solver` on `rows`. Options are those of the solver (unknown keys → UsageError):
 * svr → SvrOptions, svc → SvcOptions, linreg → { lambda (default 0), bias }, ridge → { lambda (default 1), bias }.
 * Returns the linear model (weights, bias). Throws UsageError for an unknown solver or option.
 */
export function fit(solver: SolverName, rows: Rows, options: Record<string, unknown> = {}): LinearModel {
  switch (solver) {
    case 'svr':
      return fitSvr(rows, svrOptions(options));
    case 'svc':
      return fitSvc(rows, svcOptions(options));
    case 'linreg':
      return fitLinreg(rows, linregOptions(options));
    case 'ridge': {
      const opts = linregOptions(options, defaultRidgeOptions);
      if (opts.lambda <= 0) throw new UsageError('ridge: lambda must be > 0 (use solver linreg for ordinary least squares)');
      return fitLinreg(rows, opts);
    }
    default:
      throw new UsageError(`unknown solver ${JSON.stringify(solver)} (known: ${SOLVER_NAMES.join(', ')})`);
  }
}

/**
 * Takes a model and row `row` of the row-major matrix `x` (p columns); returns weights · x_row +
 * bias. Throws UsageError when the model's weights are not p.
 */
export function predict(model: LinearModel, x: Float64Array, p: number, row: number): number {
  if (model.weights.length !== p) throw new UsageError(`predict: model has ${model.weights.length} weights, rows have ${p} columns`);
  return linearScore(model.weights, model.bias, x, row * p);
}

/** Scores of all rows under θ = (weights, bias); takes p = weights.length columns per row. */
export function scoreRows(rows: Rows, weights: ArrayLike<number>, bias: number): Float64Array {
  const out = new Float64Array(rows.n);
  for (let i = 0; i < rows.n; i++) out[i] = linearScore(weights, bias, rows.x, i * rows.p);
  return out;
}

/**
 * Takes a fitted model and rows; returns the scores of all rows. Throws UsageError when its weights
 * do not match the rows' columns.
 */
export function predictAll(model: LinearModel, rows: Rows): Float64Array {
  if (model.weights.length !== rows.p) throw new UsageError(`predict: model has ${model.weights.length} weights, rows have ${rows.p} columns`);
  return scoreRows(rows, model.weights, model.bias);
}

/**
 * Per group (token), the row index with the highest score (first one on ties), in group order.
 * Without `rows.group` every row is its own group. Requires `group` non-decreasing.
 */
export function groupArgmax(
  scores: Float64Array,
  group: Int32Array | undefined,
  n: number = scores.length,
): Int32Array {
  if (!group) return Int32Array.from({ length: n }, (_, i) => i);
  const best: number[] = [];
  let i = 0;
  while (i < n) {
    const g = group[i];
    let arg = i;
    for (i++; i < n && group[i] === g; i++) if (scores[i] > scores[arg]) arg = i;
    best.push(arg);
  }
  return Int32Array.from(best);
}

/** Share of groups (tokens) whose argmax row is the same under both score vectors. */
export function argmaxAgreement(a: Float64Array, b: Float64Array, group: Int32Array): number {
  const ga = groupArgmax(a, group);
  const gb = groupArgmax(b, group);
  let same = 0;
  for (let k = 0; k < ga.length; k++) if (ga[k] === gb[k]) same++;
  return ga.length === 0 ? 1 : same / ga.length;
}

/** Share of groups whose argmax row has target y > 0.5 (per-token accuracy of picking the gold candidate). */
export function argmaxAccuracy(scores: Float64Array, rows: Rows): number {
  const best = groupArgmax(scores, rows.group, rows.n);
  let hit = 0;
  for (const i of best) if (rows.y[i] > 0.5) hit++;
  return best.length === 0 ? 0 : hit / best.length;
}

/** Cosine similarity of two weight vectors (0 when either is all zero). */
export function cosine(a: Float64Array, b: Float64Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let j = 0; j < a.length; j++) {
    ab += a[j] * b[j];
    aa += a[j] * a[j];
    bb += b[j] * b[j];
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}
