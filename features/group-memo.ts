/**
 * A bounded memo of one group's feature values for a kept candidate plan in one context: the
 * values of a group's columns depend only on the group, the word, the context and the
 * candidates' distinct values (the plan), so a word type seen again in the same context
 * (a frequent word after the same letter, say) needs no walk of β*, whose tables are larger
 * than the processor's caches. A fixed number of slots, each holding the key (plan id, group,
 * word, context) and up to {@link MEMO_WIDTH} values; a key goes to one of two slots, and a
 * new entry replaces the older of the two. Values are stored and read back as computed, so a hit gives the
 * same numbers. Only groups whose context takes few values in a document are memoized (see
 * {@link MEMO_CONTEXTS}): a word's neighbouring words vary too much for the memo to pay. The
 * document columns keep a word's own co-occurrences here too, under group numbers past the
 * local groups' (features/extract-document.ts `docValues`).
 */

import { UsageError } from '../src/errors.js';

/** A group is memoized in a document when its context takes at most this many values there (or it has no context). */
export const MEMO_CONTEXTS = 64;
/** Slots of a memo (a power of two). */
export const MEMO_SLOTS = 1 << 16;
/** Most values one slot holds (a group's columns × the candidates' distinct values); wider groups are not memoized. */
export const MEMO_WIDTH = 32;

/**
 * A slot's second key number: group · 2³² + the word as an unsigned 32-bit number (NONE included),
 * exact in a float.
 */
function groupWord(group: number, w: number): number {
  return group * 4294967296 + (w >>> 0);
}

/** See the module comment. Plan ids are positive integers; id 0 (a plan not kept) is never memoized. */
export class GroupMemo {
  /**
   * Per slot, four numbers: the plan id (a float: ids are never reused), the group and word
   * (group · 2³² + the word as an unsigned 32-bit number), the context, and when the slot was
   * last claimed or found (a tick). A pair of slots is 64 bytes: a look-up reads one cache line.
   */
  private readonly meta: Float64Array;
  /** Per slot, MEMO_WIDTH values. */
  readonly values: Float64Array;
  private tick = 0;

  /** Takes the number of slots: a power of two, at least 2 (UsageError otherwise). */
  constructor(readonly slots = MEMO_SLOTS) {
    if (!Number.isInteger(slots) || slots < 2 || (slots & (slots - 1)) !== 0) throw new UsageError(`memo slots must be a power of two ≥ 2, got ${slots}`);
    this.meta = new Float64Array(slots * 4);
    this.values = new Float64Array(slots * MEMO_WIDTH);
  }

  /**
   * The slot holding the key, or else the one it should go to, as `~slot` (negative). Two-way:
   * a key may sit in either slot of its pair; a new one replaces the pair's older entry.
   */
  find(plan: number, group: number, w: number, c: number): number {
    let h =
      Math.imul(plan | 0, 0x9e3779b1) ^
      Math.imul(group + 1, 0x85ebca6b) ^
      Math.imul(w, 0xc2b2ae35) ^
      Math.imul(c, 0x27d4eb2f);
    h ^= h >>> 15;
    const a = (Math.imul(h, 0x2c1b3c6d) >>> 8) & (this.slots - 2);
    const b = a + 1;
    const gw = groupWord(group, w);
    if (this.holds(a, plan, gw, c)) return this.touch(a);
    if (this.holds(b, plan, gw, c)) return this.touch(b);
    return ~(this.meta[a * 4 + 3] <= this.meta[b * 4 + 3] ? a : b);
  }

  /** Marks `slot` as holding the key (the caller writes the values). */
  claim(slot: number, plan: number, group: number, w: number, c: number): void {
    const m = slot * 4;
    this.meta[m] = plan;
    this.meta[m + 1] = groupWord(group, w);
    this.meta[m + 2] = c;
    this.touch(slot);
  }

  private holds(slot: number, plan: number, gw: number, c: number): boolean {
    const m = slot * 4;
    return this.meta[m] === plan && this.meta[m + 1] === gw && this.meta[m + 2] === c;
  }

  private touch(slot: number): number {
    this.meta[slot * 4 + 3] = ++this.tick;
    return slot;
  }
}
