/**
 * Comparing one diacritized word with a reference word, in two conventions (docs/diacritization.md):
 *
 * - strict: every letter's marks must be the reference's (shadda, vowel or tanween or sukun,
 *   dagger alif); only the order of marks on a letter is free.
 * - relaxed, the conventions of the published WikiNews scorer (EvalDiac): on both sides, sukun
 *   is dropped; fatha before alif, kasra before ya and damma before waw are dropped (implied);
 *   fatha and kasra on a bare alif and kasra on a lam before alif are dropped; tanween written
 *   on an alif counts on the letter before. Then a letter the reference leaves bare
 *   accepts anything, and a reference shadda without a vowel accepts shadda with one.
 *
 * Words are compared letter by letter: letters that differ in number make the word wrong (every
 * letter counts as an error); letters themselves are not compared, only their marks. Ignoring
 * the case ending = ignoring the last letter's marks.
 */
import { UsageError } from '../errors.js';

/**
 * One letter and its marks: shadda, a vowel (`a i u o F N K`, or '' for none; more than one is kept
 * as typed), dagger alif.
 */
export interface DiacLetter {
  letter: string;
  shadda: boolean;
  vowel: string;
  dagger: boolean;
}

const MARK_OF: Record<string, string> = {
  '\u064e': 'a', '\u0650': 'i', '\u064f': 'u', '\u0652': 'o', '\u064b': 'F', '\u064d': 'K', '\u064c': 'N',
};
const SHADDA = '\u0651';
const DAGGER = '\u0670';
const TATWEEL = '\u0640';
const ALIF = '\u0627';
const YA = '\u064a';
const WAW = '\u0648';
const LAM = '\u0644';

/** Splits an Arabic-script word into letters with their marks (tatweel dropped, marks before any letter dropped). */
export function parseDiacritized(word: string): DiacLetter[] {
  const out: DiacLetter[] = [];
  for (const ch of word) {
    if (ch === TATWEEL) continue;
    const cur = out[out.length - 1];
    const v = MARK_OF[ch];
    if (v !== undefined) { if (cur) cur.vowel += v; }
    else if (ch === SHADDA) { if (cur) cur.shadda = true; }
    else if (ch === DAGGER) { if (cur) cur.dagger = true; }
    else out.push({ letter: ch, shadda: false, vowel: '', dagger: false });
  }
  return out;
}

/** The relaxed conventions' normalization of one side (see the header); returns new letters. */
export function relaxLetters(letters: readonly DiacLetter[]): DiacLetter[] {
  const out = letters.map((l) => ({ ...l, vowel: l.vowel.replaceAll('o', '') }));
  out.forEach((l, k) => {
    const next = out[k + 1]?.letter;
    if ((l.vowel === 'a' && next === ALIF) || (l.vowel === 'i' && next === YA) || (l.vowel === 'u' && next === WAW)) l.vowel = '';
    if (l.letter === ALIF && (l.vowel === 'a' || l.vowel === 'i')) l.vowel = '';
    if (l.letter === LAM && l.vowel === 'i' && next === ALIF) l.vowel = '';
  });
  out.forEach((l, k) => {
    if (k === 0 || l.letter !== ALIF || !l.vowel.startsWith('F')) return;
    l.vowel = l.vowel.slice(1);
    out[k - 1].vowel += 'F';
  });
  return out;
}

/** Scoring conventions: strict (every mark must match) or relaxed (EvalDiac's, docs/diacritization.md). */
export type Convention = 'strict' | 'relaxed';

function isBare(l: DiacLetter): boolean {
  return !l.shadda && l.vowel === '' && !l.dagger;
}

/** Per-letter verdicts of a system word against one reference word, or null when the letter counts differ. */
function letterVerdicts(
  sys: readonly DiacLetter[],
  ref: readonly DiacLetter[],
  convention: Convention,
): boolean[] | null {
  if (sys.length !== ref.length) return null;
  const ok: boolean[] = [];
  for (let j = 0; j < ref.length; j++) {
    const r = ref[j];
    const s = sys[j];
    const same = r.shadda === s.shadda && r.vowel === s.vowel && r.dagger === s.dagger;
    if (same || convention === 'strict') {
      ok.push(same);
      continue;
    }
    const bare = isBare(r);
    const shaddaOnly = r.shadda && r.vowel === '' && !r.dagger && s.shadda && !s.dagger;
    // tanween fatha on the letter before a bare last letter, written by the system on that last letter
    const shifted =
      r.vowel === 'F' &&
      !r.shadda &&
      !r.dagger &&
      s.vowel === '' &&
      !s.shadda &&
      !s.dagger &&
      j + 1 < ref.length &&
      isBare(ref[j + 1]) &&
      sys[j + 1].vowel === 'F' &&
      !sys[j + 1].shadda &&
      !sys[j + 1].dagger;
    if (shifted) {
      ok.push(true, true);
      j++;
      continue;
    }
    ok.push(bare || shaddaOnly);
  }
  return ok;
}

/** The verdict on one word. */
export interface WordVerdict {
  /** Right with every letter, the last one included. */
  correct: boolean;
  /** Right when the last letter (the case ending) is ignored. */
  correctNoCase: boolean;
  /** Letters of the reference, and the ones with wrong marks (with and without the last letter). */
  letters: number;
  errors: number;
  lettersNoCase: number;
  errorsNoCase: number;
}

/**
 * Compares a system word with the reference's accepted variants (the best variant counts).
 * @param sys the system's word, Arabic script
 * @param refs the accepted reference spellings (at least one)
 * @returns the verdict: right or wrong with and without the last letter, and the letters' errors
 * @throws UsageError for no reference spelling
 */
export function compareWord(sys: string, refs: readonly string[], convention: Convention): WordVerdict {
  let best: WordVerdict | undefined;
  const sysLetters = parseDiacritized(sys);
  const s = convention === 'relaxed' ? relaxLetters(sysLetters) : sysLetters;
  for (const refWord of refs) {
    const refLetters = parseDiacritized(refWord);
    const r = convention === 'relaxed' ? relaxLetters(refLetters) : refLetters;
    const ok = letterVerdicts(s, r, convention);
    const n = r.length;
    const errors = ok ? ok.filter((x) => !x).length : n;
    const errorsNoCase = ok ? ok.slice(0, -1).filter((x) => !x).length : Math.max(0, n - 1);
    const v: WordVerdict = {
      correct: errors === 0, correctNoCase: ok !== null && errorsNoCase === 0,
      letters: n, errors, lettersNoCase: Math.max(0, n - 1), errorsNoCase,
    };
    if (!best || rankOf(v) > rankOf(best)) best = v;
  }
  if (!best) throw new UsageError('compareWord needs at least one reference spelling');
  return best;
}

function rankOf(v: WordVerdict): number {
  return (v.correct ? 4 : 0) + (v.correctNoCase ? 2 : 0) - v.errors / (v.letters + 1);
}
