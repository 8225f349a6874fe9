/**
 * Training of the sequence decoding (src/model/sequence.ts): tag bigram counts over gold
 * labels, and the weight λ under which D2's gold labels are the most likely.
 */
import { goldIndices, type Document, type Token } from '../src/corpus/types.js';
import type { Model } from '../src/model/model.js';
import type { PreparedDocument } from '../src/tagger/prepare.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { softmax, topIndex } from '../src/tagger/types.js';
import {
  BOS_TAG,
  EOS_TAG,
  NOT_SCORED_TAG,
  SEQUENCE_SMOOTHING,
  TagSequence,
  candidateTag,
  type PreparedSentence,
  type SequenceJson,
  type TagSpec,
} from '../src/model/sequence.js';
import { minimizeWeight } from './minimize.js';

/**
 * The grid of weights λ tried on D2 before the golden-section refinement, smallest first (a tie
 * goes to the smaller).
 */
export const SEQUENCE_WEIGHTS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2];

/**
 * Counts the tag bigrams of the gold labels of some documents (a token without a gold label,
 * or not Arabic, is {@link NOT_SCORED_TAG}; a token with m gold labels is each of their tags
 * with weight 1/m, so a bigram's count is the product of its two tokens' weights). Takes the
 * documents, what a tag is made of and the weight to record; returns the sequence model.
 */
export function countTagBigrams(docs: Iterable<Document>, spec: TagSpec, weight: number): TagSequence {
  const index = new Map<string, number>();
  const tags: string[] = [];
  const id = (t: string) => {
    let i = index.get(t);
    if (i === undefined) index.set(t, (i = tags.push(t) - 1));
    return i;
  };
  [BOS_TAG, EOS_TAG, NOT_SCORED_TAG].forEach(id);
  const pairs = new Map<string, number>();
  const left: number[] = [];
  const add = (a: number, b: number, w: number) => {
    const k = `${a},${b}`;
    pairs.set(k, (pairs.get(k) ?? 0) + w);
    left[a] = (left[a] ?? 0) + w;
  };
  const addAll = (from: TagWeights, to: TagWeights) => {
    for (let i = 0; i < from.size; i++)
      for (let j = 0; j < to.size; j++) add(from.tags[i], to.tags[j], from.weights[i] * to.weights[j]);
  };
  // the previous token's tags and the current one's, refilled in turn
  let prev = new TagWeights();
  let cur = new TagWeights();
  for (const d of docs)
    for (const s of d.sentences) {
      prev.only(id(BOS_TAG));
      for (const t of s.tokens) {
        goldTags(t, spec, id, cur);
        addAll(prev, cur);
        const done = prev;
        prev = cur;
        cur = done;
      }
      cur.only(id(EOS_TAG));
      addAll(prev, cur);
    }
  const bigrams: number[] = [];
  for (const [k, n] of pairs) {
    const [a, b] = k.split(',').map(Number);
    bigrams.push(a, b, n);
  }
  const json: SequenceJson = {
    kind: 'lexdis-tag-bigrams', elements: [...spec.elements], presence: [...spec.presence], weight, smoothing: SEQUENCE_SMOOTHING,
    tags, left: tags.map((_, i) => left[i] ?? 0), bigrams,
  };
  return new TagSequence(json);
}

/**
 * A token's tag ids and their weights (summing to 1), in the order first added: the first `size` entries of
 * `tags` and `weights`. Refilled token by token (its arrays kept, never shortened).
 */
class TagWeights {
  readonly tags: number[] = [];
  readonly weights: number[] = [];
  size = 0;

  /** Takes a tag id; makes it the only tag, weighing 1. */
  only(tag: number): void {
    this.size = 0;
    this.add(tag, 1);
  }

  /** Takes a tag id and a weight; adds the weight to the tag's, the tag added after the others when new. */
  add(tag: number, weight: number): void {
    for (let i = 0; i < this.size; i++)
      if (this.tags[i] === tag) {
        this.weights[i] += weight;
        return;
      }
    this.tags[this.size] = tag;
    this.weights[this.size++] = weight;
  }
}

/**
 * Fills `out` with the tags of a token's gold labels, each with its share (one tag, {@link NOT_SCORED_TAG}, for a
 * token without gold or not Arabic).
 */
function goldTags(t: Token, spec: TagSpec, id: (tag: string) => number, out: TagWeights): void {
  const golds = goldIndices(t);
  if (!t.arabic || golds.length === 0) out.only(id(NOT_SCORED_TAG));
  else {
    out.size = 0;
    for (const g of golds) out.add(id(candidateTag(t.candidates[g], spec)), 1 / golds.length);
  }
}

