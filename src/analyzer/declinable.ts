/**
 * Case endings of أَيّ and أَيَّة (docs/case-endings.md, rule 13). BAMA 1.0 files them as
 * function words (`>ay~/REL_PRON` in the class `FW-WaBi`), which take the null suffix only,
 * so with `caseEndings` on they came out without a case (لِأَيّ), though they are nouns that
 * decline as triptotes: أَيُّ, أَيَّ, أَيِّ in a construct (بِأَيِّ شَكْلٍ), أَيٌّ, أَيٍّ alone.
 *
 * With the option, those stems of that class get the category `FW-WaBi-declined` (`…-ap` for
 * the one in ta marbuta): what the class takes plus the tables' own case endings `NSuff-u`,
 * `NSuff-a`, `NSuff-i`, `NSuff-N`, `NSuff-K`, and `NSuff-F` after ta marbuta (أَيَّةً), with the
 * prefixes the tables give each of them (after a preposition the genitive only). The
 * indefinite accusative of أيّ is written with an alif (أَيًّا), another word with its own entry.
 */
import { derivedStemPairs } from './mood.js';

/** The class whose declinable stems are declared below. */
const CLASS = 'FW-WaBi';
/** Its declinable stems (vocalized, Buckwalter) and the category each gets. */
const DECLINABLE: ReadonlyMap<string, string> = new Map([
  ['>ay~', `${CLASS}-declined`],
  ['>ay~ap', `${CLASS}-declined-ap`],
]);
/** The tables' own triptote case endings (categories of commented-out `dictSuffixes` lines). */
const ENDINGS: readonly string[] = ['NSuff-u', 'NSuff-a', 'NSuff-i', 'NSuff-N', 'NSuff-K'];
/** Each derived category's endings: the tanween fatha only where no alif would be written (after ta marbuta). */
const ENDINGS_OF: ReadonlyMap<string, readonly string[]> = new Map([
  [`${CLASS}-declined`, ENDINGS],
  [`${CLASS}-declined-ap`, [...ENDINGS, 'NSuff-F']],
]);

/** The category a stem entry gets: its declined category for a declared stem of the class, else its own. */
export function declinableCategory(cat: string, voc: string): string {
  return cat === CLASS ? (DECLINABLE.get(voc) ?? cat) : cat;
}

type Pairs = ReadonlyArray<readonly [string, string]>;

/** The compatibility pairs of the declined categories (the endings' prefixes are the tables' own pairs). */
export function declinablePairs(ab: Pairs, bc: Pairs): { ab: Array<[string, string]>; bc: Array<[string, string]> } {
  const derived = [...ENDINGS_OF].map(([cat, endings]) => derivedStemPairs(CLASS, cat, endings, ab, bc));
  return { ab: derived.flatMap((d) => d.ab), bc: derived.flatMap((d) => d.bc) };
}
