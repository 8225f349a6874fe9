/**
 * The case-less label (docs/glossary.md): a label with its case ending and mood vowel left
 * out, so that an evaluation can count a prediction right when it differs from the gold
 * only there. Which segments go is derived from the label elements by name: a suffix segment
 * whose tag fills `case` or `mood` ({@link CASE_MOOD_ELEMENTS}) and nothing else
 * (`+u/CASE_DEF_NOM`, `+a/IVSUFF_MOOD:S`). Suffixes that carry number or gender as well
 * (`+ayoni/NSUFF_MASC_DU_ACCGEN`, `+uwA/IVSUFF_SUBJ:MP_MOOD:SJ`) stay: the analyzer without
 * case endings has them too, so the case-less label of such an analysis is its label.
 */
import { flat } from '../heap-bytes.js';
import { labelKey, type LabelElement } from './elements.js';
import { formatMorph, parseMorph, visitPlainMorph, type MorphSegment } from './morph.js';
import { suffixInfo } from './tags.js';

/** The label elements a case ending or mood vowel fills: what the case-less label leaves out. */
export const CASE_MOOD_ELEMENTS = ['case', 'mood'] as const satisfies readonly LabelElement[];

/** The person/number/gender elements of a suffix (a segment that fills any of them is kept). */
const PNG_FIELDS = ['per', 'num', 'gen'] as const;

/**
 * What every case-or-mood tag holds (./tags.ts reads case only from CASE_… tags, mood alone only
 * from IVSUFF_MOOD:…): a morphology with neither has no such segment. Tested over every tag of
 * the analyzer's tables (test/labels/caseless.test.ts).
 */
const CASE_OR_MOOD_MARKS = ['CASE_', 'MOOD:'] as const;

/**
 * isCaseOrMoodTag per tag seen (a tag set is small; a table starts afresh beyond this many), for
 * tags of at most TAG_MEMO_CHARS characters (longer ones, which no tag set has, are not kept):
 * at most some 1.5 MB (src/heap-bytes.ts).
 */
const TAG_MEMO_MAX = 1 << 12;
const TAG_MEMO_CHARS = 128;
const caseOrMoodByTag = new Map<string, boolean>();

/** True when a tag is an inflectional suffix that fills only `case` or `mood` (CASE_DEF_NOM, IVSUFF_MOOD:I). */
export function isCaseOrMoodTag(tag: string): boolean {
  let known = tag.length > TAG_MEMO_CHARS ? undefined : caseOrMoodByTag.get(tag);
  if (known === undefined) {
    const info = suffixInfo(tag);
    known = !!info && info.kind === 'infl' && info.known && CASE_MOOD_ELEMENTS.some((e) => info[e] !== '') && PNG_FIELDS.every((f) => info[f] === '');
    if (tag.length > TAG_MEMO_CHARS) return known;
    if (caseOrMoodByTag.size >= TAG_MEMO_MAX) caseOrMoodByTag.clear();
    caseOrMoodByTag.set(flat(tag), known);
  }
  return known;
}

/** False when `morph` cannot hold a case-or-mood segment (no tag in it has {@link CASE_OR_MOOD_MARKS}). */
export function mayHaveCaseOrMood(morph: string): boolean {
  return CASE_OR_MOOD_MARKS.some((m) => morph.includes(m));
}

/**
 * The case-less morphology: the segments of `morph` without its case-ending and mood-vowel
 * segments, formatted again (`Al/DET+ra}iys/NOUN+u/CASE_DEF_NOM` → `Al/DET+ra}iys/NOUN`). A
 * morphology without such segments is returned unchanged. Never throws.
 */
export function caselessMorph(morph: string): string {
  if (!mayHaveCaseOrMood(morph)) return morph;
  // the way analyzers spell a morphology, read without making segments (the same string)
  let kept = '';
  let dropped = false;
  const plain = visitPlainMorph(morph, (start, slash, end) => {
    if (isCaseOrMoodTag(morph.slice(slash + 1, end))) dropped = true;
    else kept = kept === '' ? morph.slice(start, end) : `${kept}+${morph.slice(start, end)}`;
  });
  if (plain) return dropped ? kept : morph;
  const segments = parseMorph(morph);
  const rest = withoutCaseOrMood(segments);
  return rest.length === segments.length ? morph : formatMorph(rest);
}

/**
 * The segments of `morph` without its case-ending and mood-vowel segments
 * (`Al/DET+>uwlaY/ADJ+u/CASE_DEF_NOM` → Al/DET, >uwlaY/ADJ). Never throws.
 */
export function caselessSegments(morph: string): MorphSegment[] {
  return withoutCaseOrMood(parseMorph(morph));
}

function withoutCaseOrMood(segments: readonly MorphSegment[]): MorphSegment[] {
  return segments.filter((s) => !isCaseOrMoodTag(s.tag));
}

/** The key of the case-less label (lemma and case-less morphology, as {@link labelKey}). */
export function caselessKey(lemma: string, morph: string): string {
  return labelKey(lemma, caselessMorph(morph));
}

