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
 * Why not one flat hash table keyed by 64-bit hashes of (template, word, context, value):
 * measured on 150k synthetic tokens (10M keys), random look-ups in such a table cost 177 ns
 * (DRAM and TLB misses; 41 ns at 100k keys) and counting 150 ns per add, and merging worker
 * tables was serial; extraction reached ~9k tokens/s. Here keys are exact (no collisions), the
 * layout is canonical by construction (sorted; the same bytes for any number of workers), it
 * needs no empty slots, and counting is a counting sort (features/tally.ts).
 */
import { UsageError } from '../src/errors.js';
import { TARGETS } from '../src/labels/elements.js';
import { CONTEXTS } from './templates.js';

import { BETA_KIND, BETA_VERSION, checkBeta, entryKey, groupIndex, type BetaBuffers, type BetaJSON, type GroupBlock } from './beta-format.js';

export { BETA_KIND, BETA_VERSION, NONE, VALUE_LIMIT, checkBeta, entryKey, groupIndex } from './beta-format.js';
export type { BetaBuffers, BetaJSON, GroupBlock } from './beta-format.js';

function mix3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}

/** One stored piece of level two: the entries of one group slice (or of a whole loaded table). */
interface Chunk {
  key: Int32Array;
  count: Uint32Array;
}

export class BetaTable {
  /** Per group index: whether counted and its targets. */
  private readonly groupTargets: (Set<number> | null)[] = new Array(2 * CONTEXTS.length).fill(null);
  /** Level one, all groups in canonical order. */
  private readonly ctxWord: Int32Array;
  private readonly ctxCtx: Int32Array;
  private readonly ctxMarginal: Uint32Array;
  /** Run of context k: chunk ctxChunk[k], entries [runStart[k], runEnd[k]) of that chunk. */
  private readonly ctxChunk: Uint16Array;
  private readonly runStartArr: Uint32Array;
  private readonly runEndArr: Uint32Array;
  private readonly chunks: Chunk[];
  private readonly nEntries: number;
  /** Level-one hash, built on first look-up: stride 4 [group, word, ctx, k + 1] (0 = empty). */
  private index: Int32Array | null = null;
  private mask = 0;

  private constructor(
    private readonly meta: BetaJSON['groups'],
    blocks: readonly GroupBlock[],
  ) {
    for (const g of meta) this.groupTargets[groupIndex(g.word, g.context)] = new Set(g.targets.map((t) => TARGETS.indexOf(t)));
    const nCtx = blocks.reduce((n, b) => n + b.word.length, 0);
    this.ctxWord = new Int32Array(nCtx);
    this.ctxCtx = new Int32Array(nCtx);
    this.ctxMarginal = new Uint32Array(nCtx);
    this.ctxChunk = new Uint16Array(nCtx);
    this.runStartArr = new Uint32Array(nCtx);
    this.runEndArr = new Uint32Array(nCtx);
    this.chunks = [];
    let c0 = 0;
    let nEntries = 0;
    for (const bl of blocks) {
      if (this.chunks.length > 0xffff) throw new UsageError('too many β* chunks');
      this.ctxWord.set(bl.word, c0);
      this.ctxCtx.set(bl.ctx, c0);
      this.ctxMarginal.set(bl.marginal, c0);
      this.ctxChunk.fill(this.chunks.length, c0, c0 + bl.word.length);
      this.runEndArr.set(bl.runEnd, c0);
      for (let k = 1; k < bl.runEnd.length; k++) this.runStartArr[c0 + k] = bl.runEnd[k - 1];
      this.chunks.push({ key: bl.key, count: bl.count });
      c0 += bl.word.length;
      nEntries += bl.key.length;
    }
    this.nEntries = nEntries;
  }

