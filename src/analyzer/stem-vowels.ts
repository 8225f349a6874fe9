/**
 * Short vowels for the stem of a word the lexicon lacks (a backoff analysis, backoff.ts), read
 * off the lexicon's own vocalized names. A backoff stem is the word's letters only
 * (`كلينتون` → `klyntwn`), so a reader was shown its consonants bare except before a long
 * vowel. Most such words are foreign or proper names, and the lexicon lists 5,598 names with
 * their vowels (stems whose POS is {@link VOWEL_MODEL_POS}: `kliynotuwn`, `guwlod`, `>arovurz`, in
 * the classes `Nprop`, `N0` and others): how a letter is voweled in a name, given the letters
 * around it, is learned from them.
 *
 * The model: for each letter of each name stem, the marks written after it (a short vowel,
 * sukun, shadda with its vowel, or none) counted under five contexts, from the most specific:
 * the two letters on each side, then one left and two right, one on each side, the letter and
 * the next, the letter alone (`^` and `$` stand beyond the stem's ends). A letter of a new stem
 * takes the most frequent marks of the most specific context seen at least
 * {@link MIN_EVIDENCE} times; ties go to the marks first counted. The stem's last letter gets
 * nothing (its case ending is the suffix's), and neither does a letter the model has no
 * evidence for. The letters are never changed: only marks are inserted.
 *
 * Names-only beats all noun stems as training material (0.89 against 0.86 of held-out names'
 * letters); every name beats the `Nprop` class alone (5-fold over the `Nprop` names, names
 * with every letter but the last right: 0.646 against 0.624). The names are found by their POS,
 * not their class, which the `caseEndings` option renames (names.ts). Built from the lexicon on
 * first use (about 35k letters for BAMA 1.0), then read-only.
 */
import type { Lexicon } from './lexicon.js';

/** The stem POS tag whose entries teach the model (BAMA/SAMA: proper names). */
export const VOWEL_MODEL_POS = 'NOUN_PROP';
/**
 * Observations a context needs before its marks are used. Chosen on the lexicon's own names
 * (5-fold, held-out names): 1, 2, 3, 5 gave 0.617, 0.606, 0.600, 0.601 of the names with every
 * letter but the last right.
 */
export const MIN_EVIDENCE = 1;
/** Buckwalter diacritics (short vowels, tanween, shadda, sukun, dagger alif). */
const MARK = /[aiuoFNK~`]/;

type Counts = Map<string, Map<string, number>>;

/** The context keys of letter i of `letters`, most specific first. */
function contexts(letters: readonly string[], i: number): string[] {
  const at = (k: number) => (k < 0 ? '^' : k >= letters.length ? '$' : letters[k]);
  const [l2, l1, c, r1, r2] = [at(i - 2), at(i - 1), at(i), at(i + 1), at(i + 2)];
  return [`5${l2}${l1}${c}${r1}${r2}`, `4${l1}${c}${r1}${r2}`, `3${l1}${c}${r1}`, `2${c}${r1}`, `1${c}`];
}

/** A vocalization split into letters and the marks after each (`guwlod` → g:u w: l:o d:). */
function splitMarks(voc: string): { letters: string[]; marks: string[] } {
  const letters: string[] = [];
  const marks: string[] = [];
  for (const ch of voc) {
    if (MARK.test(ch) && letters.length > 0) marks[marks.length - 1] += ch;
    else if (!MARK.test(ch)) {
      letters.push(ch);
      marks.push('');
    }
  }
  return { letters, marks };
}

/** The letter-context model of one lexicon (see the module comment). */
export class StemVowels {
  /** Per context seen at least {@link MIN_EVIDENCE} times, its most frequent marks (ties: the first counted). */
  private readonly best = new Map<string, string>();

  private constructor(counts: Counts) {
    for (const [key, m] of counts) {
      let total = 0;
      let best = '';
      let bestN = 0;
      for (const [marks, n] of m) {
        total += n;
        if (n > bestN) [best, bestN] = [marks, n];
      }
      if (total >= MIN_EVIDENCE) this.best.set(key, best);
    }
  }

  /** Learns from vocalized stems (Buckwalter). */
  static fromVocalizations(vocs: Iterable<string>): StemVowels {
    const counts: Counts = new Map();
    for (const voc of vocs) {
      const { letters, marks } = splitMarks(voc);
      for (let i = 0; i < letters.length; i++) {
        for (const key of contexts(letters, i)) {
          let m = counts.get(key);
          if (!m) counts.set(key, (m = new Map()));
          m.set(marks[i], (m.get(marks[i]) ?? 0) + 1);
        }
      }
    }
    return new StemVowels(counts);
  }

  /** The model of a lexicon's {@link VOWEL_MODEL_POS} stems. */
  static fromLexicon(lex: Lexicon): StemVowels {
    const vocs: string[] = [];
    const tag = `/${VOWEL_MODEL_POS}`;
    // a scan: looking every form up would build and keep all 82,000 stem entries (31 MB of heap)
    lex.stems.scan((voc, pos) => {
      if (pos.endsWith(tag)) vocs.push(voc);
    });
    return StemVowels.fromVocalizations(vocs);
  }

  /** The stem (Buckwalter letters, no marks) with the marks the model gives each letter but the last. */
  vocalize(stem: string): string {
    const letters = [...stem];
    let out = '';
    for (let i = 0; i < letters.length; i++) out += letters[i] + (i < letters.length - 1 ? this.marksOf(letters, i) : '');
    return out;
  }

  private marksOf(letters: readonly string[], i: number): string {
    for (const key of contexts(letters, i)) {
      const best = this.best.get(key);
      if (best !== undefined) return best;
    }
    return '';
  }
}

const models = new WeakMap<Lexicon, StemVowels>();

/** The model of a lexicon, built on first use and kept as long as the lexicon. */
export function stemVowelsOf(lex: Lexicon): StemVowels {
  let m = models.get(lex);
  if (!m) models.set(lex, (m = StemVowels.fromLexicon(lex)));
  return m;
}
