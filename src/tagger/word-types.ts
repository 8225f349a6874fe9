/**
 * Raw text's tokens as the ranker sees them, built once per word type. The candidates C(t) of
 * an analyzed word depend on its analyses and the model's seen labels only, not on where it
 * stands: a bounded cache keeps, per look-up form, the frozen C(t) the straightforward path
 * (analyzedToCorpus, then prepareToRank) gives, and every token of that word shares it (the
 * feature extractor keeps its per-list plan beside it, features/candidate-plan.ts). The
 * diacritics typed in a word still narrow its own candidates (marks.ts).
 */
import { wordAnalysisBytes } from '../analyzer/analysis-bytes.js';
import { GenerationCache } from '../analyzer/cache.js';
import { N_TARGETS } from '../../features/encode.js';
import { arrayBytes, flat, MAP_ENTRY_BYTES, objectBytes, stringBytes, typedArrayBytes } from '../heap-bytes.js';
import type { AnalyzedToken, Alternative, Solution } from '../analyzer/types.js';
import type { Candidate, Sentence, Token } from '../corpus/types.js';
import { withSeenLabels, type SeenLexicon } from '../../features/seen-labels.js';
import { labelKey } from '../labels/elements.js';
import { sharedElements } from '../labels/factorize-cache.js';
import { candidatesAgreeing } from './marks.js';

/** Word types whose C(t) a {@link WordTypeCache} keeps at most (the least used dropped first: a GenerationCache). */
export const WORD_TYPE_CACHE_SIZE = 20_000;
/** The bytes those word types may take, as {@link wordTypeBytes} charges them. */
export const WORD_TYPE_CACHE_BYTES = 128 * 2 ** 20;

/** The shared candidate list of a token without candidates. */
const NO_CANDIDATES: Candidate[] = Object.freeze([]) as unknown as Candidate[];

interface Entry {
  /** The analyses it was built from (the analyzer's shared arrays): a hit must come from the same. */
  solutions: readonly Solution[];
  alternatives: readonly Alternative[];
  /** C(t), frozen. */
  candidates: Candidate[];
}

/**
 * C(t) per word type for one model's seen labels and one analyzer, bounded (see the module
 * comment). Not tied to a text: a Tagger keeps one for its lifetime.
 */
export class WordTypeCache {
  private readonly cache: GenerationCache<string, Entry>;

  /**
   * Takes the model's seen labels (null: the analyzer's candidates alone), the number of word types
   * kept and the bytes they may take.
   */
  constructor(readonly lexicon: SeenLexicon | null, capacity = WORD_TYPE_CACHE_SIZE, maxBytes = WORD_TYPE_CACHE_BYTES) {
    this.cache = new GenerationCache(capacity, maxBytes, wordTypeBytes);
  }

  /** Word types cached now. */
  get size(): number {
    return this.cache.size;
  }

  /** The bytes they are charged (at most the bound given). */
  get heldBytes(): number {
    return this.cache.heldBytes;
  }

  /** Forgets every word type (their C(t) are built again when met; the same lists). Throws nothing. */
  clear(): void {
    this.cache.clear();
  }

  /**
   * The sentences of analyzed tokens as ranked documents' sentences: each token with its
   * C(t) (narrowed by the diacritics typed in it) and no gold; sentence n (from `first`, 0-based)
   * has id `DOCID/N+1` and its tokens the INDEX P(N+1)Ww, as analyzedToCorpus numbers them.
   * Throws nothing of its own.
   */
  sentences(sents: readonly AnalyzedToken[][], first = 0, docId = 'text'): Sentence[] {
    return sents.map((sent, s): Sentence => {
      const paragraph = first + s + 1;
      const tokens = sent.map((a, w): Token => {
        const token: Token = { form: a.input, lookup: a.kind === 'word' ? a.lookup : a.input, arabic: a.kind === 'word', candidates: NO_CANDIDATES, gold: -1 };
        token.index = { paragraph, word: w + 1 };
        if (a.kind !== 'word') return token;
        token.candidates = this.candidates(a);
        const narrowed = candidatesAgreeing(token);
        if (narrowed !== token.candidates) token.candidates = narrowed;
        return token;
      });
      return { id: `${docId}/${paragraph}`, tokens };
    });
  }

