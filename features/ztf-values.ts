/**
 * Ztf values for the tokens of one document (Shah et al. 2010, section 3.2.2); see
 * features/ztf-tables.ts for the definition. S(d, e, v) = Σ_{d′ ∈ P(e, v)} overlap(d′) is computed
 * once per (document, e, v) and kept in per-value arrays stamped with the document's serial
 * number (no Map in the hot path); the token's own occurrence is removed with C(w_t, e, v).
 */
import type { DocTables } from './ztf-tables.js';
import type { EncodedCorpus } from './encode.js';
import { VALUE_TRANSFORM_DEFS, type ValueTransform } from './transform.js';

/** Ztf values for the tokens of one document (see the module comment). */
/** Scratch shared by the DocContexts of one DocTables: per target, S values stamped by document. */
interface TotalsScratch {
  value: Float64Array;
  stamp: Int32Array;
}
const scratchOf = new WeakMap<DocTables, TotalsScratch[]>();
let docSerial = 0;

export class DocContext {
  private readonly tf = new Map<number, number>();
  private readonly n: number;
  private readonly m: number;
  private overlap: Float64Array | null = null;
  /** Per target position: S per value id, valid where stamp = this.serial (no Map in the hot path). */
  private readonly scratch: TotalsScratch[];
  private readonly serial = ++docSerial;
  private readonly fn: (count: number, marginal: number) => number;
  private readonly relative: boolean;

  /** `enc` holds one document, encoded in lookup mode against D1's vocabulary. */
  constructor(
    private readonly tables: DocTables,
    private readonly enc: EncodedCorpus,
    transform: ValueTransform,
  ) {
    let n = 0;
    for (let i = 0; i < enc.nTokens; i++) {
      if (!enc.arabic[i]) continue;
      n++;
      const w = enc.word[i];
      if (w >= 0 && tables.df(w) > 0) this.tf.set(w, (this.tf.get(w) ?? 0) + 1);
    }
    let m = 0;
    for (const [w, f] of this.tf) m += f * tables.df(w);
    this.n = n;
    this.m = m;
    this.fn = VALUE_TRANSFORM_DEFS[transform].value;
    this.relative = VALUE_TRANSFORM_DEFS[transform].relative;
    let sc = scratchOf.get(tables);
    if (!sc) {
      sc = tables.targets.map((_, pos) => {
        const nValues = Math.max(0, tables.valueCount(pos));
        return { value: new Float64Array(nValues), stamp: new Int32Array(nValues) };
      });
      scratchOf.set(tables, sc);
    }
    this.scratch = sc;
  }

  private overlaps(): Float64Array {
    if (this.overlap) return this.overlap;
    const o = new Float64Array(this.tables.nDocs);
    for (const [w, f] of this.tf) {
      const p = this.tables.wordPostings(w);
      for (let i = 0; i < p.length; i++) o[p[i]] += f;
    }
    return (this.overlap = o);
  }

  /** Σ_w tf_d(w)·C(w, e, v) over the whole document. */
  total(pos: number, v: number): number {
    const sc = this.scratch[pos];
    if (v < 0 || v >= sc.stamp.length) return 0;
    if (sc.stamp[v] === this.serial) return sc.value[v];
    const s = this.tables.sumOverValueDocs(pos, v, this.overlaps());
    sc.stamp[v] = this.serial;
    sc.value[v] = s;
    return s;
  }

  /** The transformed Ztf value of value v of targets[pos] for token i of the document. */
  value(pos: number, v: number, i: number): number {
    const s = this.total(pos, v);
    // C(w_t, e, v) ≤ S: only looked up when S > 0
    return this.transformed(s, i, s > 0 ? this.own(pos, v, i) : 0);
  }

  /**
   * C(w_t, e, v) for token i (value v of targets[pos]), what {@link value} takes out of S for
   * the token's own occurrence: 0 for a token that is not Arabic or whose word D1 lacks. It
   * depends on the word and the value only, not on the document.
   */
  own(pos: number, v: number, i: number): number {
    const w = this.enc.word[i];
    return this.enc.arabic[i] && w >= 0 ? this.tables.cooccurrence(w, pos, v) : 0;
  }

  /** {@link value} given the token's own C(w_t, e, v) (see {@link own}). */
  valueWith(pos: number, v: number, i: number, own: number): number {
    return this.transformed(this.total(pos, v), i, own);
  }

  /** The value of S for token i, its own occurrence `own` taken out (see the module comment). */
  private transformed(s: number, i: number, own: number): number {
    let m = this.m;
    let n = this.n;
    if (this.enc.arabic[i]) {
      n--;
      const w = this.enc.word[i];
      if (w >= 0) {
        s -= own;
        m -= this.tables.df(w);
      }
    }
    // A transform of the marginal reads (S, m); the others read S per word of the document.
    if (this.relative) return this.fn(s, m);
    return n > 0 ? this.fn(s / n, 0) : 0;
  }
}
