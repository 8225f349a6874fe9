/**
 * The part of feature extraction that depends on a token's candidate list only, not on its
 * context: for every target a template reads, the distinct value ids among the candidates,
 * sorted ascending (so that a run of β* is walked once, forward), and each candidate's slot
 * among them. features/extract.ts builds it per token into scratch arrays; a candidate list
 * that cannot change (a frozen array, as the tagger's word cache shares between every token
 * of a word) gets a compact copy kept beside it, so the work is done once per word type.
 */
import type { Candidate } from '../src/corpus/types.js';
import { N_TARGETS } from './encode.js';

/**
 * Distinct value ids per target and each candidate's slot among them. Value x of target t is
 * `uniq[t * stride + x]` (x < nUniq[t], ascending); candidate k's value of t is slot
 * `slot[k * N_TARGETS + t]`. Targets no template reads are left unset.
 */
export interface CandidatePlan {
  /** A positive number unique to a kept plan (its values may be memoized, features/group-memo.ts); 0 for scratch. */
  id: number;
  stride: number;
  uniq: Int32Array;
  slot: Int32Array;
  nUniq: Int32Array;
}

/** Scratch space for building plans; grows with the largest candidate list seen. */
export class PlanScratch implements CandidatePlan {
  readonly id = 0;
  stride = 0;
  uniq = new Int32Array(0);
  slot = new Int32Array(0);
  readonly nUniq = new Int32Array(N_TARGETS);
  private remap = new Int32Array(0);
  private perm = new Int32Array(0);

  /** Room for K candidates. */
  reserve(K: number): void {
    if (K <= this.stride) return;
    let cap = Math.max(16, this.stride);
    while (cap < K) cap *= 2;
    this.stride = cap;
    this.uniq = new Int32Array(cap * N_TARGETS);
    this.slot = new Int32Array(cap * N_TARGETS);
    this.remap = new Int32Array(cap);
    this.perm = new Int32Array(cap);
  }

  /**
   * Fills this scratch with the plan of `candidates` for the targets `used`, reading each
   * candidate's value ids (TARGETS order) from `valueIds`, each array read before the next call
   * (so `valueIds` may hand out one scratch array). Returns this.
   */
  build(candidates: readonly Candidate[], used: Int32Array, valueIds: (c: Candidate) => Int32Array): this {
    const K = candidates.length;
    this.reserve(K);
    const { stride, uniq, slot, nUniq } = this;
    for (let u = 0; u < used.length; u++) nUniq[used[u]] = 0;
    for (let k = 0; k < K; k++) {
      const ids = valueIds(candidates[k]);
      for (let u = 0; u < used.length; u++) {
        const t = used[u];
        const v = ids[t];
        const base = t * stride;
        const n = nUniq[t];
        let x = 0;
        while (x < n && uniq[base + x] !== v) x++;
        if (x === n) {
          uniq[base + x] = v;
          nUniq[t] = n + 1;
        }
        slot[k * N_TARGETS + t] = x;
      }
    }
    for (let u = 0; u < used.length; u++) this.sortTarget(used[u], K);
    return this;
  }

  /** Sorts target t's distinct values ascending (insertion sort: a few values) and remaps the slots. */
  private sortTarget(t: number, K: number): void {
    const { uniq, slot, remap, perm } = this;
    const n = this.nUniq[t];
    const base = t * this.stride;
    let sorted = true;
    for (let x = 1; x < n && sorted; x++) if (uniq[base + x - 1] > uniq[base + x]) sorted = false;
    if (sorted) return;
    for (let x = 0; x < n; x++) remap[x] = x;
    for (let x = 1; x < n; x++) {
      const v = uniq[base + x];
      const r = remap[x];
      let y = x - 1;
      while (y >= 0 && uniq[base + y] > v) {
        uniq[base + y + 1] = uniq[base + y];
        remap[y + 1] = remap[y];
        y--;
      }
      uniq[base + y + 1] = v;
      remap[y + 1] = r;
    }
    for (let x = 0; x < n; x++) perm[remap[x]] = x;
    for (let k = 0; k < K; k++) slot[k * N_TARGETS + t] = perm[slot[k * N_TARGETS + t]];
  }

  /** A compact copy of the plan just built for K candidates (stride K), to keep under the id `id` (> 0). */
  copy(K: number, id: number): CandidatePlan {
    const stride = Math.max(1, K);
    const uniq = new Int32Array(stride * N_TARGETS);
    // plain loops: a subarray per target would allocate a view each
    const from = this.uniq;
    for (let t = 0; t < N_TARGETS; t++) {
      const src = t * this.stride;
      const dst = t * stride;
      for (let x = 0, n = Math.min(this.nUniq[t], stride); x < n; x++) uniq[dst + x] = from[src + x];
    }
    return { id, stride, uniq, slot: this.slot.slice(0, K * N_TARGETS), nUniq: this.nUniq.slice() };
  }
}
