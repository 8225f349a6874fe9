/**
 * The model's disambiguator: scores every candidate of a token by ĝ = Σ_j θ_j z_jk + b
 * (equation 6) and ranks them with the fixed tie-break of src/rank/types.ts. Reads the model
 * only, so one ranker can serve concurrent callers.
 */
import type { Document } from '../corpus/types.js';
import type { Model } from '../model/model.js';
import { type Disambiguator, type RankedToken, rankToken } from './types.js';

export class ModelRanker implements Disambiguator {
  readonly name: string;
  constructor(readonly model: Model, name = 'model') {
    this.name = name;
  }

  /** Scores of the candidates of every token of a document (one Float64Array per token). */
  scoreDocument(doc: Document): Float64Array[][] {
    const df = this.model.extractor.document(doc);
    return doc.sentences.map((s, si) =>
      s.tokens.map((t, ti) => {
        const K = t.candidates.length;
        const scores = new Float64Array(K);
        if (K === 0) return scores;
        const z = df.token(si, ti, t.candidates);
        for (let k = 0; k < K; k++) scores[k] = this.model.score(z, k);
        return scores;
      }),
    );
  }

  rankDocument(doc: Document): RankedToken[][] {
    const T = this.model.info.temperature;
    return this.scoreDocument(doc).map((sent, si) => sent.map((scores, ti) => rankToken(doc.sentences[si].tokens[ti], scores, T)));
  }
}
