/**
 * Passive verbs the tables lack, made by rule (the analyzer's `passives` option). BAMA 1.0 lists
 * the passive of some verbs (`kutib`, class `PV_Pass`; `kotab`, `IV_Pass_yu`) and not of most:
 * أُعْلِنَ (`>aEolan_1` has only its imperfect passive), عُمِّمَ, يُصَرَّفُ are not in it, so a
 * text's passive verb could only be read as its active.
 *
 * The passive of a verb is regular where its stem is sound, and the rule reads it off the active
 * stem's letters and vowels (BAMA's vocalization, Buckwalter):
 *  - perfect: the vowel before the last radical becomes i, every earlier a becomes u, the long ā
 *    of forms III and VI becomes ū (the letter ا becomes و), and hamzat wasl takes u: `katab` →
 *    `kutib`, `Eam~am` → `Eum~im`, `kAtab` → `kuwtib`, `>aEolan` → `>uEolin`, `tafaq~ad` →
 *    `tufuq~id`, `{ixotatam` → `{uxotutim`, `{isotaxodam` → `{usotuxodim`, `tarojam` → `turojim`;
 *    a form I perfect in a (faEal) or i (faEil), never in u (faEul, a state; nor its imperfect,
 *    told by the lemma ID, which is the perfect: `baruz-u_1`);
 *  - imperfect: the vowel before the last radical becomes a and the person prefix takes u (the
 *    passive class takes the prefixes in u): `kotub` → `kotab` (yuktabu), `Eal~im` → `Eal~am`,
 *    `sotaxodim` → `sotaxodam`, `taEal~am` as it is (yutaEallamu).
 * Only the sound classes are read (`PV`, `PV-n`, `IV`, `IV_yu`, `IV-n`, `IV-n_yu`: {@link CLASSES}),
 * each into BAMA's own passive class for it, so the tables join the passive to the prefixes and
 * suffixes they join BAMA's passives to (subject suffixes only, no object pronoun). Left out:
 *  - the hollow, doubled and weak-final classes (`PV_V`, `PV_C`, `IV_0`…), and intransitive
 *    ones (`…_intr`), whose passive is impersonal if any; form VII (`{inofaEal`, `nofaEil`), which
 *    has none;
 *  - a stem of fewer than three letters (the form I imperfect of an assimilated verb, `jid`),
 *    whose passive restores a letter (يُوجَدُ);
 *  - a stem whose hamza would change its seat: a hamza after the first letter whose own vowel or
 *    the vowel before it changes (`sa>al` → سُئِلَ), and an imperfect's first-letter hamza after a
 *    prefix that changes (يَأْكُلُ → يُؤْكَلُ); a first-letter hamza under the alif (`<`) or
 *    with madda (`|`); a y with sukun after a u (`>ayoqan` → أُوقِنَ);
 *  - a lemma whose tables list a passive of the same aspect among the entries of the word's stem
 *    letters, and a passive whose analysis the tables give the word already (under any lemma or
 *    class): no duplicate of BAMA's own.
 * Each passive stem entry: the passive vocalization; the passive class; POS `<voc>/PV_PASS` or
 * `<voc>/IV_PASS`, the ATB's passive tags (the person prefixes and the suffixes keep theirs);
 * the active's lemma; the gloss made passive as BAMA's are (passive-gloss.ts). The stem's letters
 * are the active's, but for the ā of forms III and VI (كاتب → كوتب). The engine joins these
 * entries as its own (Analyzer.passiveAnalyses), source 'rule'.
 */
import type { LexEntry } from './dict.js';
import type { Lexicon } from './lexicon.js';
import { passiveGloss } from './passive-gloss.js';
import type { Solution } from './types.js';
import { splitSense } from '../script/lemma.js';
import { splitMarks, startsWithBwDiacritic, type LetterMarks } from '../script/buckwalter.js';

/** One letter of a vocalized stem and the marks after it (`~a`: shadda and fatha). */
type Unit = LetterMarks;

/** A perfect (PV) or imperfect (IV) stem. */
type Aspect = 'PV' | 'IV';

/** An active class the rule reads: its passive's class, aspect, and whether its prefixes are in a (ya-). */
interface ActiveClass {
  passive: string;
  aspect: Aspect;
  prefixInA: boolean;
}

