/**
 * Sequence decoding of a sentence's rankings (a departure from Shah et al. 2010, where each
 * token is ranked alone: docs/method.md, "Sequence decoding"). Case endings are syntax: the
 * genitive after a preposition or in a construct, an adjective agreeing with its noun, the
 * construct noun without tanween before its genitive. The per-token model sees the words
 * around a token but not what they were chosen to be, so it ranks case endings poorly.
 *
 * A token's *tag* is a few label elements of a candidate ({@link SEQUENCE_ELEMENTS}: its
 * proclitic, part of speech and its detail (proper noun, aspect…), article, suffix state, case
 * and mood) and whether it has a few others
 * ({@link SEQUENCE_PRESENCE}: a pronoun clitic), or `X` for a token that is not
 * scored (punctuation, digits, Latin text, a word without candidates). Training counts tag
 * bigrams over the gold labels; decoding combines, over a sentence,
 *
 *   log softmax(ĝ / T)(candidate)  +  λ · log P(tag_i | tag_{i−1})      (add-k smoothed)
 *
 * and ranks each token's candidates by their posterior marginal: the log of the summed
 * weight of every tag sequence that passes through the candidate (forward-backward, in log
 * space). On 5-fold PUD it gave the same A1 as the max-marginal (the best sequence through
 * the candidate, Viterbi forward plus backward) and A2 +0.3 (docs/method.md). λ is fitted on
 * D2 (training/sequence-fit.ts). With λ = 0 the ranking is the per-token model's.
 *
 * Read-only after construction, so one instance serves any number of concurrent callers.
 */
/* oxlint-disable max-lines -- one class, the tag-bigram decoder: tables, caches and Viterbi share its state */
import { flat, MAP_ENTRY_BYTES, stringBytes } from '../heap-bytes.js';
import type { Candidate, Token } from '../corpus/types.js';
import { ModelFormatError } from '../errors.js';
import type { LabelElement } from '../labels/elements.js';
import { schemeSlots, type LabelScheme } from '../labels/scheme.js';

/** The label elements of a sequence tag, in tag order (declared once). */
export const SEQUENCE_ELEMENTS: readonly LabelElement[] = ['pre1', 'pos', 'dpos', 'det', 'suf', 'case', 'mood'];

/**
 * Label elements whose presence alone enters the tag, after {@link SEQUENCE_ELEMENTS}: a noun
 * with a possessive pronoun is a construct, a verb with an object pronoun has its object. Their
 * values (the pronoun's person, gender, number) split the tag too finely: measured by 5-fold
 * cross-validation on PUD, the presence of `pron` gave A1 +1.2 and its whole value +0.6.
 */
export const SEQUENCE_PRESENCE: readonly LabelElement[] = ['pron'];

/** What a tag is made of: the elements whose value it holds, and those whose presence it marks. */
export interface TagSpec {
  elements: readonly LabelElement[];
  presence: readonly LabelElement[];
}

/** The tag of a token that is not scored, and the sentence edges. */
export const NOT_SCORED_TAG = 'X';
export const BOS_TAG = '<s>';
export const EOS_TAG = '</s>';

/** Add-k smoothing constant of the bigram probabilities. */
export const SEQUENCE_SMOOTHING = 0.1;

/** The tag of a label scheme: the sequence elements it has (the built-in Arabic scheme has them all). */
export function sequenceSpec(scheme?: LabelScheme): TagSpec {
  const slots = new Set(schemeSlots(scheme));
  return {
    elements: SEQUENCE_ELEMENTS.filter((e) => slots.has(e)),
    presence: SEQUENCE_PRESENCE.filter((e) => slots.has(e)),
  };
}

/** The tag of a candidate: its values of `spec.elements`, then each of `spec.presence`'s names it has a value for. */
export function candidateTag(c: Candidate, spec: TagSpec): string {
  const { elements, presence } = spec;
  let s = '';
  for (let i = 0; i < elements.length; i++) s += (i ? '|' : '') + c.elements[elements[i]];
  for (let i = 0; i < presence.length; i++) s += '|' + (c.elements[presence[i]] ? presence[i] : '');
  return s;
}

/** Whether a token takes part with its candidates (else its tag is {@link NOT_SCORED_TAG}). */
export function isScored(t: Token): boolean {
  return t.arabic && t.candidates.length > 0;
}

/**
 * Whether decoding reads a token's per-token scores: not for a scored token with one candidate,
 * whose log softmax is 0 whatever its (finite) score, nor, then, anything decoded from it (a
 * caller may leave such a token's scores uncomputed, as 0, and get the same numbers).
 */
export function decodingReadsScores(t: Token): boolean {
  return !(isScored(t) && t.candidates.length === 1);
}

