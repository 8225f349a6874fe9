/**
 * The stage-one counting kernel (Algorithm 1: β*_jk = Σ_i x_ij y_ik over D1's gold tokens).
 * For one group (word kind × context) and a slice of its primary key (the word id for word
 * groups, the context id for base-rate groups), the gold rows are ordered by (word, context)
 * with two stable counting sorts; each run of equal (word, context) is one level-one context
 * of β* (its marginal = the run's weight), and each target's values in the run are counted in
 * a dense array and emitted in ascending order. Output is sorted, so canonical, by construction.
 * Slices are contiguous key ranges: concatenated in order they give the whole group.
 *
 * A gold row is a token's gold label, weighing 1; a token with several gold labels has a row for
 * each, weighing its share in units of 1/goldUnit (features/gold-rows.ts: every count is then in
 * those units, every row of a single-label token weighs goldUnit).
 */
import { NONE, groupIndex, type GroupBlock } from './beta.js';
import { N_TARGETS, contextArray, type EncodedCorpus } from './encode.js';
import { LABEL_ID_OFFSET } from './neighbours.js';
import { isLocalTemplate, targetIndex, type Context, type Template } from './templates.js';
import { RunCounter, ints, uints } from './tally-runs.js';

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
    if (!isLocalTemplate(t)) continue;
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
  const [tokenP, pRange] = primaryOf(enc, spec, sizes);
  const tokenS = spec.word === 'word' ? contextArray(enc, spec.context) : null;
  // keys by gold row (a token's own row is its number; extra rows follow)
  const P = tokenP && byRow(enc, tokenP, 'rowPrimary');
  const S = tokenS && byRow(enc, tokenS, 'rowSecondary');
  const order = sortedGoldRows(enc, P, S, lo, Math.min(hi, pRange), ctxRange(spec.context, sizes));
  const n = order.length;
  const vals = gatherValues(enc, order, spec.targets);
  const runs = new RunCounter(spec.targets, sizes, vals, n, gatherWeights(enc, order));
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
 * A token-indexed array extended to gold rows: the extra rows (EncodedCorpus.moreGold) take their token's value.
 * Without extra rows, the array itself; with them, the named scratch array (valid until its next use; entries
 * past the last row left as they were).
 */
function byRow(enc: EncodedCorpus, keys: Int32Array, scratch: 'rowPrimary' | 'rowSecondary'): Int32Array {
  const more = enc.moreGold;
  if (!more) return keys;
  const out = ints(scratch, enc.nTokens + more.token.length);
  out.set(keys.subarray(0, enc.nTokens));
  for (let j = 0; j < more.token.length; j++) out[enc.nTokens + j] = keys[more.token[j]];
  return out;
}

/**
 * Takes a group's primary key array P by gold row (null: every gold row, kept when lo is 0 and hi > 0), its
 * secondary key array S (or null) and S's range; gives the gold rows of weight > 0 with a primary key in [lo, hi),
 * stably sorted by (P, S).
 */
function sortedGoldRows(
  enc: EncodedCorpus, P: Int32Array | null, S: Int32Array | null, lo: number, hi: number, sRange: number,
): Int32Array {
  const { gold, goldWeight: weight, nTokens } = enc;
  const nRows = nTokens + (enc.moreGold?.token.length ?? 0);
  let n = 0;
  const all = ints('all', nRows);
  for (let i = 0; i < nRows; i++) {
    if ((i < nTokens && gold[i * N_TARGETS] < 0) || (weight && weight[i] === 0)) continue;
    if (P === null ? lo === 0 && hi > 0 : P[i] >= lo && P[i] < hi) all[n++] = i;
  }
  let order: Int32Array = all.subarray(0, n);
  if (S) order = countingSort(order, S, 0, sRange);
  if (P) order = countingSort(order, P, lo, hi - lo);
  return order;
}

/** Takes the sorted gold rows and the target indices; gives their value ids (a row a gold row, a column a target). */
function gatherValues(enc: EncodedCorpus, order: Int32Array, targets: readonly number[]): Int32Array {
  const { gold, nTokens } = enc;
  const more = enc.moreGold?.gold;
  const n = order.length;
  const nt = targets.length;
  const vals = ints('vals', n * nt);
  for (let r = 0; r < n; r++) {
    const row = order[r];
    const src = row < nTokens ? gold : more!;
    const g0 = (row < nTokens ? row : row - nTokens) * N_TARGETS;
    for (let ti = 0; ti < nt; ti++) vals[r * nt + ti] = src[g0 + targets[ti]];
  }
  return vals;
}

/** The weights of the sorted gold rows (null: every row weighs 1). */
function gatherWeights(enc: EncodedCorpus, order: Int32Array): Uint32Array | null {
  const w = enc.goldWeight;
  if (!w) return null;
  const out = uints('weight', order.length);
  for (let r = 0; r < order.length; r++) out[r] = w[order[r]];
  return out;
}

/** Counts every group of a template list over a whole encoding (in this thread). */
export function countAll(enc: EncodedCorpus, templates: readonly Template[], sizes: IdSizes): GroupBlock[] {
  return groupSpecs(templates).map((spec) => countGroup(enc, spec, 0, Number.MAX_SAFE_INTEGER, sizes));
}
