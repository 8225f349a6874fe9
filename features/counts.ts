/**
 * β*: the stage-one count tables. An open-addressing hash table keyed by 64-bit keys (see
 * features/hash.ts), with linear probing in one interleaved Uint32Array of slots
 * [keyHi, keyLo, count] (one cache line per probe instead of three arrays), power-of-two
 * capacity, growth when the load passes MAX_LOAD. A slot with count 0 is empty, so counts
 * are ≥ 1 and `add(…, 0)` is a no-op.
 *
 * The home slot of a key is the top bits of keyHi. Hence a scan of the slots meets keys in
 * nearly ascending order, which makes the canonical (sorted) export, the load from sorted
 * buffers and merging sequential in memory.
 */
import { ModelFormatError, UsageError } from '../src/errors.js';

/** Growth threshold (size / capacity). */
export const MAX_LOAD = 0.7;
const MIN_CAPACITY = 16;
const STRIDE = 3;

/** Flat, canonical form of a table: entries sorted by (keyHi, keyLo), unsigned. */
export interface CountBuffers {
  keyHi: Uint32Array;
  keyLo: Uint32Array;
  counts: Uint32Array;
}

/** The raw slot array of a table, for moving a table between threads without rehashing. */
export interface RawCountTable {
  slots: Uint32Array;
  size: number;
}

function log2(n: number): number {
  return 31 - Math.clz32(n);
}

/** Smallest power-of-two capacity that holds n keys within MAX_LOAD. */
export function capacityFor(n: number): number {
  let cap = MIN_CAPACITY;
  while (n > cap * MAX_LOAD) cap *= 2;
  return cap;
}

export class CountTable {
  private slots: Uint32Array;
  private cap: number;
  private shift: number;
  private limit: number;
  private count = 0;

  /** An empty table with room for `expected` keys before it grows. */
  constructor(expected = 0) {
    this.cap = capacityFor(expected);
    this.slots = new Uint32Array(this.cap * STRIDE);
    this.shift = 32 - log2(this.cap);
    this.limit = Math.floor(this.cap * MAX_LOAD);
  }

  /** Number of distinct keys. */
  get size(): number {
    return this.count;
  }

  /** Number of slots. */
  get capacity(): number {
    return this.cap;
  }

  /** Bytes held by the slot array. */
  get byteLength(): number {
    return this.slots.byteLength;
  }

  /** Adds n (a non-negative integer) to the count of key (hi, lo). */
  add(hi: number, lo: number, n: number): void {
    if (n === 0) return;
    hi >>>= 0;
    lo >>>= 0;
    const s = this.slots;
    const mask = this.cap - 1;
    let i = hi >>> this.shift;
    for (;;) {
      const p = i * STRIDE;
      const c = s[p + 2];
      if (c === 0) {
        if (this.count >= this.limit) {
          this.grow();
          this.add(hi, lo, n);
          return;
        }
        s[p] = hi;
        s[p + 1] = lo;
        s[p + 2] = n;
        this.count++;
        return;
      }
      if (s[p] === hi && s[p + 1] === lo) {
        s[p + 2] = c + n;
        return;
      }
      i = (i + 1) & mask;
    }
  }