/** The stored form of a sequence model (the `sequence` part of a model file). */
export interface SequenceJson {
  kind: 'lexdis-tag-bigrams';
  elements: LabelElement[];
  /** Elements whose presence alone is in the tag ({@link SEQUENCE_PRESENCE}; absent in files before it: none). */
  presence?: LabelElement[];
  /** λ, the weight of the tag bigrams against the per-token model. */
  weight: number;
  smoothing: number;
  tags: string[];
  /** How often each tag is followed by something (a bigram's left side), by tag index. */
  left: number[];
  /** Bigram counts as triples [from, to, count], flattened. */
  bigrams: number[];
}

const TAG_CACHE_LIMIT = 1 << 16;
/** The bytes of label keys that cache may hold (src/heap-bytes.ts); it starts afresh beyond either bound. */
const TAG_CACHE_BYTES = 8 * 2 ** 20;
/** Most (tag, tag) pairs whose log P is kept in a table (filled as used); a model with more tags computes each. */
const LOGP_TABLE_MAX = 1 << 20;

/** Tag bigram counts with a weight: decodes a sentence's scores (see the module comment). */
export class TagSequence {
  private readonly tagIndex: Map<string, number>;
  private readonly left: Float64Array;
  private readonly pairs: Map<number, number>;
  private readonly nTags: number;
  private readonly spec: TagSpec;
  private readonly byKey = new Map<string, number>();
  private byKeyBytes = 0;
  /**
   * log P(b | a) at (a + 1)·(nTags + 1) + b + 1 (a, b ≥ -1), 0 until first computed (a log P is below 0: the
   * smoothed count is below its total); null when too large. Zeros are fresh memory: no fill at load.
   */
  private readonly logPTable: Float64Array | null;
  /** The tags of frozen candidate lists (shared by every token of a word type), held as long as the list is. */
  private readonly listTags = new WeakMap<readonly Candidate[], Int32Array>();
  /**
   * exp(λ · log P(b | a)) for the model's own λ, laid out as {@link logPTable}; 0 until computed (a
   * value that underflows to 0 is computed again: the same number).
   */
  private transTable: Float64Array | null = null;
  /** Forward and backward values of the sentence being decoded (grown as needed, reused). */
  private readonly scratchArrays: [Float64Array, Float64Array] = [new Float64Array(256), new Float64Array(256)];
  /** The same for the last other λ decoded with (training tries one λ on many sentences, then the next). */
  private otherTable: { lam: number; table: Float64Array } | null = null;

  constructor(readonly data: Readonly<SequenceJson>) {
    this.nTags = data.tags.length;
    this.spec = { elements: data.elements, presence: data.presence ?? [] };
    this.tagIndex = new Map(data.tags.map((t, i) => [t, i]));
    this.left = Float64Array.from(data.left);
    this.pairs = new Map();
    for (let i = 0; i + 2 < data.bigrams.length; i += 3)
      this.pairs.set(data.bigrams[i] * this.nTags + data.bigrams[i + 1], data.bigrams[i + 2]);
    const side = this.nTags + 1;
    this.logPTable = side * side <= LOGP_TABLE_MAX ? new Float64Array(side * side) : null;
  }

  get weight(): number {
    return this.data.weight;
  }

  /** The same counts with another weight λ (a new instance; the counts are shared, read-only). */
  withWeight(weight: number): TagSequence {
    return new TagSequence({ ...this.data, weight });
  }

  /** The stored form. */
  toJSON(): SequenceJson {
    return { ...this.data };
  }

  /** Reads the stored form; throws ModelFormatError when it is not one. */
  static load(json: unknown): TagSequence {
    const j = json as Partial<SequenceJson> | null;
    const numbers = (a: unknown) => Array.isArray(a) && a.every((x) => typeof x === 'number' && Number.isFinite(x));
    if (
      !j ||
      j.kind !== 'lexdis-tag-bigrams' ||
      !Array.isArray(j.elements) ||
      !Array.isArray(j.tags) ||
      !j.tags.every((t) => typeof t === 'string') ||
      typeof j.weight !== 'number' ||
      !(j.weight >= 0) ||
      typeof j.smoothing !== 'number' ||
      !(j.smoothing > 0) ||
      !numbers(j.left) ||
      j.left!.length !== j.tags.length ||
      !numbers(j.bigrams) ||
      j.bigrams!.length % 3 !== 0 ||
      (j.presence !== undefined && !(Array.isArray(j.presence) && j.presence.every((e) => typeof e === 'string')))
    )
      throw new ModelFormatError('model part "sequence" is not a tag-bigram table');
    if (j.bigrams!.some((x, i) => i % 3 < 2 && !(Number.isInteger(x) && x >= 0 && x < j.tags!.length)))
      throw new ModelFormatError('model part "sequence" has a bigram outside its tags');
    return new TagSequence(j as SequenceJson);
  }