  /**
   * A table from group blocks: whole groups, or the slices of each group in key order (as the
   * workers of stage one return them). The entries of several blocks are copied once into one
   * pair of arrays (see compact), a single block's are kept.
   */
  static fromBlocks(blocks: readonly GroupBlock[]): BetaTable {
    const order = blocks.map((b, i) => [b, i] as const).sort((x, y) => x[0].group - y[0].group || x[1] - y[1]).map((x) => x[0]);
    const meta: BetaJSON['groups'] = [];
    let prev: GroupBlock | null = null;
    for (const bl of order) {
      const last = meta[meta.length - 1];
      if (last && groupIndex(last.word, last.context) === bl.group) {
        if (last.targets.join() !== bl.targets.map((t) => TARGETS[t]).join()) throw new UsageError(`slices of group ${bl.group} disagree on targets`);
        // Slices must be disjoint and in key order: this one starts after the last context so far.
        const pn = prev!.word.length;
        if (pn > 0 && bl.word.length > 0 && (bl.word[0] < prev!.word[pn - 1] || (bl.word[0] === prev!.word[pn - 1] && bl.ctx[0] <= prev!.ctx[pn - 1])))
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
    const table = new BetaTable(meta, order);
    table.compact();
    return table;
  }

  /**
   * Moves the entries of all chunks into one pair of arrays, so that the chunks can be freed
   * now and saving (toBuffers) copies nothing later: at 1M tokens that copy was 0.4 GB on
   * top of everything a finished training holds (docs/bench.md).
   */
  private compact(): void {
    if (this.chunks.length <= 1) return;
    const key = new Int32Array(this.nEntries);
    const count = new Uint32Array(this.nEntries);
    const offsets: number[] = [];
    let at = 0;
    for (const c of this.chunks) {
      offsets.push(at);
      key.set(c.key, at);
      count.set(c.count, at);
      at += c.key.length;
    }
    for (let k = 0; k < this.ctxChunk.length; k++) {
      const o = offsets[this.ctxChunk[k]];
      this.runStartArr[k] += o;
      this.runEndArr[k] += o;
    }
    this.ctxChunk.fill(0);
    this.chunks.length = 0;
    this.chunks.push({ key, count });
  }

  /** Number of β* entries (counts of a value), marginals not included. */
  get size(): number {
    return this.nEntries;
  }

  /** Number of level-one contexts (each with its marginal). */
  get contexts(): number {
    return this.ctxWord.length;
  }

  /** Bytes held (level one, entries, and the look-up index once built). */
  get byteLength(): number {
    const level1 = [this.ctxWord, this.ctxCtx, this.ctxMarginal, this.ctxChunk, this.runStartArr, this.runEndArr];
    return level1.reduce((n, a) => n + a.byteLength, 0) + this.nEntries * 8 + (this.index?.byteLength ?? 0);
  }

  /** True when the table counted `target` for group `group`. */
  has(group: number, target: number): boolean {
    return this.groupTargets[group]?.has(target) ?? false;
  }

  /** Builds the level-one hash (done on the first look-up; call it to pay the cost up front). */
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
    if (!this.index) this.buildIndex();
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

  /** Marginal count of a context found by {@link find}. */
  marginalAt(ctx: number): number {
    return this.ctxMarginal[ctx];
  }

  /** Count of entry key (see entryKey) in a context's run; 0 when absent. */
  countAt(ctx: number, key: number): number {
    const chunk = this.chunks[this.ctxChunk[ctx]];
    const keys = chunk.key;
    let lo = this.runStartArr[ctx];
    const end = this.runEndArr[ctx];
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < end && keys[lo] === key ? chunk.count[lo] : 0;
  }

  /** The entry keys array holding a context's run (see runStart/runEnd). */
  runKeys(ctx: number): Int32Array {
    return this.chunks[this.ctxChunk[ctx]].key;
  }

  /** The counts array parallel to {@link runKeys}. */
  runCounts(ctx: number): Uint32Array {
    return this.chunks[this.ctxChunk[ctx]].count;
  }

  /** First entry of a context's run in runKeys(ctx). */
  runStart(ctx: number): number {
    return this.runStartArr[ctx];
  }

  /** End (exclusive) of a context's run in runKeys(ctx). */
  runEnd(ctx: number): number {
    return this.runEndArr[ctx];
  }

  /** count(group; w, c; target = value); 0 when absent. */
  count(group: number, w: number, c: number, target: number, value: number): number {
    const k = this.find(group, w, c);
    return k < 0 ? 0 : this.countAt(k, entryKey(target, value));
  }

  /** Marginal count(group; w, c) over all values; 0 when absent. */
  marginal(group: number, w: number, c: number): number {
    const k = this.find(group, w, c);
    return k < 0 ? 0 : this.ctxMarginal[k];
  }

  toJSON(): BetaJSON {
    return { kind: BETA_KIND, version: BETA_VERSION, groups: this.meta.map((g) => ({ ...g, targets: [...g.targets] })) };
  }

  /**
   * The canonical buffers: the same bytes for any number of workers. Entries are copied into
   * one pair of arrays unless the table already holds a single chunk.
   */
  toBuffers(): BetaBuffers {
    const n = this.ctxWord.length;
    const ctxRunEnd = new Uint32Array(n);
    const offsets: number[] = [];
    let at = 0;
    for (const c of this.chunks) {
      offsets.push(at);
      at += c.key.length;
    }
    for (let k = 0; k < n; k++) ctxRunEnd[k] = this.runEndArr[k] + offsets[this.ctxChunk[k]];
    let entKey: Int32Array;
    let entCount: Uint32Array;
    if (this.chunks.length === 1) ({ key: entKey, count: entCount } = this.chunks[0]);
    else {
      entKey = new Int32Array(this.nEntries);
      entCount = new Uint32Array(this.nEntries);
      this.chunks.forEach((c, i) => {
        entKey.set(c.key, offsets[i]);
        entCount.set(c.count, offsets[i]);
      });
    }
    return { ctxWord: this.ctxWord, ctxCtx: this.ctxCtx, ctxMarginal: this.ctxMarginal, ctxRunEnd, entKey, entCount };
  }

  /** Rebuilds a saved table without copying its entries; checks it first (see checkBeta). */
  static load(json: unknown, b: BetaBuffers): BetaTable {
    const groups = checkBeta(json, b);
    const block: GroupBlock = {
      group: 0, targets: [], word: b.ctxWord, ctx: b.ctxCtx, marginal: b.ctxMarginal,
      runEnd: b.ctxRunEnd, key: b.entKey, count: b.entCount,
    };
    return new BetaTable(groups.map((g) => ({ ...g, targets: [...g.targets] })), [block]);
  }
}
