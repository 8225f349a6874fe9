/**
 * Ztf, the document-level features (Shah et al. 2010, section 3.2.2). From D1 we keep, for
 * each word and for each value of each tf target, the sorted list of D1 documents it occurs
 * in (postings). Then the co-occurrence C(w, e, v) = number of D1 documents holding both w
 * and v = |P(w) ∩ P(e, v)|, and df(w) = |P(w)|.
 *
 * The feature of candidate value v for token t of document d (words: d's Arabic tokens,
 * with term frequencies tf_d; the token's own occurrence is removed once):
 *   S = Σ_w tf_d(w)·C(w, e, v) − C(w_t, e, v),  M = Σ_w tf_d(w)·df(w) − df(w_t),  n = |d| − 1
 *   raw: S/n   log1p: log1p(S/n)   rel: S/M   logrel: log((S+1)/(M+1))     (0 when n or M is 0)
 * S is computed without forming the (huge) word × value table: with overlap(d′) =
 * Σ_{w ∈ d ∩ d′} tf_d(w), Σ_w tf_d(w)·C(w, e, v) = Σ_{d′ ∈ P(e, v)} overlap(d′), once per
 * (document, e, v) (features/ztf-values.ts); C(w_t, e, v) intersects two postings, through
 * bitsets when both are long.
 */
import { ModelFormatError } from '../src/errors.js';
import { TARGETS, type Target } from '../src/labels/elements.js';
import { N_TARGETS, docCount, type EncodedCorpus } from './encode.js';
import type { Vocab } from './vocab.js';

const EMPTY = new Int32Array(0);

const DOC_TABLES_KIND = 'lexdis-doc-tables';
const DOC_TABLES_VERSION = 1;

export interface DocTablesJSON {
  kind: typeof DOC_TABLES_KIND;
  version: number;
  nDocs: number;
  targets: Target[];
}

/** Flat buffers of DocTables: word postings, then per target (in `targets` order) value postings. */
export interface DocTablesBuffers {
  wordOffsets: Int32Array;
  wordDocs: Int32Array;
  valueOffsets: Int32Array[];
  valueDocs: Int32Array[];
}

/** Builds a CSR index from (key, doc) pairs pushed in ascending doc order. */
function csr(nKeys: number, keys: number[], docs: number[]): [Int32Array, Int32Array] {
  const offsets = new Int32Array(nKeys + 1);
  for (const k of keys) offsets[k + 1]++;
  for (let k = 0; k < nKeys; k++) offsets[k + 1] += offsets[k];
  const fill = offsets.slice(0, nKeys);
  const out = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) out[fill[keys[i]]++] = docs[i];
  return [offsets, out];
}

/** Number of common elements of two ascending arrays (galloping when one is much shorter). */
export function intersectCount(a: Int32Array, b: Int32Array): number {
  return intersectRanges(a, 0, a.length, b, 0, b.length);
}

/** Number of common elements of a[a0, a1) and b[b0, b1), both ascending. */
function intersectRanges(a: Int32Array, a0: number, a1: number, b: Int32Array, b0: number, b1: number): number {
  if (a1 - a0 > b1 - b0) return intersectRanges(b, b0, b1, a, a0, a1);
  if (a1 <= a0) return 0;
  let n = 0;
  if ((a1 - a0) * 8 < b1 - b0) {
    let lo = b0;
    for (let i = a0; i < a1; i++) {
      const x = a[i];
      let hi = b1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      if (lo < b1 && b[lo] === x) n++;
    }
    return n;
  }
  let i = a0;
  let j = b0;
  while (i < a1 && j < b1) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      n++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return n;
}

export class DocTables {
  private constructor(
    readonly nDocs: number,
    /** The tf targets indexed, in order. */
    readonly targets: readonly Target[],
    private readonly b: DocTablesBuffers,
  ) {}

  /**
   * Indexes D1: words of Arabic tokens, and gold values of each target in `targets` (every gold
   * label of a token with several).
   */
  static build(enc: EncodedCorpus, vocab: Vocab, targets: readonly Target[]): DocTables {
    const nDocs = docCount(enc);
    const nWords = vocab.size('word');
    const stamp = new Int32Array(nWords).fill(-1);
    const wk: number[] = [];
    const wd: number[] = [];
    for (let d = 0; d < nDocs; d++)
      for (let i = enc.docStart[d]; i < enc.docStart[d + 1]; i++) {
        const w = enc.word[i];
        if (enc.arabic[i] && w >= 0 && stamp[w] !== d) {
          stamp[w] = d;
          wk.push(w);
          wd.push(d);
        }
      }
    const [wordOffsets, wordDocs] = csr(nWords, wk, wd);
    const valueOffsets: Int32Array[] = [];
    const valueDocs: Int32Array[] = [];
    for (const target of targets) {
      const k = TARGETS.indexOf(target);
      const nValues = vocab.size(target);
      const vs = new Int32Array(nValues).fill(-1);
      const keys: number[] = [];
      const docs: number[] = [];
      const add = (v: number, d: number) => {
        if (v >= 0 && vs[v] !== d) {
          vs[v] = d;
          keys.push(v);
          docs.push(d);
        }
      };
      // a token's further gold labels (features/gold-rows.ts) follow the tokens' order
      const more = enc.moreGold;
      let j = 0;
      for (let d = 0; d < nDocs; d++) {
        for (let i = enc.docStart[d]; i < enc.docStart[d + 1]; i++) add(enc.gold[i * N_TARGETS + k], d);
        const end = enc.docStart[d + 1];
        for (; more && j < more.token.length && more.token[j] < end; j++) add(more.gold[j * N_TARGETS + k], d);
      }
      const [o, p] = csr(nValues, keys, docs);
      valueOffsets.push(o);
      valueDocs.push(p);
    }
    return new DocTables(nDocs, [...targets], { wordOffsets, wordDocs, valueOffsets, valueDocs });
  }

