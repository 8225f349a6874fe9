/**
 * Seeded synthetic rows shaped like stage two's problem, for the solver tests.
 * Each group (token) has 2–22 candidate rows (mean ≈ 12), exactly one positive (y = 1). Features are
 * log1p of Poisson counts whose rates share a per-token frequency and a per-candidate quality, so the
 * columns are correlated and count-like, and the positive row has higher means on most columns.
 */
import { seededUint32 } from '../training/solvers/common.js';
import type { Rows } from '../training/solvers/types.js';

/** Options of syntheticRows. */
export interface SyntheticOptions {
  /** Number of rows wanted (the last group is cut to fit exactly). */
  n: number;
  /** Number of feature columns. */
  p: number;
  seed: number;
  /** Mean candidates per token. */
  candidates?: number;
}

/** Uniform doubles in [0, 1) from a seed. */
export function seededUniform(seed: number): () => number {
  const next = seededUint32(seed);
  return () => (next() + 0.5) / 4294967296;
}

function normal(u: () => number): number {
  return Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

function poisson(rate: number, u: () => number): number {
  if (rate > 40) return Math.max(0, Math.round(rate + Math.sqrt(rate) * normal(u)));
  const limit = Math.exp(-rate);
  let k = 0;
  let prod = u();
  while (prod > limit) {
    k++;
    prod *= u();
  }
  return k;
}

/** Generates `n` rows × `p` columns with groups; same options → identical rows. */
export function syntheticRows(opts: SyntheticOptions): Rows {
  const { n, p, seed } = opts;
  const mean = opts.candidates ?? 12;
  const u = seededUniform(seed);
  // Per-column traits: base rate, how much the column tracks token frequency and candidate quality.
  const base = new Float64Array(p);
  const freqLoad = new Float64Array(p);
  const qualLoad = new Float64Array(p);
  for (let j = 0; j < p; j++) {
    base[j] = 0.2 + 3 * u();
    freqLoad[j] = 0.3 + 0.7 * u();
    qualLoad[j] = u() < 0.25 ? 0.1 * normal(u) : 0.2 + 0.8 * u(); // a quarter of the columns carry little signal
  }
  const x = new Float64Array(n * p);
  const y = new Float64Array(n);
  const group = new Int32Array(n);
  let i = 0;
  let g = 0;
  while (i < n) {
    const size = Math.min(n - i, 2 + Math.floor(u() * 2 * (mean - 2) + 0.5));
    const gold = Math.floor(u() * size);
    const freq = normal(u); // token frequency on a log scale
    for (let k = 0; k < size; k++, i++) {
      const quality = (k === gold ? 2 : 0) + 0.6 * normal(u);
      for (let j = 0; j < p; j++) {
        const rate = base[j] * Math.exp(freqLoad[j] * freq + qualLoad[j] * quality + 0.3 * normal(u));
        x[i * p + j] = Math.log1p(poisson(rate, u));
      }
      y[i] = k === gold ? 1 : 0;
      group[i] = g;
    }
    g++;
  }
  return { x, y, n, p, group };
}

/** Row-major rows as arrays of arrays (for libsvm-js). */
export function toArrays(rows: Rows): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < rows.n; i++) out.push(Array.from(rows.x.subarray(i * rows.p, (i + 1) * rows.p)));
  return out;
}
