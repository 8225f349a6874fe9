/**
 * Case endings of أَيّ and أَيَّة (docs/case-endings.md, rule 13). BAMA 1.0 files them as
 * function words (`>ay~/REL_PRON` in the class `FW-WaBi`), which take the null suffix only,
 * so with `caseEndings` on they came out without a case (لِأَيّ), though they are nouns that
 * decline as triptotes: أَيُّ, أَيَّ, أَيِّ in a construct (بِأَيِّ شَكْلٍ), أَيٌّ, أَيٍّ alone.
 *
 * With the option, those stems of that class get the category `FW-WaBi-declined`: what the
 * class takes plus the tables' own case endings `NSuff-u`, `NSuff-a`, `NSuff-i`, `NSuff-N`,
 * `NSuff-K`, with the prefixes the tables give each of them (after a preposition the genitive
 * only). The indefinite accusative is not among them: أيّ's is written with an alif (أَيًّا),
 * another word with its own entry, and the tables pair the tanween fatha without an alif
 * (`NSuff-F`, أَيَّةً) with no prefix (pairing it was tried: docs/method.md).
 */
import { derivedStemPairs, type Pairs } from './mood.js';

/** The class whose declinable stems are declared below. */
const CLASS = 'FW-WaBi';
/** Its declinable stems (vocalized, Buckwalter). */
const DECLINABLE: ReadonlySet<string> = new Set(['>ay~', '>ay~ap']);
/** The category they get. */
const DECLINED = `${CLASS}-declined`;
/** The tables' own triptote case endings (categories of commented-out `dictSuffixes` lines). */
const ENDINGS: readonly string[] = ['NSuff-u', 'NSuff-a', 'NSuff-i', 'NSuff-N', 'NSuff-K'];

/** The category a stem entry gets: the declined category for a declared stem of the class, else its own. */
export function declinableCategory(cat: string, voc: string): string {
  return cat === CLASS && DECLINABLE.has(voc) ? DECLINED : cat;
}

/** The compatibility pairs of the declined categories (the endings' prefixes are the tables' own pairs). */
export function declinablePairs(ab: Pairs, bc: Pairs): { ab: Array<[string, string]>; bc: Array<[string, string]> } {
  return derivedStemPairs(CLASS, DECLINED, ENDINGS, ab, bc);
}
