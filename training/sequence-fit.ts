/**
 * Training of the sequence decoding (src/model/sequence.ts): tag bigram counts over gold
 * labels, and the weight λ that gives the best A1 (full label) on D2.
 */
import type { Document, Token } from '../src/corpus/types.js';
import type { Model } from '../src/model/model.js';
import type { PreparedDocument } from '../src/rank/prepare.js';
import { ModelRanker } from '../src/rank/ranker.js';
import {
  BOS_TAG, EOS_TAG, NOT_SCORED_TAG, SEQUENCE_SMOOTHING, TagSequence, candidateTag, type SequenceJson, type TagSpec,
} from '../src/model/sequence.js';
import { compareRanked } from '../src/rank/types.js';

/** The weights λ tried on D2, smallest first (a tie goes to the smaller). */
export const SEQUENCE_WEIGHTS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2];

/**
 * Counts the tag bigrams of the gold labels of some documents (a token without a gold label,
 * or not Arabic, is {@link NOT_SCORED_TAG}). Takes the documents, what a tag is made of and
 * the weight to record; returns the sequence model.
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
  const add = (a: number, b: number) => {
    const k = `${a},${b}`;
    pairs.set(k, (pairs.get(k) ?? 0) + 1);
    left[a] = (left[a] ?? 0) + 1;
  };
  for (const d of docs)
    for (const s of d.sentences) {
      let prev = id(BOS_TAG);
      for (const t of s.tokens) {
        const g = t.arabic && t.gold >= 0 ? t.candidates[t.gold] : undefined;
        const cur = id(g ? candidateTag(g, spec) : NOT_SCORED_TAG);
        add(prev, cur);
        prev = cur;
      }
      add(prev, id(EOS_TAG));
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

/** What {@link fitSequenceWeight} found: λ and A1 on D2 without and with the decoding. */
export interface SequenceFit {
  weight: number;
  d2A1Without: number;
  d2A1With: number;
  /** A1 on D2 for every weight tried, in {@link SEQUENCE_WEIGHTS} order. */
  tried: Array<{ weight: number; A1: number }>;
}

/**
 * Fits λ: scores the prepared D2 documents with a model that has no sequence decoding, then
 * decodes each sentence with each weight of {@link SEQUENCE_WEIGHTS} and keeps the one with
 * the best full-label A1 (ties: the smaller weight). A1 is counted as `evaluate` counts it
 * (gold-marked Arabic tokens; the ranking's tie-break of src/rank/types.ts), one sentence at a
 * time and without ranking objects, so the fit holds no more than a document's scores (at 1M
 * tokens, building the rankings of D2 for every weight added 0.35 GB to the peak). Takes the
 * model, the prepared D2 documents, the bigram counts (of D1) and an optional progress
 * callback (documents done of all); returns the fit.
 */
export function fitSequenceWeight(
  model: Model, prepared: readonly PreparedDocument[], counts: TagSequence, onProgress?: (done: number, total: number) => void,
): SequenceFit {
  const ranker = new ModelRanker(model);
  const T = model.info.temperature;
  const hits = new Array<number>(SEQUENCE_WEIGHTS.length).fill(0);
  let tokens = 0;
  for (const [di, p] of prepared.entries()) {
    onProgress?.(di, prepared.length);
    const scores = ranker.scoreDocument(p.doc);
    p.doc.sentences.forEach((s, si) => {
      const decoded = SEQUENCE_WEIGHTS.map((w) => (w === 0 ? scores[si] : counts.decode(s.tokens, scores[si], T, w)));
      s.tokens.forEach((t, ti) => {
        const g = p.gold[si][ti];
        if (!g || !t.arabic) return;
        tokens++;
        decoded.forEach((d, w) => {
          const top = topIndex(t, d[ti]);
          if (top >= 0 && t.candidates[top].key === g.key) hits[w]++;
        });
      });
    });
  }
  onProgress?.(prepared.length, prepared.length);
  const A1 = (h: number) => (tokens === 0 ? 0 : (100 * h) / tokens);
  const tried = SEQUENCE_WEIGHTS.map((weight, w) => ({ weight, A1: A1(hits[w]) }));
  let best = tried[0];
  for (const t of tried) if (t.A1 > best.A1) best = t;
  return { weight: best.weight, d2A1Without: tried[0].A1, d2A1With: best.A1, tried };
}

/** The candidate a token's scores rank first (the tie-break of compareRanked), or -1 for none. */
function topIndex(t: Token, scores: ArrayLike<number>): number {
  let best = -1;
  for (let k = 0; k < t.candidates.length; k++) {
    if (best < 0) { best = k; continue; }
    const a = { index: k, candidate: t.candidates[k], score: scores[k], confidence: 0 };
    const b = { index: best, candidate: t.candidates[best], score: scores[best], confidence: 0 };
    if (compareRanked(a, b) < 0) best = k;
  }
  return best;
}
