/**
 * A sparse multinomial logistic regression over hashed feature buckets, P(class | row) ∝
 * exp Σ_f w[f, class], fitted by AdaGrad on the log-loss with an L2 penalty, the rows in a
 * seeded random order each epoch: the case pass's classifier (training/case-fit.ts). A row has
 * a few dozen features out of millions of buckets, which the dense solvers of ml-matrix and
 * ml-svm are not made for. Weights are float32, as a model stores them.
 */
import { UsageError } from '../src/errors.js';
import { Rng } from '../src/random.js';

/** Options of the fit. */
export interface LogitOptions {
  seed: number;
  /** Passes over the rows. */
  epochs: number;
  /** The L2 penalty per weight and row. */
  l2: number;
  /** AdaGrad's base step. */
  rate: number;
}

/** A row of the multinomial model: its buckets and its class. */
export interface ClassRow {
  buckets: Int32Array;
  y: number;
}

/** Fitted weights: the buckets that have any, and `width` weights per bucket. */
export interface BucketWeights {
  keys: Uint32Array;
  weights: Float32Array;
}

function checkOptions(o: LogitOptions): void {
  if (!(o.epochs >= 1 && o.l2 >= 0 && o.rate > 0)) throw new UsageError('logit fit: epochs ≥ 1, l2 ≥ 0 and rate > 0 are needed');
}

/** Replaces the buckets of some arrays by dense row numbers (in the order first seen); returns the buckets by row. */
function denseRows(lists: Iterable<Int32Array>, bucketBits: number): number[] {
  const rowOf = new Int32Array(1 << bucketBits).fill(-1);
  const keys: number[] = [];
  for (const list of lists)
    for (let f = 0; f < list.length; f++) {
      const b = list[f];
      if (rowOf[b] < 0) rowOf[b] = keys.push(b) - 1;
      list[f] = rowOf[b];
    }
  return keys;
}

/** One AdaGrad step on weight a with gradient g (the L2 penalty added). */
function step(w: Float32Array, g2: Float32Array, a: number, g: number, o: LogitOptions): void {
  const gg = g + o.l2 * w[a];
  g2[a] += gg * gg;
  w[a] -= (o.rate * gg) / Math.sqrt(g2[a] + 1e-8);
}

/** Runs `epochs` passes over `n` rows in a seeded random order. */
function epochs(n: number, o: LogitOptions, visit: (row: number) => void): void {
  const order = Array.from({ length: n }, (_, i) => i);
  const rng = new Rng(o.seed);
  for (let e = 0; e < o.epochs; e++) {
    rng.shuffle(order);
    for (const r of order) visit(r);
  }
}

/** Fits the multinomial model of `classes` classes. The rows' buckets are overwritten (by row numbers). */
export function fitMultinomial(
  rows: readonly ClassRow[],
  classes: number,
  bucketBits: number,
  o: LogitOptions,
): BucketWeights {
  checkOptions(o);
  const C = classes;
  const keys = denseRows(
    rows.map((r) => r.buckets),
    bucketBits,
  );
  const w = new Float32Array(keys.length * C);
  const g2 = new Float32Array(keys.length * C);
  const p = new Float64Array(C);
  epochs(rows.length, o, (ri) => {
    const { buckets: f, y } = rows[ri];
    let max = -Infinity;
    for (let k = 0; k < C; k++) {
      let z = 0;
      for (let j = 0; j < f.length; j++) z += w[f[j] * C + k];
      p[k] = z;
      if (z > max) max = z;
    }
    let sum = 0;
    for (let k = 0; k < C; k++) sum += p[k] = Math.exp(p[k] - max);
    for (let k = 0; k < C; k++) {
      const g = p[k] / sum - (k === y ? 1 : 0);
      for (let j = 0; j < f.length; j++) step(w, g2, f[j] * C + k, g, o);
    }
  });
  return { keys: Uint32Array.from(keys), weights: w };
}
