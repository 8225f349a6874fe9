/**
 * The stage-one counting kernel (Algorithm 1: β*_jk = Σ_i x_ij y_ik over D1's gold tokens).
 * For one group (word kind × context) and a slice of its primary key (the word id for word
 * groups, the context id for base-rate groups), the gold tokens are ordered by (word, context)
 * with two stable counting sorts; each run of equal (word, context) is one level-one context
 * of β* (its marginal = the run's length), and each target's values in the run are counted in
 * a dense array and emitted in ascending order. Output is sorted, so canonical, by construction.
 * Slices are contiguous key ranges: concatenated in order they give the whole group.
 */
import { UsageError } from '../src/errors.js';
import { NONE, VALUE_LIMIT, groupIndex, type GroupBlock } from './beta.js';
import { N_TARGETS, contextArray, type EncodedCorpus } from './encode.js';
import { LABEL_ID_OFFSET } from './neighbours.js';
import { isDocTemplate, targetIndex, type Context, type Template } from './templates.js';

/** A group of local templates: its word kind and context, and the target indices it counts. */
export interface GroupSpec {
  group: number;
  word: 'word' | 'none';
  context: Context;
  /** Target indices, ascending. */
  targets: number[];
}

/** Sizes of the id spaces (vocabulary namespaces) the counting sorts run over. */
export interface IdSizes {
  word: number;
  letter: number;
  /** Per target index: number of value ids. */
  values: number[];
}

/** The groups of a template list, by group index; targets ascending. */
export function groupSpecs(templates: readonly Template[]): GroupSpec[] {
  const groups = new Map<number, GroupSpec>();
  for (const t of templates) {
    if (isDocTemplate(t)) continue;
    const g = groupIndex(t.word, t.context);
    let spec = groups.get(g);
    if (!spec) groups.set(g, (spec = { group: g, word: t.word, context: t.context, targets: [] }));
    spec.targets.push(targetIndex(t.target));
  }
  for (const s of groups.values()) s.targets.sort((a, b) => a - b);
  return [...groups.values()].sort((a, b) => a.group - b.group);
}

function ctxRange(context: Context, sizes: IdSizes): number {
  if (context === 'prevLabel' || context === 'nextLabel') return sizes.values[0] + LABEL_ID_OFFSET;
  return context === 'prevWord' || context === 'nextWord' ? sizes.word : sizes.letter;
}

/** Primary key array and its range (null: the base-rate group without context, one run). */
function primaryOf(enc: EncodedCorpus, spec: GroupSpec, sizes: IdSizes): [Int32Array | null, number] {
  if (spec.word === 'word') return [enc.word, sizes.word];
  const c = contextArray(enc, spec.context);
  return c ? [c, ctxRange(spec.context, sizes)] : [null, 1];
}

/**
 * Bounds of n slices of a group's primary key with about equal numbers of gold tokens:
 * n + 1 ascending numbers from 0 to the key range.
 */
export function sliceBounds(enc: EncodedCorpus, spec: GroupSpec, sizes: IdSizes, n: number): number[] {
  const [P, range] = primaryOf(enc, spec, sizes);
  if (!P) return [0, ...Array(n).fill(1)];
  const hist = new Float64Array(range);
  let total = 0;
  for (let i = 0; i < enc.nTokens; i++)
    if (enc.gold[i * N_TARGETS] >= 0) {
      hist[P[i]]++;
      total++;
    }
  const bounds = [0];
  let acc = 0;
  let key = 0;
  for (let k = 1; k < n; k++) {
    const goal = (total * k) / n;
    while (key < range && acc + hist[key] <= goal) acc += hist[key++];
    bounds.push(key);
  }
  bounds.push(range);
  return bounds;
}

/*
 * Scratch reused across calls in one thread (fresh memory costs page faults: measured, the
 * first pass in a new thread ran ~1.7× slower while it allocated its outputs afresh): the token
 * list, the gathered values, the outputs before they are cut to size, and per target a counter
 * array that is all zeros between calls (every counter raised in a run is reset when emitted).
 */
const scratch: Record<'all' | 'vals' | 'word' | 'ctx' | 'key', Int32Array> &
  Record<'marginal' | 'runEnd' | 'count', Uint32Array> = {
  all: new Int32Array(0),
  vals: new Int32Array(0),
  word: new Int32Array(0),
  ctx: new Int32Array(0),
  key: new Int32Array(0),
  marginal: new Uint32Array(0),
  runEnd: new Uint32Array(0),
  count: new Uint32Array(0),
};
const counterScratch: Uint32Array[] = [];

function ints(name: 'all' | 'vals' | 'word' | 'ctx' | 'key', n: number): Int32Array {
  if (scratch[name].length < n) scratch[name] = new Int32Array(Math.ceil(n * 1.25));
  return scratch[name];
}

function uints(name: 'marginal' | 'runEnd' | 'count', n: number): Uint32Array {
  if (scratch[name].length < n) scratch[name] = new Uint32Array(Math.ceil(n * 1.25));
  return scratch[name];
}

function counter(target: number, size: number): Uint32Array {
  let c = counterScratch[target];
  if (!c || c.length < size) counterScratch[target] = c = new Uint32Array(size);
  return c;
}

