/**
 * The model's disambiguator: scores every candidate of a token by ĝ = Σ_j θ_j z_jk + b
 * (equation 6), decodes each sentence's scores when the model has a sequence part
 * (src/model/sequence.ts: the scores become posterior marginals, ranked at temperature 1; with
 * a case pass, src/model/case-pass.ts, a second decoding sees the sentence the first labelled), and
 * ranks them with the fixed tie-break of src/tagger/types.ts. Reads the model only, so one
 * ranker can serve concurrent callers.
 */
import type { DocumentFeatures } from '../../features/extract.js';
import type { Document, Sentence, Token } from '../corpus/types.js';
import type { Model } from '../model/model.js';
import { CasePass } from '../model/case-pass.js';
import { decodingReadsScores, type PreparedSentence, type TagSequence } from '../model/sequence.js';
import { type Disambiguator, type RankedToken, rankToken, topIndex } from './types.js';

/**
 * Decodes a prepared sentence (src/model/sequence.ts) with weight λ and, given a case pass,
 * decodes it again with the case pass's log-probabilities weighted by μ added to the
 * emissions, the tokens labelled by the first decoding's top candidates (src/model/case-pass.ts).
 * Takes the tokens, the prepared sentence, the sequence part, the case pass (or null) and the
 * weights (default: the parts' own); returns posterior-marginal scores, one array per token.
 */
export function decodeSentence(
  tokens: readonly Token[], prepared: PreparedSentence, sequence: TagSequence, casePass: CasePass | null,
  lambda = sequence.weight, mu = casePass?.weight ?? 0,
): Float64Array[] {
  const first = sequence.decodePrepared(prepared, lambda);
  if (!casePass || mu === 0) return first;
  const choice = tokens.map((t, i) => (prepared.scored[i] ? topIndex(t, first[i]) : -1));
  return sequence.decodePrepared(
    CasePass.addTo(prepared, casePass.sentenceLogProbabilities(tokens, choice), mu, casePass.firstPassShare),
    lambda,
  );
}

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

  /** The per-token model's scores ĝ of every token of a document, without decoding. */
  localDocumentScores(doc: Document): Float64Array[][] {
    const df = this.model.extractor.document(doc);
    return doc.sentences.map((s, si) => this.localScores(df, s, si));
  }

  /** The softmax temperature of the scores {@link scoreSentence} returns. */
  get temperature(): number {
    if (this.model.sequence && this.model.casePass) return this.model.casePass.temperature;
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
    // the scores the decoding does not read (a word with one candidate) are left at 0: the same
    // decoded numbers, without its features
    const prepared = seq.prepare(
      s.tokens,
      this.localScores(df, s, si, decodingReadsScores),
      this.model.info.temperature,
    );
    return decodeSentence(s.tokens, prepared, seq, this.model.casePass);
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

  /**
   * Ranked tokens of sentence `si` of `doc`, given the document's features `df` (from
   * `model.extractor.document(doc)`).
   */
  rankSentence(doc: Document, df: DocumentFeatures, si: number): RankedToken[] {
    const s = doc.sentences[si];
    return this.scoreSentence(df, s, si).map((scores, ti) => rankToken(s.tokens[ti], scores, this.temperature));
  }

  rankDocument(doc: Document): RankedToken[][] {
    const T = this.temperature;
    return this.scoreDocument(doc).map((sent, si) =>
      sent.map((scores, ti) => rankToken(doc.sentences[si].tokens[ti], scores, T)),
    );
  }
}
