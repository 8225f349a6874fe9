/**
 * Words in connected text: a word that ends in a consonant without a vowel takes a helping
 * vowel when the next word starts with hamzat wasl, which is not pronounced (التقاء الساكنين):
 * مِنَ الْبَيْتِ (fatha: مِن before the article), عَلَيْهِمُ الْ… (damma: the plural mim),
 * عَنِ انْتِخَابٍ, أَعْلَنَتِ الْ… (kasra: every other word). A careful writer writes that vowel,
 * and the WikiNews references do. The next word is read as ranked first.
 */
import type { Candidate } from './types.js';

/** What starts the next word: the article, another hamzat wasl, or neither (null). */
export type WaslContext = 'article' | 'wasl' | null;

/** Letters a typed word may start with when its first letter is hamzat wasl: bare alif and alif wasla. */
const WASL_LETTERS = new Set(['\u0627', '\u0671']);
/** The preposition min as a word's last segment (مِن, وَمِن). */
const MIN = /(^|\+)min\/PREP$/;
/** A masculine plural pronoun or subject suffix ending in mim (hum, kum, tum, him). */
const PLURAL_MIM = /(PRON|POSS_PRON|PVSUFF_SUBJ|IVSUFF_DO|PVSUFF_DO)[^+]*[23]MP$/;

/**
 * Whether an analysis of a word typed as `form` starts with hamzat wasl: the article with nothing
 * before it, or a wasl stem.
 */
export function startsWithWasl(c: Candidate, form: string): WaslContext {
  if (!WASL_LETTERS.has(form[0])) return null;
  if (c.morph.startsWith('Al/DET')) return 'article';
  return c.voc.startsWith('{') ? 'wasl' : null;
}

/**
 * The helping vowel (Buckwalter) an analysis' last consonant takes before a hamzat wasl, or
 * undefined when nothing follows.
 */
export function helpingVowelOf(c: Candidate, next: WaslContext): 'a' | 'i' | 'u' | undefined {
  if (next === null) return undefined;
  if (next === 'article' && MIN.test(c.morph)) return 'a';
  if (c.voc.endsWith('m') && PLURAL_MIM.test(c.morph)) return 'u';
  return 'i';
}
