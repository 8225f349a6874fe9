/**
 * The case pass (docs/method.md, "The case pass"): a second decoding of a sentence in which
 * every candidate that carries a case ending or a mood vowel also gets
 *
 *   μ · log P(its case and mood | its shape and lemma, the sentence as the first pass labelled it)
 *
 * from a multinomial logistic regression over the features of src/model/case-context.ts
 * (training/case-fit.ts fits it on gold labels, and μ on D2). The first pass is the sequence
 * decoding of src/model/sequence.ts; its top candidates give each token its context. A
 * candidate with neither case nor mood gets 0.
 *
 * Read-only after construction, so one instance serves any number of concurrent callers.
 */
import type { Candidate, Token } from '../corpus/types.js';
import { ModelFormatError } from '../errors.js';
import {
  CASE_BUCKET_BITS, CASE_FEATURE_GROUPS, LabelledSentence, candidateBuckets, caseClass, labelHashes,
  type CaseFeatureGroup, type LabelHashes, type TokenContexts,
} from './case-context.js';
import type { PreparedSentence } from './sequence.js';

/** The stored form's JSON part (the weights are binary parts: see {@link CasePass.binaryParts}). */
export interface CasePassJson {
  kind: 'lexdis-case-pass';
  /** The classes: case/mood values (`NOM/`, `/S`), in the weights' column order. */
  classes: string[];
  groups: CaseFeatureGroup[];
  bucketBits: number;
  /** μ, the weight of the case pass's log-probabilities in the second decoding. */
  weight: number;
  /** The temperature at which the second decoding's scores give the confidences (fitted with μ). */
  temperature: number;
}

/** The log-probability given to a class the model never saw (and the floor of any). */
const LOG_FLOOR = Math.log(1e-6);
/** The class of a label with neither case nor mood, and of one whose class the model never saw. */
const NO_CLASS = -1;
const UNKNOWN_CLASS = -2;

/** The first slot a bucket is looked for in. */
function slotOf(bucket: number, mask: number): number {
  return (Math.imul(bucket, 0x9e3779b1) >>> 0) & mask;
}

