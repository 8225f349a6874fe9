/**
 * The caseless reading of a name the lexicon lacks (docs/case-endings.md, rule 16). Vocalized
 * Arabic writes many foreign names without a case vowel, the last letter bare or with sukun
 * (PADT's لَندَن, كلِينتُون; فِيسْبُوكْ in fully vocalized news), where rule 10
 * (name-declension.ts) declines every backoff name as a diptote (u, a, and the genitive a). This
 * rule offers, beside those endings, the reading without any:
 *  - for a backoff name (backoff.ts: a word the lexicon lacks, mostly a foreign name) without the
 *    article, a ta marbuta or a pronoun;
 *  - its morphology is the name's without a case segment (`fysbwk/NOUN_PROP`), so its label has
 *    no case; its vocalization ends in sukun when the stem ends in a consonant (`fiysobuwko`,
 *    rendered فِيسْبُوكْ), and is the stem's when it ends in a long vowel (`biyruwjiy`).
 * It comes after the name's case endings, so that where the model cannot tell them apart the
 * analyzer's order keeps the case ending first. Which reading a name takes is learned from the
 * gold: a vocalized corpus that writes the name bare matches this reading (src/import/voc-match.ts).
 *
 * The lexicon's own diptote names (جورج, لندن, واشنطن) do not get it: measured once with them
 * too, the model learned PADT's bare foreign names and wrote more names without a case vowel
 * than the other gold does (docs/case-endings.md, rule 16).
 */
import type { Solution } from '../types.js';
import { endsInConsonant, nameStemVoc, withNameEnding } from './names.js';

/** The suffix gloss of the caseless reading (the reference program's null suffix has none). */
export const CASELESS_GLOSS = '';

/** What {@link caselessName} needs to know of a name analysis (name-declension.ts reads it). */
export interface CaselessSource {
  /** The morphology without its case ending. */
  morph: string;
  /** The case ending's vocalization at the end of the analysis' `voc` ('' for none). */
  caseVoc: string;
  /** After the article (or a stem that spells it). */
  article: boolean;
  /** With a ta marbuta. */
  feminine: boolean;
}

/** Whether a backoff name analysis takes a caseless reading beside its endings: without the article or a ta marbuta. */
export function takesCaselessReading(n: CaselessSource): boolean {
  return !n.article && !n.feminine;
}

/**
 * The caseless reading of a name analysis (`from`, read as `n`): the same analysis without its
 * case segment, the stem's last consonant with sukun. Returns a new frozen solution.
 */
export function caselessName(from: Solution, n: CaselessSource): Solution {
  const stem = nameStemVoc(from, n.caseVoc);
  return withNameEnding(from, endsInConsonant(stem) ? `${stem}o` : stem, n.morph, CASELESS_GLOSS);
}
