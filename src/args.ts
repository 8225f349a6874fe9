/**
 * Checks of the arguments of the public API's entry points: a bad argument is a UsageError
 * naming the argument and what it must be, never a bare TypeError from deep inside.
 */
import { UsageError } from './errors.js';

function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || value === undefined || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** Returns `value` when it is a string (non-empty unless `allowEmpty`); throws UsageError otherwise. */
export function requireString(name: string, value: unknown, allowEmpty = false): string {
  if (typeof value !== 'string' || (!allowEmpty && value.length === 0)) {
    throw new UsageError(`${name} must be a ${allowEmpty ? '' : 'non-empty '}string, got ${shown(value)}`);
  }
  return value;
}

/** Returns `value` when it is a whole number ≥ `min`; throws UsageError otherwise. */
export function requireInteger(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new UsageError(`${name} must be a whole number ≥ ${min}, got ${shown(value)}`);
  }
  return value;
}

/** Returns `value` when it is one of `allowed`; throws UsageError otherwise. */
export function requireOneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}, got ${shown(value)}`);
  }
  return value as T;
}

/** Returns `value` when it is a plain object (or `{}` for undefined when `optional`); throws UsageError otherwise. */
export function requireOptions<T extends object>(name: string, value: unknown, optional: boolean): T {
  if (value === undefined && optional) return {} as T;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${name} must be an object, got ${shown(value)}`);
  return value as T;
}

/** Returns `value` when it is a corpus ({ documents: [...] }); throws UsageError otherwise. */
export function requireCorpus<T extends { documents: unknown[] }>(name: string, value: unknown): T {
  if (value === null || typeof value !== 'object' || !Array.isArray((value as { documents?: unknown }).documents)) {
    throw new UsageError(`${name} must be a corpus ({ documents: [...] }), got ${shown(value)}`);
  }
  return value as T;
}

/** Returns `value` when it is a non-empty array of non-empty strings; throws UsageError otherwise. */
export function requirePaths(name: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw new UsageError(`${name} must be an array of paths, got ${shown(value)}`);
  if (value.length === 0) throw new UsageError(`${name}: no file given`);
  value.forEach((v, i) => requireString(`${name}[${i}]`, v));
  return value as string[];
}
