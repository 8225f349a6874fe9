/**
 * Label-element schemes: which tags of an analyzer's tag set fill which label element, for
 * any language. The 16 Arabic elements of Shah et al. (factorize.ts) are one built-in scheme.
 * A user scheme (a small JSON file, scheme-file.ts) names its elements and the tags or tag
 * patterns of each; without one, an automatic scheme is inferred from the corpus
 * (`inferScheme`): for `lemma+TAG+TAG…` analyses the lemma, the main POS (the first tag) and
 * one element per further tag position, or per category for `Key=Value` tags.
 *
 * Internally every label has the same 16 element slots (LABEL_ELEMENTS), so features, models
 * and reports need no change of shape: a scheme's elements occupy slots (one of the same name
 * when there is one, else the next free), the first element the `pos` slot, and carry their
 * own names for users (Table 4, `--features <LE>`, eval reports). See docs/label-elements.md.
 */
import { CorpusError, UsageError } from '../errors.js';
import { emptyElements, LABEL_ELEMENTS, type LabelElement, type LabelElements } from './elements.js';
import { factorize } from './factorize.js';

export const SCHEME_KIND = 'lexdis-label-scheme';
/** Several tags for one element are joined with this. */
export const SCHEME_JOIN = '|';

/** How one element is filled. */
export type ElementRule =
  /** Tags listed by name, or matching a regular expression (source, without slashes). */
  | { kind: 'tags'; tags: string[]; patterns: string[]; patternLines?: number[] }
  /** The bare tag at this 1-based position of the tag list (automatic schemes). */
  | { kind: 'position'; position: number }
  /** Tags `Key=Value` with this key (automatic schemes); the value is the tag. */
  | { kind: 'key'; key: string }
  /** Several positions and keys pooled when an automatic scheme has more categories than slots. */
  | { kind: 'other'; positions: number[]; keys: string[] };

export interface SchemeElement {
  name: string;
  slot: LabelElement;
  rule: ElementRule;
}

/** A scheme as stored in a model header (plain JSON). */
export interface LabelScheme {
  kind: typeof SCHEME_KIND;
  /** 'arabic' for the built-in scheme, 'auto' for an inferred one, else the user's name. */
  name: string;
  /** The built-in Arabic scheme: factorize.ts on Buckwalter morphology (no other field applies). */
  builtin?: 'arabic';
  /** Between the lemma and the first tag; '' = `/` when the analysis has one, else the first separator. */
  lemmaSeparator: string;
  separator: string;
  /** Not counting the lemma, which always fills the `lemma` slot. */
  elements: SchemeElement[];
  /** File the scheme was read from (for errors). */
  file?: string;
}

/** The 16 Arabic elements, as a scheme. */
export const ARABIC_SCHEME: LabelScheme = Object.freeze({
  kind: SCHEME_KIND, name: 'arabic', builtin: 'arabic', lemmaSeparator: '', separator: '+',
  elements: LABEL_ELEMENTS.filter((e) => e !== 'lemma').map((slot) => ({ name: slot, slot, rule: { kind: 'tags', tags: [], patterns: [] } as ElementRule })),
}) as LabelScheme;

/**
 * Slots for a list of element names: the first to `pos`, the slot of the same name (any case) when
 * free, the rest in order.
 */
export function assignSlots(names: readonly string[]): LabelElement[] {
  const free: LabelElement[] = LABEL_ELEMENTS.filter((e) => e !== 'lemma');
  if (names.length > free.length) throw new UsageError(`a scheme has at most ${free.length} elements besides the lemma, not ${names.length}`);
  const out: (LabelElement | undefined)[] = names.map(() => undefined);
  const take = (slot: LabelElement) => free.splice(free.indexOf(slot), 1)[0];
  if (names.length > 0) out[0] = take('pos');
  names.forEach((n, i) => {
    const same = n.toLowerCase();
    if (i > 0 && (free as readonly string[]).includes(same)) out[i] = take(same as LabelElement);
  });
  return out.map((s) => s ?? free.shift()!);
}

/** Splits an analysis into lemma and tags by the scheme's separators. */
export function splitAnalysis(scheme: LabelScheme, analysis: string): { lemma: string; tags: string[] } {
  const text = analysis.trim();
  const sep = scheme.lemmaSeparator || (text.includes('/') ? '/' : scheme.separator);
  const at = text.indexOf(sep);
  const lemma = at < 0 ? text : text.slice(0, at).trim();
  const morph = at < 0 ? '' : text.slice(at + sep.length);
  return { lemma, tags: morph.split(scheme.separator).map((t) => t.trim()).filter((t) => t !== '') };
}

/**
 * The element (index in scheme.elements) a tag at a 1-based position fills, or the indices of every
 * element it matches.
 */
