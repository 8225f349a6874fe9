/**
 * The document model of the ATB analysis-file ("pos") format; the format itself is
 * described at the top of pos.ts. Everything a well-formed file says is kept, so that
 * writePosFile(readPosFile(x)) === x.
 */
/** One analysis line (`SOLUTION n: (voc) [lemma] morph`) with its GLOSS and SCORE lines. */
export interface PosSolution {
  /** Solution number as written (1-based; not necessarily consecutive). */
  n: number;
  /** True for `* SOLUTION` (the gold / chosen analysis). */
  gold: boolean;
  voc: string;
  /** Lemma ID verbatim; undefined when the line has no `[lemma]`. */
  lemma?: string;
  morph: string;
  /** Text of the `(GLOSS):` line; undefined when there is none. */
  gloss?: string;
  /** Value of the `(SCORE):` line; undefined when there is none. */
  score?: number;
}

/** An alternative spelling tried for a word that was not found (` ALTERNATIVE: form`). */
export interface PosAlternative {
  form: string;
  comments: string[];
  solutions: PosSolution[];
}

/** One block: an input token. */
export interface PosToken {
  /** Text of `INPUT STRING:` verbatim. */
  input: string;
  /** Text of `LOOK-UP WORD:`; undefined when there is no such line (non-alphabetic data). */
  lookup?: string;
  /** Texts of the `Comment:` lines before INDEX, in order. */
  comments: string[];
  /** `INDEX: PnWm`: paragraph and word number. */
  index?: { paragraph: number; word: number };
  solutions: PosSolution[];
  alternatives: PosAlternative[];
}

export interface PosDocument {
  /** Id from `;;; DOCUMENT: id`; undefined for the implicit first document. */
  id?: string;
  tokens: PosToken[];
}

/**
 * An ATB analysis file (.pos) as read: documents of tokens with their solutions, comments and gold
 * stars, kept so that writing it back gives the same text.
 */
export interface PosFile {
  /** File it was read from, for messages. */
  source?: string;
  /** True when a blank line comes before the first block (BAMA's own output does this). */
  leadingBlank: boolean;
  documents: PosDocument[];
}

/** The comment BAMA writes for tokens that are not Arabic words. */
export const NON_ALPHABETIC_COMMENT = 'Non-Alphabetic Data';
/** The comment lexdis writes on a token whose starred solution is a gold label no analyzer gave. */
export const GOLD_UNMATCHED_COMMENT = 'lexdis: gold label not among the analyzer solutions';
/** Corpus id of the implicit first document of a file without `;;; DOCUMENT:` lines first. */
export const IMPLICIT_DOCUMENT_ID = 'doc1';
