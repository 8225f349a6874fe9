/**
 * The Disambiguator contract shared by the model-based ranker, the baselines and the
 * service. Output order is fixed so top-k lists are deterministic:
 *   1. higher score first;
 *   2. on equal scores, the analyzer's order (analyzerPosition: the candidate's analyzerRank,
 *      else its index in Token.candidates; a gold-first candidates file has no analyzer order
 *      and its stored order is a hash of the label key, see src/formats/candidates.ts);
 *   3. the candidate index (unique within a token, so the order is total).
 * Evaluations also report A1/A2 with ties broken at random (src/tagger/ties.ts).
 */
import { analyzerPosition, type Candidate, type Document, type Token } from '../corpus/types.js';

/** Analyses per word when a caller names none: Tagger.tagText, `lexdis tag --top`, the HTTP API's `top`. */
export const DEFAULT_TOP = 3;

/** One candidate of a ranked token, with its score and confidence. */
export interface RankedCandidate {
  /** Index of the candidate in Token.candidates. */
  index: number;
  candidate: Candidate;
  /** Model score g(i,k) = Σ_j θ_j z_ijk (or a baseline's own score). */
  score: number;
  /** Softmax of the token's scores at the model's fitted temperature, in [0, 1]. */
  confidence: number;
}

/** A token with all its candidates, best first. */
export interface RankedToken {
  token: Token;
  /** All candidates, best first (see the tie-break rule above). Empty for non-Arabic or unknown words. */
  ranked: RankedCandidate[];
}

/** Anything that ranks the candidates of a document's tokens: the model's ranker, the baselines, the combinations. */
export interface Disambiguator {
  readonly name: string;
  /** Ranks every token of a document: one array per sentence, one entry per token. */
  rankDocument(doc: Document): RankedToken[][];
}

/**
 * The fixed rule on two candidates of one token, each given by its score, the candidate and its
 * index: score descending, then the analyzer's order, then candidate index.
 */
function compareScored(sa: number, ca: Candidate, ia: number, sb: number, cb: Candidate, ib: number): number {
  if (sa !== sb) return sb > sa ? 1 : -1;
  return analyzerPosition(ca, ia) - analyzerPosition(cb, ib) || ia - ib;
}

/** Sorts candidates by the fixed rule: score descending, then the analyzer's order, then candidate index. */
export function compareRanked(a: RankedCandidate, b: RankedCandidate): number {
  return compareScored(a.score, a.candidate, a.index, b.score, b.candidate, b.index);
}

/**
 * The index of the candidate {@link compareRanked} puts first for these scores (one per candidate),
 * or -1 for a token without candidates; no ranking objects are made.
 */
export function topIndex(token: Token, scores: ArrayLike<number>): number {
  let best = -1;
  const c = token.candidates;
  for (let k = 0; k < c.length; k++)
    if (best < 0 || compareScored(scores[k], c[k], k, scores[best], c[best], best) < 0) best = k;
  return best;
}

/** Softmax over scores / temperature, stable for large scores. */
export function softmax(scores: ArrayLike<number>, temperature: number): Float64Array {
  const out = new Float64Array(scores.length);
  if (scores.length === 0) return out;
  let max = -Infinity;
  for (let i = 0; i < scores.length; i++) if (scores[i] > max) max = scores[i];
  let sum = 0;
  for (let i = 0; i < scores.length; i++) {
    out[i] = Math.exp((scores[i] - max) / temperature);
    sum += out[i];
  }
  for (let i = 0; i < out.length; i++) out[i] /= sum;
  return out;
}

/** Lists up to this long are sorted by insertion. */
const INSERTION_SORT_MAX = 24;

/**
 * Sorts a token's ranked candidates by {@link compareRanked} (a total order: the same result
 * whatever the algorithm). A token has a few candidates, and Array#sort's set-up and its calls
 * of the comparator cost several times what an insertion sort does on so few (measured: tagging
 * spent a tenth of its time in it).
 */
export function sortRanked(ranked: RankedCandidate[]): void {
  const n = ranked.length;
  if (n > INSERTION_SORT_MAX) {
    ranked.sort(compareRanked);
    return;
  }
  for (let i = 1; i < n; i++) {
    const x = ranked[i];
    let j = i - 1;
    while (j >= 0 && compareRanked(ranked[j], x) > 0) {
      ranked[j + 1] = ranked[j];
      j--;
    }
    ranked[j + 1] = x;
  }
}

/** Builds the ranked list of one token from raw scores. */
export function rankToken(token: Token, scores: ArrayLike<number>, temperature: number): RankedToken {
  const conf = softmax(scores, temperature);
  const ranked: RankedCandidate[] = token.candidates.map((candidate, index) => ({
    index, candidate, score: scores[index], confidence: conf[index],
  }));
  sortRanked(ranked);
  return { token, ranked };
}
