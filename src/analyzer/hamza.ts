/**
 * Case endings of nouns and adjectives in final hamza that BAMA 1.0 files as invariable or
 * defective (docs/case-endings.md, rule 9): شَيْءٌ, بَرِيءٌ, سَيِّئٌ, جُزْءٍ, ضَوْءِ. Their classes
 * (`N0`, the invariable nouns and foreign names, and the defective `N0F`, `N0F_Nh`,
 * `N0F_Nh_L`) take the null suffix and none of the commented-out case endings, so with
 * `caseEndings` on these triptotes came out without a case, as no careful writer spells them.
 *
 * With the option, a stem of those classes whose vocalization ends in a hamza (any seat) after
 * anything but a long ā gets the category `<class>-hamza`: what its class takes plus the
 * tables' own case endings `NSuff-u`, `NSuff-a`, `NSuff-i`, `NSuff-N` and `NSuff-K`, with the
 * prefixes the tables give each of them (no tanween after the article). Stems in -ā' are left
 * as they are: they mix triptotes (أَنْبَاءٌ) with diptotes (أَشْيَاءُ), which the tables do not
 * tell apart. The indefinite accusative of these words changes the letters (شَيْئًا: a
 * seat and an alif), so it is another word, analyzed by its own stem when it is typed.
 */
import { derivedStemPairs } from './mood.js';

/** The classes whose hamza-final stems take the case endings (they take the null suffix and no case vowel). */
const HAMZA_CLASSES: ReadonlySet<string> = new Set(['N0', 'N0F', 'N0F_Nh', 'N0F_Nh_L']);
/** What such a class's category is called once its hamza-final stems take case endings. */
const SUFFIX = '-hamza';
/** The tables' own triptote case endings these stems take (categories of commented-out `dictSuffixes` lines). */
const TRIPTOTE_ENDINGS: readonly string[] = ['NSuff-u', 'NSuff-a', 'NSuff-i', 'NSuff-N', 'NSuff-K'];
/** A vocalization (Buckwalter) that ends in a hamza not after a long ā. */
const HAMZA_FINAL = /[^A]['}&]$/;

/** The category a stem entry gets: `<class>-hamza` for a hamza-final stem of those classes, else its own. */
export function hamzaCategory(cat: string, voc: string): string {
  return HAMZA_CLASSES.has(cat) && HAMZA_FINAL.test(voc) ? cat + SUFFIX : cat;
}

type Pairs = ReadonlyArray<readonly [string, string]>;

/** The compatibility pairs of the hamza-final categories (the endings' prefixes are the tables' own pairs). */
export function hamzaPairs(ab: Pairs, bc: Pairs): { ab: Array<[string, string]>; bc: Array<[string, string]> } {
  const classes = [...HAMZA_CLASSES].map((cls) => derivedStemPairs(cls, cls + SUFFIX, TRIPTOTE_ENDINGS, ab, bc));
  return { ab: classes.flatMap((c) => c.ab), bc: classes.flatMap((c) => c.bc) };
}
