/**
 * A bounded least-recently-used cache on top of Map's insertion order: a hit moves the key
 * to the end, an insertion beyond the bound evicts the oldest key. Capacity 0 caches nothing.
 */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly capacity: number) {}

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
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * A bounded cache cheaper than {@link LruCache} on a hit (one Map look-up, no reordering): two
 * generations, the entries set or used since the last turn and those of the turn before.
 * When the new generation reaches half the capacity, it becomes the old one and the old one
 * is dropped; a hit in the old generation moves the entry to the new one. So at most
 * `capacity` entries are held, and an entry used once every capacity/2 insertions stays.
 * Capacity 0 caches nothing.
 */
export class GenerationCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(readonly capacity: number) {
    this.half = Math.floor(capacity / 2);
  }

  /** The cached value (kept in the new generation). */
  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.set(key, aged);
    }
    return aged;
  }

  set(key: K, value: V): void {
    if (this.half <= 0) return;
    this.young.set(key, value);
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }
}
