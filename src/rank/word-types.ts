/**
 * Raw text's tokens as the ranker sees them, built once per word type. The candidates C(t) of
 * an analyzed word depend on its analyses and the model's seen labels only, not on where it
 * stands: a bounded cache keeps, per look-up form, the frozen C(t) the straightforward path
 * (analyzedToCorpus, then prepareToRank) gives, and every token of that word shares it (the
 * feature extractor keeps its per-list plan beside it, features/candidate-plan.ts). The
 * diacritics typed in a word still narrow its own candidates (marks.ts).
 */
import { GenerationCache } from '../analyzer/cache.js';
import type { AnalyzedToken, Alternative, Solution } from '../analyzer/types.js';
import type { Candidate, Sentence, Token } from '../corpus/types.js';
import { candidatesFor, type SeenLexicon } from '../../features/lexicon.js';
import { analyzedToPosToken } from '../formats/pos-analyzer.js';
import type { PosDocument } from '../formats/pos-model.js';
import { posDocumentConverter } from '../formats/pos-corpus.js';
import { candidatesAgreeing } from './marks.js';

/** Word types whose C(t) a {@link WordTypeCache} keeps at most (the least used dropped first: a GenerationCache). */
export const WORD_TYPE_CACHE_SIZE = 20_000;

/** The shared candidate list of a token without candidates. */
const NO_CANDIDATES: Candidate[] = Object.freeze([]) as unknown as Candidate[];

interface Entry {
  /** The analyses it was built from (the analyzer's shared arrays): a hit must come from the same. */
  solutions: readonly Solution[];
  alternatives: readonly Alternative[];
  /** C(t), frozen. */
  candidates: Candidate[];
}

/** A pos-document converter (what posDocumentConverter returns), for the words {@link WordTypeCache} has not kept. */
export type ConvertDocument = (d: PosDocument) => { sentences: Sentence[] };

/**
 * C(t) per word type for one model's seen labels and one analyzer, bounded (see the module
 * comment). Not tied to a text: a Tagger keeps one for its lifetime.
 */
export class WordTypeCache {
  private readonly cache: GenerationCache<string, Entry>;

  /** Takes the model's seen labels (null: the analyzer's candidates alone) and the number of word types kept. */
  constructor(readonly lexicon: SeenLexicon | null, capacity = WORD_TYPE_CACHE_SIZE) {
    this.cache = new GenerationCache(capacity);
  }

  /** Word types cached now. */
  get size(): number {
    return this.cache.size;
  }

  /**
   * The sentences of analyzed tokens as ranked documents' sentences: each token with its
   * C(t) (narrowed by the diacritics typed in it) and no gold; sentence n (from `first`, 0-based)
   * has id `DOCID/N+1` and its tokens the INDEX P(N+1)Ww, as analyzedToCorpus numbers them.
   * `convert` (a posDocumentConverter) turns the words not cached into corpus tokens; one
   * per call is made when not given. Throws nothing of its own.
   */
  sentences(sents: readonly AnalyzedToken[][], first = 0, docId = 'text', convert?: ConvertDocument): Sentence[] {
    let conv = convert;
    return sents.map((sent, s): Sentence => {
      const paragraph = first + s + 1;
      const tokens = sent.map((a, w): Token => {
        const token: Token = { form: a.input, lookup: a.kind === 'word' ? a.lookup : a.input, arabic: a.kind === 'word', candidates: NO_CANDIDATES, gold: -1 };
        token.index = { paragraph, word: w + 1 };
        if (a.kind !== 'word') return token;
        token.candidates = this.candidates(a, () => (conv ??= posDocumentConverter(undefined)));
        const narrowed = candidatesAgreeing(token);
        if (narrowed !== token.candidates) token.candidates = narrowed;
        return token;
      });
      return { id: `${docId}/${paragraph}`, tokens };
    });
  }

  /** C(t) of an analyzed word: cached, or built as the straightforward path builds it. */
  private candidates(a: AnalyzedToken & { kind: 'word' }, converter: () => ConvertDocument): Candidate[] {
    const hit = this.cache.get(a.lookup);
    if (hit && hit.solutions === a.solutions && hit.alternatives === a.alternatives) return hit.candidates;
    const doc = converter()({ id: 'text', tokens: [analyzedToPosToken(a, { paragraph: 1, word: 1 })] });
    const token = doc.sentences[0].tokens[0];
    const built = this.lexicon ? candidatesFor(token, this.lexicon) : token.candidates.filter((c) => c.source !== 'gold');
    const candidates = built.length === 0 ? NO_CANDIDATES : (Object.freeze(built) as Candidate[]);
    this.cache.set(a.lookup, { solutions: a.solutions, alternatives: a.alternatives, candidates });
    return candidates;
  }
}
