/**
 * Caches bounded in entries and in bytes: each entry is charged what `weigh` says it keeps
 * alive (src/heap-bytes.ts), and an entry that would take the cache past either bound pushes
 * older ones out; one heavier than the byte bound (half of it for a {@link GenerationCache}) is
 * never kept. Without a weigh function the bound is in entries only.
 */

/** The bytes a cache is charged for keeping `value` under `key` (the same figure every time for the same pair). */
export type Weigh<K, V> = (key: K, value: V) => number;

const NOTHING = (): number => 0;

/**
 * A bounded least-recently-used cache on top of Map's insertion order: a hit moves the key
 * to the end, an insertion beyond a bound evicts the oldest keys. Capacity 0 caches nothing.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  private bytes = 0;

  /** Takes the most entries, and the most bytes as `weigh` charges them (no byte bound by default). */
  constructor(readonly capacity: number, readonly maxBytes = Infinity, private readonly weigh: Weigh<K, V> = NOTHING) {}

  /** The cached value, marking it as most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** The cached value without changing its recency. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    if (this.capacity <= 0) return;
    const w = this.weigh(key, value);
    if (w > this.maxBytes) return;
    const old = this.map.get(key);
    if (old !== undefined) {
      this.bytes -= this.weigh(key, old);
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.bytes += w;
    while (this.map.size > this.capacity || this.bytes > this.maxBytes) {
      const oldest = this.map.keys().next().value as K;
      this.bytes -= this.weigh(oldest, this.map.get(oldest) as V);
      this.map.delete(oldest);
    }
  }

  get size(): number {
    return this.map.size;
  }

  /** The bytes the entries held now are charged. */
  get heldBytes(): number {
    return this.bytes;
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}

/**
 * A bounded cache cheaper than {@link LruCache} on a hit (one Map look-up, no reordering): two
 * generations, the entries set or used since the last turn and those of the turn before.
 * When an entry would take the new generation past half the capacity or half the bytes, it
 * becomes the old one (the old one is dropped) before the entry goes in; a hit in the old
 * generation moves the entry to the new one. So at most `capacity` entries and `maxBytes`
 * bytes are held, and an entry used once every capacity/2 insertions stays. Capacity 0 caches
 * nothing.
 */
export class GenerationCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private youngBytes = 0;
  private oldBytes = 0;
  private readonly half: number;
  private readonly halfBytes: number;

  /** Takes the most entries, and the most bytes as `weigh` charges them (no byte bound by default). */
  constructor(readonly capacity: number, readonly maxBytes = Infinity, private readonly weigh: Weigh<K, V> = NOTHING) {
    this.half = Math.floor(capacity / 2);
    this.halfBytes = maxBytes / 2;
  }

  /** The cached value (kept in the new generation). */
  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      const w = this.weigh(key, aged);
      this.old.delete(key);
      this.oldBytes -= w;
      this.put(key, aged, w);
    }
    return aged;
  }

  set(key: K, value: V): void {
    this.put(key, value, this.weigh(key, value));
  }

  private put(key: K, value: V, w: number): void {
    if (this.half <= 0 || w > this.halfBytes) return;
    const before = this.young.get(key);
    if (before !== undefined) {
      this.youngBytes -= this.weigh(key, before);
    } else if (this.young.size >= this.half || this.youngBytes + w > this.halfBytes) {
      this.old = this.young;
      this.oldBytes = this.youngBytes;
      this.young = new Map();
      this.youngBytes = 0;
    }
    this.young.set(key, value);
    this.youngBytes += w;
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  /** The bytes the entries held now are charged. */
  get heldBytes(): number {
    return this.youngBytes + this.oldBytes;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.youngBytes = 0;
    this.oldBytes = 0;
  }
}
