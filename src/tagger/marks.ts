/**
 * Diacritics typed in the input, used as constraints on a word's candidates: a word typed
 * `وَقَّعَت` keeps the candidates whose vocalization agrees with the marks typed (`waq~aEat`,
 * not `waqaEat`); when none agrees, all are kept. The input's marks are never added to a
 * vocalization (the candidates' own vocalizations are shown, so nothing is doubled).
 *
 * Agreement is decided letter by letter, the input and the vocalization aligned by their
 * letters (a vocalization with another number of letters is not judged: it agrees):
 *  - a vowel, tanween or sukun typed on a letter disagrees with a different one of those
 *    on that letter of the vocalization (no mark there is no disagreement: the lexicon
 *    leaves some letters bare);
 *  - a shadda typed on a letter disagrees with a vocalization that marks the letter with a
 *    vowel but no shadda; a vowel typed without a shadda disagrees with a shadda there;
 *    neither applies to the letter after a word-initial article `Al` (the lexicon writes no
 *    sun-letter shadda, and writers often omit it);
 *  - dagger alif is ignored.
 */
import type { Candidate, Document, Token } from '../corpus/types.js';
import { withCandidates } from '../../features/seen-labels.js';
import { toBuckwalter } from '../script/buckwalter.js';

const VOWELS = 'aiuoFNK';
const SHADDA = '~';
const IGNORED = '`_';

/** One letter with the marks written after it. */
interface Unit {
  letter: string;
  vowel: string;
  shadda: boolean;
}

/** Splits Buckwalter text into letters with their marks (marks before any letter are dropped). */
function units(bw: string): Unit[] {
  const out: Unit[] = [];
  for (const ch of bw) {
    if (IGNORED.includes(ch)) continue;
    const last = out[out.length - 1];
    if (VOWELS.includes(ch)) {
      if (last) last.vowel = ch;
    } else if (ch === SHADDA) {
      if (last) last.shadda = true;
    } else out.push({ letter: ch, vowel: '', shadda: false });
  }
  return out;
}

/** Characters that are, or transliterate to, a vowel, tanween, sukun or shadda: a word without any has no marks. */
const MARK_CHARS = /[\u064b-\u0652aiuoFNK~]/;

/** True when an input word (Arabic script or Buckwalter) has a diacritic typed on it. */
export function hasMarks(form: string): boolean {
  if (!MARK_CHARS.test(form)) return false;
  return units(toBuckwalter(form)).some((u) => u.vowel !== '' || u.shadda);
}

/** Whether a vocalization (Buckwalter) agrees with the marks typed in `form` (see the module comment). */
export function agreesWithMarks(form: string, voc: string): boolean {
  const typed = units(toBuckwalter(form));
  const cand = units(voc);
  if (typed.length !== cand.length) return true;
  for (let i = 0; i < typed.length; i++) {
    const t = typed[i];
    const c = cand[i];
    if (t.vowel !== '' && c.vowel !== '' && t.vowel !== c.vowel) return false;
    const afterArticle = i === 2 && cand[0].letter === 'A' && cand[1].letter === 'l';
    if (afterArticle) continue;
    if (t.shadda && !c.shadda && c.vowel !== '') return false;
    if (!t.shadda && t.vowel !== '' && c.shadda) return false;
  }
  return true;
}

/** A token's candidates that agree with the marks typed in it, or all of them when none does. */
export function candidatesAgreeing(token: Token): Candidate[] {
  if (!token.arabic || token.candidates.length < 2 || !hasMarks(token.form)) return token.candidates;
  const kept = token.candidates.filter((c) => agreesWithMarks(token.form, c.voc));
  return kept.length > 0 ? kept : token.candidates;
}

/**
 * The document with every token's candidates narrowed to those that agree with its typed
 * marks (tokens without marks unchanged). For raw text to tag; the gold labels, if any, are
 * found again by key in what is kept (features/seen-labels.ts withCandidates).
 */
export function constrainToMarks(doc: Document): Document {
  return {
    ...doc,
    sentences: doc.sentences.map((s) => ({
      ...s,
      tokens: s.tokens.map((t) => {
        const candidates = candidatesAgreeing(t);
        return candidates === t.candidates ? t : withCandidates(t, candidates);
      }),
    })),
  };
}