  /** The count of key (hi, lo); 0 when absent. */
  get(hi: number, lo: number): number {
    const s = this.slots;
    const mask = this.cap - 1;
    hi >>>= 0;
    lo >>>= 0;
    let i = hi >>> this.shift;
    for (;;) {
      const p = i * STRIDE;
      const c = s[p + 2];
      if (c === 0) return 0;
      if (s[p] === hi && s[p + 1] === lo) return c;
      i = (i + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    const oldCap = this.cap;
    this.cap = oldCap * 2;
    this.slots = new Uint32Array(this.cap * STRIDE);
    this.shift = 32 - log2(this.cap);
    this.limit = Math.floor(this.cap * MAX_LOAD);
    this.count = 0;
    for (let i = 0; i < oldCap; i++) {
      const p = i * STRIDE;
      if (old[p + 2] !== 0) this.add(old[p], old[p + 1], old[p + 2]);
    }
  }

  /** Adds every count of `other` into this table. */
  merge(other: CountTable): void {
    const o = other.slots;
    const n = other.cap * STRIDE;
    for (let p = 0; p < n; p += STRIDE) if (o[p + 2] !== 0) this.add(o[p], o[p + 1], o[p + 2]);
  }

  /** Calls f for every entry, in slot order. */
  forEach(f: (hi: number, lo: number, count: number) => void): void {
    const s = this.slots;
    const n = this.cap * STRIDE;
    for (let p = 0; p < n; p += STRIDE) if (s[p + 2] !== 0) f(s[p], s[p + 1], s[p + 2]);
  }

  /**
   * The entries as flat arrays sorted by (keyHi, keyLo): the same bytes whatever the
   * insertion order, number of workers or capacity.
   */
  toBuffers(): CountBuffers {
    const n = this.count;
    const keyHi = new Uint32Array(n);
    const keyLo = new Uint32Array(n);
    const counts = new Uint32Array(n);
    const s = this.slots;
    // Keys that wrapped from the end of the table to its start belong at the end.
    let firstEmpty = 0;
    while (firstEmpty < this.cap && s[firstEmpty * STRIDE + 2] !== 0) firstEmpty++;
    let k = 0;
    const wrapped: number[] = [];
    for (let i = 0; i < this.cap; i++) {
      const p = i * STRIDE;
      if (s[p + 2] === 0) continue;
      if (i < firstEmpty && s[p] >>> this.shift > i) {
        wrapped.push(p);
        continue;
      }
      keyHi[k] = s[p];
      keyLo[k] = s[p + 1];
      counts[k] = s[p + 2];
      k++;
    }
    for (const p of wrapped) {
      keyHi[k] = s[p];
      keyLo[k] = s[p + 1];
      counts[k] = s[p + 2];
      k++;
    }
    insertionSort(keyHi, keyLo, counts);
    return { keyHi, keyLo, counts };
  }

  /** Builds a table from buffers (any order; sorted buffers load fastest). */
  static fromBuffers(b: CountBuffers): CountTable {
    const n = b.keyHi.length;
    if (b.keyLo.length !== n || b.counts.length !== n)
      throw new ModelFormatError(`count buffers disagree in length (${n}, ${b.keyLo.length}, ${b.counts.length})`);
    const t = new CountTable(n);
    const { keyHi, keyLo, counts } = b;
    for (let i = 0; i < n; i++) {
      if (counts[i] === 0) throw new ModelFormatError(`count buffers hold a zero count at entry ${i}`);
      t.add(keyHi[i], keyLo[i], counts[i]);
    }
    if (t.size !== n) throw new ModelFormatError(`count buffers repeat keys (${n - t.size} duplicates)`);
    return t;
  }

  /** The slot array itself (no copy), e.g. to hand to another thread with Piscina.move. */
  toRaw(): RawCountTable {
    return { slots: this.slots, size: this.count };
  }

  /** Adopts a slot array made by {@link toRaw} (no copy, no rehash). */
  static fromRaw(raw: RawCountTable): CountTable {
    const cap = raw.slots.length / STRIDE;
    if (!Number.isInteger(cap) || cap < MIN_CAPACITY || (cap & (cap - 1)) !== 0)
      throw new UsageError(`not a count-table slot array (length ${raw.slots.length})`);
    const t = new CountTable(0);
    t.cap = cap;
    t.slots = raw.slots;
    t.shift = 32 - log2(cap);
    t.limit = Math.floor(cap * MAX_LOAD);
    t.count = raw.size;
    return t;
  }
}

/** Sorts three parallel arrays by (hi, lo); fast on nearly sorted input (inversions only within clusters). */
function insertionSort(hi: Uint32Array, lo: Uint32Array, c: Uint32Array): void {
  for (let i = 1; i < hi.length; i++) {
    const h = hi[i];
    const l = lo[i];
    let j = i - 1;
    if (hi[j] < h || (hi[j] === h && lo[j] < l)) continue;
    const v = c[i];
    while (j >= 0 && (hi[j] > h || (hi[j] === h && lo[j] > l))) {
      hi[j + 1] = hi[j];
      lo[j + 1] = lo[j];
      c[j + 1] = c[j];
      j--;
    }
    hi[j + 1] = h;
    lo[j + 1] = l;
    c[j + 1] = v;
  }
}
