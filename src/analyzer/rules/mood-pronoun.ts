/**
 * Mood vowels before an object pronoun (docs/case-endings.md, rule 12). BAMA 1.0 joins an
 * object pronoun straight to a singular imperfect's stem (`ya/IV3MS+joEal/VERB_IMPERFECT+hA/IVSUFF_DO:3FS`,
 * يَجْعَلهَا), so the stem's last letter came out bare where a reader sees the mood vowel
 * (يَجْعَلُهَا, يَجْعَلَهَا, يَجْعَلْهَا). With the `caseEndings` option each pronoun of the classes in
 * {@link OBJECT_PRONOUN_CLASSES} also comes after each mood suffix of mood.ts, as SAMA writes it
 * (`+u/IVSUFF_MOOD:I+hA/IVSUFF_DO:3FS`), in a class of its own for each mood: a prefix that takes
 * the pronoun takes every mood of it, a stem only the moods it shows (`moodCategoriesOf`: the
 * geminate stem no jussive, a stem in -uw or -iy the subjunctive's fatha and a bare indicative,
 * a stem in -aY none). They replace the moodless pronoun wherever they attach, as every mood
 * and case ending replaces what it extends (engine.ts).
 */
import { MOOD_SUFFIXES, moodCategoriesOf, type Pairs } from './mood.js';

/** The suffix classes of object pronouns after a singular imperfect stem (declared once). */
export const OBJECT_PRONOUN_CLASSES: readonly string[] = ['IVSuff-h', 'IVSuff-k', 'IVSuff-ny-nA'];

const MOOD_PREFIX = 'IVSuff-mood-';

/** The class of a pronoun class after one mood suffix class (`IVSuff-h`, `IVSuff-mood-I` → `IVSuff-h-mood-I`). */
export function pronounMoodClass(pronounClass: string, moodClass: string): string {
  return `${pronounClass}-mood-${moodClass.slice(MOOD_PREFIX.length)}`;
}

/** Every active entry of those classes after every mood, as commented-out `dictSuffixes` lines (the form kept). */
export function pronounMoodLines(suffixText: string): string {
  const out: string[] = [];
  for (const line of suffixText.split(/\r?\n/)) {
    if (line.startsWith(';')) continue;
    const [form, voc, cls, rest = ''] = line.split('\t');
    const m = /^(.*?)\s*<pos>(.*)<\/pos>/.exec(rest);
    if (!m || !OBJECT_PRONOUN_CLASSES.includes(cls)) continue;
    for (const mood of MOOD_SUFFIXES)
      out.push(`;${form}\t${mood.voc}${voc}\t${pronounMoodClass(cls, mood.cat)}\t${mood.gloss} ${m[1]} <pos>${mood.pos}${m[2]}</pos>\n`);
  }
  return out.join('');
}

/** The pairs of those classes, from the tables' own pairs of each pronoun class (by category name). */
export function pronounMoodPairs(ac: Pairs, bc: Pairs): { ac: Array<[string, string]>; bc: Array<[string, string]> } {
  const out = { ac: [] as Array<[string, string]>, bc: [] as Array<[string, string]> };
  for (const cls of OBJECT_PRONOUN_CLASSES) {
    for (const [a, c] of ac)
      if (c === cls) for (const mood of MOOD_SUFFIXES) out.ac.push([a, pronounMoodClass(cls, mood.cat)]);
    for (const [b, c] of bc)
      if (c === cls) for (const moodClass of moodCategoriesOf(b)) out.bc.push([b, pronounMoodClass(cls, moodClass)]);
  }
  return out;
}
