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
 * The training material is every name of the lexicon (a choice measured against all noun
 * stems and against the `Nprop` class alone: docs/results.md, "Unknown words").
 * The names are found by their POS, not their class, which the `caseEndings` option renames
 * (names.ts). The stem's end has a key of its own, never a letter's (`$` is sheen). Built from
 * the lexicon on first use (about 31k letters for BAMA 1.0), then read-only.
 */
import { splitMarks } from '../script/buckwalter.js';
import type { Lexicon } from './lexicon.js';

/** The stem POS tag whose entries teach the model (BAMA/SAMA: proper names). */
export const VOWEL_MODEL_POS = 'NOUN_PROP';
/**
 * Observations a context needs before its marks are used. Chosen on the lexicon's own names
 * (5-fold, held-out names): 1, 2, 3, 5 gave 0.617, 0.606, 0.600, 0.601 of the names with every
 * letter but the last right.
 */
export const MIN_EVIDENCE = 1;
/** The numbers that stand beyond the stem's ends (the `^` and `$` of the module comment): no letter's. */
const BEFORE = 1;
const AFTER = 2;
/** The letters on each side of the letter (`l2 l1 c r1 r2`) that each context reads, most specific first. */
const CONTEXTS = [
  { from: -2, to: 2 },
  { from: -1, to: 2 },
  { from: -1, to: 1 },
  { from: 0, to: 1 },
  { from: 0, to: 0 },
] as const;
/**
 * Letters a model tells apart (its alphabet, numbered from 3 as first met, 6 bits each: a 5-letter
 * key fits a small integer); contexts with others are not learned.
 */
const ALPHABET_MAX = 61;

/**
 * A model's numbering of letters: a letter's number (3 … ALPHABET_MAX + 2), 0 for none (a
 * letter never met, or one of two code units). Learning adds letters as it meets them; look-ups
 * do not.
 */
class Alphabet {
  private readonly ids = new Map<number, number>();

  id(ch: number, learn: boolean): number {
    let id = this.ids.get(ch);
    if (id === undefined) {
      if (!learn || this.ids.size >= ALPHABET_MAX) return 0;
      this.ids.set(ch, (id = this.ids.size + 3));
    }
    return id;
  }

  /** The numbers of a stem's letters with the stem's ends around: [BEFORE, BEFORE, letters…, AFTER, AFTER]. */
  codes(letters: readonly string[], learn: boolean): number[] {
    const out = [BEFORE, BEFORE];
    for (const ch of letters) out.push(ch.length === 1 ? this.id(ch.charCodeAt(0), learn) : 0);
    out.push(AFTER, AFTER);
    return out;
  }
}

/**
 * The key of context c of letter i (codes as {@link Alphabet.codes} gives them); -1 when it holds a
 * letter the alphabet lacks.
 */
function contextKey(codes: readonly number[], i: number, c: number): number {
  const { from, to } = CONTEXTS[c];
  let key = 0;
  for (let k = i + 2 + from; k <= i + 2 + to; k++) {
    if (codes[k] === 0) return -1;
    key = key * 64 + codes[k];
  }
  return key;
}

/** The letter-context model of one lexicon (see the module comment). */
export class StemVowels {
  /**
   * Takes the alphabet and, per context (CONTEXTS order), for each key seen at least
   * {@link MIN_EVIDENCE} times its most frequent marks (ties: the first counted).
   */
  private constructor(
    private readonly alphabet: Alphabet,
    private readonly best: readonly ReadonlyMap<number, string>[],
  ) {}

  /** Learns from vocalized stems (Buckwalter). */
  static fromVocalizations(vocs: Iterable<string>): StemVowels {
    const alphabet = new Alphabet();
    // each stem's letters with the marks after each (`guwlod` → g:u w: l:o d:)
    const stems = Array.from(vocs, splitMarks);
    // the marks told apart, numbered in the order first met
    const markIds = new Map<string, number>();
    for (const units of stems) for (const { marks } of units) if (!markIds.has(marks)) markIds.set(marks, markIds.size);
    const counts = CONTEXTS.map(() => new KeyCounts(markIds.size));
    let seen = 0;
    for (const units of stems) {
      const codes = alphabet.codes(units.map((u) => u.letter), true);
      for (let i = 0; i < units.length; i++) {
        const mark = markIds.get(units[i].marks)!;
        seen++;
        for (let c = 0; c < CONTEXTS.length; c++) {
          const key = contextKey(codes, i, c);
          if (key >= 0) counts[c].add(key, mark, seen);
        }
      }
    }
    const markList = [...markIds.keys()];
    return new StemVowels(alphabet, counts.map((k) => k.mostFrequent(markList)));
  }

