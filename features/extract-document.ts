/**
 * Feature values for the tokens of one document (see features/extract.ts for the definition).
 * Per token, every column's values are computed once per distinct value of its target among
 * the candidates (a value table: column j, distinct value x), walking β* once per group; then
 *   - `tokenInto` spreads the tables into z rows, z[k·p + j] (what training and evaluation read);
 *   - `scoreInto` gives each candidate's score Σ_j θ_j z_kj + b directly from the tables,
 *     θ_j z multiplied once per distinct value and summed in column order, exactly as
 *     src/model/score.ts sums a z row (the same numbers, bit for bit), without writing z.
 */
/* oxlint-disable max-lines -- one class: the value tables, z rows and scores share the document's state */
import type { Candidate, Document } from '../src/corpus/types.js';
import { UsageError } from '../src/errors.js';
import { NONE, VALUE_LIMIT } from './beta.js';
import type { CandidatePlan } from './candidate-plan.js';
import { PlanScratch } from './candidate-plan.js';
import type { DocContext } from './ztf-values.js';
import { N_TARGETS, contextArray, type EncodedCorpus } from './encode.js';
import { MEMO_CONTEXTS, MEMO_WIDTH } from './group-memo.js';
import type { ExtractGroup } from './extract-plan.js';
import type { FeatureExtractor } from './extract.js';

/** found[gi] of a group whose values came from the memo. */
const DONE = -2;

/** Feature rows (or scores) for the tokens of one document. */
export class DocumentFeatures {
  private readonly ctxArrays: (Int32Array | null)[];
  private readonly scratch = new PlanScratch();
  /** The value tables of the last token: column j's value x at vals[j · stride + x]. */
  private vals = new Float64Array(0);
  /** One candidate's slot per target (scoreInto). */
  private readonly slots = new Int32Array(N_TARGETS);
  /** Per group: where its context is in β* for the current token (-1: nowhere; DONE: values from the memo). */
  private readonly found: Int32Array;
  /**
   * Per group: whether its values are memoized in this document (its context takes few values
   * here); set on first use.
   */
  private memoized: boolean[] | null = null;
  /** Per group: the memo slot its values go to for the current token, or -1. */
  private readonly memoSlot: Int32Array;
  /** A sum of the first entries of the runs about to be walked (read so that they are loaded together). */
  private touched = 0;

  constructor(
    private readonly fx: FeatureExtractor,
    readonly doc: Document,
    /** The document's encoding (lookup mode). */
    readonly enc: EncodedCorpus,
    private readonly docCtx: DocContext | null,
  ) {
    this.ctxArrays = fx.groups.map((g) => contextArray(enc, g.context));
    this.found = new Int32Array(fx.groups.length);
    this.memoSlot = new Int32Array(fx.groups.length);
  }

  /** z for every token of sentence s; `candidates[i]` defaults to the token's own candidates. */
  sentence(s: number, candidates?: ReadonlyArray<readonly Candidate[]>): Float64Array[] {
    const tokens = this.doc.sentences[s].tokens;
    return tokens.map((tok, i) => this.token(s, i, candidates ? candidates[i] : tok.candidates));
  }

  /** z for token i of sentence s with the given candidates: length candidates.length × p. */
  token(s: number, i: number, candidates: readonly Candidate[]): Float64Array {
    const out = new Float64Array(candidates.length * this.fx.p);
    this.tokenInto(s, i, candidates, out, 0);
    return out;
  }

  /**
   * Writes z into out[offset …] (candidates.length × p values). Throws UsageError for a token that
   * is not in the document.
   */
  tokenInto(s: number, i: number, candidates: readonly Candidate[], out: Float64Array, offset: number): void {
    const K = candidates.length;
    if (K === 0) return;
    const plan = this.valueTables(s, i, candidates, null);
    const { stride, slot } = plan;
    const vals = this.vals;
    const colTarget = this.fx.columnTargets;
    const p = this.fx.p;
    for (let k = 0; k < K; k++) {
      const row = offset + k * p;
      const sk = k * N_TARGETS;
      for (let j = 0; j < p; j++) out[row + j] = vals[j * stride + slot[sk + colTarget[j]]];
    }
    const rc = this.fx.ruleColumn;
    if (rc >= 0) for (let k = 0; k < K; k++) out[offset + k * p + rc] = candidates[k].source === 'rule' ? 1 : 0;
  }

