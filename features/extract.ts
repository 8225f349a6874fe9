/**
 * Feature extraction (z_ijk = β*_jk x_ij, Algorithm 1): for a token and its candidate labels,
 * one row of p values per candidate, p = templates.length, column j = template j. Local
 * templates read β* (features/beta.ts) through a value transform (features/transform.ts);
 * document templates read Ztf (features/doc.ts, features/doc-context.ts). Per token and group
 * (word kind × context), β* is entered once (one hash look-up of the context); the distinct
 * values of the candidates, sorted per target, are then found in one forward (galloping) walk
 * of the context's run.
 *
 * Use: `const fx = new FeatureExtractor(parts); const df = fx.document(doc);` then
 * `df.sentence(s, candidates)` → one Float64Array per token, z[k·p + j] = feature j of
 * candidate k. Deterministic; the hot loop does no string work and no per-feature allocation:
 * per token, each distinct value of each target among the candidates is looked up once.
 */
import type { Candidate, Document } from '../src/corpus/types.js';
import { UsageError } from '../src/errors.js';
import { LABEL_ELEMENTS } from '../src/labels/elements.js';
import { NONE, VALUE_LIMIT, type BetaTable } from './beta.js';
import { planDocColumns, planGroups, type DocColumn, type ExtractGroup } from './extract-plan.js';
import { DocContext } from './doc-context.js';
import type { DocTables } from './doc.js';
import { N_TARGETS, contextArray, encodeCorpus, type EncodedCorpus } from './encode.js';
import { LABEL_CONTEXTS } from './neighbours.js';
import { targetIndex, validateTemplates, type Template } from './templates.js';
import { isTransform, transformFunction, type ValueTransform } from './transform.js';
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
const EMPTY_KEYS = new Int32Array(0);
const EMPTY_COUNTS = new Uint32Array(0);

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
  /** @internal The value transform's function of (count, marginal). */ readonly value: (count: number, marginal: number) => number;
  private readonly labelCache = new Map<string, Int32Array>();
  private readonly byObject = new WeakMap<Candidate, Int32Array>();

  constructor(readonly parts: ExtractorParts) {
    validateTemplates(parts.templates);
    if (!isTransform(parts.transform))
      throw new UsageError(`unknown value transform '${parts.transform}'`);
    this.templates = parts.templates;
    this.p = parts.templates.length;
    this.transform = parts.transform;
    this.value = transformFunction(parts.transform);
    this.groups = planGroups(parts);
    this.docColumns = planDocColumns(parts);
    this.labelContexts = this.groups.some((g) => (LABEL_CONTEXTS as readonly string[]).includes(g.context));
    this.usedTargets = Int32Array.from(new Set(parts.templates.map((t) => targetIndex(t.target))));
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
      const v = this.parts.vocab;
      ids = new Int32Array(N_TARGETS);
      ids[0] = v.get('label', c.key);
      for (let k = 0; k < LABEL_ELEMENTS.length; k++) ids[k + 1] = v.get(LABEL_ELEMENTS[k], c.elements[LABEL_ELEMENTS[k]]);
      if (this.labelCache.size >= LABEL_CACHE_LIMIT) this.labelCache.clear();
      this.labelCache.set(c.key, ids);
    }
    this.byObject.set(c, ids);
    return ids;
  }

  /** Prepares one document: encodes it against the (frozen) vocabulary and sets up Ztf. */
  document(doc: Document): DocumentFeatures {
    const enc = encodeCorpus([doc], this.parts.vocab, { mode: 'lookup', gold: false, labels: this.labelContexts });
    const ctx = this.docColumns.length > 0 ? new DocContext(this.parts.doc!, enc, this.transform) : null;
    return new DocumentFeatures(this, doc, enc, ctx);
  }
}

/** Feature rows for the tokens of one document. */
export class DocumentFeatures {
  private readonly ctxArrays: (Int32Array | null)[];
  private cap = 0;
  private uniq = new Int32Array(0);
  private slot = new Int32Array(0);
  private tv = new Float64Array(0);
  private remap = new Int32Array(0);
  private perm = new Int32Array(0);
  private readonly nUniq = new Int32Array(N_TARGETS);

  constructor(
    private readonly fx: FeatureExtractor,
    readonly doc: Document,
    /** The document's encoding (lookup mode). */
    readonly enc: EncodedCorpus,
    private readonly docCtx: DocContext | null,
  ) {
    this.ctxArrays = fx.groups.map((g) => contextArray(enc, g.context));
  }

  /** z for every token of sentence s; `candidates[i]` defaults to the token's own candidates. */
  sentence(s: number, candidates?: ReadonlyArray<readonly Candidate[]>): Float64Array[] {
    const tokens = this.doc.sentences[s].tokens;
    return tokens.map((tok, i) => this.token(s, i, candidates ? candidates[i] : tok.candidates));
  }

  /** z for token i of sentence s with the given candidates: length candidates.length × p. */
  token(s: number, i: number, candidates: readonly Candidate[]): Float64Array {
    const out = new Float64Array(candidates.length * this.fx.p);
    this.tokenInto(s, i, candidates, out, 0);
    return out;
  }

