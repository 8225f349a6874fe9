/**
 * A configurable factorizer for analyzers of other languages (the plain candidates
 * format): an analysis is `lemma<lemmaSeparator>tag<separator>tag…`; the lemma is the
 * `lemma` element, the first tag the `pos`, and the further tags go to elements by a
 * tag map; tags the map does not name go into `dpos`. See docs/label-elements.md.
 */
import { UsageError } from '../errors.js';
import { emptyElements, isLabelElement, LABEL_ELEMENTS, type LabelElement, type LabelElements } from './elements.js';

export interface GenericFactorizerOptions {
  /** Between tags. */
  separator: string;
  /** Between the lemma and the first tag; the first occurrence counts. */
  lemmaSeparator: string;
  /**
   * Tag name or tag prefix → element. A key matches a tag equal to it (value: the tag), or,
   * when the key ends in a character that is not a letter or digit (`Case=`, `NUM:`), a tag
   * that starts with it (value: the rest of the tag). Exact names win, then the longest prefix.
   */
  tagElements: Record<string, LabelElement>;
}

/** UD-style features (`Case=Nom`) to the elements the paper names for them. */
export const defaultGenericOptions: GenericFactorizerOptions = Object.freeze({
  separator: '+',
  lemmaSeparator: '/',
  tagElements: Object.freeze({
    'Case=': 'case',
    'Number=': 'numsuf',
    'Gender=': 'gensuf',
    'Person=': 'persuf',
    'Mood=': 'mood',
    'Definite=': 'det',
  }) as Record<string, LabelElement>,
}) as GenericFactorizerOptions;

/** Several values for one element are joined with this. */
const GENERIC_JOIN = '|';

export interface GenericFactorization {
  lemma: string;
  morph: string;
  elements: LabelElements;
}

function validate(o: GenericFactorizerOptions): void {
  if (typeof o.separator !== 'string' || o.separator === '') {
    throw new UsageError('generic factorizer: separator must be a non-empty string');
  }
  if (typeof o.lemmaSeparator !== 'string' || o.lemmaSeparator === '') {
    throw new UsageError('generic factorizer: lemmaSeparator must be a non-empty string');
  }
  for (const [key, element] of Object.entries(o.tagElements ?? {})) {
    if (key === '') throw new UsageError('generic factorizer: empty tag key in tagElements');
    if (!isLabelElement(element) || element === 'lemma') {
      throw new UsageError(`generic factorizer: tag "${key}" maps to "${String(element)}", not one of ${LABEL_ELEMENTS.slice(1).join(', ')}`);
    }
  }
}

/**
 * Makes a factorizer from options merged over {@link defaultGenericOptions} (a given
 * `tagElements` replaces the default map). Throws UsageError for bad options; the
 * returned function never throws.
 */
export function makeGenericFactorizer(
  options: Partial<GenericFactorizerOptions> = {},
): (analysis: string) => GenericFactorization {
  const opts: GenericFactorizerOptions = { ...defaultGenericOptions, ...options };
  validate(opts);
  const exact = new Map(Object.entries(opts.tagElements));
  const prefixes = [...exact.keys()]
    .filter((k) => !/[\p{L}\p{N}]$/u.test(k))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

  function route(tag: string): [LabelElement, string] {
    const hit = exact.get(tag);
    if (hit) return [hit, tag];
    for (const p of prefixes) {
      if (tag.length > p.length && tag.startsWith(p)) return [exact.get(p)!, tag.slice(p.length)];
    }
    return ['dpos', tag];
  }

  return (analysis: string): GenericFactorization => {
    const text = analysis.trim();
    const at = text.indexOf(opts.lemmaSeparator);
    const lemma = at < 0 ? text : text.slice(0, at).trim();
    const morph = at < 0 ? '' : text.slice(at + opts.lemmaSeparator.length).trim();
    const tags = morph.split(opts.separator).map((t) => t.trim()).filter((t) => t !== '');
    const values = new Map<LabelElement, string[]>();
    const add = (e: LabelElement, v: string) => { values.set(e, [...(values.get(e) ?? []), v]); };
    if (tags.length > 0) add('pos', tags[0]);
    for (const tag of tags.slice(1)) add(...route(tag));
    const elements = emptyElements();
    elements.lemma = lemma;
    for (const [e, vs] of values) elements[e] = vs.join(GENERIC_JOIN);
    return { lemma, morph, elements };
  };
}
