/**
 * The jussive of verbs in a long final vowel (docs/case-endings.md, rule 14): لَمْ يَبْقَ, لَمْ
 * يُعْطِ, لَمْ يَدْعُ. BAMA 1.0 spells it with a shortened stem (`tabaq~`, `EoT`, in the classes
 * `IV_0hwnyn…`, which also carry the suffixes that follow such a stem) and the null suffix, so it
 * came out with its last letter bare (يَتَبَقّ), where the short vowel of the dropped long one
 * stays (يَتَبَقَّ, يُعْطِ).
 *
 * With the option, a shortened stem whose lemma has its full stem, an active imperfect stem
 * with the same letters and one of the endings -aY, -iy, -uw (`tabaq~aY`, `EoTiy`; exactly one
 * of them), gets the category `<class>-J<vowel>`: what its class takes plus a jussive suffix with
 * that vowel (`+a/IVSUFF_MOOD:J`), which replaces the null suffix as every mood suffix does.
 * A shortened stem whose full stem is not found, or is found with two endings, is left as it was.
 */
import { derivedStemPairs, imperfectPrefixes, type Pairs, type SynthesizedSuffix } from './mood.js';

/** The classes of the shortened stems. */
const SHORT_CLASSES: readonly string[] = ['IV_0hwnyn', 'IV_0hwnyn_yu', 'IV_0hwnyn_no-Pref-A'];
/** The long endings a full stem may have, each with the short vowel its jussive keeps (declared once). */
const LONG_ENDINGS: ReadonlyArray<readonly [string, 'a' | 'i' | 'u']> = [['aY', 'a'], ['iy', 'i'], ['uw', 'u']];

/** The jussive suffixes with a vowel, one per ending. */
export const JUSSIVE_SUFFIXES: readonly SynthesizedSuffix[] = LONG_ENDINGS.map(([, v]) => ({
  cat: `IVSuff-mood-J${v}`, voc: v, gloss: '[jus.]', pos: `+${v}/IVSUFF_MOOD:J`,
}));

/**
 * The jussive vowel of each shortened stem, by lemma ID and vocalization (`lemma\tvoc`), whose
 * lemma has the full stem in an active class with exactly one long ending. Takes the stem file's
 * text and how to find the lemma ID of the entry at an offset; reads only the imperfects' lines.
 */
export function jussiveVowels(stemText: string, lemmaAt: (text: string, at: number) => string): Map<string, 'a' | 'i' | 'u'> {
  const full = new Set<string>();
  const short: string[] = [];
  for (let at = stemText.indexOf('\tIV'); at >= 0; at = stemText.indexOf('\tIV', at + 3)) {
    const start = stemText.lastIndexOf('\n', at) + 1;
    const vocStart = stemText.indexOf('\t', start) + 1;
    // the class field: the third of an entry line (not a comment, not a gloss that happens to hold "\tIV")
    if (stemText.charCodeAt(start) === 59 || vocStart <= start || vocStart > at || stemText.indexOf('\t', vocStart) !== at) continue;
    const end = stemText.indexOf('\t', at + 1);
    if (end < 0) continue;
    const cat = stemText.slice(at + 1, end);
    const key = `${lemmaAt(stemText, start)}\t${stemText.slice(vocStart, at)}`;
    if (SHORT_CLASSES.includes(cat)) short.push(key);
    else if (!cat.includes('Pass')) full.add(key);
  }
  const out = new Map<string, 'a' | 'i' | 'u'>();
  for (const key of short) {
    const found = LONG_ENDINGS.filter(([end]) => full.has(key + end));
    if (found.length === 1) out.set(key, found[0][1]);
  }
  return out;
}

/**
 * The category of a stem entry (its class, vocalization, lemma ID when asked): `<class>-J<vowel>`
 * for a shortened stem with a known vowel, else its own.
 */
export function jussiveCategory(
  vowels: ReadonlyMap<string, string>,
): (cat: string, voc: string, lemma: () => string) => string {
  return (cat, voc, lemma) => {
    const v = SHORT_CLASSES.includes(cat) ? vowels.get(`${lemma()}\t${voc}`) : undefined;
    return v === undefined ? cat : `${cat}-J${v}`;
  };
}

/**
 * The compatibility pairs of the derived categories (each takes its class's prefixes and
 * suffixes and its jussive suffix) and of the jussive suffixes (each imperfect prefix that takes
 * the null suffix takes them), from the tables' own pairs by category name.
 */
export function jussivePairs(
  ab: Pairs,
  ac: Pairs,
  bc: Pairs,
): { ab: Array<[string, string]>; ac: Array<[string, string]>; bc: Array<[string, string]> } {
  const derived = SHORT_CLASSES.flatMap((cls) =>
    JUSSIVE_SUFFIXES.map((s) => derivedStemPairs(cls, `${cls}-J${s.voc}`, [s.cat], ab, bc)),
  );
  return {
    ab: derived.flatMap((d) => d.ab),
    ac: imperfectPrefixes(ac).flatMap((p) => JUSSIVE_SUFFIXES.map((s): [string, string] => [p, s.cat])),
    bc: derived.flatMap((d) => d.bc),
  };
}
