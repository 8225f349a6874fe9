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
  const gold = enc.gold;
  let n = 0;
  const all = ints('all', enc.nTokens);
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
    return counter(t, sizes.values[t]);
  });
  // The gold values of the counted targets, gathered in sorted order (row r = token order[r]).
  const vals = ints('vals', n * nt);
  for (let r = 0; r < n; r++) {
    const g0 = order[r] * N_TARGETS;
    for (let ti = 0; ti < nt; ti++) vals[r * nt + ti] = gold[g0 + targets[ti]];
  }
  const touched = new Int32Array(Math.max(1, n));
  // Outputs at their upper bounds (contexts ≤ tokens, entries ≤ tokens × targets), cut at the end.
  const oWord = ints('word', n);
  const oCtx = ints('ctx', n);
  const oMarginal = uints('marginal', n);
  const oRunEnd = uints('runEnd', n);
  const oKey = ints('key', n * nt);
  const oCount = uints('count', n * nt);
  const bases = Int32Array.from(targets, (t) => t * VALUE_LIMIT);
  const wordGroup = spec.word === 'word';
  let nc = 0;
  let ne = 0;
  let a = 0;
  while (a < n) {
    const i0 = order[a];
    const p0 = P ? P[i0] : NONE;
    const s0 = S ? S[i0] : NONE;
    let b = a + 1;
    while (b < n && (P ? P[order[b]] === p0 : true) && (S ? S[order[b]] === s0 : true)) b++;
    oWord[nc] = wordGroup ? p0 : NONE;
    oCtx[nc] = wordGroup ? s0 : p0;
    oMarginal[nc] = b - a;
    if (b === a + 1) {
      // A context seen once (most bigrams): one entry per target, count 1.
      for (let ti = 0; ti < nt; ti++) {
        oKey[ne] = bases[ti] + vals[a * nt + ti];
        oCount[ne++] = 1;
      }
    } else
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
        const base = bases[ti];
        for (let x = 0; x < m; x++) {
          const v = touched[x];
          oKey[ne] = base + v;
          oCount[ne++] = cnt[v];
          cnt[v] = 0;
        }
      }
    oRunEnd[nc++] = ne;
    a = b;
  }
  return {
    group: spec.group, targets: [...targets],
    word: oWord.slice(0, nc), ctx: oCtx.slice(0, nc), marginal: oMarginal.slice(0, nc),
    runEnd: oRunEnd.slice(0, nc), key: oKey.slice(0, ne), count: oCount.slice(0, ne),
  };
}

/** Counts every group of a template list over a whole encoding (in this thread). */
export function countAll(enc: EncodedCorpus, templates: readonly Template[], sizes: IdSizes): GroupBlock[] {
  return groupSpecs(templates).map((spec) => countGroup(enc, spec, 0, Number.MAX_SAFE_INTEGER, sizes));
}
