/**
 * The 64-bit keys of β*: two independent 32-bit hashes of the tuple (templateCode, wordId,
 * contextId, valueId). `hi` is MurmurHash3-style (x86_32 round and finalizer), `lo` is
 * xxHash32-style (round and avalanche), each over the four 32-bit words in the order
 * word, context, code, value — so the state after (word, context) can be shared by every
 * target of one context. 32-bit keys alone collided 113 times in 1M keys; with 64 bits the
 * expected number of colliding pairs among n keys is n²/2⁶⁵ (≈ 3·10⁻⁶ for n = 10M).
 * Ids that are absent (the word of a base-rate template, a marginal's value) are NONE (-1).
 * All arithmetic is Math.imul / shifts on int32: no allocation, no strings.
 */

/** The id used for 'no word / no context / no value' in a key. */
export const NONE = -1;

export const SEED_HI = 0x9747b28c | 0;
export const SEED_LO = (0x2f0b1ec5 + 0x165667b1 + 16) | 0;

/** One MurmurHash3 round: mixes the 32-bit word k into state h. */
export function stepHi(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3 finalizer (16 bytes of input): the unsigned `hi` half of a key. */
export function finishHi(h: number): number {
  h ^= 16;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One xxHash32 4-byte round: mixes k into state h. */
export function stepLo(h: number, k: number): number {
  h = (h + Math.imul(k, 0xc2b2ae3d)) | 0;
  h = (h << 17) | (h >>> 15);
  return Math.imul(h, 0x27d4eb2f);
}

/** xxHash32 avalanche: the unsigned `lo` half of a key. */
export function finishLo(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae3d);
  h ^= h >>> 16;
  return h >>> 0;
}

/** `hi` of the key of (code, word, context, value). */
export function keyHi(code: number, word: number, ctx: number, value: number): number {
  return finishHi(stepHi(stepHi(stepHi(stepHi(SEED_HI, word), ctx), code), value));
}

/** `lo` of the key of (code, word, context, value). */
export function keyLo(code: number, word: number, ctx: number, value: number): number {
  return finishLo(stepLo(stepLo(stepLo(stepLo(SEED_LO, word), ctx), code), value));
}
