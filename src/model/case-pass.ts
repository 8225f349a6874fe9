/**
 * The case pass (docs/method.md, "The case pass"): a second decoding of a sentence, in which a
 * candidate with a case ending or mood vowel gets
 *
 *   μ · log P(its case and mood | its shape and lemma, the sentence as the first pass labelled it)
 *
 * from a multinomial logistic regression over the case and mood values and the features of
 * src/model/case-context.ts (training/case-fit.ts fits it on gold labels). The first pass is the
 * sequence decoding of src/model/sequence.ts; its top candidates label each token for its
 * neighbours. Within each analysis (its case variants) the first decoding's emissions, raised
 * to a power α ≤ 1, and the log-probabilities are renormalized to the mass the first decoding
 * gave the analysis: the case pass moves case endings, not the choice between analyses.
 *
 * Read-only after construction, so one instance serves any number of concurrent callers.
 */
import type { Candidate, Token } from '../corpus/types.js';
import { ModelFormatError } from '../errors.js';
import { BucketTable, logSoftmaxInPlace } from './bucket-table.js';
import {
  CASE_BUCKET_BITS, CASE_FEATURE_GROUPS, LabelledSentence, candidateBuckets, caseClass, labelHashes,
  type CaseFeatureGroup, type LabelHashes,
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
  /** The temperature at which the second decoding's scores give the confidences. */
  temperature: number;
  /**
   * α, the power of the first decoding's distribution within an analysis in the second: its
   * case variants get α · emission + μ · log-probability, renormalized.
   */
  firstPassShare: number;
}

/** The classifier's weights: the buckets that have any, and a row of one weight per class for each. */
export interface CasePassArrays {
  caseKeys: Uint32Array;
  caseWeights: Float32Array;
}

/** The log-probability given to a class the model never saw (and the floor of any). */
const LOG_FLOOR = Math.log(1e-6);
/** The class of a label with neither case nor mood, and of one whose class the model never saw. */
const NO_CLASS = -1;
const UNKNOWN_CLASS = -2;
/** A token with no analysis the case pass reads (not scored, or one candidate). */
const NO_ANALYSES = new Int32Array(0);

/**
 * What the case pass makes of a sentence: per token, each candidate's log P(case and mood) (0
 * without case or mood) and its analysis (the case variants of one analysis share a number; -1
 * for a candidate without case or mood).
 */
export interface SentenceCases {
  logProbabilities: Float64Array[];
  analyses: Int32Array[];
}

/** What the case pass reads of a candidate list (see CasePass.listOf). */
interface CandidateList {
  /** Per candidate: the column of its case class, {@link NO_CLASS} or {@link UNKNOWN_CLASS}. */
  cls: Int32Array;
  /** Per candidate: its analysis (-1: none). */
  analysis: Int32Array;
  analyses: LabelHashes[];
}

/** log(exp(a) + exp(b)). */
function logAdd(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  return a > b ? a + Math.log1p(Math.exp(b - a)) : b + Math.log1p(Math.exp(a - b));
}

export class CasePass {
  private readonly nClasses: number;
  private readonly classIndex: Map<string, number>;
  private readonly groups: ReadonlySet<CaseFeatureGroup>;
  private readonly cases: BucketTable;
  /** What listOf made of a frozen candidate list; weak, so it lives as long as the list. */
  private readonly lists = new WeakMap<readonly Candidate[], CandidateList>();
  /** The buckets of the candidate being scored (grown as needed; the scoring is synchronous). */
  private readonly scratch = new Int32Array(64);

  constructor(readonly data: Readonly<CasePassJson>, readonly arrays: Readonly<CasePassArrays>) {
    this.nClasses = data.classes.length;
    this.classIndex = new Map(data.classes.map((c, i) => [c, i]));
    this.groups = new Set(data.groups);
    this.cases = new BucketTable(arrays.caseKeys, arrays.caseWeights, this.nClasses);
  }

  get weight(): number {
    return this.data.weight;
  }

  get temperature(): number {
    return this.data.temperature;
  }

  get firstPassShare(): number {
    return this.data.firstPassShare;
  }

  /** The same classifier with another weight μ and temperature (the arrays are shared, read-only). */
  withWeight(weight: number, temperature = this.data.temperature): CasePass {
    return new CasePass({ ...this.data, weight, temperature }, this.arrays);
  }

  /**
   * log P(class) for every case class, from a candidate's feature buckets, written into `z` from
   * `at` on (a new array by default); returns `z`.
   */
  logProbabilities(buckets: ArrayLike<number>, z = new Float64Array(this.nClasses), at = 0): Float64Array {
    z.fill(0, at, at + this.nClasses);
    this.cases.addRows(buckets, z, at);
    logSoftmaxInPlace(z, at, this.nClasses, LOG_FLOOR);
    return z;
  }

