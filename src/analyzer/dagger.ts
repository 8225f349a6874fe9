/**
 * Words written with a dagger alif (U+0670, `هٰذا`, `ذٰلك`), as fully vocalized text has
 * them. The reference program's Arabic class is Windows-1256's, which has no dagger alif, so
 * its tokenizer cuts such a word in three (`ه`, `ٰ`, `ذا`). For tagging, {@link joinDaggerAlif}
 * puts the pieces back together and analyzes the whole word, its look-up form without the
 * dagger alif (as the look-up form drops every other mark). `lexdis analyze` does not use it,
 * so its output stays the reference's.
 */
import type { Analyzer } from './engine.js';
import { lookupWord } from './tokenize.js';
import type { AnalyzedToken } from './types.js';

const DAGGER_ONLY = /^\u0670+$/;

/**
 * The tokens of one analyzed line with every `word, dagger alif(s), word?` run joined into
 * one word, analyzed anew. Takes the line's tokens and the analyzer that made them; returns
 * a new array (the tokens themselves are not changed).
 */
export function joinDaggerAlif(tokens: readonly AnalyzedToken[], analyzer: Analyzer): AnalyzedToken[] {
  const out: AnalyzedToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = out[out.length - 1];
    if (t.kind !== 'other' || !DAGGER_ONLY.test(t.input) || prev?.kind !== 'word') {
      out.push(t);
      continue;
    }
    let input = prev.input + t.input;
    const next = tokens[i + 1];
    if (next?.kind === 'word') {
      input += next.input;
      i++;
    }
    const lookup = lookupWord(input.replace(/\u0670/g, ''));
    const { solutions, alternatives } = analyzer.analyzeWord(lookup);
    out[out.length - 1] = { kind: 'word', input, lookup, solutions, alternatives };
  }
  return out;
}
