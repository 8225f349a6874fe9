/**
 * Nisba adjectives the lexicon lacks: a relational adjective is its noun with `-iy~`
 * (سَرَطَان → سَرَطَانِيّ, دِمَاغ → دِمَاغِيّ, تَوَافُق → تَوَافُقِيّ), a derivation open to every
 * noun, so news text is full of ones no lexicon lists. BAMA 1.0 files the ones it has as stems
 * of their own, most of them in the class that takes every nominal suffix (`Nall`:
 * 1,801 of its `iy~` adjectives); a word it lacks got only the proper-noun backoff
 * (backoff.ts), its letters voweled like a name's, the nisba's shadda missing (السَّرْطَانِيَّة
 * came out السَّرْطَانِيَةِ).
 *
 * A stem form ending in `y` whose letters before it (the base, at least {@link MIN_BASE} of
 * them) are a lexicon stem with POS NOUN or NOUN_PROP and a vocalization ending in a consonant
 * yields one stem entry per distinct base vocalization:
 *  - voc     the base's vocalization + `iy~` (`saraTAniy~`);
 *  - class   {@link NISBA_CATEGORY}, so the tables give it the feminine, the plurals, the dual
 *            and, with the `caseEndings` option, the case endings, after any prefix that class
 *            takes (the article, conjunctions, prepositions);
 *  - POS     `<voc>/ADJ`; lemma `<voc>_0` (sense 0: not in the lexicon, as backoff lemmas);
 *  - gloss   {@link NISBA_GLOSS} and the base's gloss.
 * The engine joins these entries to prefixes and suffixes exactly as it joins its own
 * (Analyzer.nisbaAnalyses); their solutions carry the source 'backoff'. A word that ends in the
 * nisba's ي itself may as well be a foreign name (آندي, كيكي), and gets the proper-noun backoff
 * too, as does one whose nisba reading needs a construct or a pronoun (جريميو, هيلينا). One
 * whose every nisba analysis ends in a suffix of gender or number (ية, يات, يون, يين, يان) is
 * not taken for a name ({@link mayBeName}): foreign names are transcribed with يا (روسيا,
 * سيسيليا). Of the 30 distinct words of UD Arabic-PUD with a nisba analysis, that rule drops
 * the name analyses of 13, all adjectives or nouns (الجنائزية, التنفيذيون, والإسبارطيين), and
 * keeps those of the other 17: the 13 names and 4 words in ي (الدخاني, الرغبي).
 */
import type { LexEntry } from './dict.js';
import type { Lexicon } from './lexicon.js';

/** The class a derived nisba stem gets (BAMA 1.0: adjectives taking every nominal suffix). */
export const NISBA_CATEGORY = 'Nall';
/** The shortest base (letters before the nisba's `y`). */
export const MIN_BASE = 3;
/** Words before the base's gloss in a derived nisba's gloss. */
export const NISBA_GLOSS = 'relating to';
/** The stem POS of a base a nisba is derived from. */
const BASE_POS = /\/(NOUN|NOUN_PROP)$/;
/** A base vocalization that ends in a consonant: not in a mark, a long vowel, ta marbuta or alif maqsura. */
const CONSONANT_END = /[^aiuoFNK~`AwyYp{|><&}']$/;

const categories = new WeakMap<Lexicon, number>();

/** The suffix tag right after a nisba stem (`…/ADJ+ap/NSUFF_FEM_SG…` → `NSUFF_FEM_SG`). */
const AFTER_STEM = /\/ADJ\+[^+/]*\/(NSUFF_[A-Z_]+)/;

/**
 * Whether a nisba morphology ends in a suffix of gender or number as written at a word's end
 * (ية, يات, يون, يين, يان, يتان): not the construct forms, which look like a name's ending
 * (ـيو as in جريميو, ـيتي as in غرافيتي), nor the masculine indefinite accusative (ـيًّا, as in ميلانيا).
 */
function genderOrNumber(morph: string): boolean {
  const tag = AFTER_STEM.exec(morph)?.[1];
  return tag !== undefined && !tag.endsWith('_POSS') && tag !== 'NSUFF_MASC_SG_ACC_INDEF';
}

/**
 * Whether a word with these nisba analyses may also be a proper name: not when each has a suffix of
 * gender or number (see the module comment).
 */
export function mayBeName(nisba: ReadonlyArray<{ morph: string }>): boolean {
  return !nisba.every((s) => genderOrNumber(s.morph));
}

/** The derived nisba stem entries of a stem form (Buckwalter, no diacritics); empty when there are none. */
export function nisbaStems(form: string, lex: Lexicon): LexEntry[] {
  if (form.length <= MIN_BASE || !form.endsWith('y')) return [];
  const bases = lex.stems.get(form.slice(0, -1));
  if (!bases) return [];
  let cat = categories.get(lex);
  if (cat === undefined) categories.set(lex, (cat = lex.categoryNames.indexOf(NISBA_CATEGORY)));
  const out: LexEntry[] = [];
  const seen = new Set<string>();
  for (const b of bases) {
    if (b.commented || !BASE_POS.test(b.pos) || !CONSONANT_END.test(b.voc)) continue;
    const voc = `${b.voc}iy~`;
    if (seen.has(voc)) continue;
    seen.add(voc);
    out.push(Object.freeze({
      voc,
      category: NISBA_CATEGORY,
      cat,
      gloss: `${NISBA_GLOSS} ${b.gloss}`,
      pos: `${voc}/ADJ`,
      lemma: `${voc}_0`,
      commented: false,
    }));
  }
  return out;
}