  /** Position of a target in `targets`, or -1. */
  targetPos(target: Target): number {
    return this.targets.indexOf(target);
  }

  /** Number of value ids indexed for targets[pos]. */
  valueCount(pos: number): number {
    return this.b.valueOffsets[pos].length - 1;
  }

  /** D1 documents containing word id w (ascending). */
  wordPostings(w: number): Int32Array {
    const o = this.b.wordOffsets;
    if (w < 0 || w + 1 >= o.length) return EMPTY;
    return this.b.wordDocs.subarray(o[w], o[w + 1]);
  }

  /** D1 documents whose gold labels include value v of targets[pos] (ascending). */
  valuePostings(pos: number, v: number): Int32Array {
    const o = this.b.valueOffsets[pos];
    if (v < 0 || v + 1 >= o.length) return EMPTY;
    return this.b.valueDocs[pos].subarray(o[v], o[v + 1]);
  }

  /** df(w): number of D1 documents containing w. */
  df(w: number): number {
    const o = this.b.wordOffsets;
    return w < 0 || w + 1 >= o.length ? 0 : o[w + 1] - o[w];
  }

  /**
   * C(w, e, v): D1 documents holding both word w and value v of targets[pos]. Long postings
   * (at least one bitset's worth of words) are intersected through bitsets built on demand.
   */
  cooccurrence(w: number, pos: number, v: number): number {
    const wo = this.b.wordOffsets;
    const vo = this.b.valueOffsets[pos];
    if (w < 0 || w + 1 >= wo.length || v < 0 || v + 1 >= vo.length) return 0;
    const a0 = wo[w];
    const a1 = wo[w + 1];
    const b0 = vo[v];
    const b1 = vo[v + 1];
    const words = (this.nDocs + 31) >>> 5;
    if (a1 - a0 < words || b1 - b0 < words)
      return intersectRanges(this.b.wordDocs, a0, a1, this.b.valueDocs[pos], b0, b1);
    const ba = this.bitset(0, w, this.b.wordDocs, a0, a1);
    const bb = this.bitset(pos + 1, v, this.b.valueDocs[pos], b0, b1);
    let n = 0;
    for (let i = 0; i < words; i++) {
      let x = ba[i] & bb[i];
      x -= (x >>> 1) & 0x55555555;
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      n += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return n;
  }

  /** Σ over the D1 documents d′ holding value v of targets[pos] of weights[d′]. */
  sumOverValueDocs(pos: number, v: number, weights: Float64Array): number {
    const vo = this.b.valueOffsets[pos];
    if (v < 0 || v + 1 >= vo.length) return 0;
    const docs = this.b.valueDocs[pos];
    let s = 0;
    for (let i = vo[v], e = vo[v + 1]; i < e; i++) s += weights[docs[i]];
    return s;
  }

  /** Bitsets of long postings, per list (0 = words, 1 + pos = values of targets[pos]) and id. */
  private readonly bitsets: Map<number, Uint32Array>[] = [];

  private bitset(list: number, id: number, docs: Int32Array, from: number, to: number): Uint32Array {
    const cache = (this.bitsets[list] ??= new Map());
    let bs = cache.get(id);
    if (!bs) {
      bs = new Uint32Array((this.nDocs + 31) >>> 5);
      for (let i = from; i < to; i++) bs[docs[i] >>> 5] |= 1 << (docs[i] & 31);
      cache.set(id, bs);
    }
    return bs;
  }

  toJSON(): DocTablesJSON {
    return { kind: DOC_TABLES_KIND, version: DOC_TABLES_VERSION, nDocs: this.nDocs, targets: [...this.targets] };
  }

  toBuffers(): DocTablesBuffers {
    return this.b;
  }

  /** Rebuilds saved tables; checks the kind tag and the shape of every buffer. */
  static load(json: unknown, b: DocTablesBuffers): DocTables {
    const j = json as Partial<DocTablesJSON> | null;
    if (!j || typeof j !== 'object' || j.kind !== DOC_TABLES_KIND)
      throw new ModelFormatError(`not lexdis document tables (kind tag '${String(j?.kind)}')`);
    if (j.version !== DOC_TABLES_VERSION) throw new ModelFormatError(`document tables version ${String(j.version)}`);
    const targets = j.targets ?? [];
    const nDocs = j.nDocs ?? -1;
    const ok = (o: Int32Array, d: Int32Array) =>
      o.length >= 1 && o[0] === 0 && o[o.length - 1] === d.length && d.every((x) => x >= 0 && x < nDocs);
    if (!targets.every((t) => (TARGETS as readonly string[]).includes(t)) || b.valueOffsets.length !== targets.length ||
        b.valueDocs.length !== targets.length || !ok(b.wordOffsets, b.wordDocs) ||
        !b.valueOffsets.every((o, i) => ok(o, b.valueDocs[i])))
      throw new ModelFormatError('document tables are damaged');
    return new DocTables(nDocs, targets, b);
  }
}
