/**
 * Seeded pseudo-random numbers (mulberry32): every random choice in lexdis takes a seed,
 * so the same input and seed give the same split, sample, model and figures.
 */
/** The seed of every command's random choices when none is given (`--seed`, training, cv, the tie-break of eval). */
export const DEFAULT_SEED = 42;

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = (seed >>> 0) ^ 0x9e3779b9;
  }

  /** Uniform integer in [0, 2^32). */
  uint32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Shuffles an array in place (Fisher–Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/**
 * A 32-bit FNV-1a hash of a string (its UTF-16 code units), mixed with a seed. Stable across
 * runs and platforms: used for orders that must not depend on input order (the candidates
 * reader's stored order, the seeded random tie-break).
 */
export function hash32(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}
