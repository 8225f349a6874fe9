/**
 * A bounded memo of one group's feature values for a kept candidate plan in one context: the
 * values of a group's columns depend only on the group, the word, the context and the
 * candidates' distinct values (the plan), so a word type seen again in the same context
 * (a frequent word after the same letter, say) needs no walk of β*, whose tables are larger
 * than the processor's caches. A fixed number of slots, each holding the key (plan id, group,
 * word, context) and up to {@link MEMO_WIDTH} values; a key goes to one of two slots, and a
 * new entry replaces the older of the two. Values are stored and read back as computed, so a hit gives the
 * same numbers. Only groups whose context takes few values in a document are memoized (see
 * {@link MEMO_CONTEXTS}): a word's neighbouring words vary too much for the memo to pay.
 */

import { UsageError } from '../src/errors.js';

/** A group is memoized in a document when its context takes at most this many values there (or it has no context). */
export const MEMO_CONTEXTS = 64;
/** Slots of a memo (a power of two). */
export const MEMO_SLOTS = 1 << 16;
/** Most values one slot holds (a group's columns × the candidates' distinct values); wider groups are not memoized. */
export const MEMO_WIDTH = 32;

/** See the module comment. Plan ids are positive integers; id 0 (a plan not kept) is never memoized. */
export class GroupMemo {
  /** Per slot: plan id (a float: ids are never reused), group, word, context. */
  private readonly ids: Float64Array;
  private readonly keys: Int32Array;
  /** Per slot, MEMO_WIDTH values. */
  readonly values: Float64Array;
  /** Per slot: when it was last claimed or found (a tick). */
  private readonly used: Float64Array;
  private tick = 0;

  /** Takes the number of slots: a power of two, at least 2 (UsageError otherwise). */
  constructor(readonly slots = MEMO_SLOTS) {
    if (!Number.isInteger(slots) || slots < 2 || (slots & (slots - 1)) !== 0) throw new UsageError(`memo slots must be a power of two ≥ 2, got ${slots}`);
    this.ids = new Float64Array(slots);
    this.keys = new Int32Array(slots * 3);
    this.values = new Float64Array(slots * MEMO_WIDTH);
    this.used = new Float64Array(slots);
  }

  /**
   * The slot holding the key, or else the one it should go to, as `~slot` (negative). Two-way:
   * a key may sit in either slot of its pair; a new one replaces the pair's older entry.
   */
  find(plan: number, group: number, w: number, c: number): number {
    let h = Math.imul(plan | 0, 0x9e3779b1) ^ Math.imul(group + 1, 0x85ebca6b) ^ Math.imul(w, 0xc2b2ae35) ^ Math.imul(c, 0x27d4eb2f);
    h ^= h >>> 15;
    const a = (Math.imul(h, 0x2c1b3c6d) >>> 8) & (this.slots - 2);
    const b = a + 1;
    if (this.holds(a, plan, group, w, c)) return this.touch(a);
    if (this.holds(b, plan, group, w, c)) return this.touch(b);
    return ~(this.used[a] <= this.used[b] ? a : b);
  }

  /** Marks `slot` as holding the key (the caller writes the values). */
  claim(slot: number, plan: number, group: number, w: number, c: number): void {
    const k = slot * 3;
    this.ids[slot] = plan;
    this.keys[k] = group;
    this.keys[k + 1] = w;
    this.keys[k + 2] = c;
    this.touch(slot);
  }

  private holds(slot: number, plan: number, group: number, w: number, c: number): boolean {
    const k = slot * 3;
    return this.ids[slot] === plan && this.keys[k] === group && this.keys[k + 1] === w && this.keys[k + 2] === c;
  }

  private touch(slot: number): number {
    this.used[slot] = ++this.tick;
    return slot;
  }
}
