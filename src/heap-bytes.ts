/**
 * What the caches charge for what they keep: an upper estimate of the heap an entry holds alive
 * (V8 on 64-bit Node without pointer compression: 8-byte fields, a 24-byte object header, a
 * string's 16-byte header and its characters), so that a cache bounded in these bytes holds at
 * most about that much (docs/reliability.md, "Memory: every cache in bytes"; the test that checks
 * it against the heap is test/reliability/cache-bytes.test.ts). A string is charged two bytes a
 * character, whether V8 stores it in one or two.
 *
 * And {@link flat}: a string built piece by piece (`s += c`, `a + b`) is a tree of pieces in V8
 * (32 bytes each) until something reads it whole; a cache that keeps one keeps the tree. Cached
 * strings are made flat before they are kept.
 */

/** An object with `fields` properties in the object itself. */
export function objectBytes(fields: number): number {
  return 24 + 8 * fields;
}

/** An array of `n` elements (the array object and its backing store). */
export function arrayBytes(n: number): number {
  return 48 + 8 * n;
}

/**
 * A string: its header and its characters, two bytes each, rounded up to 8, and the 32-byte piece a
 * flattened string may still be reached through.
 */
export function stringBytes(s: string): number {
  return 48 + ((2 * s.length + 7) & ~7);
}

/** A typed array of `byteLength` bytes: the view, its ArrayBuffer and the bytes. */
export function typedArrayBytes(byteLength: number): number {
  return 160 + byteLength;
}

/** One entry of a Map (key, value, chain and its share of the buckets, with the table's slack). */
export const MAP_ENTRY_BYTES = 64;

/** Strings this short are never trees: V8 copies a concatenation shorter than 13 characters. */
const SHORTEST_TREE = 13;

/**
 * The same string, laid out in one piece in memory (V8 flattens a string when a character of
 * it is read; what was a tree of pieces becomes garbage). Returns `s`. Throws nothing.
 */
export function flat(s: string): string {
  if (s.length >= SHORTEST_TREE) s.charCodeAt(0);
  return s;
}
