/**
 * Training of the sequence decoding (src/model/sequence.ts): tag bigram counts over gold
 * labels, and the weight λ that gives the best A1 (full label) on D2.
 */
import type { Document } from '../src/corpus/types.js';
import type { LabelElement } from '../src/labels/elements.js';
import type { Model } from '../src/model/model.js';
import { evaluate, type EvalItem } from '../src/rank/eval.js';
import type { PreparedDocument } from '../src/rank/prepare.js';
import { ModelRanker } from '../src/rank/ranker.js';
import {
  BOS_TAG, EOS_TAG, NOT_SCORED_TAG, SEQUENCE_SMOOTHING, TagSequence, candidateTag, type SequenceJson,
} from '../src/model/sequence.js';
import { rankToken } from '../src/rank/types.js';

/** The weights λ tried on D2, smallest first (a tie goes to the smaller). */
export const SEQUENCE_WEIGHTS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2];

/**
 * Counts the tag bigrams of the gold labels of some documents (a token without a gold label,
 * or not Arabic, is {@link NOT_SCORED_TAG}). Takes the documents, the elements of a tag and
 * the weight to record; returns the sequence model.
 */
export function countTagBigrams(docs: Iterable<Document>, elements: readonly LabelElement[], weight: number): TagSequence {
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
        const cur = id(g ? candidateTag(g, elements) : NOT_SCORED_TAG);
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
    kind: 'lexdis-tag-bigrams', elements: [...elements], weight, smoothing: SEQUENCE_SMOOTHING,
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
 * Fits λ: ranks the prepared D2 documents with a model that has no sequence decoding, then
 * decodes them with each weight of {@link SEQUENCE_WEIGHTS} and keeps the one with the best
 * full-label A1 (ties: the smaller weight). Takes the model, the prepared D2 documents and
 * the bigram counts (of D1); returns the fit.
 */
export function fitSequenceWeight(model: Model, prepared: readonly PreparedDocument[], counts: TagSequence): SequenceFit {
  const ranker = new ModelRanker(model);
  const T = model.info.temperature;
  const sentences = prepared.flatMap((p) => {
    const scores = ranker.scoreDocument(p.doc);
    return p.doc.sentences.map((s, si) => ({ tokens: s.tokens, scores: scores[si], gold: p.gold[si] }));
  });
  const tried = SEQUENCE_WEIGHTS.map((weight) => {
    const seq = counts.withWeight(weight);
    const items: EvalItem[] = [];
    for (const s of sentences) {
      const decoded = weight === 0 ? s.scores : seq.decode(s.tokens, s.scores, T);
      s.tokens.forEach((t, ti) => {
        const g = s.gold[ti];
        if (g && t.arabic) items.push({ ranked: rankToken(t, decoded[ti], 1), gold: g });
      });
    }
    return { weight, A1: evaluate(items).all.label.A1 };
  });
  let best = tried[0];
  for (const t of tried) if (t.A1 > best.A1) best = t;
  return { weight: best.weight, d2A1Without: tried[0].A1, d2A1With: best.A1, tried };
}
