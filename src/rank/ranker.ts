/**
 * The model's disambiguator: scores every candidate of a token by ĝ = Σ_j θ_j z_jk + b
 * (equation 6), decodes each sentence's scores when the model has a sequence part
 * (src/model/sequence.ts: the scores become posterior marginals, ranked at temperature 1), and
 * ranks them with the fixed tie-break of src/rank/types.ts. Reads the model only, so one
 * ranker can serve concurrent callers.
 */
import type { DocumentFeatures } from '../../features/extract.js';
import type { Document, Sentence, Token } from '../corpus/types.js';
import type { Model } from '../model/model.js';
import { decodingReadsScores } from '../model/sequence.js';
import { type Disambiguator, type RankedToken, rankToken } from './types.js';

/** Ranks the candidates of a document's tokens by the model's score (see the module comment). */
export class ModelRanker implements Disambiguator {
  readonly name: string;
  constructor(readonly model: Model, name = 'model') {
    this.name = name;
  }

  /** Scores of the candidates of every token of a document (one Float64Array per token). */
  scoreDocument(doc: Document): Float64Array[][] {
    const df = this.model.extractor.document(doc);
    return doc.sentences.map((s, si) => this.scoreSentence(df, s, si));
  }

  /** The softmax temperature of the scores {@link scoreSentence} returns. */
  get temperature(): number {
    return this.model.sequence ? 1 : this.model.info.temperature;
  }

  /**
   * Scores of the candidates of each token of sentence `si` (`s`), given its document's
   * features `df`: the per-token model's, decoded over the sentence when the model has a
   * sequence part.
   */
  scoreSentence(df: DocumentFeatures, s: Sentence, si: number): Float64Array[] {
    const seq = this.model.sequence;
    if (!seq) return this.localScores(df, s, si);
    // the scores the decoding does not read (a word with one candidate) are left at 0: the same decoded numbers, without its features
    return seq.decode(s.tokens, this.localScores(df, s, si, decodingReadsScores), this.model.info.temperature);
  }

  /**
   * The per-token model's scores ĝ of sentence `si` (no sequence decoding): Σθ·z + b,
   * computed from the feature values without writing z rows (the same numbers as
   * model.score over df.token's rows). With `wanted`, only the tokens it accepts are scored;
   * the others' scores are 0.
   */
  localScores(df: DocumentFeatures, s: Sentence, si: number, wanted?: (t: Token) => boolean): Float64Array[] {
    const { weights, bias } = this.model.theta;
    return s.tokens.map((t, ti) => {
      const scores = new Float64Array(t.candidates.length);
      if (!wanted || wanted(t)) df.scoreInto(si, ti, t.candidates, weights, bias, scores);
      return scores;
    });
  }

  /** Ranked tokens of sentence `si` of `doc`, given the document's features `df` (from `model.extractor.document(doc)`). */
  rankSentence(doc: Document, df: DocumentFeatures, si: number): RankedToken[] {
    const s = doc.sentences[si];
    return this.scoreSentence(df, s, si).map((scores, ti) => rankToken(s.tokens[ti], scores, this.temperature));
  }

  rankDocument(doc: Document): RankedToken[][] {
    const T = this.temperature;
    return this.scoreDocument(doc).map((sent, si) => sent.map((scores, ti) => rankToken(doc.sentences[si].tokens[ti], scores, T)));
  }
}