  /**
   * log P(b | a), add-k smoothed; -1 stands for a tag training never saw. Kept in a table once
   * computed (the same number).
   */
  logP(a: number, b: number): number {
    const table = this.logPTable;
    if (table === null) return this.computeLogP(a, b);
    const at = (a + 1) * (this.nTags + 1) + b + 1;
    let v = table[at];
    if (v === 0) table[at] = v = this.computeLogP(a, b);
    return v;
  }

  private computeLogP(a: number, b: number): number {
    const k = this.data.smoothing;
    const n = a >= 0 && b >= 0 ? (this.pairs.get(a * this.nTags + b) ?? 0) : 0;
    const total = a >= 0 ? this.left[a] : 0;
    return Math.log((n + k) / (total + k * (this.nTags + 1)));
  }

  /** The tag index of a candidate (-1 for a tag training never saw), kept by label key. */
  tagOf(c: Candidate): number {
    let id = this.byKey.get(c.key);
    if (id === undefined) {
      id = this.tagIndexOf(c);
      const bytes = MAP_ENTRY_BYTES + stringBytes(c.key);
      if (this.byKey.size >= TAG_CACHE_LIMIT || this.byKeyBytes + bytes > TAG_CACHE_BYTES) {
        this.byKey.clear();
        this.byKeyBytes = 0;
      }
      this.byKey.set(flat(c.key), id);
      this.byKeyBytes += bytes;
    }
    return id;
  }

  /** The tag index of a candidate, made from its elements (nothing kept). */
  private tagIndexOf(c: Candidate): number {
    return this.tagIndex.get(candidateTag(c, this.spec)) ?? -1;
  }

  /**
   * The tag indices of a candidate list. A frozen list's are kept beside it (a word type's,
   * shared by all its tokens), so its labels skip the key cache: putting a new word's labels
   * there cost three times making their tags.
   */
  private tagsOf(candidates: readonly Candidate[]): Int32Array {
    let tags = this.listTags.get(candidates);
    if (!tags) {
      if (Object.isFrozen(candidates)) {
        tags = Int32Array.from(candidates, (c) => this.tagIndexOf(c));
        this.listTags.set(candidates, tags);
      } else tags = Int32Array.from(candidates, (c) => this.tagOf(c));
    }
    return tags;
  }

  private tagIdOf(name: string): number {
    return this.tagIndex.get(name) ?? -1;
  }

  /**
   * Posterior-marginal scores of a sentence: takes its tokens, the per-token model's scores (one
   * array per token, one score per candidate), the model's softmax temperature and the weight
   * λ (default: the model's own); returns new score arrays (log-probability units: rank with
   * temperature 1). Scores of tokens that are not scored are passed through.
   */
  decode(
    tokens: readonly Token[],
    scores: readonly Float64Array[],
    temperature: number,
    weight = this.data.weight,
  ): Float64Array[] {
    return this.decodePrepared(this.prepare(tokens, scores, temperature), weight);
  }

  /**
   * What {@link decodePrepared} reads of a sentence: each token's tags and log softmax(scores /
   * temperature). Training decodes D2 once per λ it tries, and prepares each sentence once.
   */
  prepare(tokens: readonly Token[], scores: readonly Float64Array[], temperature: number): PreparedSentence {
    const x = this.tagIdOf(NOT_SCORED_TAG);
    const scored = tokens.map(isScored);
    return {
      scores,
      scored,
      tags: tokens.map((t, i) => (scored[i] ? this.tagsOf(t.candidates) : Int32Array.of(x))),
      emit: tokens.map((_, i) => (scored[i] ? logSoftmax(scores[i], temperature) : Float64Array.of(0))),
    };
  }