/** Stable counting sort of idx by keys[idx[i]] - offset over [0, range). */
function countingSort(idx: Int32Array, keys: Int32Array, offset: number, range: number): Int32Array {
  const start = new Int32Array(range + 1);
  for (let i = 0; i < idx.length; i++) start[keys[idx[i]] - offset + 1]++;
  for (let k = 0; k < range; k++) start[k + 1] += start[k];
  const out = new Int32Array(idx.length);
  for (let i = 0; i < idx.length; i++) out[start[keys[idx[i]] - offset]++] = idx[i];
  return out;
}

/** Counts the gold tokens of `enc` whose primary key is in [lo, hi) for one group. */
export function countGroup(enc: EncodedCorpus, spec: GroupSpec, lo: number, hi: number, sizes: IdSizes): GroupBlock {
  const [P, pRange] = primaryOf(enc, spec, sizes);
  const S = spec.word === 'word' ? contextArray(enc, spec.context) : null;
  const order = sortedGoldTokens(enc, P, S, lo, Math.min(hi, pRange), ctxRange(spec.context, sizes));
  const n = order.length;
  const runs = new RunCounter(spec.targets, sizes, gatherValues(enc.gold, order, spec.targets), n);
  const wordGroup = spec.word === 'word';
  let a = 0;
  while (a < n) {
    const i0 = order[a];
    const p0 = P ? P[i0] : NONE;
    const s0 = S ? S[i0] : NONE;
    let b = a + 1;
    while (b < n && (P ? P[order[b]] === p0 : true) && (S ? S[order[b]] === s0 : true)) b++;
    runs.add(wordGroup ? p0 : NONE, wordGroup ? s0 : p0, a, b);
    a = b;
  }
  return runs.block(spec.group);
}

/**
 * Takes a group's primary key array P (null: every gold token, kept when lo is 0 and hi > 0), its secondary key
 * array S (or null) and S's range; gives the gold tokens with a primary key in [lo, hi), stably sorted by (P, S).
 */
function sortedGoldTokens(
  enc: EncodedCorpus, P: Int32Array | null, S: Int32Array | null, lo: number, hi: number, sRange: number,
): Int32Array {
  const gold = enc.gold;
  let n = 0;
  const all = ints('all', enc.nTokens);
  for (let i = 0; i < enc.nTokens; i++) {
    if (gold[i * N_TARGETS] < 0) continue;
    if (P === null ? lo === 0 && hi > 0 : P[i] >= lo && P[i] < hi) all[n++] = i;
  }
  let order: Int32Array = all.subarray(0, n);
  if (S) order = countingSort(order, S, 0, sRange);
  if (P) order = countingSort(order, P, lo, hi - lo);
  return order;
}

/** Takes the sorted tokens and the target indices; gives their gold values (a row a token, a column a target). */
function gatherValues(gold: Int32Array, order: Int32Array, targets: readonly number[]): Int32Array {
  const n = order.length;
  const nt = targets.length;
  const vals = ints('vals', n * nt);
  for (let r = 0; r < n; r++) {
    const g0 = order[r] * N_TARGETS;
    for (let ti = 0; ti < nt; ti++) vals[r * nt + ti] = gold[g0 + targets[ti]];
  }
  return vals;
}

/**
 * The output of one countGroup call, filled run by run: each run of equal (word, context) rows adds one context
 * and, per target, its values' counts in ascending value order. The arrays are at their upper bounds (contexts ≤
 * tokens, entries ≤ tokens × targets) and cut in block().
 */
class RunCounter {
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
   * Takes the target indices, the id sizes, the gathered values (a row a token) and the number of rows;
   * throws UsageError for a target of more than VALUE_LIMIT values.
   */
  constructor(
    private readonly targets: readonly number[], sizes: IdSizes, private readonly vals: Int32Array, n: number,
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
    this.oMarginal[nc] = b - a;
    // A context seen once (most bigrams): one entry per target, count 1.
    if (b === a + 1) this.addSingle(a);
    else for (let ti = 0; ti < this.nt; ti++) this.addTarget(a, b, ti);
    this.oRunEnd[nc] = this.ne;
    this.nc = nc + 1;
  }

  /** Takes a run of one row a; adds one entry per target, count 1. */
  private addSingle(a: number): void {
    const { nt, bases, vals, oKey, oCount } = this;
    let ne = this.ne;
    for (let ti = 0; ti < nt; ti++) {
      oKey[ne] = bases[ti] + vals[a * nt + ti];
      oCount[ne++] = 1;
    }
    this.ne = ne;
  }

  /** Takes a run of rows [a, b) and a target's column ti; adds its values' counts ascending, resets its counter. */
  private addTarget(a: number, b: number, ti: number): void {
    const { nt, vals, touched, oKey, oCount } = this;
    const cnt = this.counters[ti];
    let m = 0;
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

/** Counts every group of a template list over a whole encoding (in this thread). */
export function countAll(enc: EncodedCorpus, templates: readonly Template[], sizes: IdSizes): GroupBlock[] {
  return groupSpecs(templates).map((spec) => countGroup(enc, spec, 0, Number.MAX_SAFE_INTEGER, sizes));
}