/** The active classes the rule reads, each with what its passive is. */
export const CLASSES: ReadonlyMap<string, ActiveClass> = new Map([
  ['PV', { passive: 'PV_Pass', aspect: 'PV', prefixInA: false }],
  ['PV-n', { passive: 'PV-n_Pass', aspect: 'PV', prefixInA: false }],
  ['IV', { passive: 'IV_Pass_yu', aspect: 'IV', prefixInA: true }],
  ['IV_yu', { passive: 'IV_Pass_yu', aspect: 'IV', prefixInA: false }],
  ['IV-n', { passive: 'IV-n_Pass_yu', aspect: 'IV', prefixInA: true }],
  ['IV-n_yu', { passive: 'IV-n_Pass_yu', aspect: 'IV', prefixInA: false }],
]);

/** The POS tag of a passive stem, by aspect (the ATB's). */
export const PASSIVE_TAGS: Readonly<Record<Aspect, string>> = { PV: 'PV_PASS', IV: 'IV_PASS' };

/** A form I verb of state (faEula) by its lemma ID's base, the perfect with the imperfect's vowel (`baruz-u`). */
const STATE_VERB = /^[^aiuo~{]a[^aiuo~]u[^aiuo~](-[aiu]+)?$/;
const HAMZA = /[>&<}'|]/;

/** A unit's short vowel ('' for none, `o` for sukun) and whether it carries shadda. */
function vowelOf(u: Unit): { vowel: string; shadda: boolean } {
  return { vowel: u.marks.replace('~', ''), shadda: u.marks.includes('~') };
}

/** The marks of a unit with its vowel replaced (its shadda kept). */
function withVowel(u: Unit, vowel: string): string {
  return (u.marks.includes('~') ? '~' : '') + vowel;
}

/**
 * Whether a stem is of form VII, which has no passive: `{inofaEal` (perfect), `nofaEil` after a
 * prefix in a (imperfect; not form VIII of a root in n, `{inotaxab`, `notaxib`).
 */
function formVII(us: readonly Unit[], prefixInA: boolean): boolean {
  const at = us[0].letter === '{' ? 1 : 0;
  if (at === 0 && (!prefixInA || us.length !== 4)) return false;
  return us[at].letter === 'n' && us[at].marks === 'o' && us[at + 1].letter !== 't';
}

/** The perfect passive of a perfect stem's units (see the module comment); null where the rule does not reach. */
function perfectPassive(us: readonly Unit[]): Unit[] | null {
  const n = us.length;
  const out = us.map((u) => ({ ...u }));
  const pen = vowelOf(us[n - 2]).vowel;
  if (pen !== 'a' && pen !== 'i') return null;
  out[n - 2].marks = withVowel(us[n - 2], 'i');
  for (let i = 0; i < n - 2; i++) {
    const u = us[i];
    const { vowel } = vowelOf(u);
    if (u.letter === '{') {
      if (u.marks !== 'i') return null;
      out[i].marks = 'u';
    } else if (u.letter === 'A' && u.marks === '' && i > 0 && us[i - 1].marks === '') out[i].letter = 'w';
    else if (vowel === '' && us[i + 1].letter === 'A' && us[i + 1].marks === '') out[i].marks = withVowel(u, 'u');
    else if (vowel === 'a') out[i].marks = withVowel(u, 'u');
    else if (vowel !== 'o') return null;
  }
  return out;
}

/** The imperfect passive of an imperfect stem's units (see the module comment); null where the rule does not reach. */
function imperfectPassive(us: readonly Unit[]): Unit[] | null {
  const n = us.length;
  const pen = vowelOf(us[n - 2]).vowel;
  if (pen !== 'a' && pen !== 'i' && pen !== 'u') return null;
  const out = us.map((u) => ({ ...u }));
  out[n - 2].marks = withVowel(us[n - 2], 'a');
  return out;
}

/**
 * Whether the passive keeps every letter's spelling: no hamza whose seat would change, no y with
 * sukun after a u (`prefixChanges`: the person prefix's vowel changes, a → u).
 */
function spellingHolds(active: readonly Unit[], passive: readonly Unit[], prefixChanges: boolean): boolean {
  const changed = (i: number): boolean =>
    i < 0 ? prefixChanges : active[i].marks !== passive[i].marks || active[i].letter !== passive[i].letter;
  const first = passive[0];
  if (first.letter === '<' || first.letter === '|') return false;
  if (prefixChanges && HAMZA.test(first.letter)) return false;
  if (prefixChanges && first.letter === 'y' && first.marks === 'o') return false;
  for (let i = 0; i < passive.length; i++) {
    if (i > 0 && HAMZA.test(passive[i].letter) && (changed(i) || changed(i - 1))) return false;
    if (i > 0 && passive[i].letter === 'y' && passive[i].marks === 'o' && vowelOf(passive[i - 1]).vowel === 'u') return false;
  }
  return true;
}

/** The passive stem entry of an active entry found under the letters `active`, if its letters are `form`; else null. */
function passiveEntry(e: LexEntry, active: string, form: string, lex: Lexicon): LexEntry | null {
  const cls = e.commented ? undefined : CLASSES.get(e.category);
  // a stem that starts with a mark is none the rule reads
  const us = cls && !startsWithBwDiacritic(e.voc) ? splitMarks(e.voc) : null;
  if (!cls || !us || us.length < 3 || us.length !== active.length || us[us.length - 1].marks !== '') return null;
  if (formVII(us, cls.prefixInA) || (cls.prefixInA && STATE_VERB.test(splitSense(e.lemma).base))) return null;
  const passive = cls.aspect === 'PV' ? perfectPassive(us) : imperfectPassive(us);
  if (!passive || !spellingHolds(us, passive, cls.aspect === 'IV' && cls.prefixInA)) return null;
  let letters = '';
  for (let i = 0; i < us.length; i++) letters += passive[i].letter !== us[i].letter ? passive[i].letter : active[i];
  if (letters !== form) return null;
  // looked up only for a passive actually made: the category list is long
  const cat = lex.categoryNames.indexOf(cls.passive);
  if (cat < 0) return null;
  const voc = passive.map((u) => u.letter + u.marks).join('');
  return Object.freeze({
    voc,
    category: cls.passive,
    cat,
    gloss: passiveGloss(e.gloss),
    pos: `${voc}/${PASSIVE_TAGS[cls.aspect]}`,
    lemma: e.lemma,
    commented: false,
  });
}

/** Whether `entries` hold a passive of `lemma` in `aspect` (a class of that aspect with `Pass` in its name). */
function listsPassive(entries: readonly LexEntry[] | undefined, lemma: string, aspect: Aspect): boolean {
  return entries?.some((e) => e.lemma === lemma && e.category.startsWith(aspect) && e.category.includes('Pass')) ?? false;
}

/** The letters whose active stems may have the passive `form`: itself, and each و read as the ا of forms III and VI. */
function activeForms(form: string): string[] {
  const out = [form];
  for (let j = 0; j < form.length; j++) if (form[j] === 'w') out.push(`${form.slice(0, j)}A${form.slice(j + 1)}`);
  return out;
}

/**
 * The passive stem entries the rule makes whose letters are `form` (Buckwalter, no marks), in the
 * order of the active entries they come from; empty when there are none. See the module comment.
 */
export function passiveStems(form: string, lex: Lexicon): LexEntry[] {
  const own = lex.stems.get(form);
  const out: LexEntry[] = [];
  for (const active of activeForms(form)) {
    for (const e of lex.stems.get(active) ?? []) {
      const made = passiveEntry(e, active, form, lex);
      if (!made || listsPassive(own, e.lemma, CLASSES.get(e.category)!.aspect)) continue;
      const again = out.some((o) => o.voc === made.voc && o.lemma === made.lemma && o.category === made.category);
      if (!again) out.push(made);
    }
  }
  return out;
}

/** A solution's vocalization and morphology with its verb stem's tag reduced to its aspect (`PV`, `IV`). */
function aspectKey(s: Solution): string {
  const morph = s.morph.replace(/\/(?:VERB_PERFECT|PV_PASS|PV)(?=\+|$)/, '/PV').replace(/\/(?:VERB_IMPERFECT|IV_PASS|IV)(?=\+|$)/, '/IV');
  return `${s.voc}\t${morph}`;
}

/**
 * A word's lexicon solutions with the passives made by rule after them (source 'rule'), leaving
 * out any that a lexicon solution already is but for the stem's tag, whatever its lemma: the tables
 * list some passives in an active class (`Euy~in`, PV-n) or under a lemma of their own
 * (`{ut~uxi*_1`). Returns `own` itself when none is added; else a new frozen array. Throws nothing.
 */
export function withPassives(own: Solution[], made: readonly Solution[]): Solution[] {
  const known = new Set(own.map(aspectKey));
  const added = made.filter((s) => !known.has(aspectKey(s)));
  if (added.length === 0) return own;
  return Object.freeze([...own, ...added.map((s) => Object.freeze({ ...s, source: 'rule' as const }))]) as Solution[];
}