  /** C(t) of an analyzed word: cached, or built as the straightforward path builds it. */
  private candidates(a: AnalyzedWord): Candidate[] {
    const hit = this.cache.get(a.lookup);
    if (hit && hit.solutions === a.solutions && hit.alternatives === a.alternatives) return hit.candidates;
    const own = analyzerCandidates(a);
    const built = this.lexicon ? withSeenLabels(own, a.lookup, this.lexicon) : own;
    const candidates = built.length === 0 ? NO_CANDIDATES : (Object.freeze(built) as Candidate[]);
    this.cache.set(flat(a.lookup), { solutions: a.solutions, alternatives: a.alternatives, candidates });
    return candidates;
  }
}

/**
 * What a word type is charged (src/heap-bytes.ts): its look-up form, its analyses (the
 * analyzer's, which the entry keeps alive after the analyzer's cache lets them go), C(t) with
 * each candidate's key and elements, and what ranking keeps beside a frozen list for as long as
 * the list lives: its candidate plan (features/candidate-plan.ts), its tags
 * (src/model/sequence.ts) and its case classes and analyses (src/model/case-pass.ts).
 */
export function wordTypeBytes(lookup: string, e: Entry): number {
  const k = e.candidates.length;
  let n = MAP_ENTRY_BYTES + stringBytes(lookup) + objectBytes(3) + wordAnalysisBytes(e) + arrayBytes(k);
  for (const c of e.candidates) n += objectBytes(10) + stringBytes(c.key) + objectBytes(16);
  const plan = objectBytes(5) + 2 * typedArrayBytes(4 * Math.max(1, k) * N_TARGETS) + typedArrayBytes(4 * N_TARGETS);
  const casePass = objectBytes(3) + 2 * typedArrayBytes(4 * k) + arrayBytes(k) + k * objectBytes(2);
  return n + plan + typedArrayBytes(4 * k) + casePass + 3 * MAP_ENTRY_BYTES;
}

/** An analyzed token that is a word. */
type AnalyzedWord = AnalyzedToken & { kind: 'word' };

/**
 * The analyzer's candidates of an analyzed word, as the straightforward path gives them
 * (analyzedToPosToken, then the pos conversion of src/formats/pos/pos-corpus.ts, which reads the
 * same rules from a pos block): its solutions, or when it has none all its alternatives'
 * solutions, numbered from 1 within each list; lemma and morphology trimmed; deduplicated by
 * label key, the first kept; source 'backoff' for all when any solution is the backoff's, else
 * 'rule' for a solution made by rule and 'analyzer' for the others; elements factored by the
 * built-in factorizer (once per morphology's shape,
 * src/labels/factorize-cache.ts). Built straight from the analyzer's solutions, without the
 * pos blocks in between. Returns a new array (frozen candidates). Throws nothing.
 */
export function analyzerCandidates(a: AnalyzedWord): Candidate[] {
  const backoff = a.solutions.some((s) => s.source === 'backoff');
  const out: Candidate[] = [];
  const add = (list: readonly Solution[]): void => {
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      const lemma = s.lemma.trim();
      const morph = s.morph.trim();
      const key = flat(labelKey(lemma, morph));
      let at = 0;
      while (at < out.length && out[at].key !== key) at++;
      if (at < out.length) continue;
      out.push(
        Object.freeze({
          key,
          lemma,
          morph,
          voc: s.voc,
          gloss: s.gloss,
          elements: sharedElements(lemma, morph),
          source: backoff ? 'backoff' : (s.source ?? 'analyzer'),
          solutionNo: i + 1,
        }),
      );
    }
  };
  if (a.solutions.length > 0) add(a.solutions);
  else for (const alt of a.alternatives) add(alt.solutions);
  return out;
}