  /** The model of a lexicon's {@link VOWEL_MODEL_POS} stems. */
  static fromLexicon(lex: Lexicon): StemVowels {
    return StemVowels.fromVocalizations(vowelModelStems(lex));
  }

  /** The stem (Buckwalter letters, no marks) with the marks the model gives each letter but the last. */
  vocalize(stem: string): string {
    const letters = [...stem];
    const codes = this.alphabet.codes(letters, false);
    let out = '';
    for (let i = 0; i < letters.length; i++) out += letters[i] + (i < letters.length - 1 ? this.marksOf(codes, i) : '');
    return out;
  }

  private marksOf(codes: readonly number[], i: number): string {
    for (let c = 0; c < CONTEXTS.length; c++) {
      const key = contextKey(codes, i, c);
      const best = key < 0 ? undefined : this.best[c].get(key);
      if (best !== undefined) return best;
    }
    return '';
  }
}

/** Per context key, how often each mark followed it and when it was first counted. */
class KeyCounts {
  /** key → its number, numbered in the order first counted. */
  private readonly index = new Map<number, number>();
  /** count and first-counted ordinal of mark m after key k at k · marks + m (0: never). */
  private counts = new Int32Array(0);
  private first = new Int32Array(0);

  constructor(private readonly marks: number) {}

  add(key: number, mark: number, ordinal: number): void {
    let k = this.index.get(key);
    if (k === undefined) {
      k = this.index.size;
      this.index.set(key, k);
      if ((k + 1) * this.marks > this.counts.length) this.grow();
    }
    const at = k * this.marks + mark;
    if (this.counts[at]++ === 0) this.first[at] = ordinal;
  }

  private grow(): void {
    const size = Math.max(1024, this.counts.length * 2);
    const counts = new Int32Array(size);
    const first = new Int32Array(size);
    counts.set(this.counts);
    first.set(this.first);
    this.counts = counts;
    this.first = first;
  }

  /**
   * Per key counted at least {@link MIN_EVIDENCE} times, its most frequent marks (ties: the first
   * counted); `markList` names the marks by number.
   */
  mostFrequent(markList: readonly string[]): Map<number, string> {
    const best = new Map<number, string>();
    const M = this.marks;
    for (const [key, k] of this.index) {
      let total = 0;
      let bestMark = -1;
      for (let m = 0; m < M; m++) {
        const n = this.counts[k * M + m];
        if (n === 0) continue;
        total += n;
        const b = k * M + bestMark;
        if (bestMark < 0 || n > this.counts[b] || (n === this.counts[b] && this.first[k * M + m] < this.first[b]))
          bestMark = m;
      }
      if (total >= MIN_EVIDENCE) best.set(key, markList[bestMark]);
    }
    return best;
  }
}

/**
 * The vocalized stems of a lexicon's {@link VOWEL_MODEL_POS} entries, in the file's order: what the
 * model learns from.
 */
export function vowelModelStems(lex: Lexicon): string[] {
  if (lex.vowelModelStems) return [...lex.vowelModelStems];
  const vocs: string[] = [];
  const tag = `/${VOWEL_MODEL_POS}`;
  // a scan: looking every form up would build and keep all 82,000 stem entries (31 MB of heap)
  lex.stems.scan((voc, pos) => {
    if (pos.endsWith(tag)) vocs.push(voc);
  });
  return vocs;
}

const models = new WeakMap<Lexicon, StemVowels>();

/** The model of a lexicon, built on first use and kept as long as the lexicon. */
export function stemVowelsOf(lex: Lexicon): StemVowels {
  let m = models.get(lex);
  if (!m) models.set(lex, (m = StemVowels.fromLexicon(lex)));
  return m;
}
