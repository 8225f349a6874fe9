/**
 * Backoff analyses for a word the lexicon lacks, in the manner of MADAMIRA's and CAMeL
 * Tools' "no analysis → proper noun" backoff: most such words in news text are foreign or
 * proper names (`شولمان`, `لأوباما`, `والكابيتول`).
 *
 * The look-up form is split every way the engine splits it (prefix 0–4 letters, suffix 0–6,
 * in the same loop order), keeping the splits whose prefix and suffix are lexicon entries and
 * whose stem has at least {@link MIN_STEM} letters. The stem becomes a proper noun (tag
 * {@link BACKOFF_POS}) that is not in the lexicon; a prefix and suffix entry pair with it when
 *  - the prefix is clitics only: conjunction (w, f), preposition (b, k, l) and the article
 *    (tags in {@link CLITIC_PREFIX_TAGS}); the suffix is nothing, a pronoun or a case ending
 *    (tags matching {@link CLITIC_SUFFIX_TAG}): no inflection is guessed;
 *  - the tables allow them with some noun stem category of {@link BACKOFF_STEM_CATEGORIES}
 *    (tableAB and tableBC) and with each other (tableAC): so `Al` never comes with a pronoun.
 *
 * Each analysis:
 *  - voc   the prefix's vocalization, the stem's letters exactly as in the look-up form with
 *          the short vowels the lexicon's names suggest (stem-vowels.ts), the suffix's
 *          vocalization (`li` + `>uwbAmA`);
 *  - lemma the stem with any alif seat (`>`, `<`, `|`, `{`) written as bare alif, sense 0:
 *          the convention of SAMA-based treebanks for words SAMA does not list (`AwbAmA_0`);
 *  - morph the prefix's and suffix's POS fields around `STEM/NOUN_PROP`;
 *  - gloss the prefix's and suffix's glosses around {@link BACKOFF_GLOSS};
 *  - source 'backoff'.
 * With case endings, name-declension.ts declines such a name as a diptote and adds its caseless
 * reading (rules/caseless-names.ts).
 * A stem whose first letters a longer prefix with the article would take is not offered
 * (`Al` + `smyT`, not `AlsmyT` nor `wAlsmyT`). Duplicates (same lemma and morphology) are dropped, the
 * first kept.
 */
import type { LexEntry } from './dict.js';
import type { Lexicon } from './lexicon.js';
import type { Solution } from './types.js';
import { stemVowelsOf } from './stem-vowels.js';

/** The POS tag of a backoff stem. */
export const BACKOFF_POS = 'NOUN_PROP';
/** The stem gloss of a backoff analysis. */
export const BACKOFF_GLOSS = '[name not in the lexicon]';
/** Sense number of a backoff lemma. */
export const BACKOFF_SENSE = '0';
/** The shortest stem a backoff analysis leaves. */
export const MIN_STEM = 2;
/** Stem categories whose clitics a backoff stem takes (BAMA/SAMA: common and proper nouns). */
export const BACKOFF_STEM_CATEGORIES = ['N', 'Nprop'] as const;
/** Tags a backoff prefix may consist of. */
export const CLITIC_PREFIX_TAGS: ReadonlySet<string> = new Set(['CONJ', 'PREP', 'DET']);
/** Tags a backoff suffix may consist of: possessive pronouns and case endings. */
export const CLITIC_SUFFIX_TAG = /^(POSS_PRON_\w+|CASE_(IN)?DEF_(NOM|ACC|GEN))$/;
/** The pos-file comment on a word whose solutions are backoff analyses. */
export const BACKOFF_COMMENT = 'lexdis: backoff analyses (word not in the lexicon)';

/**
 * A prefix that ends in the article as written: `Al`, or `ll` after li (لل). BAMA's `l` and `wl`
 * with `li/PREP+Al/DET` (li + the article before a stem in l, one lam dropped) do not count:
 * they would hide every name that starts with ل.
 */
const ARTICLE_WRITTEN = /(Al|ll)$/;
const MAX_PREFIX = 4;
const MAX_SUFFIX = 6;

/** The tags of a POS field (`wa/CONJ+bi/PREP+` → CONJ, PREP; '' → none). */
function tagsOf(pos: string): string[] {
  return pos.split('+').filter((p) => p !== '').map((p) => p.slice(p.lastIndexOf('/') + 1));
}

