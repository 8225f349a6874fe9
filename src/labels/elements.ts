/**
 * The label elements (LEs) of Shah et al. 2010, Table 2, plus `case` (Table 4).
 * Declared once; everything else derives from this list.
 */
export const LABEL_ELEMENTS = [
  'lemma', 'pre1', 'pre2', 'det', 'pos', 'dpos', 'suf',
  'perpos', 'numpos', 'genpos', 'persuf', 'numsuf', 'gensuf',
  'mood', 'pron', 'case',
] as const;

/** One of the 16 label elements (LEs) of Shah et al. 2010, Table 1. */
export type LabelElement = (typeof LABEL_ELEMENTS)[number];

/** A label factored into its elements; an absent element is the empty string. */
export type LabelElements = Record<LabelElement, string>;

/** The paper's feature targets: the whole label and each LE (its Zaggr, equation 7). */
export const PAPER_TARGETS = ['label', ...LABEL_ELEMENTS] as const;

/**
 * Targets a feature can be about: the paper's, and the case-less label (the label without its
 * case ending or mood vowel, src/labels/caseless.ts: what fixes a word's stem vowels, with the
 * evidence of its case variants pooled; features/templates.ts, `+caseless`). A candidate's
 * value of each: src/corpus/targets.ts. New targets go last: β* keys hold a target's place here.
 */
export const TARGETS = [...PAPER_TARGETS, 'caseless'] as const;
/** What an accuracy is measured on: the whole label, or one label element. */
export type Target = (typeof TARGETS)[number];

/** Every element empty, in LABEL_ELEMENTS order (the template {@link emptyElements} copies). */
const EMPTY_ELEMENTS: Readonly<LabelElements> = Object.freeze(Object.fromEntries(LABEL_ELEMENTS.map((e) => [e, ''])) as LabelElements);

/** All elements empty: a new object (a copy of one built once). */
export function emptyElements(): LabelElements {
  return { ...EMPTY_ELEMENTS };
}

/**
 * A new object with the elements of `e` and the lemma `lemma` (default: its own), keys in
 * LABEL_ELEMENTS order. Written as one literal (the type checks that every element is there,
 * test/labels/factorize-cache.test.ts the order): V8 gives its copies one shape, cheap to
 * make and to freeze, where a spread of a frozen object is several times slower, and slower
 * still to freeze (measured).
 */
export function copyElements(e: Readonly<LabelElements>, lemma = e.lemma): LabelElements {
  return {
    lemma,
    pre1: e.pre1,
    pre2: e.pre2,
    det: e.det,
    pos: e.pos,
    dpos: e.dpos,
    suf: e.suf,
    perpos: e.perpos,
    numpos: e.numpos,
    genpos: e.genpos,
    persuf: e.persuf,
    numsuf: e.numsuf,
    gensuf: e.gensuf,
    mood: e.mood,
    pron: e.pron,
    case: e.case,
  };
}

/** The key that identifies a label: lemma ID and morphology. */
export function labelKey(lemma: string, morph: string): string {
  return `${lemma}\t${morph}`;
}

export function isLabelElement(name: string): name is LabelElement {
  return (LABEL_ELEMENTS as readonly string[]).includes(name);
}
