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

/** Stable counting sort of idx by keys[idx[i]] - offset over [0, range). */
function countingSort(idx: Int32Array, keys: Int32Array, offset: number, range: number): Int32Array {
  const start = new Int32Array(range + 1);
  for (let i = 0; i < idx.length; i++) start[keys[idx[i]] - offset + 1]++;
  for (let k = 0; k < range; k++) start[k + 1] += start[k];
  const out = new Int32Array(idx.length);
  for (let i = 0; i < idx.length; i++) out[start[keys[idx[i]] - offset]++] = idx[i];
  return out;
}

class Grow {
  a: Int32Array;
  n = 0;
  constructor(cap: number) {
    this.a = new Int32Array(Math.max(16, cap));
  }
  push(x: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = x;
  }
  done(): Int32Array {
    return this.a.slice(0, this.n);
  }
}

/** Counts the gold tokens of `enc` whose primary key is in [lo, hi) for one group. */
export function countGroup(enc: EncodedCorpus, spec: GroupSpec, lo: number, hi: number, sizes: IdSizes): GroupBlock {
  const [P, pRange] = primaryOf(enc, spec, sizes);
  const S = spec.word === 'word' ? contextArray(enc, spec.context) : null;
  const gold = enc.gold;
  let n = 0;
  const all = new Int32Array(enc.nTokens);
  for (let i = 0; i < enc.nTokens; i++) {
    if (gold[i * N_TARGETS] < 0) continue;
    if (P === null ? lo === 0 && hi > 0 : P[i] >= lo && P[i] < hi) all[n++] = i;
  }
  let order: Int32Array = all.subarray(0, n);
  if (S) order = countingSort(order, S, 0, ctxRange(spec.context, sizes));
  if (P) order = countingSort(order, P, lo, Math.min(hi, pRange) - lo);
  const targets = spec.targets;
  const nt = targets.length;
  const counters = targets.map((t) => {
    if (sizes.values[t] > VALUE_LIMIT) throw new UsageError(`more than ${VALUE_LIMIT} values for target ${t}`);
    return new Uint32Array(sizes.values[t]);
  });
  // The gold values of the counted targets, gathered in sorted order (row r = token order[r]).
  const vals = new Int32Array(n * nt);
  for (let r = 0; r < n; r++) {
    const g0 = order[r] * N_TARGETS;
    for (let ti = 0; ti < nt; ti++) vals[r * nt + ti] = gold[g0 + targets[ti]];
  }
  const touched = new Int32Array(Math.max(1, n));
  const word = new Grow(n / 4);
  const ctx = new Grow(n / 4);
  const marginal = new Grow(n / 4);
  const runEnd = new Grow(n / 4);
  const key = new Grow(n * nt);
  const count = new Grow(n * nt);
  let a = 0;
  while (a < n) {
    const i0 = order[a];
    const p0 = P ? P[i0] : NONE;
    const s0 = S ? S[i0] : NONE;
    let b = a + 1;
    while (b < n && (P ? P[order[b]] === p0 : true) && (S ? S[order[b]] === s0 : true)) b++;
    word.push(spec.word === 'word' ? p0 : NONE);
    ctx.push(spec.word === 'word' ? s0 : p0);
    marginal.push(b - a);
    for (let ti = 0; ti < nt; ti++) {
      const cnt = counters[ti];
      let m = 0;
      for (let r = a; r < b; r++) {
        const v = vals[r * nt + ti];
        if (cnt[v]++ === 0) touched[m++] = v;
      }
      if (m > 16) touched.subarray(0, m).sort();
      else
        for (let x = 1; x < m; x++) {
          const v = touched[x];
          let y = x - 1;
          while (y >= 0 && touched[y] > v) {
            touched[y + 1] = touched[y];
            y--;
          }
          touched[y + 1] = v;
        }
      const base = targets[ti] * VALUE_LIMIT;
      for (let x = 0; x < m; x++) {
        const v = touched[x];
        key.push(base + v);
        count.push(cnt[v]);
        cnt[v] = 0;
      }
    }
    runEnd.push(key.n);
    a = b;
  }
  return {
    group: spec.group, targets: [...targets],
    word: word.done(), ctx: ctx.done(), marginal: new Uint32Array(marginal.done().buffer),
    runEnd: new Uint32Array(runEnd.done().buffer), key: key.done(), count: new Uint32Array(count.done().buffer),
  };
}

/** Counts every group of a template list over a whole encoding (in this thread). */
export function countAll(enc: EncodedCorpus, templates: readonly Template[], sizes: IdSizes): GroupBlock[] {
  return groupSpecs(templates).map((spec) => countGroup(enc, spec, 0, Number.MAX_SAFE_INTEGER, sizes));
}
