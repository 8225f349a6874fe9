/**
 * Factoring a label (lemma ID + Buckwalter morphology) into the 16 label elements of
 * Shah et al. 2010 (section 3.1, Table 2, plus `case` from Table 4). Both the BAMA 1.0
 * tag set and SAMA 3.1's are understood. The rules, with an example each, are the table
 * in docs/label-elements.md; test/labels/doc-table.test.ts checks every row.
 */
import { emptyElements, type LabelElements } from './elements.js';
import { parseMorph, type MorphSegment } from './morph.js';
import {
  introducesPronounStem, isPronTag, ivPrefixPng, parsePng, stemInfo, suffixInfo, type Png,
} from './tags.js';

export { parseMorph, formatMorph, type MorphSegment } from './morph.js';

/** A factored label with how it was read. */
export interface Factorization {
  elements: LabelElements;
  segments: MorphSegment[];
  /** Index of the stem segment; -1 when the string has only suffixes (or nothing). */
  stem: number;
  /** Tags the rules do not know (each once, in order of appearance); empty for a clean label. */
  unknownTags: string[];
}

/** Segments [from, n) are inflectional suffixes or pronoun clitics; returns from. */
function suffixStart(segs: readonly MorphSegment[]): number {
  let end = segs.length;
  while (end > 0) {
    const seg = segs[end - 1];
    if (suffixInfo(seg.tag)) {
      end--;
    } else if (isPronTag(seg.tag) && end >= 2 && !introducesPronounStem(segs[end - 2])) {
      end--;
    } else {
      break;
    }
  }
  return end;
}

function setPng(el: LabelElements, png: Png, to: 'pos' | 'suf', overwrite: boolean): void {
  const [p, n, g] = to === 'pos' ? (['perpos', 'numpos', 'genpos'] as const) : (['persuf', 'numsuf', 'gensuf'] as const);
  if (png.per && (overwrite || !el[p])) el[p] = png.per;
  if (png.num && (overwrite || !el[n])) el[n] = png.num;
  if (png.gen && (overwrite || !el[g])) el[g] = png.gen;
}

/** Factors a label and reports the stem position and any tag the rules do not know. */
export function factorizeDetailed(lemma: string, morph: string): Factorization {
  return factorizeSegments(lemma, parseMorph(morph));
}

/**
 * {@link factorizeDetailed} of a morphology already split by parseMorph. The rules read each
 * segment's tag and, of its vocalization, only whether it spells at most one letter
 * (isShortVocalization in ./tags.ts), and the lemma only as the lemma element: what
 * ./factorize-cache.ts relies on.
 */
export function factorizeSegments(lemma: string, segments: MorphSegment[]): Factorization {
  const el = emptyElements();
  el.lemma = lemma;
  const unknown = new Set<string>();
  const sufStart = suffixStart(segments);
  const stem = sufStart - 1;

  // Prefixes: DET → det, IV person prefix → perpos/numpos/genpos, anything else a proclitic.
  const proclitics: string[] = [];
  for (let i = 0; i < stem; i++) {
    const { tag } = segments[i];
    const png = ivPrefixPng(tag);
    if (tag === 'DET') el.det = tag;
    else if (png) setPng(el, png, 'pos', false);
    else {
      proclitics.push(tag);
      if (!stemInfo(tag)) unknown.add(tag);
    }
  }
  el.pre1 = proclitics.at(-1) ?? '';
  el.pre2 = proclitics.slice(0, -1).join('+');

  // Stem: basic POS, extra POS data, and the person/number/gender some stem tags carry.
  if (stem >= 0) {
    const { tag } = segments[stem];
    const info = stemInfo(tag);
    if (info) {
      el.pos = info.pos;
      el.dpos = info.dpos;
      setPng(el, info, 'pos', true);
    } else {
      el.pos = tag;
      unknown.add(tag);
    }
  }

  // Suffixes: inflectional ones → suf (types joined by '+'), persuf/numsuf/gensuf, mood, case;
  // pronoun clitics → pron (full tags joined by '+').
  const sufTypes: string[] = [];
  const prons: string[] = [];
  for (let i = sufStart; i < segments.length; i++) {
    const { tag } = segments[i];
    const info = suffixInfo(tag);
    if (!info) {
      prons.push(tag); // PRON_<png> after a host
      continue;
    }
    if (!info.known) unknown.add(tag);
    if (info.kind === 'pron') {
      prons.push(tag);
      continue;
    }
    sufTypes.push(info.type);
    setPng(el, info, 'suf', false);
    if (info.mood && !el.mood) el.mood = info.mood;
    if (info.case && !el.case) el.case = info.case;
  }
  el.suf = sufTypes.join('+');
  el.pron = prons.join('+');
  return { elements: el, segments, stem, unknownTags: [...unknown] };
}

/**
 * The 16 label elements of a label. BAMA 1.0 and SAMA 3.1 tags alike; never throws;
 * an unknown stem tag becomes the pos itself; an absent element is ''. Deterministic.
 */
export function factorize(lemma: string, morph: string): LabelElements {
  return factorizeDetailed(lemma, morph).elements;
}

/** Person/number/gender of a code such as `3FS` (re-exported for readers building gold labels). */
export { parsePng };
