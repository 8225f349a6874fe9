/**
 * Case endings of proper names (docs/case-endings.md, "Proper names"). BAMA 1.0 gives its
 * proper names (`Nprop`) the null suffix only, and never the article, so مصر comes out as
 * مِصْر whatever its case. Most names in news are diptotes (ممنوع من الصرف: foreign names,
 * feminine names, names in -An, months): nominative `u`, accusative and genitive `a`, never
 * tanween (مِصْرُ, مِصْرَ, بِمِصْرَ). With the `caseEndings` option the analyzer gives them
 * those endings: a name stem that ends in a consonant gets the category `Nprop-dip`, which
 * takes what `Nprop` takes plus the case endings `u` and `a` and the diptote genitive `a`
 * (`+a/CASE_INDEF_GEN`: the genitive of a diptote that is neither in a construct nor after the
 * article, which the tables lack; tagged by the state it shows, as the tables tag the diptote's
 * other endings, though a diptote takes no tanween), which
 * replace the null suffix as every case ending does. A name ending in a long vowel (سوريا,
 * أبو) shows no case and keeps `Nprop`. The diptote genitive is given to common diptotes
 * (`Ndip`, مساجد) as well, after the prefixes without the article (بِمَسَاجِدَ); their kasra
 * stays for the construct and after the article.
 */
import { derivedStemPairs, type Pairs, type SynthesizedSuffix } from './mood.js';
import type { Solution } from '../types.js';

/** The stem category of names, and the one of names that take case endings. */
export const NAME_CATEGORY = 'Nprop';
export const DIPTOTE_NAME_CATEGORY = 'Nprop-dip';
/** The categories of the tables' own case endings a diptote name takes (nominative u, accusative a). */
const NAME_CASE_SUFFIXES = ['NSuff-u', 'NSuff-a'];
/** The category of common diptotes. */
const COMMON_DIPTOTE = 'Ndip';
/** The tables' genitive, whose prefixes without the article take the diptote genitive. */
const GENITIVE = 'NSuff-i';

/** The diptote genitive (a `dictSuffixes` entry with the null form). */
export const DIPTOTE_GENITIVE: SynthesizedSuffix = { cat: 'NSuff-a-dipgen', voc: 'a', gloss: '[indef.gen.]', pos: '+a/CASE_INDEF_GEN' };

/** Whether a name's vocalized stem ends in a consonant (and so shows its case): not in a long or short vowel. */
export function endsInConsonant(voc: string): boolean {
  return !/([AYaiuo~`]|iy|uw)$/.test(voc);
}

/**
 * Takes a name analysis and the vocalization of its case ending at the end of its `voc` ('' for none); returns the
 * vocalization before that ending.
 */
export function nameStemVoc(from: Solution, caseVoc: string): string {
  return from.voc.slice(0, from.voc.length - caseVoc.length);
}

/**
 * A name analysis with another ending: takes the analysis, its new vocalization and morphology, and the gloss's new
 * suffix part; returns a new frozen solution, the rest as `from` has it, the gloss made again from its parts.
 */
export function withNameEnding(from: Solution, voc: string, morph: string, suffixGloss: string): Solution {
  const glossParts = Object.freeze({ ...from.glossParts, suffix: suffixGloss });
  return Object.freeze({
    ...from,
    voc,
    morph,
    gloss: `${glossParts.prefix} + ${glossParts.stem} + ${glossParts.suffix}`,
    glossParts,
  });
}

/** The category a stem entry gets: `Nprop-dip` for a name that ends in a consonant, else its own. */
export function nameCategory(cat: string, voc: string): string {
  return cat === NAME_CATEGORY && endsInConsonant(voc) ? DIPTOTE_NAME_CATEGORY : cat;
}

/**
 * The compatibility pairs of the diptote names and the diptote genitive, from the tables' own pairs
 * (by category name).
 */
export function namePairs(
  ab: Pairs,
  ac: Pairs,
  bc: Pairs,
): { ab: Array<[string, string]>; ac: Array<[string, string]>; bc: Array<[string, string]> } {
  const gen = DIPTOTE_GENITIVE.cat;
  const dip = derivedStemPairs(NAME_CATEGORY, DIPTOTE_NAME_CATEGORY, [...NAME_CASE_SUFFIXES, gen], ab, bc);
  return {
    ab: dip.ab,
    // prefixes without the article that take the genitive take the diptote genitive
    ac: ac.filter(([a, c]) => c === GENITIVE && !/Al|Lil/.test(a)).map(([a]): [string, string] => [a, gen]),
    bc: [...dip.bc, [COMMON_DIPTOTE, gen]],
  };
}
