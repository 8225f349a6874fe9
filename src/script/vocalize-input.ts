/**
 * Typed words against analyses, for the vowel renderer (vocalize.ts): the letters a user typed
 * with the marks already on them, and their alignment with an analysis' letters (alif forms,
 * ya/alif maqsura, ha/ta marbuta and hamza seats match each other).
 */
import { toBuckwalter } from './buckwalter.js';

const MARK_RE = /[\u064b-\u0652\u0670]/;

/** Letters that match each other when aligning the typed word with the analysis. */
const LETTER_CLASS: Record<string, string> = {
  A: 'A', '>': 'A', '<': 'A', '|': 'A', '{': 'A', Y: 'y', y: 'y', '}': 'y', p: 'h', h: 'h', w: 'w', '&': 'w', "'": "'",
};

/** The class a Buckwalter letter matches in: alif forms, ya and alif maqsura, ha and ta marbuta, hamza seats. */
export function letterClass(bw: string): string {
  return LETTER_CLASS[bw] ?? bw;
}

/** One typed letter (Arabic script and Buckwalter) with the marks typed after it. */
export interface InputLetter {
  ch: string;
  bw: string;
  /** Marks typed after this letter, as typed. */
  marks: string;
}

/** The typed word's letters with their marks, and the characters around them (tatweel, stray marks). */
export function splitInput(word: string): { letters: InputLetter[]; pieces: Array<InputLetter | string> } {
  const letters: InputLetter[] = [];
  const pieces: Array<InputLetter | string> = [];
  for (const ch of word) {
    const cur = letters[letters.length - 1];
    if (MARK_RE.test(ch)) {
      if (cur && pieces[pieces.length - 1] === cur) cur.marks += ch;
      else pieces.push(ch);
    } else if (ch === '\u0640') pieces.push(ch);
    else {
      const l = { ch, bw: toBuckwalter(ch), marks: '' };
      letters.push(l);
      pieces.push(l);
    }
  }
  return { letters, pieces };
}

/** Aligns typed letters with slots (edit distance over letter classes); returns slot index per letter or -1. */
export function alignLetters(typed: readonly string[], voc: readonly string[]): number[] {
  const n = typed.length;
  const m = voc.length;
  if (n === m && typed.every((t, i) => letterClass(t) === letterClass(voc[i]))) return typed.map((_, i) => i);
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      const sub = d[i - 1][j - 1] + (letterClass(typed[i - 1]) === letterClass(voc[j - 1]) ? 0 : 1);
      d[i][j] = Math.min(sub, d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  const out = new Array<number>(n).fill(-1);
  for (let i = n, j = m; i > 0 && j > 0;) {
    const same = letterClass(typed[i - 1]) === letterClass(voc[j - 1]);
    if (d[i][j] === d[i - 1][j - 1] + (same ? 0 : 1)) out[--i] = --j;
    else if (d[i][j] === d[i - 1][j] + 1) i--;
    else j--;
  }
  return out;
}