  /**
   * Writes each candidate's score Σ_j weights[j] · z_kj + bias into scores[k] (the sum of
   * src/model/score.ts's linearScore over the z row, in the same order: the same numbers).
   * Takes the token, its candidates, θ (p weights), the bias and the output (≥ K values).
   * Throws UsageError for a token that is not in the document.
   */
  scoreInto(
    s: number,
    i: number,
    candidates: readonly Candidate[],
    weights: Float64Array,
    bias: number,
    scores: Float64Array,
  ): void {
    const K = candidates.length;
    if (K === 0) return;
    const plan = this.valueTables(s, i, candidates, weights);
    const { stride, slot } = plan;
    const vals = this.vals;
    const colTarget = this.fx.columnTargets;
    const p = this.fx.p;
    const slots = this.slots;
    const used = this.fx.usedTargets;
    // the source column is the last and its value table 0: a candidate made by rule adds θ · 1 last
    const rc = this.fx.ruleColumn;
    const ruleWeight = rc >= 0 ? weights[rc] : 0;
    for (let k = 0; k < K; k++) {
      for (let u = 0; u < used.length; u++) slots[used[u]] = slot[k * N_TARGETS + used[u]];
      let sum = bias;
      for (let j = 0; j < p; j++) sum += vals[j * stride + slots[colTarget[j]]];
      if (rc >= 0 && candidates[k].source === 'rule') sum += ruleWeight;
      scores[k] = sum;
    }
  }

  /**
   * Fills this.vals with the value tables of token i of sentence s (times weights[j] per
   * column when `weights` is given) and returns the candidates' plan.
   */
  private valueTables(
    s: number,
    i: number,
    candidates: readonly Candidate[],
    weights: Float64Array | null,
  ): CandidatePlan {
    const fx = this.fx;
    const ti = this.enc.sentStart[s] + i;
    if (s >= this.enc.sentStart.length - 1 || ti >= this.enc.sentStart[s + 1])
      throw new UsageError(`no token ${i} in sentence ${s}`);
    const plan = fx.plan(candidates, this.scratch);
    if (this.vals.length < fx.p * plan.stride) this.vals = new Float64Array(fx.p * plan.stride);
    this.localGroups(plan, ti);
    if (this.docCtx) this.docValues(plan, ti);
    // the source column's values are the candidates' own (tokenInto, scoreInto), not their label's
    if (fx.ruleColumn >= 0) this.vals.fill(0, fx.ruleColumn * plan.stride, (fx.ruleColumn + 1) * plan.stride);
    if (weights) {
      const { stride, nUniq } = plan;
      const vals = this.vals;
      const colTarget = fx.columnTargets;
      for (let j = 0; j < fx.p; j++) {
        const w = weights[j];
        for (let x = 0, n = nUniq[colTarget[j]]; x < n; x++) vals[j * stride + x] = w * vals[j * stride + x];
      }
    }
    return plan;
  }

