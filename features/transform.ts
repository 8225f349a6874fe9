/**
 * How a β* count becomes a feature value z (a named option recorded in the model):
 *   raw     count
 *   log1p   log(1 + count)
 *   rel     count / marginal          (relative frequency given the word and context; 0 when the marginal is 0)
 *   logrel  log((count + 1) / (marginal + 1))
 * The marginal of a local template is count(word, context) over all values (see features/tally.ts).
 * Document templates use the analogous forms of features/ztf-tables.ts: the transforms that do not
 * read the marginal apply to the count per word of the document.
 * Each transform is declared once, in VALUE_TRANSFORM_DEFS; everything else derives from it by name.
 */
import { UsageError } from '../src/errors.js';

/** A value transform: its function of (count, marginal), and whether it reads the marginal. */
export interface TransformDef {
  value(count: number, marginal: number): number;
  relative: boolean;
}

/** The value transforms, in the order reports list them. */
export const VALUE_TRANSFORM_DEFS = {
  raw: { value: (count: number) => count, relative: false },
  log1p: { value: (count: number) => Math.log1p(count), relative: false },
  rel: { value: (count: number, marginal: number) => (marginal > 0 ? count / marginal : 0), relative: true },
  logrel: { value: (count: number, marginal: number) => Math.log((count + 1) / (marginal + 1)), relative: true },
} as const satisfies Record<string, TransformDef>;

/** The name of a value transform (see the module comment). */
export type ValueTransform = keyof typeof VALUE_TRANSFORM_DEFS;

/** The transform names, in declaration order. */
export const VALUE_TRANSFORMS = Object.keys(VALUE_TRANSFORM_DEFS) as readonly ValueTransform[];

/**
 * The transform used when none is named: log1p tied with logrel for the best A1/A2 by 10-fold CV on
 * PUD, and extracts faster (docs/method.md).
 */
export const DEFAULT_TRANSFORM: ValueTransform = 'log1p';

/** True when `name` is a value transform's name. */
export function isTransform(name: string): name is ValueTransform {
  return Object.hasOwn(VALUE_TRANSFORM_DEFS, name);
}

/** The transform named `name`; throws UsageError for an unknown name. */
export function parseTransform(name: string): ValueTransform {
  if (isTransform(name)) return name;
  throw new UsageError(`unknown value transform '${name}' (known: ${VALUE_TRANSFORMS.join(', ')})`);
}

/** The function (count, marginal) → value of a transform. */
export function transformFunction(name: ValueTransform): (count: number, marginal: number) => number {
  return VALUE_TRANSFORM_DEFS[name].value;
}
