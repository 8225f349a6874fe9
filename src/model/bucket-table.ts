/**
 * The weights of hashed feature buckets (the case pass's: src/model/case-pass.ts), in an
 * open-addressing table whose slot holds a bucket (+1; 0 marks an empty slot, exact in
 * float32 below 2^24) and its row of weights side by side, so that a feature costs one
 * look-up in one place. Read-only after construction.
 */
export class BucketTable {
  private readonly table: Float32Array;
  private readonly mask: number;
  private readonly stride: number;

  /**
   * @param keys the buckets that have weights (each below 2^24), one per row of `weights`
   * @param weights `width` weights per key
   * @param width the weights of a bucket (a row)
   */
  constructor(readonly keys: Uint32Array, readonly weights: Float32Array, readonly width: number) {
    let size = 16;
    // at most two thirds full, so that a look-up probes few slots
    while (size < 1.5 * keys.length) size *= 2;
    this.mask = size - 1;
    this.stride = width + 1;
    this.table = new Float32Array(size * this.stride);
    // one plain loop over locals: it runs once per process, before the code is compiled (a model's
    // start-up waits on it)
    const { table, stride, mask } = this;
    for (let row = 0; row < keys.length; row++) {
      const k = keys[row];
      let at = (Math.imul(k, 0x9e3779b1) >>> 0) & mask;
      while (table[at * stride] !== 0) at = (at + 1) & mask;
      table[at * stride] = k + 1;
      for (let c = 0, from = row * width, to = at * stride + 1; c < width; c++) table[to + c] = weights[from + c];
    }
  }

  private slotOf(bucket: number): number {
    return (Math.imul(bucket, 0x9e3779b1) >>> 0) & this.mask;
  }

  /** Adds the rows of `buckets` (those that have one) into `z` from `at` on. */
  addRows(buckets: ArrayLike<number>, z: Float64Array, at: number): void {
    const { table, stride, width } = this;
    for (let f = 0; f < buckets.length; f++) {
      const want = buckets[f] + 1;
      for (let s = this.slotOf(buckets[f]); ; s = (s + 1) & this.mask) {
        const k = table[s * stride];
        if (k === want) {
          const w = s * stride + 1;
          for (let c = 0; c < width; c++) z[at + c] += table[w + c];
          break;
        }
        if (k === 0) break;
      }
    }
  }
}

/** Writes log softmax of z[at .. at + n) in place, each at least `floor`. */
export function logSoftmaxInPlace(z: Float64Array, at: number, n: number, floor: number): void {
  let max = -Infinity;
  for (let k = at; k < at + n; k++) if (z[k] > max) max = z[k];
  let sum = 0;
  for (let k = at; k < at + n; k++) sum += Math.exp(z[k] - max);
  const log = max + Math.log(sum);
  for (let k = at; k < at + n; k++) z[k] = Math.max(z[k] - log, floor);
}
