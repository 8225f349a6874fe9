/**
 * β*, the stage-one counts, as a sorted two-level table with exact integer keys.
 *
 * Level one, per group (a word kind × context pair, shared by every target of a template set):
 * the contexts (w, c) seen in D1, sorted by (w, c), each with its marginal count(w, c) over
 * all values and the start of its run in level two. Level two, per context: the entries
 * (target, value) → count, sorted by key = target·2²⁶ + value. So a count is one hash look-up
 * of (group, w, c) — the same for every target and candidate of a token — then a binary search
 * in a short contiguous run. Words and contexts absent from a template (the 'none' kinds) are
 * NONE (-1).
 *
 * Not one flat hash table keyed by 64-bit hashes of (template, word, context, value): its random
 * look-ups miss the caches at millions of keys and its worker tables merge serially (docs/bench.md,
 * "The layout of β*"). Here keys are exact (no collisions), the layout is canonical by
 * construction (sorted; the same bytes for any number of workers), it needs no empty slots, and
 * counting is a counting sort (features/tally.ts).
 */
/* oxlint-disable max-lines -- one structure: the table, its builder and its byte layout are read together */
import { UsageError } from '../src/errors.js';
import { TARGETS } from '../src/labels/elements.js';
import { CONTEXTS } from './templates.js';

import {
  BETA_KIND, BETA_VERSION, BETA_VERSION_UNIT, checkBeta, entryKey, groupIndex,
  type BetaBuffers, type BetaJSON, type GroupBlock,
} from './beta-format.js';

export { BETA_KIND, BETA_VERSION, BETA_VERSION_UNIT, NONE, VALUE_LIMIT, checkBeta, entryKey, groupIndex } from './beta-format.js';
export type { BetaBuffers, BetaJSON, GroupBlock } from './beta-format.js';