/** What {@link fitSequenceWeight} found: λ, and A1 on D2 without and with the decoding. */
export interface SequenceFit {
  weight: number;
  d2A1Without: number;
  d2A1With: number;
  /** The gold labels' mean negative log-probability on D2 at the chosen λ. */
  d2Nll: number;
  /** A1 and mean NLL on D2 for every weight of the grid, in {@link SEQUENCE_WEIGHTS} order. */
  tried: Array<{ weight: number; A1: number; nll: number }>;
}

/**
 * One D2 sentence as the fit sees it: its tokens, the model's scores made ready for decoding, and
 * each token's gold keys (several for a token with several gold labels; null: not counted).
 */
interface FitSentence {
  tokens: readonly Token[];
  prepared: PreparedSentence;
  gold: Array<readonly string[] | null>;
}

/**
 * Fits λ: scores the prepared D2 documents once with a model that has no sequence decoding,
 * then picks the weight that minimizes the gold labels' negative log-likelihood under the
 * decoded posterior, as the temperature is fitted (stage2's fitTemperature): first on the grid
 * {@link SEQUENCE_WEIGHTS}, then by golden-section search between the best grid weight's
 * neighbours (λ = 0 only when the grid's best is 0). The NLL is a smooth criterion; A1 on a
 * D2 of a thousand tokens moves in steps of a token and was flat at its top (docs/method.md).
 * A1 is counted as `evaluate` counts it (gold-marked Arabic tokens; the ranking's tie-break
 * of src/tagger/types.ts). The fit keeps D2's scores (one number per candidate), not its
 * rankings. Takes the model, the prepared D2 documents, the bigram counts (of D1) and an
 * optional progress callback (documents done of all); returns the fit.
 */
export function fitSequenceWeight(
  model: Model,
  prepared: readonly PreparedDocument[],
  counts: TagSequence,
  onProgress?: (done: number, total: number) => void,
): SequenceFit {
  const ranker = new ModelRanker(model);
  const T = model.info.temperature;
  const sentences: FitSentence[] = [];
  for (const [di, p] of prepared.entries()) {
    onProgress?.(di, prepared.length);
    const scores = ranker.scoreDocument(p.doc);
    p.doc.sentences.forEach((s, si) => {
      sentences.push({ tokens: s.tokens, prepared: counts.prepare(s.tokens, scores[si], T), gold: goldKeys(p, si) });
    });
  }
  onProgress?.(prepared.length, prepared.length);
  const { best, tried } = minimizeWeight(SEQUENCE_WEIGHTS, (w, full) => measureWeight(sentences, counts, T, w, full));
  return { weight: best.weight, d2A1Without: tried[0].A1, d2A1With: best.A1, d2Nll: best.nll, tried };
}

/**
 * A1 (%, NaN unless `withA1`) and the gold labels' mean negative log-probability of D2's
 * sentences decoded with weight `w` (0: the model's own softmax at temperature `T`).
 */
function measureWeight(
  sentences: readonly FitSentence[],
  counts: TagSequence,
  T: number,
  w: number,
  withA1: boolean,
): { A1: number; nll: number } {
  let tokens = 0;
  let hits = 0;
  let nll = 0;
  for (const s of sentences) {
    const decoded = w === 0 ? s.prepared.scores : counts.decodePrepared(s.prepared, w);
    s.tokens.forEach((t, ti) => {
      const keys = s.gold[ti];
      if (keys === null) return;
      tokens++;
      if (withA1) {
        const top = topIndex(t, decoded[ti]);
        if (top >= 0 && keys.includes(t.candidates[top].key)) hits++;
      }
      nll -= goldLogProbability(t, decoded[ti], keys, w === 0 ? T : 1);
    });
  }
  if (tokens === 0) return { A1: 0, nll: 0 };
  return { A1: withA1 ? (100 * hits) / tokens : NaN, nll: nll / tokens };
}

/** The smallest log-probability a gold label is given (a gold label among no candidate's keys, or underflow). */
const LOG_FLOOR = Math.log(1e-12);

/**
 * The log of the probability mass of the candidates with a key of `keys` (a token's gold labels)
 * under the softmax of `scores` at temperature `T`.
 */
export function goldLogProbability(t: Token, scores: ArrayLike<number>, keys: readonly string[], T: number): number {
  const p = softmax(scores, T);
  let gold = 0;
  for (let k = 0; k < t.candidates.length; k++) if (keys.includes(t.candidates[k].key)) gold += p[k];
  return gold > 0 ? Math.max(Math.log(gold), LOG_FLOOR) : LOG_FLOOR;
}

/** The gold keys of each token of sentence si of a prepared document (null: not Arabic, or no gold). */
export function goldKeys(p: PreparedDocument, si: number): Array<readonly string[] | null> {
  return p.doc.sentences[si].tokens.map((t, ti) =>
    t.arabic && p.golds[si][ti].length > 0 ? p.golds[si][ti].map((c) => c.key) : null,
  );
}