/** log(exp(a) + exp(b)). */
function logAdd(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

/** A token with no analysis the case pass reads (not scored, or one candidate). */
const NO_ANALYSES = new Int32Array(0);

/**
 * The case pass's reading of a sentence: per token, each candidate's log P(case and mood) (0
 * without case or mood) and its analysis (the case variants of one analysis share a number; -1
 * for a candidate without case or mood).
 */
export interface SentenceCases {
  logProbabilities: Float64Array[];
  analyses: Int32Array[];
}

/** What the case pass reads of a candidate list (see CasePass.listOf). */
interface CandidateList {
  cls: Int32Array;
  analysis: Int32Array;
  analyses: LabelHashes[];
}

export class CasePass {
  private readonly nClasses: number;
  private readonly classIndex: Map<string, number>;
  private readonly groups: ReadonlySet<CaseFeatureGroup>;
  /** Slots of (bucket + 1, its weights), open addressing (see the constructor). */
  private readonly table: Float32Array;
  private readonly mask: number;
  /** What listOf made of a frozen candidate list; weak, so it lives as long as the list. */
  private readonly lists = new WeakMap<readonly Candidate[], CandidateList>();
  /** The buckets of the candidate being scored (grown as needed; the scoring is synchronous). */
  private scratch = new Int32Array(64);

  /**
   * @param data what the stored form's JSON holds
   * @param keys the buckets that have weights, one per row of `weights`
   * @param weights one row of `data.classes.length` weights per key
   */
  constructor(readonly data: Readonly<CasePassJson>, readonly keys: Uint32Array, readonly weights: Float32Array) {
    this.nClasses = data.classes.length;
    this.classIndex = new Map(data.classes.map((c, i) => [c, i]));
    this.groups = new Set(data.groups);
    // an open-addressing table whose slot holds a bucket (+1; 0: empty, exact in float32 below
    // 2^24) and its row of weights side by side: a feature costs one look-up in one place
    let size = 16;
    while (size < 2 * keys.length) size *= 2;
    this.mask = size - 1;
    const stride = this.nClasses + 1;
    this.table = new Float32Array(size * stride);
    keys.forEach((k, row) => {
      let at = slotOf(k, this.mask);
      while (this.table[at * stride] !== 0) at = (at + 1) & this.mask;
      this.table[at * stride] = k + 1;
      this.table.set(weights.subarray(row * this.nClasses, (row + 1) * this.nClasses), at * stride + 1);
    });
  }

  get weight(): number {
    return this.data.weight;
  }

  get temperature(): number {
    return this.data.temperature;
  }

  /** The same classifier with another weight μ and temperature (the arrays are shared, read-only). */
  withWeight(weight: number, temperature = this.data.temperature): CasePass {
    return new CasePass({ ...this.data, weight, temperature }, this.keys, this.weights);
  }

  /** The offset of a bucket's weights in the table, or -1 when it has none. */
  private offsetOf(bucket: number): number {
    const stride = this.nClasses + 1;
    const want = bucket + 1;
    for (let at = slotOf(bucket, this.mask); ; at = (at + 1) & this.mask) {
      const k = this.table[at * stride];
      if (k === want) return at * stride + 1;
      if (k === 0) return -1;
    }
  }

  /**
   * log P(class) for every class, from a candidate's feature buckets, written into `z` from
   * `at` on (a new array by default); returns `z`.
   */
  logProbabilities(buckets: ArrayLike<number>, z = new Float64Array(this.nClasses), at = 0): Float64Array {
    const C = this.nClasses;
    z.fill(0, at, at + C);
    const table = this.table;
    for (let f = 0; f < buckets.length; f++) {
      const w = this.offsetOf(buckets[f]);
      if (w < 0) continue;
      for (let k = 0; k < C; k++) z[at + k] += table[w + k];
    }
    let max = -Infinity;
    for (let k = at; k < at + C; k++) if (z[k] > max) max = z[k];
    let sum = 0;
    for (let k = at; k < at + C; k++) sum += Math.exp(z[k] - max);
    const log = max + Math.log(sum);
    for (let k = at; k < at + C; k++) z[k] = Math.max(z[k] - log, LOG_FLOOR);
    return z;
  }

  /**
   * log P(case and mood) of every candidate of a sentence's tokens, given the first pass's
   * choice (per token, the index of its top candidate, which labels it for its neighbours; -1
   * for a token that is not scored). A candidate without case or mood gets 0, and a token that
   * is not scored one 0.
   */
  sentenceLogProbabilities(tokens: readonly Token[], choice: readonly number[]): SentenceCases {
    const sentence = new LabelledSentence(
      tokens.map((t, i) => ({ elements: choice[i] >= 0 ? t.candidates[choice[i]].elements : null, lookup: t.lookup })), this.groups);
    const C = this.nClasses;
    let lp = new Float64Array(4 * C);
    const analyses: Int32Array[] = [];
    const logProbabilities = tokens.map((t, i) => {
      const n = t.candidates.length;
      const out = new Float64Array(choice[i] >= 0 ? n : 1);
      const list = choice[i] >= 0 && n >= 2 ? this.listOf(t.candidates) : null;
      analyses.push(list ? list.analysis : NO_ANALYSES);
      if (!list || list.analyses.length === 0) return out;
      if (lp.length < list.analyses.length * C) lp = new Float64Array(list.analyses.length * C);
      const contexts = sentence.contexts(i);
      list.analyses.forEach((h, a) => this.logProbabilities(candidateBuckets(contexts, h, this.scratch), lp, a * C));
      for (let k = 0; k < n; k++) {
        const a = list.analysis[k];
        if (a >= 0) out[k] = list.cls[k] === UNKNOWN_CLASS ? LOG_FLOOR : lp[a * C + list.cls[k]];
      }
      return out;
    });
    return { logProbabilities, analyses };
  }

  /**
   * What the case pass reads of a candidate list: per candidate its class ({@link NO_CLASS},
   * {@link UNKNOWN_CLASS} or a column) and its analysis (the case variants of one analysis share
   * shape and lemma, so their probabilities are made once), and each analysis's hashes. Kept
   * beside a frozen list (a word type's, shared by its tokens) as long as the list lives.
   */
  private listOf(candidates: readonly Candidate[]): CandidateList {
    let list = this.lists.get(candidates);
    if (list) return list;
    const n = candidates.length;
    list = { cls: new Int32Array(n), analysis: new Int32Array(n).fill(-1), analyses: [] };
    for (let k = 0; k < n; k++) {
      const el = candidates[k].elements;
      const cls = caseClass(el);
      list.cls[k] = cls === '' ? NO_CLASS : this.classIndex.get(cls) ?? UNKNOWN_CLASS;
      if (cls === '') continue;
      const h = labelHashes(el);
      let a = list.analyses.findIndex((x) => x.shape === h.shape && x.lemma === h.lemma);
      if (a < 0) a = list.analyses.push(h) - 1;
      list.analysis[k] = a;
    }
    if (Object.isFrozen(candidates)) this.lists.set(candidates, list);
    return list;
  }

  /**
   * A prepared sentence whose emissions carry the case pass's log-probabilities weighted by
   * `weight` (μ), renormalized within each analysis: the case variants of an analysis share its
   * mass as the first pass gave it, redistributed by the case pass, so that the case pass moves
   * case endings and not the choice between analyses. A new object; `sentence` is not changed.
   */
  static addTo(sentence: PreparedSentence, cases: SentenceCases, weight: number): PreparedSentence {
    const emit = sentence.emit.map((e, i) => {
      if (!sentence.scored[i] || weight === 0) return e;
      const lp = cases.logProbabilities[i];
      const analysis = cases.analyses[i];
      const out = Float64Array.from(e);
      const seen = new Set<number>();
      for (let k = 0; k < e.length; k++) {
        const a = analysis[k] ?? -1;
        if (a < 0 || seen.has(a)) continue;
        seen.add(a);
        // log Σ exp over the analysis's variants, before and after
        let before = -Infinity;
        let after = -Infinity;
        for (let j = k; j < e.length; j++) if (analysis[j] === a) {
          before = logAdd(before, e[j]);
          after = logAdd(after, e[j] + weight * lp[j]);
        }
        for (let j = k; j < e.length; j++) if (analysis[j] === a) out[j] = e[j] + weight * lp[j] + before - after;
      }
      return out;
    });
    return { ...sentence, emit };
  }

  /** The stored form's JSON part. */
  toJSON(): CasePassJson {
    return { ...this.data, classes: [...this.data.classes], groups: [...this.data.groups] };
  }

  /** The binary parts of the stored form, by name. */
  binaryParts(): { keys: Uint32Array; weights: Float32Array } {
    return { keys: this.keys, weights: this.weights };
  }

  /** Reads the stored form; throws ModelFormatError when it is not one. */
  static load(json: unknown, keys: unknown, weights: unknown): CasePass {
    const j = json as Partial<CasePassJson> | null;
    const known = new Set<string>(CASE_FEATURE_GROUPS);
    if (!j || j.kind !== 'lexdis-case-pass' || !Array.isArray(j.classes) || !j.classes.every((c) => typeof c === 'string')
      || !Array.isArray(j.groups) || !j.groups.every((g) => known.has(g)) || j.bucketBits !== CASE_BUCKET_BITS
      || typeof j.weight !== 'number' || !(j.weight >= 0) || typeof j.temperature !== 'number' || !(j.temperature > 0))
      throw new ModelFormatError('model part "casePass" is not a case-pass classifier');
    if (!(keys instanceof Uint32Array) || !(weights instanceof Float32Array) || weights.length !== keys.length * j.classes.length)
      throw new ModelFormatError('model part "casePass" has weights that do not fit its keys and classes');
    return new CasePass(j as CasePassJson, keys, weights);
  }
}