  /**
   * log P(case and mood) of every candidate of a sentence's tokens, given the first pass's
   * choice (per token, the index of its top candidate, which labels it for its neighbours; -1
   * for a token that is not scored).
   */
  sentenceLogProbabilities(tokens: readonly Token[], choice: readonly number[]): SentenceCases {
    const sentence = new LabelledSentence(
      tokens.map((t, i) => ({ elements: choice[i] >= 0 ? t.candidates[choice[i]].elements : null, lookup: t.lookup })),
      this.groups,
    );
    const C = this.nClasses;
    let lp = new Float64Array(4 * C);
    const analyses: Int32Array[] = [];
    const logProbabilities = tokens.map((t, i) => {
      const n = t.candidates.length;
      const out = new Float64Array(choice[i] >= 0 ? n : 1);
      const list = choice[i] >= 0 && n >= 2 ? this.listOf(t.candidates) : null;
      analyses.push(list ? list.analysis : NO_ANALYSES);
      if (!list || list.analyses.length === 0) return out;
      const contexts = sentence.contexts(i);
      if (lp.length < list.analyses.length * C) lp = new Float64Array(list.analyses.length * C);
      list.analyses.forEach((h, a) => this.logProbabilities(candidateBuckets(contexts, h, this.scratch), lp, a * C));
      for (let k = 0; k < n; k++) {
        if (list.cls[k] >= 0) out[k] = lp[list.analysis[k] * C + list.cls[k]];
        else if (list.cls[k] === UNKNOWN_CLASS) out[k] = LOG_FLOOR;
      }
      return out;
    });
    return { logProbabilities, analyses };
  }

  /**
   * What the case pass reads of a candidate list: per candidate its case class and analysis
   * (the case variants of one analysis share shape and lemma, so their probabilities are made
   * once). Kept beside a frozen list (a word type's, shared by its tokens) while it lives.
   */
  private listOf(candidates: readonly Candidate[]): CandidateList {
    let list = this.lists.get(candidates);
    if (list) return list;
    const n = candidates.length;
    list = { cls: new Int32Array(n).fill(NO_CLASS), analysis: new Int32Array(n).fill(-1), analyses: [] };
    for (let k = 0; k < n; k++) {
      const el = candidates[k].elements;
      const cls = caseClass(el);
      if (cls === '') continue;
      list.cls[k] = this.classIndex.get(cls) ?? UNKNOWN_CLASS;
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
   * `weight` (μ), the first decoding's emissions within an analysis raised to `share` (α), and
   * renormalized within each analysis (see the module comment). A new object; `sentence` is not
   * changed.
   */
  static addTo(sentence: PreparedSentence, cases: SentenceCases, weight: number, share: number): PreparedSentence {
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
          after = logAdd(after, share * e[j] + weight * lp[j]);
        }
        for (let j = k; j < e.length; j++)
          if (analysis[j] === a) out[j] = share * e[j] + weight * lp[j] + before - after;
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
  binaryParts(): CasePassArrays {
    return { ...this.arrays };
  }

  /** Reads the stored form (its JSON part and its arrays by name); throws ModelFormatError when it is not one. */
  static load(json: unknown, arrays: Partial<Record<keyof CasePassArrays, unknown>>): CasePass {
    const j = json as Partial<CasePassJson> | null;
    const known = new Set<string>(CASE_FEATURE_GROUPS);
    if (!j || j.kind !== 'lexdis-case-pass' || !Array.isArray(j.classes) || !j.classes.every((c) => typeof c === 'string')
      || !Array.isArray(j.groups) || !j.groups.every((g) => known.has(g)) || j.bucketBits !== CASE_BUCKET_BITS
      || typeof j.weight !== 'number' || !(j.weight >= 0) || typeof j.temperature !== 'number' || !(j.temperature > 0)
      || typeof j.firstPassShare !== 'number' || !(j.firstPassShare >= 0 && j.firstPassShare <= 1))
      throw new ModelFormatError('model part "casePass" is not a case-pass classifier');
    const { caseKeys, caseWeights } = arrays;
    if (
      !(caseKeys instanceof Uint32Array) ||
      !(caseWeights instanceof Float32Array) ||
      caseWeights.length !== caseKeys.length * j.classes.length
    )
      throw new ModelFormatError('model part "casePass" has weights that do not fit its keys and classes');
    return new CasePass(j as CasePassJson, arrays as CasePassArrays);
  }
}

/** The names of the case pass's arrays (binary parts `casePass/<name>` of a model file). */
export const CASE_PASS_ARRAYS = ['caseKeys', 'caseWeights'] as const satisfies readonly (keyof CasePassArrays)[];