/** The backoff lemma of a stem (`>wbAmA` → `AwbAmA_0`). */
export function backoffLemma(stem: string): string {
  return `${stem.replace(/[><|{]/g, 'A')}_${BACKOFF_SENSE}`;
}

/** Which entries a backoff stem may take, decided once per lexicon. */
class CliticFilter {
  private readonly stemCats: number[];
  private readonly prefixOk = new Map<LexEntry, boolean>();
  private readonly suffixOk = new Map<LexEntry, boolean>();

  constructor(private readonly lex: Lexicon) {
    this.stemCats = BACKOFF_STEM_CATEGORIES.map((c) => lex.categoryNames.indexOf(c)).filter((i) => i >= 0);
  }

  prefix(a: LexEntry): boolean {
    let ok = this.prefixOk.get(a);
    if (ok === undefined) {
      ok = tagsOf(a.pos).every((t) => CLITIC_PREFIX_TAGS.has(t));
      this.prefixOk.set(a, ok);
    }
    return ok;
  }

  suffix(c: LexEntry): boolean {
    let ok = this.suffixOk.get(c);
    if (ok === undefined) {
      ok = tagsOf(c.pos).every((t) => CLITIC_SUFFIX_TAG.test(t));
      this.suffixOk.set(c, ok);
    }
    return ok;
  }

  /**
   * Whether the stem at `p` in `word` (`len` letters) begins with letters that a longer prefix
   * with the article takes off, leaving a stem of {@link MIN_STEM} letters: `AlsmyT`, `wAlsmyT`,
   * `llsmyT`, `l`+`lsmyT` beside `Al`+`smyT`. Such a stem is not offered: the article is a
   * clitic, as in MADAMIRA's backoff (without this, السميط came out الْسَمِيطُ, no sun letter
   * doubled and a case ending after the article).
   */
  hidesArticle(word: string, p: number, len: number): boolean {
    for (let k = 1; k <= MAX_PREFIX - p && len - k >= MIN_STEM; k++) {
      const form = word.slice(0, p + k);
      if (!ARTICLE_WRITTEN.test(form)) continue;
      const longer = this.lex.prefixes.get(form);
      if (longer?.some((a) => this.prefix(a) && tagsOf(a.pos).includes('DET'))) return true;
    }
    return false;
  }

  /** Prefix and suffix allowed together around some backoff stem category. */
  pair(a: LexEntry, c: LexEntry): boolean {
    if (!this.lex.ac.has(a.cat, c.cat)) return false;
    return this.stemCats.some((b) => this.lex.ab.has(a.cat, b) && this.lex.bc.has(b, c.cat));
  }
}

const filters = new WeakMap<Lexicon, CliticFilter>();

/**
 * The backoff analyses of a look-up form (Buckwalter, no diacritics), in split order; empty
 * when no split leaves a stem of {@link MIN_STEM} letters. Frozen. See the module comment.
 */
export function backoffSolutions(word: string, lex: Lexicon): Solution[] {
  let filter = filters.get(lex);
  if (!filter) filters.set(lex, (filter = new CliticFilter(lex)));
  const vowels = stemVowelsOf(lex);
  const out: Solution[] = [];
  const seen = new Set<string>();
  const len = word.length;
  for (let p = 0; p <= MAX_PREFIX && len - p >= MIN_STEM; p++) {
    const pres = lex.prefixes.get(word.slice(0, p));
    if (!pres) continue;
    for (let s = 0; s <= MAX_SUFFIX && len - p - s >= MIN_STEM; s++) {
      const sufs = lex.suffixes.get(word.slice(len - s));
      if (!sufs) continue;
      const stem = word.slice(p, len - s);
      if (filter.hidesArticle(word, p, stem.length)) continue;
      const lemma = backoffLemma(stem);
      for (const a of pres) {
        if (!filter.prefix(a)) continue;
        for (const c of sufs) {
          if (!filter.suffix(c) || !filter.pair(a, c)) continue;
          const morph = `${a.pos}${stem}/${BACKOFF_POS}${c.pos}`;
          const key = `${lemma}\t${morph}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(Object.freeze({
            voc: a.voc + vowels.vocalize(stem) + c.voc,
            lemma,
            morph,
            gloss: `${a.gloss} + ${BACKOFF_GLOSS} + ${c.gloss}`,
            glossParts: Object.freeze({ prefix: a.gloss, stem: BACKOFF_GLOSS, suffix: c.gloss }),
            source: 'backoff' as const,
          }));
        }
      }
    }
  }
  return Object.freeze(out) as Solution[];
}
