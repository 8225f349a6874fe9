/**
 * The one implementation of the ranking pipeline's steps shared by the CLI, training,
 * cross-validation and the service: prepare (C(t) = analyzer ∪ seen labels, gold kept aside)
 * → rank → collect the gold-marked tokens for evaluation.
 */
import type { Candidate, Corpus, Document } from '../corpus/types.js';
import type { SeenLexicon } from '../../features/seen-labels.js';
import { requireCorpus } from '../args.js';
import { UsageError } from '../errors.js';
import { Model } from '../model/model.js';
import { evaluateItems, type EvalItem, type EvalReport, type EvalTieOptions } from '../eval/eval.js';
import { constrainToMarks } from './marks.js';
import { type PreparedDocument, prepareDocument } from './prepare.js';
import { ModelRanker } from './ranker.js';
import type { Disambiguator, RankedToken } from './types.js';
import type { TieOrder } from './ties.js';

/** A document ranked by a disambiguator, with each token's gold candidate (or null) beside it. */
export interface RankedDocument {
  /** Per sentence, per token: the ranking of C(t). */
  ranked: RankedToken[][];
  /** Per sentence, per token: the gold candidate (possibly absent from C(t)), or null. */
  gold: (Candidate | null)[][];
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
  return { ranked: ranker.rankDocument(p.doc), gold: p.gold };
}

/**
 * The preparation step of {@link rankPrepared} alone (for a caller that ranks the document
 * a sentence at a time, src/tagger/tag-steps.ts): the document to rank and the gold candidates.
 */
export function prepareToRank(doc: Document, lexicon: SeenLexicon | null, options: { typedMarks?: boolean } = {}): PreparedDocument {
  const p = prepareDocument(doc, lexicon);
  return options.typedMarks ? { doc: constrainToMarks(p.doc), gold: p.gold } : p;
}

/**
 * Ranks documents and pairs every gold-marked Arabic token's ranking with its gold candidate
 * (the items {@link evaluateItems} reads). Takes the ranker, the documents and the seen labels
 * (see {@link rankPrepared}); returns the items in document order.
 */
export function goldItems(ranker: Disambiguator, docs: Iterable<Document>, lexicon: SeenLexicon | null): EvalItem[] {
  const items: EvalItem[] = [];
  for (const d of docs) {
    const { ranked, gold } = rankPrepared(ranker, d, lexicon);
    ranked.forEach((sent, si) => sent.forEach((rt, ti) => {
      const g = gold[si][ti];
      if (g && rt.token.arabic) items.push({ ranked: rt, gold: g });
    }));
  }
  return items;
}

/** Options of {@link evaluate}: how the ties are reported, and a callback after each document ranked (done of all). */
export interface EvaluateOptions extends EvalTieOptions {
  onProgress?: (done: number, total: number) => void;
}

/** The documents, calling `onProgress` (done, total) as each is taken. */
function* reporting(docs: readonly Document[], onProgress?: (done: number, total: number) => void): Generator<Document> {
  for (let i = 0; i < docs.length; i++) {
    yield docs[i];
    onProgress?.(i + 1, docs.length);
  }
}

/**
 * A1/A2 (and E1/E2, per label element, ambiguous tokens, ceiling) of a model on a gold-marked
 * corpus, with the model's own C(t). Takes a model (or a Tagger: its model), a corpus and the
 * options: `order`, the ranking's tie-break, defaults to the corpus's (a hash of the label key
 * when its order is not the analyzer's); `seed`, the random tie-break's beside it (42);
 * `onProgress`, called after each document. Returns the report (all zeros for a corpus without
 * gold marks: call requireGold first to refuse one). Throws UsageError for a bad argument.
 */
export function evaluate(source: Model | { model: Model }, corpus: Corpus, options: Partial<EvaluateOptions> = {}): EvalReport {
  const model = source instanceof Model ? source : (source as { model?: unknown } | null)?.model;
  if (!(model instanceof Model)) throw new UsageError('model must be a Model (Model.load or train) or a Tagger');
  requireCorpus('corpus', corpus);
  const { onProgress, ...evalOptions } = options;
  return evaluateItems(goldItems(new ModelRanker(model), reporting(corpus.documents, onProgress), model.lexicon), { order: tieOrderOf(corpus), ...evalOptions });
}

/** The tie-break of rankings of a corpus: the analyzer's order, or a label-key hash where the corpus's order is not the analyzer's. */
export function tieOrderOf(corpus: Corpus): TieOrder {
  return corpus.analyzerOrder === false ? 'hash' : 'analyzer';
}
