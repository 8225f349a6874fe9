/**
 * Mind (Shah et al. 2010, section 4.1.3, "Independent lemma and morphology prediction"):
 * Mlemma (trained on Zlemma) and Mlemma' (trained on Zlemma' = Zfull − Zlemma) rank a token's
 * candidates independently; their answers are combined as follows.
 *
 *   L* = the lemma of Mlemma's top candidate; R* = the rest of the label (the morphology,
 *   i.e. the label without its lemma) of Mlemma''s top candidate.
 *   Each candidate c gets agree(c) = [lemma(c) = L*] + [rest(c) = R*] ∈ {0, 1, 2}.
 *   Candidates are ordered by agree(c) descending, then by Mlemma''s score descending, then by
 *   the analyzer's order (candidate index).
 *
 * So a candidate that has both predicted parts wins; when none has both (the two predictions
 * are incompatible), candidates with one of them come next, the rest model deciding between
 * them. The reported score is agree(c); the confidence is Mlemma''s softmax.
 */
import type { Candidate, Document } from '../src/corpus/types.js';
import type { Model } from '../src/model/model.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { type Disambiguator, type RankedCandidate, type RankedToken, softmax } from '../src/tagger/types.js';

export class IndependentCombination implements Disambiguator {
  readonly name = 'ind';
  private readonly lemma: ModelRanker;
  private readonly rest: ModelRanker;

  /** Both models must come from the same D1 (the same candidates C(t)). */
  constructor(lemmaModel: Model, restModel: Model) {
    this.lemma = new ModelRanker(lemmaModel, 'lemma');
    this.rest = new ModelRanker(restModel, 'rest');
  }

  rankDocument(doc: Document): RankedToken[][] {
    const lemmaRanked = this.lemma.rankDocument(doc);
    const restScores = this.rest.scoreDocument(doc);
    const T = this.rest.temperature;
    return doc.sentences.map((s, si) =>
      s.tokens.map((token, ti) => {
        const top = lemmaRanked[si][ti].ranked[0];
        return {
          token,
          ranked: combineIndependent(token.candidates, top ? top.candidate.lemma : null, restScores[si][ti], T),
        };
      }),
    );
  }
}

/**
 * The combination rule on one token: `lemmaTop` is Mlemma's top lemma, `restScores` are
 * Mlemma''s scores of the candidates (its top candidate, first on ties, gives R*).
 */
export function combineIndependent(
  candidates: readonly Candidate[], lemmaTop: string | null, restScores: ArrayLike<number>, temperature = 1,
): RankedCandidate[] {
  const K = candidates.length;
  if (K === 0) return [];
  let best = 0;
  for (let k = 1; k < K; k++) if (restScores[k] > restScores[best]) best = k;
  const restTop = candidates[best].morph;
  const conf = softmax(restScores, temperature);
  const ranked: RankedCandidate[] = candidates.map((candidate, index) => ({
    index,
    candidate,
    score: (candidate.lemma === lemmaTop ? 1 : 0) + (candidate.morph === restTop ? 1 : 0),
    confidence: conf[index],
  }));
  ranked.sort((a, b) => b.score - a.score || restScores[b.index] - restScores[a.index] || a.index - b.index);
  return ranked;
}
