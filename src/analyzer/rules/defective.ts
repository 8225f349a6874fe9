/**
 * Case endings of defective nouns and adjectives in -iy (docs/case-endings.md, rule 8): القاضي,
 * الماضي, الثاني. Their nominative and genitive show no vowel (الْمَاضِي), their accusative a
 * fatha (الْعَامَ الْمَاضِيَ, قَاضِيَ الْمَدِينَةِ), and the indefinite accusative the tanween with
 * alif that the tables already give (قَاضِيًا, `NSuff-AF`). BAMA 1.0's defective classes (`N0F`,
 * `N0F_Nh`, `N0F_Nh_L`) take the null suffix and none of the commented-out case endings, so with
 * `caseEndings` on they came out without a case: the accusative was never offered, and the tag
 * sequence (src/model/sequence.ts) saw no case where a noun phrase's case runs through them.
 *
 * With the option, a stem of those classes whose vocalization ends in -iy gets the category
 * `<class>-iy`, which takes what its class takes plus three endings: the nominative and the
 * genitive with no vowel (`+/CASE_DEF_NOM`, `+/CASE_DEF_GEN`) and the accusative `a`
 * (`+a/CASE_DEF_ACC`), tagged as the tables tag the definite endings (after the article or in a
 * construct; the indefinite nominative and genitive, قاضٍ, drop the ya and are another word).
 * They extend the null suffix, so they replace it as every case ending does, and each attaches
 * after the prefixes that take the tables' own ending of that case (`NSuff-u`, `NSuff-a`,
 * `NSuff-i` in tableAC). Other stems of those classes (جُزْء) keep their analyses.
 */
import { derivedStemPairs, pairsLikeTables, type Pairs, type SynthesizedSuffix } from './mood.js';

/** The defective stem classes of BAMA 1.0 (they take the null suffix, `NSuff-AF` and no case vowel). */
const DEFECTIVE_CLASSES: ReadonlySet<string> = new Set(['N0F', 'N0F_Nh', 'N0F_Nh_L']);
/** What a defective class's category is called once its -iy stems take case endings. */
const SUFFIX = '-iy';

/** The case endings of defective stems, each with the tables' own ending of the same case whose prefixes it takes. */
export const DEFECTIVE_SUFFIXES: ReadonlyArray<SynthesizedSuffix & { likeTables: string }> = [
  { cat: 'NSuff-iy-u', voc: '', gloss: '[def.nom.]', pos: '+/CASE_DEF_NOM', likeTables: 'NSuff-u' },
  { cat: 'NSuff-iy-a', voc: 'a', gloss: '[def.acc.]', pos: '+a/CASE_DEF_ACC', likeTables: 'NSuff-a' },
  { cat: 'NSuff-iy-i', voc: '', gloss: '[def.gen.]', pos: '+/CASE_DEF_GEN', likeTables: 'NSuff-i' },
];

/** The category a stem entry gets: `<class>-iy` for a defective stem in -iy, else its own. */
export function defectiveCategory(cat: string, voc: string): string {
  return DEFECTIVE_CLASSES.has(cat) && voc.endsWith('iy') ? cat + SUFFIX : cat;
}

/**
 * The compatibility pairs of the defective categories and their endings, from the tables' own pairs
 * (by category name).
 */
export function defectivePairs(
  ab: Pairs,
  ac: Pairs,
  bc: Pairs,
): { ab: Array<[string, string]>; ac: Array<[string, string]>; bc: Array<[string, string]> } {
  const classes = [...DEFECTIVE_CLASSES].map((cls) =>
    derivedStemPairs(
      cls,
      cls + SUFFIX,
      DEFECTIVE_SUFFIXES.map((s) => s.cat),
      ab,
      bc,
    ),
  );
  return {
    ab: classes.flatMap((c) => c.ab),
    ac: pairsLikeTables(DEFECTIVE_SUFFIXES, ac),
    bc: classes.flatMap((c) => c.bc),
  };
}
