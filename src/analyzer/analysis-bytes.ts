/**
 * What a cached analysis is charged (src/heap-bytes.ts): the look-up form, the analysis object,
 * and every solution of it and of its alternatives with their strings. A part's gloss
 * (`glossParts`) is the lexicon entry's own string, kept by the lexicon whatever is cached,
 * so it is not charged again.
 */
import { arrayBytes, flat, MAP_ENTRY_BYTES, objectBytes, stringBytes } from '../heap-bytes.js';
import type { WordAnalysis } from './engine.js';
import type { Alternative, Solution } from './types.js';

/** The bytes of a list of solutions (the array, each object and its strings). */
export function solutionsBytes(list: readonly Solution[]): number {
  let n = arrayBytes(list.length);
  for (const s of list) {
    n +=
      objectBytes(6) +
      objectBytes(3) +
      stringBytes(s.voc) +
      stringBytes(s.lemma) +
      stringBytes(s.morph) +
      stringBytes(s.gloss);
  }
  return n;
}

/** The bytes of an analysis: its solutions, and its alternatives' forms and solutions. */
export function wordAnalysisBytes(a: {
  readonly solutions: readonly Solution[];
  readonly alternatives: readonly Alternative[];
}): number {
  let n = objectBytes(2) + solutionsBytes(a.solutions) + arrayBytes(a.alternatives.length);
  for (const alt of a.alternatives) n += objectBytes(2) + stringBytes(alt.form) + solutionsBytes(alt.solutions);
  return n;
}

/** What the analyzer's cache is charged for the analysis of `lookup` (a Map entry, the key, the analysis). */
export function analysisBytes(lookup: string, a: WordAnalysis): number {
  return MAP_ENTRY_BYTES + stringBytes(lookup) + wordAnalysisBytes(a);
}

function flatSolutions(list: readonly Solution[]): void {
  for (const s of list) {
    flat(s.voc);
    flat(s.lemma);
    flat(s.morph);
    flat(s.gloss);
  }
}

/** The analysis with every string of it laid out flat (see heap-bytes.ts flat); returns `a`. */
export function flatAnalysis<T extends { solutions: readonly Solution[]; alternatives: readonly Alternative[] }>(
  a: T,
): T {
  flatSolutions(a.solutions);
  for (const alt of a.alternatives) {
    flat(alt.form);
    flatSolutions(alt.solutions);
  }
  return a;
}