function mix3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * Look-ups answered by binary search before the level-one hash is built: building it costs
 * about as much as some 20,000 searches (PUD's model: 92k contexts, 20 ms), so a one-sentence
 * run never builds it and a long one builds it within its first few hundred tokens.
 */
export const SEARCHES_BEFORE_INDEX = 4096;

export class BetaTable {
  /** Per group index: whether counted and its targets. */
  private readonly groupTargets: (Set<number> | null)[] = new Array(2 * CONTEXTS.length).fill(null);
  /** Level one, all groups in canonical order. */
  private readonly ctxWord: Int32Array;
  private readonly ctxCtx: Int32Array;
  /**
   * Per context k: runs[2k] = the start of its run in the entries, runs[2k + 1] = its marginal;
   * its run ends where the next one starts (runs[2n] = the number of entries). What a look-up
   * reads after the index, side by side: one cache line where three arrays took three.
   */
  private readonly runs: Uint32Array;
  /** Level two, all runs in context order: entry keys (see entryKey) and counts. */
  private readonly entKey: Int32Array;
  private readonly entCount: Uint32Array;
  /**
   * Level-one hash, built after {@link SEARCHES_BEFORE_INDEX} look-ups: stride 4 [group, word,
   * ctx, k + 1] (0 = empty). Before it, a look-up is a binary search of its group's contexts.
   */
  private index: Int32Array | null = null;
  private mask = 0;
  private searches = 0;
  /** Per group index: where its contexts start and end (level one is in group order). */
  private readonly groupStart = new Int32Array(2 * CONTEXTS.length).fill(-1);
  private readonly groupEnd = new Int32Array(2 * CONTEXTS.length).fill(-1);

  /**
   * Takes the group list and its blocks in canonical order; the entries of several blocks are
   * copied once into one pair of arrays (freed blocks: at 1M tokens a copy at save time was
   * 0.4 GB on top of everything a finished training holds, docs/bench.md), a single block's are
   * kept. Throws UsageError when a block's runs do not cover its entries.
   */
  private constructor(
    private readonly meta: BetaJSON['groups'],
    blocks: readonly GroupBlock[],
    /**
     * Counts and marginals are in units of 1/unit of a token: 1 for a corpus whose every token
     * has one gold label; more when some token has several (features/gold-rows.ts). A feature
     * value reads count / unit (features/extract.ts).
     */
    readonly unit = 1,
  ) {
    let at = 0;
    for (const g of meta) {
      const gi = groupIndex(g.word, g.context);
      this.groupTargets[gi] = new Set(g.targets.map((t) => TARGETS.indexOf(t)));
      this.groupStart[gi] = at;
      this.groupEnd[gi] = at += g.contexts;
    }
    const nCtx = blocks.reduce((n, b) => n + b.word.length, 0);
    const nEntries = blocks.reduce((n, b) => n + b.key.length, 0);
    this.ctxWord = new Int32Array(nCtx);
    this.ctxCtx = new Int32Array(nCtx);
    this.runs = new Uint32Array(2 * nCtx + 2);
    const single = blocks.length === 1;
    this.entKey = single ? blocks[0].key : new Int32Array(nEntries);
    this.entCount = single ? blocks[0].count : new Uint32Array(nEntries);
    let c0 = 0;
    let e0 = 0;
    const runs = this.runs;
    for (const bl of blocks) {
      const { runEnd, marginal } = bl;
      const n = bl.word.length;
      if ((n === 0 ? 0 : runEnd[n - 1]) !== bl.key.length) throw new UsageError(`β* block of group ${bl.group}: its runs do not cover its entries`);
      this.ctxWord.set(bl.word, c0);
      this.ctxCtx.set(bl.ctx, c0);
      for (let k = 0; k < n; k++) {
        runs[2 * (c0 + k)] = e0 + (k === 0 ? 0 : runEnd[k - 1]);
        runs[2 * (c0 + k) + 1] = marginal[k];
      }
      if (!single) {
        this.entKey.set(bl.key, e0);
        this.entCount.set(bl.count, e0);
      }
      c0 += n;
      e0 += bl.key.length;
    }
    this.runs[2 * nCtx] = nEntries;
  }

  /**
   * A table from group blocks: whole groups, or the slices of each group in key order (as the
   * workers of stage one return them), and the unit of their counts (1: whole tokens). The
   * entries of several blocks are copied once into one pair of arrays, a single block's are kept.
   */
  static fromBlocks(blocks: readonly GroupBlock[], unit = 1): BetaTable {
    const order = blocks
      .map((b, i) => [b, i] as const)
      .sort((x, y) => x[0].group - y[0].group || x[1] - y[1])
      .map((x) => x[0]);
    const meta: BetaJSON['groups'] = [];
    let prev: GroupBlock | null = null;
    for (const bl of order) {
      const last = meta[meta.length - 1];
      if (last && groupIndex(last.word, last.context) === bl.group) {
        if (last.targets.join() !== bl.targets.map((t) => TARGETS[t]).join()) throw new UsageError(`slices of group ${bl.group} disagree on targets`);
        // Slices must be disjoint and in key order: this one starts after the last context so far.
        const pn = prev!.word.length;
        if (
          pn > 0 &&
          bl.word.length > 0 &&
          (bl.word[0] < prev!.word[pn - 1] || (bl.word[0] === prev!.word[pn - 1] && bl.ctx[0] <= prev!.ctx[pn - 1]))
        )
          throw new UsageError(`slices of group ${bl.group} overlap or are out of order`);
        last.contexts += bl.word.length;
        last.entries += bl.key.length;
      } else
        meta.push({
          word: bl.group < CONTEXTS.length ? 'word' : 'none', context: CONTEXTS[bl.group % CONTEXTS.length],
          targets: bl.targets.map((t) => TARGETS[t]), contexts: bl.word.length, entries: bl.key.length,
        });
      if (bl.word.length > 0 || !prev || prev.group !== bl.group) prev = bl;
    }
    return new BetaTable(meta, order, unit);
  }

  /** Number of β* entries (counts of a value), marginals not included. */
  get size(): number {
    return this.entKey.length;
  }

  /** Number of level-one contexts (each with its marginal). */
  get contexts(): number {
    return this.ctxWord.length;
  }

  /** Bytes held (level one, entries, and the look-up index once built). */
  get byteLength(): number {
    const arrays = [this.ctxWord, this.ctxCtx, this.runs, this.entKey, this.entCount];
    return arrays.reduce((n, a) => n + a.byteLength, 0) + (this.index?.byteLength ?? 0);
  }

  /** True when the table counted `target` for group `group`. */
  has(group: number, target: number): boolean {
    return this.groupTargets[group]?.has(target) ?? false;
  }

  /**
   * Builds the level-one hash (done after {@link SEARCHES_BEFORE_INDEX} look-ups; call it to pay
   * the cost up front).
   */
  buildIndex(): void {
    if (this.index) return;
    const n = this.ctxWord.length;
    let cap = 16;
    while (cap < n * 2) cap *= 2;
    const mask = cap - 1;
    const ix = new Int32Array(cap * 4);
    let k = 0;
    for (const g of this.meta) {
      const gi = groupIndex(g.word, g.context);
      for (const end = k + g.contexts; k < end; k++) {
        let s = mix3(gi, this.ctxWord[k], this.ctxCtx[k]) & mask;
        while (ix[s * 4 + 3] !== 0) s = (s + 1) & mask;
        ix[s * 4] = gi;
        ix[s * 4 + 1] = this.ctxWord[k];
        ix[s * 4 + 2] = this.ctxCtx[k];
        ix[s * 4 + 3] = k + 1;
      }
    }
    this.mask = mask;
    this.index = ix;
  }

  /** The context number of (group, w, c), or -1 when D1 never had it. */
  find(group: number, w: number, c: number): number {
    if (!this.index) {
      if (this.searches++ < SEARCHES_BEFORE_INDEX) return this.search(group, w, c);
      this.buildIndex();
    }
    const ix = this.index!;
    let s = mix3(group, w, c) & this.mask;
    for (;;) {
      const p = s * 4;
      const k = ix[p + 3];
      if (k === 0) return -1;
      if (ix[p] === group && ix[p + 1] === w && ix[p + 2] === c) return k - 1;
      s = (s + 1) & this.mask;
    }
  }

  /** {@link find} by a binary search of the group's contexts, sorted by (word, context). */
  private search(group: number, w: number, c: number): number {
    const { ctxWord, ctxCtx } = this;
    let lo = group >= 0 && group < this.groupStart.length ? this.groupStart[group] : -1;
    if (lo < 0) return -1;
    let hi = this.groupEnd[group];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ctxWord[mid] < w || (ctxWord[mid] === w && ctxCtx[mid] < c)) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.groupEnd[group] && ctxWord[lo] === w && ctxCtx[lo] === c ? lo : -1;
  }

  /** Marginal count of a context found by {@link find}. */
  marginalAt(ctx: number): number {
    return this.runs[2 * ctx + 1];
  }

  /** Count of entry key (see entryKey) in a context's run; 0 when absent. */
  countAt(ctx: number, key: number): number {
    const keys = this.entKey;
    let lo = this.runs[2 * ctx];
    const end = this.runs[2 * ctx + 2];
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < end && keys[lo] === key ? this.entCount[lo] : 0;
  }

  /** The entry keys of every run, in context order (a context's run: [runStart, runEnd)). */
  get entryKeys(): Int32Array {
    return this.entKey;
  }

  /** The counts, parallel to {@link entryKeys}. */
  get entryCounts(): Uint32Array {
    return this.entCount;
  }

  /**
   * The runs' layout: a context k's run is [runs[2k], runs[2k + 2]) of {@link entryKeys}, its
   * marginal runs[2k + 1]. For hot loops; read-only.
   */
  get runLayout(): Uint32Array {
    return this.runs;
  }

  /** First entry of a context's run in entryKeys. */
  runStart(ctx: number): number {
    return this.runs[2 * ctx];
  }

  /** End (exclusive) of a context's run in entryKeys. */
  runEnd(ctx: number): number {
    return this.runs[2 * ctx + 2];
  }

  /** count(group; w, c; target = value); 0 when absent. */
  count(group: number, w: number, c: number, target: number, value: number): number {
    const k = this.find(group, w, c);
    return k < 0 ? 0 : this.countAt(k, entryKey(target, value));
  }

  /** Marginal count(group; w, c) over all values; 0 when absent. */
  marginal(group: number, w: number, c: number): number {
    const k = this.find(group, w, c);
    return k < 0 ? 0 : this.marginalAt(k);
  }

  toJSON(): BetaJSON {
    return {
      kind: BETA_KIND,
      version: this.unit === 1 ? BETA_VERSION : BETA_VERSION_UNIT,
      ...(this.unit === 1 ? {} : { unit: this.unit }),
      groups: this.meta.map((g) => ({ ...g, targets: [...g.targets] })),
    };
  }

  /**
   * The canonical buffers: the same bytes for any number of workers. The entries are the
   * table's own arrays; the marginals and cumulative run ends are written out of the runs' layout.
   */
  toBuffers(): BetaBuffers {
    const n = this.ctxWord.length;
    const ctxMarginal = new Uint32Array(n);
    const ctxRunEnd = new Uint32Array(n);
    for (let k = 0; k < n; k++) {
      ctxMarginal[k] = this.runs[2 * k + 1];
      ctxRunEnd[k] = this.runs[2 * k + 2];
    }
    return {
      ctxWord: this.ctxWord,
      ctxCtx: this.ctxCtx,
      ctxMarginal,
      ctxRunEnd,
      entKey: this.entKey,
      entCount: this.entCount,
    };
  }

  /** Rebuilds a saved table without copying its entries; checks it first (see checkBeta). */
  static load(json: unknown, b: BetaBuffers): BetaTable {
    const groups = checkBeta(json, b);
    const block: GroupBlock = {
      group: 0, targets: [], word: b.ctxWord, ctx: b.ctxCtx, marginal: b.ctxMarginal,
      runEnd: b.ctxRunEnd, key: b.entKey, count: b.entCount,
    };
    return new BetaTable(groups.map((g) => ({ ...g, targets: [...g.targets] })), [block], (json as BetaJSON).unit ?? 1);
  }
}