  /** {@link decode} of a prepared sentence with weight λ. */
  decodePrepared(sentence: PreparedSentence, weight = this.data.weight): Float64Array[] {
    const lam = weight;
    const bos = this.tagIdOf(BOS_TAG);
    const eos = this.tagIdOf(EOS_TAG);
    const { tags, emit, scored, scores } = sentence;
    const trans = this.transitions(lam);
    const n = tags.length;
    // forward and backward values of every candidate, token after token in one array each (at[i]: token i's first)
    const at = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) at[i + 1] = at[i] + tags[i].length;
    const fwd = this.scratch(0, at[n]);
    const bwd = this.scratch(1, at[n]);
    let w = new Float64Array(16);
    for (let i = 0; i < n; i++) {
      const ti = tags[i];
      const f = at[i];
      if (i === 0) {
        for (let k = 0; k < ti.length; k++) fwd[f + k] = emit[0][k] + lam * this.logP(bos, ti[k]);
        continue;
      }
      const prev = fwd.subarray(at[i - 1], at[i]);
      if (w.length < prev.length) w = new Float64Array(prev.length);
      const max = shifted(prev, prev, w);
      for (let k = 0; k < ti.length; k++)
        fwd[f + k] = emit[i][k] + max + Math.log(trans.sumInto(tags[i - 1], w, ti[k]));
    }
    for (let i = n - 1; i >= 0; i--) {
      const ti = tags[i];
      const b = at[i];
      if (i === n - 1) {
        for (let k = 0; k < ti.length; k++) bwd[b + k] = lam * this.logP(ti[k], eos);
        continue;
      }
      const next = emit[i + 1];
      if (w.length < next.length) w = new Float64Array(next.length);
      const max = shifted(next, bwd.subarray(at[i + 1], at[i + 2]), w);
      for (let k = 0; k < ti.length; k++) bwd[b + k] = max + Math.log(trans.sumFrom(ti[k], tags[i + 1], w));
    }
    return tags.map((ti, i) => {
      if (!scored[i]) return scores[i];
      const out = new Float64Array(ti.length);
      for (let k = 0; k < out.length; k++) out[k] = fwd[at[i] + k] + bwd[at[i] + k];
      return out;
    });
  }

  /** Scratch array `which` (0: forward, 1: backward values) of at least n values, kept between calls. */
  private scratch(which: 0 | 1, n: number): Float64Array {
    let a = this.scratchArrays[which];
    if (a.length < n) a = this.scratchArrays[which] = new Float64Array(Math.max(n, 2 * a.length));
    return a;
  }

  /**
   * The transition weights exp(λ · log P(b | a)) of one λ, kept in a table once computed (made
   * on first use): the model's own λ, and the last other λ (training tries one λ on all of D2,
   * then the next); without tables (too many tags), each is computed.
   */
  private transitions(lam: number): Transitions {
    const side = this.nTags + 1;
    if (this.logPTable === null) return transitionsOf((a: number, b: number) => Math.exp(lam * this.logP(a, b)));
    let table: Float64Array;
    if (lam === this.data.weight) table = this.transTable ??= new Float64Array(side * side);
    else {
      if (this.otherTable?.lam !== lam)
        this.otherTable = { lam, table: (this.otherTable?.table ?? new Float64Array(side * side)).fill(0) };
      table = this.otherTable.table;
    }
    return transitionsOf((a, b) => {
      const at = (a + 1) * side + b + 1;
      let v = table[at];
      if (v === 0) table[at] = v = Math.exp(lam * this.logP(a, b));
      return v;
    });
  }
}

/** A sentence made ready for decoding ({@link TagSequence.prepare}). */
export interface PreparedSentence {
  readonly scores: readonly Float64Array[];
  readonly scored: readonly boolean[];
  readonly tags: readonly Int32Array[];
  readonly emit: readonly Float64Array[];
}

/** Sums of transition weights against shifted forward or backward values (see {@link TagSequence.decode}). */
interface Transitions {
  /** Σ_j w[j] · T(from[j], to). */
  sumInto(from: Int32Array, w: Float64Array, to: number): number;
  /** Σ_j T(from, to[j]) · w[j]. */
  sumFrom(from: number, to: Int32Array, w: Float64Array): number;
}

function transitionsOf(weightOf: (a: number, b: number) => number): Transitions {
  return {
    sumInto(from, w, to) {
      let s = 0;
      for (let j = 0; j < from.length; j++) s += w[j] * weightOf(from[j], to);
      return s;
    },
    sumFrom(from, to, w) {
      let s = 0;
      for (let j = 0; j < to.length; j++) s += weightOf(from, to[j]) * w[j];
      return s;
    },
  };
}

/**
 * Writes exp(a[j] + b[j] − max) into w (b = a: exp(a[j] − max)) for the first a.length values,
 * and returns the max; the log of a sum of such weights plus the max is a log-sum-exp without
 * overflow, one exponential per value instead of one per pair.
 */
function shifted(a: Float64Array, b: Float64Array, w: Float64Array): number {
  const same = a === b;
  let max = -Infinity;
  for (let j = 0; j < a.length; j++) {
    const v = same ? a[j] : a[j] + b[j];
    if (v > max) max = v;
  }
  for (let j = 0; j < a.length; j++) w[j] = max === -Infinity ? 0 : Math.exp((same ? a[j] : a[j] + b[j]) - max);
  return max;
}

/** log softmax(scores / temperature). */
function logSoftmax(scores: Float64Array, temperature: number): Float64Array {
  const n = scores.length;
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (scores[i] > max) max = scores[i];
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.exp((scores[i] - max) / temperature);
  const log = Math.log(sum);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (scores[i] - max) / temperature - log;
  return out;
}
