/**
 * Column standardization for the solvers, and folding a model fitted on standardized columns back
 * into weights that apply to the raw features (so a saved θ never needs the scaling).
 */
import { validateRows, type Rows } from './types.js';

/** Rows with every column centered to mean 0 and scaled to unit standard deviation, plus the mean and scale used. */
export interface StandardizedRows {
  rows: Rows;
  /** Column means of the raw rows. */
  mean: Float64Array;
  /** Column standard deviations of the raw rows (population); 1 for constant columns, which become all 0. */
  scale: Float64Array;
}

/**
 * Standardizes the columns of `rows` into a new x (y and group are shared, not copied).
 * Throws UsageError on empty rows, p = 0 or non-finite values.
 */
export function standardize(rows: Rows): StandardizedRows {
  validateRows(rows);
  const { x, n, p } = rows;
  const mean = new Float64Array(p);
  const scale = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    const off = i * p;
    for (let j = 0; j < p; j++) mean[j] += x[off + j];
  }
  for (let j = 0; j < p; j++) mean[j] /= n;
  for (let i = 0; i < n; i++) {
    const off = i * p;
    for (let j = 0; j < p; j++) {
      const d = x[off + j] - mean[j];
      scale[j] += d * d;
    }
  }
  for (let j = 0; j < p; j++) {
    const sd = Math.sqrt(scale[j] / n);
    scale[j] = sd > 1e-12 * (Math.abs(mean[j]) + 1) ? sd : 1;
  }
  const z = new Float64Array(n * p);
  for (let i = 0; i < n; i++) {
    const off = i * p;
    for (let j = 0; j < p; j++) z[off + j] = (x[off + j] - mean[j]) / scale[j];
  }
  const out: Rows = { x: z, y: rows.y, n, p };
  if (rows.group) out.group = rows.group;
  return { rows: out, mean, scale };
}

/**
 * Folds standardization back: given weights/bias fitted on (x − mean) / scale, returns the weights and
 * bias giving the same scores on raw x: w_raw = w / scale, b_raw = b − Σ w_j mean_j / scale_j.
 */
export function unstandardize(
  weights: Float64Array,
  bias: number,
  mean: Float64Array,
  scale: Float64Array,
): { weights: Float64Array; bias: number } {
  const raw = new Float64Array(weights.length);
  let b = bias;
  for (let j = 0; j < weights.length; j++) {
    raw[j] = weights[j] / scale[j];
    b -= raw[j] * mean[j];
  }
  return { weights: raw, bias: b };
}
