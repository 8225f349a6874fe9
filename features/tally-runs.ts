/**
 * The output side of the stage-one counting kernel (features/tally.ts): the scratch arrays reused
 * across calls in one thread, and the run counter that turns sorted gold rows into a group's block.
 */
import { UsageError } from '../src/errors.js';
import { VALUE_LIMIT, type GroupBlock } from './beta.js';
import type { IdSizes } from './tally.js';

/** The names of the scratch arrays of signed ids, and of unsigned counts. */
type IntScratch = 'all' | 'vals' | 'word' | 'ctx' | 'key' | 'rowPrimary' | 'rowSecondary';
type UintScratch = 'marginal' | 'runEnd' | 'count' | 'weight';

/*
 * Scratch reused across calls in one thread (fresh memory costs page faults: measured, the
 * first pass in a new thread ran ~1.7× slower while it allocated its outputs afresh): the token
 * list, the gathered values, a group's two keys by gold row (a corpus with several gold labels on a
 * token), the outputs before they are cut to size, and per target a counter array that is all zeros
 * between calls (every counter raised in a run is reset when emitted).
 */
const scratch: Record<IntScratch, Int32Array> & Record<UintScratch, Uint32Array> = {
  all: new Int32Array(0),
  vals: new Int32Array(0),
  word: new Int32Array(0),
  ctx: new Int32Array(0),
  key: new Int32Array(0),
  rowPrimary: new Int32Array(0),
  rowSecondary: new Int32Array(0),
  marginal: new Uint32Array(0),
  runEnd: new Uint32Array(0),
  count: new Uint32Array(0),
  weight: new Uint32Array(0),
};
const counterScratch: Uint32Array[] = [];

/**
 * Takes a scratch array's name and the length needed; gives that thread-wide array, at least that long (grown
 * afresh when shorter, its contents then lost; else as the last call left it). It stays valid until the next call
 * with the same name.
 */
export function ints(name: IntScratch, n: number): Int32Array {
  if (scratch[name].length < n) scratch[name] = new Int32Array(Math.ceil(n * 1.25));
  return scratch[name];
}

/** As {@link ints}, for the scratch arrays of unsigned counts. */
export function uints(name: UintScratch, n: number): Uint32Array {
  if (scratch[name].length < n) scratch[name] = new Uint32Array(Math.ceil(n * 1.25));
  return scratch[name];
}

function counter(target: number, size: number): Uint32Array {
  let c = counterScratch[target];
  if (!c || c.length < size) counterScratch[target] = c = new Uint32Array(size);
  return c;
}

/**
 * The output of one countGroup call, filled run by run: each run of equal (word, context) rows adds one context
 * and, per target, its values' counts in ascending value order. The arrays are at their upper bounds (contexts ≤
 * tokens, entries ≤ tokens × targets) and cut in block().
 */
export class RunCounter {
  private readonly nt: number;
  private readonly bases: Int32Array;
  /** Per target, a counter a value, all zero between runs. */
  private readonly counters: Uint32Array[];
  /** The values a run raised a counter of, in first-seen order, then sorted. */
  private readonly touched: Int32Array;
  private readonly oWord: Int32Array;
  private readonly oCtx: Int32Array;
  private readonly oMarginal: Uint32Array;
  private readonly oRunEnd: Uint32Array;
  private readonly oKey: Int32Array;
  private readonly oCount: Uint32Array;
  private nc = 0;
  private ne = 0;

  /**
   * Takes the target indices, the id sizes, the gathered values (a row a gold row), the number of rows and their
   * weights (null: 1 each); throws UsageError for a target of more than VALUE_LIMIT values.
   */
  constructor(
    private readonly targets: readonly number[], sizes: IdSizes, private readonly vals: Int32Array, n: number,
    private readonly weights: Uint32Array | null,
  ) {
    this.counters = targets.map((t) => {
      if (sizes.values[t] > VALUE_LIMIT) throw new UsageError(`more than ${VALUE_LIMIT} values for target ${t}`);
      return counter(t, sizes.values[t]);
    });
    const nt = (this.nt = targets.length);
    this.touched = new Int32Array(Math.max(1, n));
    this.oWord = ints('word', n);
    this.oCtx = ints('ctx', n);
    this.oMarginal = uints('marginal', n);
    this.oRunEnd = uints('runEnd', n);
    this.oKey = ints('key', n * nt);
    this.oCount = uints('count', n * nt);
    this.bases = Int32Array.from(targets, (t) => t * VALUE_LIMIT);
  }

  /** Takes a run of rows [a, b) and its word and context ids; adds its context and its entries. */
  add(word: number, ctx: number, a: number, b: number): void {
    const nc = this.nc;
    this.oWord[nc] = word;
    this.oCtx[nc] = ctx;
    const w = this.weights;
    let marginal = b - a;
    if (w) {
      marginal = 0;
      for (let r = a; r < b; r++) marginal += w[r];
    }
    this.oMarginal[nc] = marginal;
    // A context seen once (most bigrams): one entry per target, count 1 (the row's weight).
    if (b === a + 1) this.addSingle(a);
    else for (let ti = 0; ti < this.nt; ti++) this.addTarget(a, b, ti);
    this.oRunEnd[nc] = this.ne;
    this.nc = nc + 1;
  }

  /** Takes a run of one row a; adds one entry per target, count 1 (the row's weight). */
  private addSingle(a: number): void {
    const { nt, bases, vals, oKey, oCount } = this;
    const w = this.weights ? this.weights[a] : 1;
    let ne = this.ne;
    for (let ti = 0; ti < nt; ti++) {
      oKey[ne] = bases[ti] + vals[a * nt + ti];
      oCount[ne++] = w;
    }
    this.ne = ne;
  }

  /** Takes a run of rows [a, b) and a target's column ti; adds its values' counts ascending, resets its counter. */
  private addTarget(a: number, b: number, ti: number): void {
    const { nt, vals, touched, oKey, oCount } = this;
    const cnt = this.counters[ti];
    const w = this.weights;
    let m = 0;
    if (w)
      for (let r = a; r < b; r++) {
        const v = vals[r * nt + ti];
        if (cnt[v] === 0) touched[m++] = v;
        cnt[v] += w[r];
      }
    else
      for (let r = a; r < b; r++) {
        const v = vals[r * nt + ti];
        if (cnt[v]++ === 0) touched[m++] = v;
      }
    sortPrefix(touched, m);
    const base = this.bases[ti];
    let ne = this.ne;
    for (let x = 0; x < m; x++) {
      const v = touched[x];
      oKey[ne] = base + v;
      oCount[ne++] = cnt[v];
      cnt[v] = 0;
    }
    this.ne = ne;
  }

  /** Takes the group index; gives the group's block, its arrays cut to size. */
  block(group: number): GroupBlock {
    const { nc, ne } = this;
    return {
      group, targets: [...this.targets],
      word: this.oWord.slice(0, nc), ctx: this.oCtx.slice(0, nc), marginal: this.oMarginal.slice(0, nc),
      runEnd: this.oRunEnd.slice(0, nc), key: this.oKey.slice(0, ne), count: this.oCount.slice(0, ne),
    };
  }
}

/** Takes an array and a length m; sorts its first m numbers ascending in place (insertion sort for a few). */
function sortPrefix(a: Int32Array, m: number): void {
  if (m > 16) a.subarray(0, m).sort();
  else
    for (let x = 1; x < m; x++) {
      const v = a[x];
      let y = x - 1;
      while (y >= 0 && a[y] > v) {
        a[y + 1] = a[y];
        y--;
      }
      a[y + 1] = v;
    }
}
