/**
 * The one implementation of the ranking pipeline's steps shared by the CLI, training,
 * cross-validation and the service: prepare (C(t) = analyzer ∪ seen labels, gold kept aside)
 * → rank (the gold-marked tokens are collected for evaluation by src/eval/evaluate.ts).
 */
import type { Candidate, Corpus, Document } from '../corpus/types.js';
import type { SeenLexicon } from '../../features/seen-labels.js';
import { constrainToMarks } from './marks.js';
import { type PreparedDocument, prepareDocument } from './prepare.js';
import type { Disambiguator, RankedToken } from './types.js';
import type { TieOrder } from './ties.js';

/** A document ranked by a disambiguator, with each token's gold candidate (or null) beside it. */
export interface RankedDocument {
  /** Per sentence, per token: the ranking of C(t). */
  ranked: RankedToken[][];
  /** Per sentence, per token: the gold candidate (possibly absent from C(t)), or null. */
  gold: (Candidate | null)[][];
  /** Per sentence, per token: every gold candidate (several for a token with several gold labels). */
  golds: (readonly Candidate[])[][];
}

/**
 * Prepares a document (candidates C(t) formed with `lexicon`, or the analyzer's alone when it
 * is null; no gold-only candidate) and ranks it. With `typedMarks` (raw text to tag), each
 * word's candidates are first narrowed to those that agree with the diacritics typed in it
 * (marks.ts). Takes the ranker, the document as read, the labels seen in training and the
 * options; returns the rankings and the gold candidates. Throws nothing of its own.
 */
export function rankPrepared(
  ranker: Disambiguator, doc: Document, lexicon: SeenLexicon | null, options: { typedMarks?: boolean } = {},
): RankedDocument {
  const p = prepareToRank(doc, lexicon, options);
  return { ranked: ranker.rankDocument(p.doc), gold: p.gold, golds: p.golds };
}

/**
 * The preparation step of {@link rankPrepared} alone (for a caller that ranks the document
 * a sentence at a time, src/tagger/tag-steps.ts): the document to rank and the gold candidates.
 */
export function prepareToRank(
  doc: Document,
  lexicon: SeenLexicon | null,
  options: { typedMarks?: boolean } = {},
): PreparedDocument {
  const p = prepareDocument(doc, lexicon);
  return options.typedMarks ? { ...p, doc: constrainToMarks(p.doc) } : p;
}

/**
 * The tie-break of rankings of a corpus: the analyzer's order, or a label-key hash where the
 * corpus's order is not the analyzer's.
 */
export function tieOrderOf(corpus: Corpus): TieOrder {
  return corpus.analyzerOrder === false ? 'hash' : 'analyzer';
}
