/**
 * Case endings of nouns and adjectives in alif maqsura whose alif is the root's weak letter
 * (docs/case-endings.md, rule 15): فَتًى, صَدًى, مُسْتَوًى, مُسَمًّى. Indefinite, they take the
 * tanween fatha in every case, written on the letter before the alif (مُسْتَوًى عَالٍ, not
 * مُسْتَوَى); definite or in a construct they show no case at all (الْمُسْتَوَى, مُسْتَوَى
 * الْمَعِيشَةِ). BAMA 1.0 files them in its invariable class (`N0`), which takes the null suffix
 * only, so the indefinite was never offered and the tag sequence saw no case on them.
 *
 * The feminine alif (ذِكْرَى, أُخْرَى, مُثْلَى) looks the same but makes a diptote, which never
 * takes tanween, and BAMA 1.0 does not tell the two apart. Two shapes rule the feminine alif out:
 *  - three letters, `CvCaY` (فَتَى, هُدَى, مَدَى): the feminine alif needs a stem of at least
 *    three consonants before it;
 *  - `mu…aY` with a doubled or augmented stem, the participles and place nouns of the derived
 *    verb forms (مُسَمَّى, مُسْتَوَى, مُلْتَقَى, مُنْتَدَى): the consonants after `mu` are
 *    more than two, or the second is doubled (`muCaC~aY`). `muCoCaY` (مُعْطَى, but also the
 *    feminine elative مُثْلَى) stays as it is.
 * Proper names (POS `NOUN_PROP`: tagged so, or a capitalized gloss) stay as they are too.
 *
 * With the option such a stem of class {@link MAQSUR_CLASS} gets the category `N0-aY`, which
 * takes what `N0` takes plus six endings: the definite nominative, accusative and genitive
 * with no vowel (`+/CASE_DEF_NOM`…) and the indefinite ones with the tanween (`+F/CASE_INDEF_NOM`…;
 * `fataY` + `F` is rendered فَتًى, src/script/vocalize.ts). They extend the null suffix, so they
 * replace it as every case ending does, and each attaches after the prefixes that take the
 * tables' own ending of that case and state (`NSuff-u`, `NSuff-a`, `NSuff-i`, `NSuff-N`,
 * `NSuff-AF`, `NSuff-K` in tableAC): so never tanween after the article.
 */
import { entryPos } from '../dict.js';
import { derivedStemPairs, pairsLikeTables, type Pairs, type SynthesizedSuffix } from './mood.js';

/** BAMA 1.0's class of invariable nouns, where its nouns in alif maqsura are filed. */
export const MAQSUR_CLASS = 'N0';
/** What that class is called for the stems that take case endings. */
const SUFFIX = '-aY';
/** A consonant (a letter with a short vowel or sukun after it, in these shapes). */
const C = '[^aiuoAY~`]';
/** Vocalizations whose final alif maqsura is the root's (see the module comment). */
const ROOT_FINAL = new RegExp(`^(?:${C}[aiu]${C}aY|mu(?:${C}[aiuo]){2,}${C}aY|mu${C}a${C}~aY)$`);

/**
 * The case endings of those stems, each with the tables' own ending of the same case and state
 * whose prefixes it takes.
 */
export const MAQSUR_SUFFIXES: ReadonlyArray<SynthesizedSuffix & { likeTables: string }> = [
  { cat: 'NSuff-aY-u', voc: '', gloss: '[def.nom.]', pos: '+/CASE_DEF_NOM', likeTables: 'NSuff-u' },
  { cat: 'NSuff-aY-a', voc: '', gloss: '[def.acc.]', pos: '+/CASE_DEF_ACC', likeTables: 'NSuff-a' },
  { cat: 'NSuff-aY-i', voc: '', gloss: '[def.gen.]', pos: '+/CASE_DEF_GEN', likeTables: 'NSuff-i' },
  { cat: 'NSuff-aY-N', voc: 'F', gloss: '[indef.nom.]', pos: '+F/CASE_INDEF_NOM', likeTables: 'NSuff-N' },
  { cat: 'NSuff-aY-F', voc: 'F', gloss: '[indef.acc.]', pos: '+F/CASE_INDEF_ACC', likeTables: 'NSuff-AF' },
  { cat: 'NSuff-aY-K', voc: 'F', gloss: '[indef.gen.]', pos: '+F/CASE_INDEF_GEN', likeTables: 'NSuff-K' },
];

/**
 * The category a stem entry gets: `N0-aY` for a noun or adjective of the class whose alif
 * maqsura is the root's, else its own. Takes the entry's class, vocalization and gloss field
 * (`<pos>` included: a name is told by the POS the lexicon gives the entry, NOUN_PROP).
 */
export function maqsurCategory(cat: string, voc: string, glossField: string): string {
  return cat === MAQSUR_CLASS && ROOT_FINAL.test(voc) && !entryPos(voc, cat, glossField)?.endsWith('/NOUN_PROP') ? cat + SUFFIX : cat;
}

/** The compatibility pairs of the new category and its endings, from the tables' own pairs (by category name). */
export function maqsurPairs(
  ab: Pairs,
  ac: Pairs,
  bc: Pairs,
): { ab: Array<[string, string]>; ac: Array<[string, string]>; bc: Array<[string, string]> } {
  const derived = derivedStemPairs(
    MAQSUR_CLASS,
    MAQSUR_CLASS + SUFFIX,
    MAQSUR_SUFFIXES.map((s) => s.cat),
    ab,
    bc,
  );
  return {
    ab: derived.ab,
    ac: pairsLikeTables(MAQSUR_SUFFIXES, ac),
    bc: derived.bc,
  };
}
