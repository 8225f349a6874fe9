/**
 * The score of a candidate, ĝ = Σ_j θ_j z_j + b (Shah et al. 2010, equation 6): the one
 * implementation used by the tagger, stage two's temperature fit and the solvers' predictions.
 */

/**
 * θ · x[offset … offset + p) + bias, p = weights.length. Takes the weights, the bias, a
 * row-major matrix of feature values and the offset of the row; returns the score. Reads
 * past nothing: the caller gives an offset with p values after it.
 */
export function linearScore(weights: ArrayLike<number>, bias: number, x: ArrayLike<number>, offset: number): number {
  let s = bias;
  for (let j = 0, p = weights.length; j < p; j++) s += weights[j] * x[offset + j];
  return s;
}