  /**
   * The local groups' values of token ti: every group's values come from the memo, or else its
   * context is looked up — the look-ups of different groups do not wait for one another (β* is
   * larger than the caches) —, then the runs are touched together, then walked, and the values
   * memoized.
   */
  private localGroups(plan: CandidatePlan, ti: number): void {
    const fx = this.fx;
    const groups = fx.groups;
    const beta = fx.parts.counts;
    const { found, memoSlot, vals } = this;
    // only kept plans are memoized (the tagger's); the memo and the groups it takes are set up then
    const memo = plan.id > 0 ? fx.memo : null;
    const memoized = memo
      ? (this.memoized ??= this.ctxArrays.map((ca) => ca === null || fewValues(ca, MEMO_CONTEXTS)))
      : null;
    const word = this.enc.word[ti];
    for (let gi = 0; gi < groups.length; gi++) {
      const g = groups[gi];
      memoSlot[gi] = -1;
      found[gi] = -1;
      if (g.dense) continue;
      const ca = this.ctxArrays[gi];
      const w = g.word === 'word' ? word : NONE;
      const c = ca === null ? NONE : ca[ti];
      if (memo && memoized![gi] && groupWidth(g, plan) <= MEMO_WIDTH) {
        const slot = memo.find(plan.id, gi, w, c);
        if (slot >= 0) {
          copyGroup(memo.values, slot * MEMO_WIDTH, vals, g, plan, true);
          found[gi] = DONE;
          continue;
        }
        memoSlot[gi] = ~slot;
      }
      if (!((g.word === 'word' && w < 0) || (ca !== null && c < 0))) found[gi] = beta.find(g.group, w, c);
    }
    const runs = beta.runLayout;
    const keys = beta.entryKeys;
    const cnts = beta.entryCounts;
    let touch = 0;
    for (let gi = 0; gi < groups.length; gi++) {
      const at = found[gi];
      if (at >= 0) touch += keys[runs[2 * at]] + cnts[runs[2 * at]];
    }
    this.touched = touch;
    for (let gi = 0; gi < groups.length; gi++) {
      const g = groups[gi];
      if (g.dense) this.denseGroup(g, plan);
      else if (found[gi] !== DONE) {
        this.sparseGroup(g, found[gi], plan);
        if (memoSlot[gi] < 0 || !memo) continue;
        const ca = this.ctxArrays[gi];
        memo.claim(memoSlot[gi], plan.id, gi, g.word === 'word' ? word : NONE, ca === null ? NONE : ca[ti]);
        copyGroup(memo.values, memoSlot[gi] * MEMO_WIDTH, vals, g, plan, false);
      }
    }
  }

  /**
   * The document columns' values of token ti. The token's own co-occurrences C(w_t, e, v),
   * which depend on its word and the candidates' values only, are memoized for a kept plan
   * (as a group's values are, under a group number past the local groups'); the rest is the
   * document's.
   */
  private docValues(plan: CandidatePlan, ti: number): void {
    const dc = this.docCtx!;
    const fx = this.fx;
    const { stride, uniq, nUniq } = plan;
    const vals = this.vals;
    const memo = plan.id > 0 ? fx.memo : null;
    const word = this.enc.word[ti];
    const cols = fx.docColumns;
    for (let ci = 0; ci < cols.length; ci++) {
      const { target: t, pos } = cols[ci];
      const at = cols[ci].column * stride;
      const n = nUniq[t];
      const base = t * stride;
      if (!memo || n > MEMO_WIDTH || word < 0 || !this.enc.arabic[ti]) {
        for (let x = 0; x < n; x++) vals[at + x] = dc.value(pos, uniq[base + x], ti);
        continue;
      }
      const group = fx.groups.length + ci;
      let slot = memo.find(plan.id, group, word, NONE);
      const mv = memo.values;
      if (slot < 0) {
        slot = ~slot;
        memo.claim(slot, plan.id, group, word, NONE);
        for (let x = 0; x < n; x++) mv[slot * MEMO_WIDTH + x] = dc.own(pos, uniq[base + x], ti);
      }
      for (let x = 0; x < n; x++) vals[at + x] = dc.valueWith(pos, uniq[base + x], ti, mv[slot * MEMO_WIDTH + x]);
    }
  }

  /** The base-rate group without context: counts read from its dense table. */
  private denseGroup(g: ExtractGroup, plan: CandidatePlan): void {
    const fx = this.fx;
    const vals = this.vals;
    const { stride, uniq, nUniq } = plan;
    const dense = g.dense!;
    const m = dense.marginal;
    for (let mi = 0; mi < g.columns.length; mi++) {
      const t = g.targets[mi];
      const row = dense.counts[t]!;
      const base = t * stride;
      const at = g.columns[mi] * stride;
      for (let x = 0, n = nUniq[t]; x < n; x++) {
        const v = uniq[base + x];
        vals[at + x] = fx.countValue(v >= 0 && v < row.length ? row[v] : 0, m);
      }
    }
  }

