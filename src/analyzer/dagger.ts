/**
 * Words written with a dagger alif (U+0670, `هٰذا`, `ذٰلك`), as fully vocalized text has
 * them. The reference program's Arabic class is Windows-1256's, which has no dagger alif, so
 * its tokenizer cuts such a word in three (`ه`, `ٰ`, `ذا`). For tagging, {@link joinDaggerAlif}
 * puts the pieces back together and analyzes the whole word, its look-up form without the
 * dagger alif (as the look-up form drops every other mark). `lexdis analyze` does not use it,
 * so its output stays the reference's.
 */
import type { Analyzer } from './engine.js';
import { lookupWord, withinWordReach } from './tokenize.js';
import type { AnalyzedToken } from './types.js';

const DAGGER_ONLY = /^\u0670+$/;

/**
 * The tokens of one analyzed line with every `word, dagger alif(s), word?` run joined into
 * one word, analyzed anew, unless the whole would be longer than a word may be (tokenize.ts
 * withinWordReach: the pieces then stay as they are). Takes the line's tokens and the analyzer
 * that made them; returns a new array (the tokens themselves are not changed).
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
    const next = tokens[i + 1];
    const input = prev.input + t.input + (next?.kind === 'word' ? next.input : '');
    if (!withinWordReach(input)) {
      out.push(t);
      continue;
    }
    if (next?.kind === 'word') i++;
    const lookup = lookupWord(input.replace(/\u0670/g, ''));
    const { solutions, alternatives } = analyzer.analyzeWord(lookup);
    out[out.length - 1] = { kind: 'word', input, lookup, solutions, alternatives };
  }
  return out;
}
