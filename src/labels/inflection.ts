/**
 * The values of the label elements `case` and `mood` (docs/label-elements.md), each with the
 * English name a reader is shown. Declared once: the tag rules (./tags.ts) read their codes
 * from these tables, and the tagger names an analysis' case or mood from them.
 */
import type { LabelElements } from './elements.js';

/**
 * Grammatical cases a case tag names (`CASE_DEF_NOM`, `NSUFF_MASC_DU_ACCGEN`) → English name.
 * ACCGEN is BAMA's oblique ending, which does not tell the accusative from the genitive.
 */
export const CASE_NAMES = {
  NOM: 'nominative', ACC: 'accusative', GEN: 'genitive', ACCGEN: 'accusative or genitive',
} as const;

/**
 * Moods an imperfect verb's suffix names (`IVSUFF_MOOD:S`, `IVSUFF_SUBJ:MP_MOOD:SJ`) → English
 * name. SJ is BAMA's ending shared by the subjunctive and the jussive, which it does not split.
 */
export const MOOD_NAMES = {
  I: 'indicative', S: 'subjunctive', J: 'jussive', SJ: 'subjunctive or jussive',
} as const;

/** The case codes, as a regular-expression alternation (`NOM|ACC|…`). */
export const CASE_CODES = Object.keys(CASE_NAMES).join('|');
/** The mood codes, as a regular-expression alternation (`I|S|…`). */
export const MOOD_CODES = Object.keys(MOOD_NAMES).join('|');

/**
 * The English name of the case (a nominal) or the mood (an imperfect verb) an analysis gives its
 * word, read from its label elements `case` and `mood`: `'genitive'`, `'subjunctive'`…; `''`
 * when it has neither (a particle, a perfect verb, a nominal without a case ending). A code
 * outside the tables (another tag set's) is given as it is. Never throws.
 */
export function caseOrMoodName(elements: Readonly<Pick<LabelElements, 'case' | 'mood'>>): string {
  const names: string[] = [];
  if (elements.case) names.push(nameOf(CASE_NAMES, elements.case));
  if (elements.mood) names.push(nameOf(MOOD_NAMES, elements.mood));
  return names.join(', ');
}

function nameOf(table: Readonly<Record<string, string>>, code: string): string {
  return Object.hasOwn(table, code) ? table[code] : code;
}
