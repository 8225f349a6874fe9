/**
 * How a β* count becomes a feature value z (a named option recorded in the model):
 *   raw     count
 *   log1p   log(1 + count)
 *   rel     count / marginal          (relative frequency given the word and context; 0 when the marginal is 0)
 *   logrel  log((count + 1) / (marginal + 1))
 * The marginal of a local template is count(word, context) over all values (see features/tally.ts).
 * Document templates use the analogous forms of features/doc.ts.
 */
import { UsageError } from '../src/errors.js';

export const VALUE_TRANSFORMS = ['raw', 'log1p', 'rel', 'logrel'] as const;
export type ValueTransform = (typeof VALUE_TRANSFORMS)[number];

/** The transform used when none is named: log1p tied with logrel for the best A1/A2 by 10-fold CV on PUD, and extracts faster (docs/method.md). */
export const DEFAULT_TRANSFORM: ValueTransform = 'log1p';

export function parseTransform(name: string): ValueTransform {
  if ((VALUE_TRANSFORMS as readonly string[]).includes(name)) return name as ValueTransform;
  throw new UsageError(`unknown value transform '${name}' (known: ${VALUE_TRANSFORMS.join(', ')})`);
}
