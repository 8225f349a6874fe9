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
 * prefixes the tables give each of them (no tanween after the article). The indefinite
 * accusative of these words changes the letters (شَيْئًا: a seat and an alif), so it is another
 * word, analyzed by its own stem when it is typed.
 *
 * Stems in -ā' (`N0_Nh` and its kin: 1,300 in BAMA 1.0) mix triptotes (وَبَاءٌ, إِجْرَاءٌ,
 * أَنْبَاءٌ) with diptotes whose ā' is the feminine ending (صَحْرَاءُ, عُلَمَاءُ, أَصْدِقَاءُ); the
 * tables give them u, a, i and no tanween. The pattern tells them apart: a stem on a triptote
 * pattern ({@link TRIPTOTE_AA_TEMPLATES}: فَعَاء, فِعَاء, فُعَاء, فَعَّاء, the masdars إِفْعَاء,
 * اِفْتِعَاء, اِسْتِفْعَاء, the plural أَفْعَاء) gets the category `<class>-hamza-aa`: what its
 * class takes plus the tanween N and K (the accusative's, written without an alif after ā':
 * وَبَاءً, is `NSuff-F`, which the tables pair with no prefix; pairing it was tried: docs/method.md).
 * أَشْيَاء, the one plural on أَفْعَال that is a diptote, and every other pattern are left as they are.
 */
import { stemTemplate } from './name-declension.js';
import { derivedStemPairs, type Pairs } from './mood.js';

/** The classes whose hamza-final stems take the case endings (they take the null suffix and no case vowel). */
const HAMZA_CLASSES: ReadonlySet<string> = new Set(['N0', 'N0F', 'N0F_Nh', 'N0F_Nh_L']);
/** What such a class's category is called once its hamza-final stems take case endings. */
const SUFFIX = '-hamza';
/** The tables' own triptote case endings these stems take (categories of commented-out `dictSuffixes` lines). */
const TRIPTOTE_ENDINGS: readonly string[] = ['NSuff-u', 'NSuff-a', 'NSuff-i', 'NSuff-N', 'NSuff-K'];
/** A vocalization (Buckwalter) that ends in a hamza not after a long ā. */
const HAMZA_FINAL = /[^A]['}&]$/;

/** The classes of stems in -ā' that take u, a, i or nothing, and never tanween. */
const AA_CLASSES: ReadonlySet<string> = new Set(['N0', 'N0_Nh', 'N0_Nh_L']);
/** What such a class's category is called for its triptote stems in -ā'. */
const AA_SUFFIX = '-hamza-aa';
/** The endings those stems gain (N0, which takes no case vowel at all, also u, a, i). */
const AA_ENDINGS: readonly string[] = ['NSuff-N', 'NSuff-K'];
/** A vocalization (Buckwalter) in -ā'. */
const AA_FINAL = /A'$/;
/**
 * The patterns of triptotes in -ā', one example each (declared once; their templates are
 * {@link TRIPTOTE_AA_TEMPLATES}): وَبَاء, بِنَاء, دُعَاء, بَنَّاء, حِنَّاء, قُرَّاء, إِجْرَاء, إِيذَاء,
 * اِبْتِدَاء, اِدِّعَاء, اِسْتِثْنَاء, اِسْتِيفَاء, آبَاء; أَنْبَاء (أَفْعَال) counts apart, by its أ.
 */
export const TRIPTOTE_AA_EXAMPLES: readonly string[] = [
  "wabA'", "binA'", "duEA'", "ban~A'", "Hin~A'", "qur~A'", "<ijorA'", "<iy*A'", "{ibotidA'", "{id~iEA'",
  "{isotivonA'", "{isotiyfA'", "|bA'",
];
/** Their templates (stemTemplate: consonants C, vowels and shadda kept, ā as A). */
const TRIPTOTE_AA_TEMPLATES: ReadonlySet<string> = new Set(TRIPTOTE_AA_EXAMPLES.map(stemTemplate));
/** The plural pattern أَفْعَال in -ā' (أَنْبَاء, أَسْمَاء): a triptote when it starts with أ. */
const AFAAL = stemTemplate(">anobA'");
/** The diptote on a triptote's pattern. */
const DIPTOTE_AA: ReadonlySet<string> = new Set([">a$oyA'"]);

/** Whether a stem in -ā' is a triptote by its pattern (see the module comment). */
export function isTriptoteAA(voc: string): boolean {
  if (!AA_FINAL.test(voc) || DIPTOTE_AA.has(voc)) return false;
  const t = stemTemplate(voc);
  return TRIPTOTE_AA_TEMPLATES.has(t) || (t === AFAAL && voc.startsWith('>'));
}

/**
 * The category a stem entry gets: `<class>-hamza` for a hamza-final stem of those classes,
 * `<class>-hamza-aa` for a triptote in -ā', else its own.
 */
export function hamzaCategory(cat: string, voc: string): string {
  if (HAMZA_CLASSES.has(cat) && HAMZA_FINAL.test(voc)) return cat + SUFFIX;
  return AA_CLASSES.has(cat) && isTriptoteAA(voc) ? cat + AA_SUFFIX : cat;
}

/** The compatibility pairs of the hamza-final categories (the endings' prefixes are the tables' own pairs). */
export function hamzaPairs(ab: Pairs, bc: Pairs): { ab: Array<[string, string]>; bc: Array<[string, string]> } {
  const classes = [
    ...[...HAMZA_CLASSES].map((cls) => derivedStemPairs(cls, cls + SUFFIX, TRIPTOTE_ENDINGS, ab, bc)),
    ...[...AA_CLASSES].map((cls) => derivedStemPairs(cls, cls + AA_SUFFIX, cls === 'N0' ? TRIPTOTE_ENDINGS : AA_ENDINGS, ab, bc)),
  ];
  return { ab: classes.flatMap((c) => c.ab), bc: classes.flatMap((c) => c.bc) };
}
