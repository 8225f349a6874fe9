/**
 * Stage one's gold rows for tokens with several gold labels (Token.golds: a vocalized word that
 * several analyses spell alike, docs/formats.md). The paper's count β*_jk = Σ_i x_ij y_ik takes
 * y_ik, token i's indicator of value k; a token whose gold is any of m labels counts each of
 * them with weight 1/m (y_ik = the share of its gold labels with value k), so that it weighs one
 * token in every marginal: a label element its gold labels share is counted whole, one they
 * differ in is split between their values (docs/method.md, "Several gold labels").
 *
 * Counts stay exact integers: every weight is in units of 1/`unit` of a token, `unit` the least
 * common multiple of the corpus's gold-label numbers (1 when every token has one gold label: the
 * counts, and the model, are then those of a corpus without ties), at most {@link MAX_GOLD_UNIT},
 * and small enough that the corpus's total weight fits a 32-bit count. Where m does not divide
 * `unit`, the first (unit mod m) of a token's gold labels get one unit more (largest remainder).
 */
import type { Document } from '../src/corpus/types.js';

/** The largest unit of a gold row's weight (the least common multiple of 1…10). */
export const MAX_GOLD_UNIT = 2520;

/** The largest total a 32-bit count holds. */
const MAX_COUNT = 0xffffffff;

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * The unit of stage one's gold weights for some documents (see the module comment): 1 when no
 * token has several gold labels. Takes the documents; returns the unit.
 */
export function goldUnit(docs: readonly Document[]): number {
  let unit = 1;
  let gold = 0;
  for (const d of docs)
    for (const s of d.sentences)
      for (const t of s.tokens) {
        if (t.gold < 0) continue;
        gold++;
        const m = t.golds?.length ?? 1;
        if (unit < MAX_GOLD_UNIT && unit % m !== 0) unit = Math.min(MAX_GOLD_UNIT, (unit * m) / gcd(unit, m));
      }
  return Math.max(1, Math.min(unit, Math.floor(MAX_COUNT / Math.max(1, gold))));
}

/** The weight, in units of 1/`unit`, of gold label j (0-based) of a token with m gold labels. */
export function goldShare(unit: number, m: number, j: number): number {
  return Math.floor(unit / m) + (j < unit % m ? 1 : 0);
}

/** The gold rows beyond each token's first gold label: for row j, its token and its value ids. */
export interface MoreGoldRows {
  /** The token of each extra row. */
  token: Int32Array;
  /** Value ids, N_TARGETS a row. */
  gold: Int32Array;
}

/** Collects the extra gold rows of an encoding (features/encode.ts) as its tokens are encoded. */
export class GoldRowBuilder {
  private readonly tokens: number[] = [];
  private readonly ids: number[] = [];
  private readonly extraWeights: number[] = [];
  /** The weight of the first gold row of each token with several gold labels. */
  private readonly firstWeights = new Map<number, number>();

  /**
   * Takes the encoding's token count, the unit, its number of targets and whether to allocate
   * shared buffers.
   */
  constructor(
    private readonly nTokens: number,
    readonly unit: number,
    private readonly nTargets: number,
    private readonly shared: boolean,
  ) {}

  /**
   * Token t's gold labels (their value ids, in order): the first is the token's own row (its
   * weight recorded), the others extra rows.
   */
  add(t: number, labels: readonly Int32Array[]): void {
    const m = labels.length;
    this.firstWeights.set(t, goldShare(this.unit, m, 0));
    for (let j = 1; j < m; j++) {
      this.tokens.push(t);
      for (let k = 0; k < this.nTargets; k++) this.ids.push(labels[j][k]);
      this.extraWeights.push(goldShare(this.unit, m, j));
    }
  }

  /** The extra rows and every row's weight (tokens first, then the extra rows); null when no token had several. */
  finish(): { moreGold: MoreGoldRows; goldWeight: Uint32Array } | null {
    if (this.firstWeights.size === 0) return null;
    const n = this.tokens.length;
    const i32 = (k: number) => (this.shared ? new Int32Array(new SharedArrayBuffer(k * 4)) : new Int32Array(k));
    const token = i32(n);
    token.set(this.tokens);
    const gold = i32(n * this.nTargets);
    gold.set(this.ids);
    const rows = this.nTokens + n;
    const goldWeight = this.shared ? new Uint32Array(new SharedArrayBuffer(rows * 4)) : new Uint32Array(rows);
    goldWeight.fill(this.unit, 0, this.nTokens);
    for (const [t, w] of this.firstWeights) goldWeight[t] = w;
    goldWeight.set(this.extraWeights, this.nTokens);
    return { moreGold: { token, gold }, goldWeight };
  }
}
