/**
 * Feature extraction (z_ijk = β*_jk x_ij, Algorithm 1): for a token and its candidate labels,
 * one row of p values per candidate, p = templates.length, column j = template j. Local
 * templates read β* (features/beta.ts) through a value transform (features/transform.ts);
 * document templates read Ztf (features/ztf-tables.ts, features/ztf-values.ts). Per token and group
 * (word kind × context), β* is entered once (one hash look-up of the context); the distinct
 * values of the candidates, sorted per target, are then found in one forward (galloping) walk
 * of the context's run.
 *
 * Use: `const fx = new FeatureExtractor(parts); const df = fx.document(doc);` then
 * `df.sentence(s, candidates)` → one Float64Array per token, z[k·p + j] = feature j of
 * candidate k, or `df.scoreInto(…)` → Σθ·z per candidate without the rows
 * (features/extract-document.ts). Deterministic; the hot loop does no string work and no
 * per-feature allocation: per token, each distinct value of each target among the candidates
 * is looked up once. A frozen candidate list (the tagger's, shared by a word type) keeps its
 * plan (features/candidate-plan.ts), and its groups' values in contexts with few values are
 * memoized (features/group-memo.ts); both give the same numbers.
 */
import { flat, MAP_ENTRY_BYTES, stringBytes, typedArrayBytes } from '../src/heap-bytes.js';
import type { Candidate, Document } from '../src/corpus/types.js';
import { UsageError } from '../src/errors.js';
import { TARGETS } from '../src/labels/elements.js';
import { targetIds } from '../src/corpus/targets.js';
import type { BetaTable } from './beta.js';
import { planDocColumns, planGroups, type DocColumn, type ExtractGroup } from './extract-plan.js';
import { DocContext } from './ztf-values.js';
import type { DocTables } from './ztf-tables.js';
import { DocumentFeatures } from './extract-document.js';
import { N_TARGETS, encodeCorpus } from './encode.js';
import { LABEL_CONTEXTS } from './neighbours.js';
import { RULE_TEMPLATE_NAME, isRuleTemplate, targetIndex, validateTemplates, type Template } from './templates.js';
import { VALUE_TRANSFORM_DEFS, isTransform, transformFunction, type ValueTransform } from './transform.js';
import { PlanScratch, type CandidatePlan } from './candidate-plan.js';
import { GroupMemo } from './group-memo.js';
import type { Vocab } from './vocab.js';

/** What an extractor is built from (all produced by stage one, or loaded from a model). */
export interface ExtractorParts {
  templates: readonly Template[];
  vocab: Vocab;
  counts: BetaTable;
  /** Required when the templates include document templates. */
  doc?: DocTables | null;
  transform: ValueTransform;
}

const LABEL_CACHE_LIMIT = 200_000;
/**
 * The bytes that cache may hold (src/heap-bytes.ts: each label key and its ids); it starts afresh
 * beyond either bound.
 */
const LABEL_CACHE_BYTES = 64 * 2 ** 20;
/** Counts below this get their feature value from a table (transforms that do not read the marginal). */
const COUNT_TABLE_SIZE = 4096;

export { DocumentFeatures };

export class FeatureExtractor {
  /** Number of columns (= templates.length). */
  readonly p: number;
  readonly templates: readonly Template[];
  readonly transform: ValueTransform;
  /** @internal */ readonly groups: ExtractGroup[];
  /** Whether some template reads the neighbour-label contexts (features/neighbours.ts). */
  readonly labelContexts: boolean;
  /** @internal */ readonly docColumns: DocColumn[];
  /** @internal */ readonly usedTargets: Int32Array;
  /** @internal The source template's column (features/templates.ts, RuleTemplate; always the last), or -1. */
  readonly ruleColumn: number;
  /** @internal The target index of each column (template). */ readonly columnTargets: Int32Array;
  /** @internal The value transform's function of (count, marginal). */ readonly value: (
    count: number,
    marginal: number,
  ) => number;
  private readonly labelCache = new Map<string, Int32Array>();
  private labelCacheBytes = 0;
  private readonly byObject = new WeakMap<Candidate, Int32Array>();
  /** Plans of frozen candidate lists (features/candidate-plan.ts), held only as long as the list is. */
  private readonly plans = new WeakMap<readonly Candidate[], CandidatePlan>();
  /** Plans kept so far (their ids: never reused). */
  private planCount = 0;
  /**
   * @internal Group values of kept plans in the contexts seen last (bounded,
   * features/group-memo.ts); made on first use.
   */
  memoStore: GroupMemo | null = null;
  /** The vocabulary's table of each target, in TARGETS order (label, then the elements): valueIds' look-ups. */
  private readonly targetMaps: ReadonlyArray<ReadonlyMap<string, number>>;
  /** value(count, ·) for counts below COUNT_TABLE_SIZE when the transform does not read the marginal, else null. */
  private readonly countTable: Float64Array | null;
  /** β*'s count unit: a count of n is n / unit tokens (BetaTable.unit). */
  private readonly unit: number;

