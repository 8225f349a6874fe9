/**
 * Mood vowels of singular imperfect verbs (docs/case-endings.md, "Mood"). SAMA's candidates
 * carry them (`ya/IV3MS+kotub/VERB_IMPERFECT+u/IVSUFF_MOOD:I`, يَكْتُبُ); BAMA 1.0 has them only
 * where a suffix shows the mood (`uwna`, `uwA`…), so a singular imperfect comes out without
 * its final vowel. With the `caseEndings` option the analyzer adds them as SAMA has them: the
 * null suffix of an imperfect (category `Suff-0` after an `IVPref-…` prefix and an `IV…` stem)
 * is replaced by an indicative `u`, a subjunctive `a` and a jussive with no vowel, by the same
 * rule as the case endings (src/analyzer/engine.ts: entries that extend the null suffix).
 *
 * Which stems take which: a sound stem takes all three. A stem in a long -iy or -uw
 * (`IV_0hAnn`: yabduw, yasta>tiy) shows only the subjunctive's fatha (يَبْدُوَ); its
 * indicative is the bare stem, and its jussive is another, shortened stem. Stems in -aY
 * (`IV_0`…) show no mood vowel, and the jussive-only stems of doubled verbs (`IV_C`…) stay as
 * they are: no mood suffix attaches to them; their geminate stems (`IV_V`, yaHub~) take the
 * indicative and the subjunctive only.
 */

/**
 * One synthesized suffix (a mood vowel, or a case ending the tables lack): its category,
 * vocalization, gloss and POS (a `dictSuffixes` entry with the null form).
 */
export interface SynthesizedSuffix {
  cat: string;
  voc: string;
  gloss: string;
  pos: string;
}

/** The null suffix the mood suffixes replace, and the prefix categories of imperfects. */
const NULL_SUFFIX = 'Suff-0';
const IMPERFECT_PREFIX = /^IVPref-/;

/** The mood suffixes, declared once. */
export const MOOD_SUFFIXES: readonly SynthesizedSuffix[] = [
  { cat: 'IVSuff-mood-I', voc: 'u', gloss: '[ind.]', pos: '+u/IVSUFF_MOOD:I' },
  { cat: 'IVSuff-mood-S', voc: 'a', gloss: '[sub.]', pos: '+a/IVSUFF_MOOD:S' },
  { cat: 'IVSuff-mood-J', voc: '', gloss: '[jus.]', pos: '+/IVSUFF_MOOD:J' },
  { cat: 'IVSuff-mood-I0', voc: '', gloss: '[ind.]', pos: '+/IVSUFF_MOOD:I' },
];

/** The mood suffix categories a stem category takes (none for a category that is not an imperfect's). */
export function moodCategoriesOf(stemCat: string): string[] {
  if (!stemCat.startsWith('IV')) return [];
  if (stemCat.startsWith('IV_0hAnn')) return ['IVSuff-mood-S', 'IVSuff-mood-I0'];
  if (stemCat.startsWith('IV_0') || stemCat.startsWith('IV_C')) return [];
  // a doubled verb's stem in -C~ (yaHub~): its jussive is the IV_C stem (yaHobub), not this one
  if (stemCat.startsWith('IV_V')) return ['IVSuff-mood-I', 'IVSuff-mood-S'];
  return ['IVSuff-mood-I', 'IVSuff-mood-S', 'IVSuff-mood-J'];
}

/** The categories paired with the null suffix in a table's pairs (prefixes in tableAC, stems in tableBC). */
function takingNull(pairs: ReadonlyArray<readonly [string, string]>): string[] {
  return pairs.filter(([, c]) => c === NULL_SUFFIX).map(([x]) => x);
}

/**
 * The imperfect prefix categories that take the null suffix (tableAC's pairs by name): those a mood
 * suffix replacing it attaches to.
 */
export function imperfectPrefixes(ac: ReadonlyArray<readonly [string, string]>): string[] {
  return takingNull(ac).filter((p) => IMPERFECT_PREFIX.test(p));
}

/**
 * The compatibility pairs of the mood suffixes, from the tables' own pairs (by category
 * name): each imperfect prefix that takes the null suffix takes every mood suffix (tableAC),
 * and each imperfect stem that takes it takes its moods (tableBC).
 */
export function moodPairs(
  ac: ReadonlyArray<readonly [string, string]>,
  bc: ReadonlyArray<readonly [string, string]>,
): { ac: Array<[string, string]>; bc: Array<[string, string]> } {
  return {
    ac: imperfectPrefixes(ac).flatMap((p) => MOOD_SUFFIXES.map((m): [string, string] => [p, m.cat])),
    bc: takingNull(bc).flatMap((stem) => moodCategoriesOf(stem).map((cat): [string, string] => [stem, cat])),
  };
}

/** Compatibility pairs by category name (tableAB, tableAC or tableBC). */
export type Pairs = ReadonlyArray<readonly [string, string]>;

/**
 * The tableAC pairs of synthesized suffixes, each attaching after the prefix categories that
 * take the tables' own suffix category it names (`likeTables`: the definite nominative after
 * the prefixes of `NSuff-u`, so never tanween after the article). Takes the suffixes and the
 * tables' own tableAC pairs (by category name); returns the new pairs.
 */
export function pairsLikeTables(
  suffixes: ReadonlyArray<{ cat: string; likeTables: string }>,
  ac: Pairs,
): Array<[string, string]> {
  return suffixes.flatMap((s) => ac.filter(([, c]) => c === s.likeTables).map(([a]): [string, string] => [a, s.cat]));
}

/**
 * The pairs of a stem category derived from another (a diptote name from `Nprop`, a defective
 * stem in -iy from its class): every prefix category (tableAB) and suffix category (tableBC) the
 * base takes, then the `extra` suffix categories. Takes the two names, the extra suffixes and
 * the tables' own pairs (by category name); returns the new pairs.
 */
export function derivedStemPairs(
  base: string,
  derived: string,
  extra: readonly string[],
  ab: Pairs,
  bc: Pairs,
): { ab: Array<[string, string]>; bc: Array<[string, string]> } {
  return {
    ab: ab.filter(([, b]) => b === base).map(([a]): [string, string] => [a, derived]),
    bc: [
      ...bc.filter(([b]) => b === base).map(([, c]): [string, string] => [derived, c]),
      ...extra.map((c): [string, string] => [derived, c]),
    ],
  };
}

/**
 * A synthesized suffix as a commented-out `dictSuffixes` line with the null form (the form the case
 * endings have in BAMA 1.0).
 */
export function suffixLine(m: SynthesizedSuffix): string {
  return `;\t${m.voc}\t${m.cat}\t${m.gloss} <pos>${m.pos}</pos>\n`;
}

/** The mood suffixes as commented-out `dictSuffixes` lines, one a line. */
export function moodSuffixLines(): string {
  return MOOD_SUFFIXES.map(suffixLine).join('');
}
