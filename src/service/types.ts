/**
 * What the HTTP service needs from a tagger, declared structurally so that the real
 * `Tagger` of src/rank/tagger.ts fits without the service importing its internals, and
 * tests can serve a small fake.
 */

/** One ranked analysis of a word, as the service returns it. */
export interface TaggedAnalysis {
  /** 1-based rank among the word's candidates. */
  rank: number;
  /** Vocalized form in Buckwalter. */
  voc: string;
  /** Vocalized form in Arabic script. */
  vocArabic: string;
  /** Lemma ID in Buckwalter (e.g. `katab-u_1`). */
  lemma: string;
  /** Lemma ID in Arabic script. */
  lemmaArabic: string;
  /** Morphology, e.g. `wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS`. */
  morph: string;
  /** Basic part of speech (the `pos` label element). */
  pos: string;
  /** The 16 label elements. */
  elements: Record<string, string>;
  /** English gloss. */
  gloss: string;
  /** Model score. */
  score: number;
  /** Softmax over the word's candidates, in [0, 1]. */
  confidence: number;
  /** Where the candidate came from: 'analyzer', or 'train' for a label seen in training only. */
  source?: string;
}

/** One token of the input: Arabic words carry analyses, other tokens pass through. */
export interface TaggedToken {
  /** The token as it appeared in the input. */
  input: string;
  /** The analyzer's look-up form (Buckwalter), or null for a non-Arabic token. */
  lookup: string | null;
  /** True when the token holds Arabic script. */
  arabic: boolean;
  /** True when the analyzer found at least one analysis. */
  found: boolean;
  /** Best first, at most `top` of them. */
  analyses: TaggedAnalysis[];
}

export interface TaggedSentence {
  tokens: TaggedToken[];
}

/** The tagger interface the service serves. */
export interface TaggerLike {
  /** Splits, analyzes and ranks a text. Synchronous, pure, safe to call from concurrent requests. */
  tagText(text: string, options: { top: number }): TaggedSentence[];
  /** Model header: format version, training corpus, feature set, figures. */
  modelInfo(): Record<string, unknown>;
}