  /** Writes z into out[offset …] (candidates.length × p values). */
  tokenInto(s: number, i: number, candidates: readonly Candidate[], out: Float64Array, offset: number): void {
    const K = candidates.length;
    if (K === 0) return;
    const fx = this.fx;
    const p = fx.p;
    const ti = this.enc.sentStart[s] + i;
    if (s >= this.enc.sentStart.length - 1 || ti >= this.enc.sentStart[s + 1]) throw new UsageError(`no token ${i} in sentence ${s}`);
    if (K > this.cap) this.growScratch(K);
    const cap = this.cap;
    const uniq = this.uniq;
    const slot = this.slot;
    const nUniq = this.nUniq;
    const tv = this.tv;
    // Distinct value ids per used target, and each candidate's slot among them.
    const used = fx.usedTargets;
    for (let u = 0; u < used.length; u++) nUniq[used[u]] = 0;
    for (let k = 0; k < K; k++) {
      const ids = fx.valueIds(candidates[k]);
      for (let u = 0; u < used.length; u++) {
        const t = used[u];
        const v = ids[t];
        const base = t * cap;
        let n = nUniq[t];
        let x = 0;
        while (x < n && uniq[base + x] !== v) x++;
        if (x === n) {
          uniq[base + x] = v;
          nUniq[t] = ++n;
        }
        slot[k * N_TARGETS + t] = x;
      }
    }
    // Sort each target's distinct values ascending (and remap the slots), so that a run of β*
    // is walked once, forward, per group.
    const remap = this.remap;
    const perm = this.perm;
    for (let u = 0; u < used.length; u++) {
      const t = used[u];
      const n = nUniq[t];
      if (n < 2) continue;
      const base = t * cap;
      let sorted = true;
      for (let x = 1; x < n && sorted; x++) if (uniq[base + x - 1] > uniq[base + x]) sorted = false;
      if (sorted) continue;
      for (let x = 0; x < n; x++) remap[x] = x;
      for (let x = 1; x < n; x++) {
        const v = uniq[base + x];
        const r = remap[x];
        let y = x - 1;
        while (y >= 0 && uniq[base + y] > v) {
          uniq[base + y + 1] = uniq[base + y];
          remap[y + 1] = remap[y];
          y--;
        }
        uniq[base + y + 1] = v;
        remap[y + 1] = r;
      }
      for (let x = 0; x < n; x++) perm[remap[x]] = x;
      for (let k = 0; k < K; k++) slot[k * N_TARGETS + t] = perm[slot[k * N_TARGETS + t]];
    }
    const beta = fx.parts.counts;
    const word = this.enc.word[ti];
    const value = fx.value;
    for (let gi = 0; gi < fx.groups.length; gi++) {
      const g = fx.groups[gi];
      const w = g.word === 'word' ? word : NONE;
      const ca = this.ctxArrays[gi];
      const c = ca === null ? NONE : ca[ti];
      const known = (g.word === 'none' || w >= 0) && (ca === null || c >= 0);
      const dense = g.dense;
      if (dense) {
        const m = dense.marginal;
        for (let mi = 0; mi < g.columns.length; mi++) {
          const t = g.targets[mi];
          const row = dense.counts[t]!;
          const n = nUniq[t];
          const base = t * cap;
          for (let x = 0; x < n; x++) {
            const v = uniq[base + x];
            const cnt = v >= 0 && v < row.length ? row[v] : 0;
            tv[x] = value(cnt, m);
          }
          const j = g.columns[mi];
          for (let k = 0; k < K; k++) out[offset + k * p + j] = tv[slot[k * N_TARGETS + t]];
        }
        continue;
      }
      // One look-up of the context (w, c) and its marginal; then one forward walk of its run
      // (galloping), as the queried keys (target, value) come in ascending order.
      const at = known ? beta.find(g.group, w, c) : -1;
      const m = at >= 0 ? beta.marginalAt(at) : 0;
      const keys = at >= 0 ? beta.runKeys(at) : EMPTY_KEYS;
      const cnts = at >= 0 ? beta.runCounts(at) : EMPTY_COUNTS;
      let cur = at >= 0 ? beta.runStart(at) : 0;
      const end = at >= 0 ? beta.runEnd(at) : 0;
      for (let mi = 0; mi < g.columns.length; mi++) {
        const t = g.targets[mi];
        const j = g.columns[mi];
        const n = nUniq[t];
        const base = t * cap;
        const keyBase = t * VALUE_LIMIT;
        for (let x = 0; x < n; x++) {
          const v = uniq[base + x];
          let cnt = 0;
          if (v >= 0 && cur < end) {
            const key = keyBase + v;
            if (keys[cur] < key) {
              // Gallop: find hi with keys[hi] ≥ key, then binary search in (lo, hi].
              let lo = cur;
              let step = 1;
              let hi = cur + 1;
              while (hi < end && keys[hi] < key) {
                lo = hi;
                step *= 2;
                hi = lo + step;
              }
              if (hi > end) hi = end;
              while (lo + 1 < hi) {
                const mid = (lo + hi) >>> 1;
                if (keys[mid] < key) lo = mid;
                else hi = mid;
              }
              cur = hi;
            }
            if (cur < end && keys[cur] === key) cnt = cnts[cur];
          }
          tv[x] = value(cnt, m);
        }
        for (let k = 0; k < K; k++) out[offset + k * p + j] = tv[slot[k * N_TARGETS + t]];
      }
    }
    const dc = this.docCtx;
    if (dc) {
      for (const col of fx.docColumns) {
        const t = col.target;
        const n = nUniq[t];
        const base = t * cap;
        for (let x = 0; x < n; x++) tv[x] = dc.value(col.pos, uniq[base + x], ti);
        for (let k = 0; k < K; k++) out[offset + k * p + col.column] = tv[slot[k * N_TARGETS + t]];
      }
    }
  }

  private growScratch(K: number): void {
    let cap = Math.max(16, this.cap);
    while (cap < K) cap *= 2;
    this.cap = cap;
    this.uniq = new Int32Array(cap * N_TARGETS);
    this.slot = new Int32Array(cap * N_TARGETS);
    this.tv = new Float64Array(cap);
    this.remap = new Int32Array(cap);
    this.perm = new Int32Array(cap);
  }
}