  constructor(readonly parts: ExtractorParts) {
    validateTemplates(parts.templates);
    if (!isTransform(parts.transform)) throw new UsageError(`unknown value transform '${parts.transform}'`);
    this.templates = parts.templates;
    this.p = parts.templates.length;
    this.transform = parts.transform;
    this.value = transformFunction(parts.transform);
    this.groups = planGroups(parts);
    this.docColumns = planDocColumns(parts);
    this.labelContexts = this.groups.some((g) => (LABEL_CONTEXTS as readonly string[]).includes(g.context));
    this.usedTargets = Int32Array.from(new Set(parts.templates.map((t) => targetIndex(t.target))));
    this.columnTargets = Int32Array.from(parts.templates, (t) => targetIndex(t.target));
    this.ruleColumn = parts.templates.findIndex(isRuleTemplate);
    if (this.ruleColumn >= 0 && this.ruleColumn !== this.p - 1)
      throw new UsageError(`template ${RULE_TEMPLATE_NAME} must be the last`);
    this.targetMaps = TARGETS.map((t) => parts.vocab.map(t));
    const unit = (this.unit = parts.counts.unit);
    this.countTable = VALUE_TRANSFORM_DEFS[parts.transform].relative
      ? null
      : Float64Array.from({ length: COUNT_TABLE_SIZE }, (_, n) => this.value(n / unit, 0));
  }

  /**
   * The feature value of a β* count with marginal m (both in β*'s unit): the transform's value of
   * the counts in tokens, read from a table where it can be (the same number).
   */
  countValue(count: number, marginal: number): number {
    const table = this.countTable;
    if (table !== null && count < COUNT_TABLE_SIZE) return table[count];
    return this.unit === 1 ? this.value(count, marginal) : this.value(count / this.unit, marginal / this.unit);
  }

  /** @internal The memo of group values (features/group-memo.ts), made when first needed (only kept plans use it). */
  get memo(): GroupMemo {
    return (this.memoStore ??= new GroupMemo());
  }

  /**
   * The plan of a candidate list (features/candidate-plan.ts): the one kept for a frozen list
   * (built on first use), else built into `scratch`, which the caller owns.
   */
  plan(candidates: readonly Candidate[], scratch: PlanScratch): CandidatePlan {
    const frozen = Object.isFrozen(candidates);
    if (frozen) {
      const kept = this.plans.get(candidates);
      if (kept) return kept;
    }
    // a kept plan is built once per list: its candidates' ids are looked up (or read from the
    // caches) into one scratch array, not stored (storing them cost more than the look-ups)
    scratch.build(candidates, this.usedTargets, frozen ? this.transientIds : (c) => this.valueIds(c));
    if (!frozen) return scratch;
    const kept = scratch.copy(candidates.length, ++this.planCount);
    this.plans.set(candidates, kept);
    return kept;
  }

  /**
   * Value ids of a candidate for every target (TARGETS order; -1 = unseen in D1). Cached by
   * candidate object (readers and the analyzer share candidate objects across tokens of a word)
   * and by label key.
   */
  valueIds(c: Candidate): Int32Array {
    let ids = this.byObject.get(c);
    if (ids) return ids;
    ids = this.labelCache.get(c.key);
    if (!ids) {
      ids = this.lookUpIds(c, new Int32Array(N_TARGETS));
      const bytes = MAP_ENTRY_BYTES + stringBytes(c.key) + typedArrayBytes(4 * N_TARGETS);
      if (this.labelCache.size >= LABEL_CACHE_LIMIT || this.labelCacheBytes + bytes > LABEL_CACHE_BYTES) {
        this.labelCache.clear();
        this.labelCacheBytes = 0;
      }
      this.labelCache.set(flat(c.key), ids);
      this.labelCacheBytes += bytes;
    }
    this.byObject.set(c, ids);
    return ids;
  }

  /**
   * {@link valueIds} from the caches when they hold them, else looked up into one scratch array
   * (valid until the next call) and not kept.
   */
  private readonly transientIds = (c: Candidate): Int32Array =>
    this.byObject.get(c) ?? this.labelCache.get(c.key) ?? this.lookUpIds(c, this.idScratch);

  /** The id of a value of target TARGETS[k] in the vocabulary, -1 when D1 never had it. */
  private readonly idOfValue = (k: number, value: string): number => this.targetMaps[k].get(value) ?? -1;

  /** Scratch of {@link transientIds}. */
  private readonly idScratch = new Int32Array(N_TARGETS);

  /** Writes the value ids of a candidate (TARGETS order; -1 = unseen in D1) into `ids`; returns it. */
  private lookUpIds(c: Candidate, ids: Int32Array): Int32Array {
    return targetIds(c, ids, this.idOfValue);
  }

  /** Prepares one document: encodes it against the (frozen) vocabulary and sets up Ztf. */
  document(doc: Document): DocumentFeatures {
    const enc = encodeCorpus([doc], this.parts.vocab, { mode: 'lookup', gold: false, labels: this.labelContexts });
    const ctx = this.docColumns.length > 0 ? new DocContext(this.parts.doc!, enc, this.transform) : null;
    return new DocumentFeatures(this, doc, enc, ctx);
  }
}

