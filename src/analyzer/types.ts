/**
 * What the analyzer produces. Everything is in Buckwalter transliteration; callers
 * convert to Arabic script for display.
 */

/** One analysis of a word, as the reference program prints it. */
export interface Solution {
  /** Vocalized form: the three entries' vocalized fields joined (`katabotu`). */
  voc: string;
  /** Lemma ID of the stem entry (`katab-u_1`); empty when the lexicon gives none. */
  lemma: string;
  /** Morphology: the three entries' POS fields joined (`katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S`). */
  morph: string;
  /** Gloss as printed: `prefix gloss + stem gloss + suffix gloss`. */
  gloss: string;
  /** Glosses of the three parts, separately (for display). */
  glossParts: { prefix: string; stem: string; suffix: string };
  /**
   * 'backoff' for an analysis made up for a word the lexicon lacks (backoff.ts, nisba.ts), 'rule'
   * for one made by rule from the lexicon's own entries (passive.ts: a passive the tables lack);
   * absent for the lexicon's own.
   */
  source?: 'backoff' | 'rule';
}

/** An alternative spelling tried when a word has no analysis (the reference's second look-up). */
export interface Alternative {
  form: string;
  solutions: Solution[];
}

/** One token of raw text as the analyzer tokenizes it. */
export type AnalyzedToken =
  | {
      kind: 'word';
      /** The token as it stood in the input (Arabic script, diacritics kept). */
      input: string;
      /** Look-up form: Buckwalter, no diacritics or tatweel. */
      lookup: string;
      /** Analyses of the look-up form; empty when not found. */
      solutions: Solution[];
      /** Alternative spellings tried when `solutions` is empty, in the reference's order. */
      alternatives: Alternative[];
    }
  | {
      kind: 'other';
      /** Non-alphabetic data (digits, punctuation, Latin text), split on white space. */
      input: string;
    };

/** The analyses a word offers as candidates: its own, or else all its alternatives'. */
export function candidateSolutions(token: AnalyzedToken): Solution[] {
  if (token.kind !== 'word') return [];
  if (token.solutions.length > 0) return token.solutions;
  return token.alternatives.flatMap((a) => a.solutions);
}