  /**
   * A group with a context, whose context (w, c) was found at `found` in β* (-1: D1 never had
   * it, or it is unknown): one forward walk of its run (galloping), as the queried keys
   * (target, value) come in ascending order.
   */
  private sparseGroup(g: ExtractGroup, found: number, plan: CandidatePlan): void {
    const fx = this.fx;
    const vals = this.vals;
    const { stride, uniq, nUniq } = plan;
    const beta = fx.parts.counts;
    // the run's start, marginal and end side by side (BetaTable.runLayout)
    const runs = beta.runLayout;
    const m = found >= 0 ? runs[2 * found + 1] : 0;
    const keys = beta.entryKeys;
    const cnts = beta.entryCounts;
    let cur = found >= 0 ? runs[2 * found] : 0;
    const end = found >= 0 ? runs[2 * found + 2] : 0;
    const zero = fx.countValue(0, m);
    for (let mi = 0; mi < g.columns.length; mi++) {
      const t = g.targets[mi];
      const n = nUniq[t];
      const base = t * stride;
      const at = g.columns[mi] * stride;
      const keyBase = t * VALUE_LIMIT;
      for (let x = 0; x < n; x++) {
        const v = uniq[base + x];
        let cnt = 0;
        if (v >= 0 && cur < end) {
          const key = keyBase + v;
          // a short linear scan (the next keys are in the same cache line), then a gallop
          const near = cur + 8 < end ? cur + 8 : end;
          while (cur < near && keys[cur] < key) cur++;
          if (cur < end && keys[cur] < key) cur = gallop(keys, cur, end, key);
          if (cur < end && keys[cur] === key) cnt = cnts[cur];
        }
        vals[at + x] = cnt === 0 ? zero : fx.countValue(cnt, m);
      }
    }
  }
}

/** True when `ids` holds at most `max` distinct values. */
function fewValues(ids: Int32Array, max: number): boolean {
  const seen = new Set<number>();
  for (let i = 0; i < ids.length; i++) {
    seen.add(ids[i]);
    if (seen.size > max) return false;
  }
  return true;
}

/**
 * Copies a group's values between a memo slot (at `at`: its columns in order, each column's
 * distinct values) and the value tables `vals`: into `vals` when `toVals`, else into the memo.
 */
function copyGroup(
  memo: Float64Array,
  at: number,
  vals: Float64Array,
  g: ExtractGroup,
  plan: CandidatePlan,
  toVals: boolean,
): void {
  const { stride, nUniq } = plan;
  for (let mi = 0; mi < g.columns.length; mi++) {
    const col = g.columns[mi] * stride;
    const n = nUniq[g.targets[mi]];
    if (toVals) for (let x = 0; x < n; x++) vals[col + x] = memo[at++];
    else for (let x = 0; x < n; x++) memo[at++] = vals[col + x];
  }
}

/** Number of values of a group for a plan: Σ over its columns of the distinct values of the column's target. */
function groupWidth(g: ExtractGroup, plan: CandidatePlan): number {
  let n = 0;
  for (let mi = 0; mi < g.targets.length; mi++) n += plan.nUniq[g.targets[mi]];
  return n;
}

/**
 * The first index in [cur, end) whose key is ≥ `key` (end when none), given keys[cur] < key: a
 * gallop, then a binary search.
 */
function gallop(keys: Int32Array, cur: number, end: number, key: number): number {
  let lo = cur;
  let step = 1;
  let hi = cur + 1;
  while (hi < end && keys[hi] < key) {
    lo = hi;
    step *= 2;
    hi = lo + step;
  }
  if (hi > end) hi = end;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid;
    else hi = mid;
  }
  return hi;
}