function elementsOf(scheme: LabelScheme, tag: string, position: number, regexes: (RegExp[] | null)[]): number[] {
  const eq = tag.indexOf('=');
  const out: number[] = [];
  scheme.elements.forEach((e, i) => {
    const r = e.rule;
    const hit = r.kind === 'tags' ? r.tags.includes(tag) || regexes[i]!.some((re) => re.test(tag))
      : r.kind === 'position' ? eq < 0 && r.position === position
        : r.kind === 'key' ? eq > 0 && tag.slice(0, eq) === r.key
          : (eq > 0 ? r.keys.includes(tag.slice(0, eq)) : r.positions.includes(position));
    if (hit) out.push(i);
  });
  return out;
}

/** A factored analysis. */
export interface SchemeFactorization {
  lemma: string;
  morph: string;
  elements: LabelElements;
}

/**
 * The elements of a label (lemma and tag list) under a non-built-in scheme. Throws
 * CorpusError naming the tag when a tag fills no element, or two.
 */
export function schemeTagFactorizer(scheme: LabelScheme): (lemma: string, tags: readonly string[]) => LabelElements {
  const regexes = scheme.elements.map((e) => (e.rule.kind === 'tags' ? e.rule.patterns.map((p) => new RegExp(p, 'u')) : null));
  const where = scheme.file ? ` (${scheme.file})` : '';
  return (lemma, tags) => {
    const values = new Map<number, string[]>();
    tags.forEach((tag, k) => {
      const hits = elementsOf(scheme, tag, k + 1, regexes);
      if (hits.length === 0) throw new CorpusError(`tag "${tag}" fills no element of the label scheme '${scheme.name}'${where}`);
      if (hits.length > 1)
        throw new CorpusError(`tag "${tag}" fills two elements of the label scheme '${scheme.name}'${where}: ${hits.map((i) => scheme.elements[i].name).join(' and ')}`);
      values.set(hits[0], [...(values.get(hits[0]) ?? []), tag]);
    });
    const elements = emptyElements();
    elements.lemma = lemma;
    for (const [i, vs] of values) elements[scheme.elements[i].slot] = vs.join(SCHEME_JOIN);
    return elements;
  };
}

/**
 * A factorizer for a scheme: analysis → lemma, morph (the tags joined by the separator) and
 * elements. The built-in Arabic scheme splits `lemma/morph` and uses factorize.ts. Throws
 * CorpusError naming the tag when a tag fills no element, or two.
 */
export function schemeFactorizer(scheme: LabelScheme): (analysis: string) => SchemeFactorization {
  if (scheme.builtin === 'arabic') {
    return (analysis) => {
      const { lemma, tags } = splitAnalysis({ ...scheme, lemmaSeparator: '/' }, analysis);
      const morph = tags.join('+');
      return { lemma, morph, elements: factorize(lemma, morph) };
    };
  }
  const f = schemeTagFactorizer(scheme);
  return (analysis) => {
    const { lemma, tags } = splitAnalysis(scheme, analysis);
    return { lemma, morph: tags.join(scheme.separator), elements: f(lemma, tags) };
  };
}

/** The user's name of a slot under a scheme (the slot's own name when the scheme does not use it). */
export function elementName(scheme: LabelScheme | undefined, slot: LabelElement): string {
  if (slot === 'lemma' || !scheme) return slot;
  return scheme.elements.find((e) => e.slot === slot)?.name ?? slot;
}

/** The slots a scheme uses, lemma first, in its element order. */
export function schemeSlots(scheme: LabelScheme | undefined): LabelElement[] {
  if (!scheme || scheme.builtin === 'arabic') return [...LABEL_ELEMENTS];
  return ['lemma', ...scheme.elements.map((e) => e.slot)];
}

/** The slot of an element named by a user (`--features agreement`), or undefined. */
export function slotOf(scheme: LabelScheme | undefined, name: string): LabelElement | undefined {
  if (name === 'lemma') return 'lemma';
  if (!scheme || scheme.builtin === 'arabic') return (LABEL_ELEMENTS as readonly string[]).includes(name) ? (name as LabelElement) : undefined;
  return scheme.elements.find((e) => e.name === name)?.slot;
}

/**
 * A feature-set name with a scheme's element name in it (`agreement`, `agreement+prior`)
 * turned into the slot's name, which the feature sets use (features/templates.ts). Other
 * names are returned unchanged.
 */
export function featureSetForScheme(scheme: LabelScheme | undefined, set: string): string {
  const plus = set.indexOf('+');
  const head = plus < 0 ? set : set.slice(0, plus);
  const slot = slotOf(scheme, head);
  return slot === undefined ? set : slot + (plus < 0 ? '' : set.slice(plus));
}

/** The feature-set name for users: a slot name in it replaced by the scheme's element name. */
export function featureSetDisplay(scheme: LabelScheme | undefined, set: string): string {
  const plus = set.indexOf('+');
  const head = plus < 0 ? set : set.slice(0, plus);
  if (!(LABEL_ELEMENTS as readonly string[]).includes(head)) return set;
  return elementName(scheme, head as LabelElement) + (plus < 0 ? '' : set.slice(plus));
}
