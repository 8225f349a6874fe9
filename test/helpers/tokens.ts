/** Candidates and tokens built by hand for the decoding tests (Buckwalter; the analyzer's tag set). */
import type { Candidate, Token } from '../../src/corpus/types.js';
import { labelKey } from '../../src/labels/elements.js';
import { factorize } from '../../src/labels/factorize.js';

/** An analyzer candidate of a lemma and morphology, factored into its label elements. */
export function cand(lemma: string, morph: string): Candidate {
  return { key: labelKey(lemma, morph), lemma, morph, voc: '', gloss: '', elements: factorize(lemma, morph), source: 'analyzer' };
}

/** An Arabic token spelled `form` (look-up form alike) with these candidates and gold index. */
export function token(form: string, candidates: Candidate[], gold = -1): Token {
  return { form, lookup: form, arabic: true, candidates, gold };
}
