/**
 * The built-in factorization (./factorize.ts) of many labels, each morphology's rules run once
 * per shape: the rules read a segment's tag and, of its vocalization, only whether it spells at
 * most one letter, and the lemma only as the lemma element. An analyzer's morphologies spell
 * their stems (`jA*ibiy~/NOUN+ap/NSUFF_FEM_SG`), so a text has nearly as many morphologies as
 * analyses, but few shapes (`NOUN+NSUFF_FEM_SG`): some 500 for 10,000 new analyses of WikiNews
 * text. Kept for the whole process, bounded, frozen: safe to share.
 */
import { flat, MAP_ENTRY_BYTES, objectBytes, stringBytes } from '../heap-bytes.js';
import { copyElements, LABEL_ELEMENTS, type LabelElements } from './elements.js';
import { factorizeSegments } from './factorize.js';
import { parseMorph, visitPlainMorph, type MorphSegment } from './morph.js';
import { isShortVocalization } from './tags.js';

/** Shapes kept at most; the table starts afresh beyond (a text never comes near it). */
export const SHAPES_MAX = 1 << 16;
/** The bytes the table may hold (src/heap-bytes.ts: each shape and its elements); it starts afresh beyond. */
export const SHAPES_BYTES = 8 * 2 ** 20;

/** The elements with an empty lemma, per shape. */
const BY_SHAPE = new Map<string, Readonly<LabelElements>>();
let shapeBytes = 0;

/** The shape of a split morphology: each segment's tag and whether its vocalization is one letter at most. */
export function morphShape(segments: readonly MorphSegment[]): string {
  let key = '';
  for (const s of segments) key += `${s.tag}${isShortVocalization(s.voc) ? '\u0001' : '\u0002'}`;
  return key;
}

/**
 * The elements of (lemma, morph), as `factorize(lemma, morph)` gives them (same values, same
 * key order), as a new frozen object whose values are shared with every label of the same shape.
 * Takes the lemma ID and the morphology (both as the label has them); never throws.
 */
export function sharedElements(lemma: string, morph: string): LabelElements {
  let segments: MorphSegment[] | null = null;
  const shape = quickShape(morph) ?? morphShape((segments = parseMorph(morph)));
  let base = BY_SHAPE.get(shape);
  if (base === undefined) {
    base = Object.freeze(factorizeSegments('', segments ?? parseMorph(morph)).elements);
    const bytes = MAP_ENTRY_BYTES + stringBytes(shape) + objectBytes(LABEL_ELEMENTS.length);
    if (BY_SHAPE.size >= SHAPES_MAX || shapeBytes + bytes > SHAPES_BYTES) {
      BY_SHAPE.clear();
      shapeBytes = 0;
    }
    BY_SHAPE.set(flat(shape), base);
    shapeBytes += bytes;
  }
  return Object.freeze(copyElements(base, lemma));
}

/**
 * `morphShape(parseMorph(morph))` read straight from the string, for the way analyzers spell a
 * morphology (./morph.ts visitPlainMorph); null for any other string (parseMorph then
 * decides). Never throws.
 */
export function quickShape(morph: string): string | null {
  let key = '';
  const plain = visitPlainMorph(morph, (start, slash, end) => {
    key += `${morph.slice(slash + 1, end)}${isShortVocalization(morph, start, slash) ? '\u0001' : '\u0002'}`;
  });
  return plain ? key : null;
}
