/**
 * A model's evaluation on a gold-marked corpus: every gold-marked Arabic token ranked with the
 * model's own C(t) (src/tagger/pipeline.ts) and paired with its gold candidate, then scored
 * (./eval.ts).
 */
import type { Document, Corpus } from '../corpus/types.js';
import type { SeenLexicon } from '../../features/seen-labels.js';
import { requireCorpus } from '../args.js';
import { UsageError } from '../errors.js';
import { Model } from '../model/model.js';
import { rankPrepared, tieOrderOf } from '../tagger/pipeline.js';
import { ModelRanker } from '../tagger/ranker.js';
import type { Disambiguator } from '../tagger/types.js';
import { evaluateItems, type EvalItem, type EvalReport, type EvalTieOptions } from './eval.js';

/**
 * Ranks documents and pairs every gold-marked Arabic token's ranking with its gold candidate,
 * and all of them for a token with several (the items {@link evaluateItems} reads). Takes the
 * ranker, the documents and the seen labels (see {@link rankPrepared}); returns the items in
 * document order.
 */
export function goldItems(ranker: Disambiguator, docs: Iterable<Document>, lexicon: SeenLexicon | null): EvalItem[] {
  const items: EvalItem[] = [];
  for (const d of docs) {
    const { ranked, gold, golds } = rankPrepared(ranker, d, lexicon);
    ranked.forEach((sent, si) => sent.forEach((rt, ti) => {
      const g = gold[si][ti];
      if (!g || !rt.token.arabic) return;
      const all = golds[si][ti];
      items.push(all.length > 1 ? { ranked: rt, gold: g, golds: all } : { ranked: rt, gold: g });
    }));
  }
  return items;
}

/** Options of {@link evaluate}: how the ties are reported, and a callback after each document ranked (done of all). */
export interface EvaluateOptions extends EvalTieOptions {
  onProgress?: (done: number, total: number) => void;
}

/** The documents, calling `onProgress` (done, total) as each is taken. */
function* reporting(
  docs: readonly Document[],
  onProgress?: (done: number, total: number) => void,
): Generator<Document> {
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
export function evaluate(
  source: Model | { model: Model },
  corpus: Corpus,
  options: Partial<EvaluateOptions> = {},
): EvalReport {
  const model = source instanceof Model ? source : (source as { model?: unknown } | null)?.model;
  if (!(model instanceof Model)) throw new UsageError('model must be a Model (Model.load or train) or a Tagger');
  requireCorpus('corpus', corpus);
  const { onProgress, ...evalOptions } = options;
  return evaluateItems(goldItems(new ModelRanker(model), reporting(corpus.documents, onProgress), model.lexicon), {
    order: tieOrderOf(corpus),
    ...evalOptions,
  });
}
