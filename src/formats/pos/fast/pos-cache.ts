/**
 * The table of token blocks seen before, for the fast path of reading a pos file
 * (its byte-level pass, pos-scan.ts): a block's key is its bytes without its INDEX line, that is two byte ranges
 * (before and after that line). The canonical block reader (pos-block.ts) keeps its distinct
 * SOLUTION and GLOSS lines in one too, each key a single range (`at` < 0). A block is found again
 * by a hash of those bytes, then a byte comparison, so two blocks with the same hash and other
 * bytes are told apart. The bytes of the blocks kept live in a few large buffers (no object per
 * block), and the table starts afresh when it holds `max` blocks or would hold more than `maxBytes`
 * bytes of them, which bounds its memory. The table gives each block kept an entry number below
 * `max`; the caller keeps what it knows of a block by that number (an entry number is given again
 * after the table starts afresh, to the block added then).
 */

/** Bytes of one slab of kept blocks (a longer block gets a slab of its own). */
const SLAB = 1 << 20;
/**
 * The bytes of blocks a table keeps at most, by default (its slabs; the per-entry arrays come on
 * top: 20 bytes an entry).
 */
export const BLOCK_CACHE_BYTES = 512 * 2 ** 20;

/** A 32-bit hash of view[from, to) continuing from `h`, by 4-byte words (the same for the same bytes at any offset). */
export function hashWords(view: DataView, from: number, to: number, h: number): number {
  let i = from;
  for (; i + 4 <= to; i += 4) {
    h = Math.imul(h ^ view.getInt32(i, true), 0x5bd1e995);
    h ^= h >>> 15;
  }
  for (; i < to; i++) h = Math.imul(h ^ view.getUint8(i), 16777619);
  return h;
}

/** Ranges shorter than this are copied byte by byte: a native copy costs more per call than a short loop. */
const SHORT_COPY = 64;

/** Copies buf[from, to) into `out` at `at`; returns where the copy ends there. */
function copyRange(buf: Buffer, from: number, to: number, out: Buffer, at: number): number {
  if (to - from >= SHORT_COPY) {
    out.set(buf.subarray(from, to), at);
    return at + to - from;
  }
  for (let i = from; i < to; i++) out[at++] = buf[i];
  return at;
}

/** Blocks seen, each by an entry number. */
export class BlockCache {
  /** Open addressing by hash: each slot holds an entry number + 1, or 0 when empty (at most half full). */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** Blocks kept since the table last started afresh. */
  private count = 0;
  /**
   * Each entry's hash, slab, where its bytes start there, how many there are, and how many come
   * before the INDEX line (-1: none).
   */
  private readonly hashes: Int32Array;
  private readonly slabOf: Int32Array;
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;
  private readonly heads: Int32Array;
  /** The bytes kept, in slabs filled one after the other (a growing buffer would be copied at each growth). */
  private readonly slabs: Buffer[] = [];
  private used = 0;
  /** Bytes of the slabs made since the table last started afresh. */
  private slabBytes = 0;

  /** Keeps at most `max` blocks and `maxBytes` bytes of them, then starts afresh. */
  constructor(private readonly max: number, private readonly maxBytes = BLOCK_CACHE_BYTES) {
    let size = 2;
    while (size < 2 * max) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    this.hashes = new Int32Array(max);
    this.slabOf = new Int32Array(max);
    this.starts = new Int32Array(max);
    this.lengths = new Int32Array(max);
    this.heads = new Int32Array(max);
  }

  /**
   * The hash of the key buf[s, at) + buf[tail, e) (`at` < 0: buf[s, e), no INDEX line); `view` is a
   * DataView of `buf`.
   */
  static hash(view: DataView, s: number, at: number, tail: number, e: number): number {
    const h =
      at < 0
        ? hashWords(view, s, e, 0x811c9dc5)
        : hashWords(view, tail, e, hashWords(view, s, at, 0x811c9dc5) ^ 0x27d4eb2f);
    return Math.imul(h ^ (h >>> 13), 0x85ebca6b) ^ (h >>> 16);
  }

  /** The entry number of the block with that key and hash, or -1. */
  find(buf: Buffer, s: number, at: number, tail: number, e: number, hash: number): number {
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const slot = this.slots[i];
      if (slot === 0) return -1;
      if (this.hashes[slot - 1] === hash && this.same(slot - 1, buf, s, at, tail, e)) return slot - 1;
    }
  }

  /** Keeps the block with that key and hash (not already kept); returns its entry number. */
  add(buf: Buffer, s: number, at: number, tail: number, e: number, hash: number): number {
    const head = at < 0 ? -1 : at - s;
    const length = at < 0 ? e - s : at - s + e - tail;
    let slab: Buffer | undefined = this.slabs[this.slabs.length - 1];
    const newSlab = slab === undefined || this.used + length > slab.length;
    if (this.count >= this.max || (newSlab && this.slabBytes + Math.max(SLAB, length) > this.maxBytes)) {
      this.clear();
      slab = undefined;
    }
    if (slab === undefined || this.used + length > slab.length) {
      slab = Buffer.allocUnsafe(Math.max(SLAB, length));
      this.slabs.push(slab);
      this.slabBytes += slab.length;
      this.used = 0;
    }
    const to = copyRange(buf, s, at < 0 ? e : at, slab, this.used);
    if (at >= 0) copyRange(buf, tail, e, slab, to);
    const n = this.count++;
    this.hashes[n] = hash;
    this.slabOf[n] = this.slabs.length - 1;
    this.starts[n] = this.used;
    this.lengths[n] = length;
    this.heads[n] = head;
    this.used += length;
    let i = hash & this.mask;
    while (this.slots[i] !== 0) i = (i + 1) & this.mask;
    this.slots[i] = n + 1;
    return n;
  }

  private same(i: number, buf: Buffer, s: number, at: number, tail: number, e: number): boolean {
    const head = this.heads[i];
    const from = this.starts[i];
    const slab = this.slabs[this.slabOf[i]];
    if (at < 0) return head < 0 && this.lengths[i] === e - s && buf.compare(slab, from, from + e - s, s, e) === 0;
    return (
      head === at - s &&
      this.lengths[i] === head + e - tail &&
      buf.compare(slab, from, from + head, s, at) === 0 &&
      buf.compare(slab, from + head, from + this.lengths[i], tail, e) === 0
    );
  }

  private clear(): void {
    this.slots.fill(0);
    this.count = 0;
    this.slabs.length = 0;
    this.used = 0;
    this.slabBytes = 0;
  }
}
