/**
 * Statistics of a gold corpus that the scale-up generator must keep (candidates per token,
 * label distribution, document lengths) or grow realistically (word and lemma vocabularies,
 * with their Heaps' law fits). Built document by document, so a generated corpus can be
 * measured while it is streamed to disk.
 */
import type { Corpus, Document } from '../src/corpus/types.js';

/** Heaps' law V(n) = K·n^β, fitted by least squares on log V against log n. */
export interface HeapsFit {
  K: number;
  beta: number;
  /** Points (tokens, types) the fit used. */
  points: number;
}

/** Fits Heaps' law to (tokens, types) points; points under `minTokens` tokens are left out. */
export function fitHeaps(points: readonly (readonly [number, number])[], minTokens = 1000): HeapsFit {
  const use = points.filter(([n, v]) => n >= minTokens && v > 0);
  if (use.length < 2) throw new Error(`Heaps fit needs two points of ≥ ${minTokens} tokens, got ${use.length}`);
  const xs = use.map(([n]) => Math.log(n));
  const ys = use.map(([, v]) => Math.log(v));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  const beta = sxy / sxx;
  return { K: Math.exp(my - beta * mx), beta, points: use.length };
}

export interface CorpusStats {
  documents: number;
  sentences: number;
  tokens: number;
  /** Tokens to disambiguate, and those with a gold label (of which not among the analyzer's). */
  arabicTokens: number;
  goldTokens: number;
  goldUnmatched: number;
  /** Tokens per document. */
  docTokens: { mean: number; sd: number; min: number; p50: number; p90: number; max: number };
  /** Candidates per Arabic token: mean, and the share of tokens with k candidates (last bucket: ≥ 16). */
  candidates: { mean: number; shares: number[] };
  /** Share of each POS element among the gold labels. */
  goldPos: Record<string, number>;
  /** Distinct look-up forms of Arabic tokens, distinct candidate lemmas, distinct gold labels. */
  wordTypes: number;
  lemmaTypes: number;
  goldLabelTypes: number;
  heaps: { words: HeapsFit; lemmas: HeapsFit };
}

const BUCKETS = 17;

/** Accumulates CorpusStats over documents given in order. */
export class CorpusStatsBuilder {
  private docLens: number[] = [];
  private sentences = 0;
  private tokens = 0;
  private arabic = 0;
  private gold = 0;
  private unmatched = 0;
  private candTotal = 0;
  private hist = new Array<number>(BUCKETS).fill(0);
  private pos = new Map<string, number>();
  private words = new Set<string>();
  private lemmas = new Set<string>();
  private labels = new Set<string>();
  private next = 1000;
  private wordPoints: [number, number][] = [];
  private lemmaPoints: [number, number][] = [];

  add(doc: Document): void {
    let len = 0;
    for (const s of doc.sentences) {
      this.sentences++;
      for (const t of s.tokens) {
        len++;
        this.tokens++;
        if (t.arabic) {
          this.arabic++;
          this.words.add(t.lookup);
          this.candTotal += t.candidates.length;
          this.hist[Math.min(t.candidates.length, BUCKETS - 1)]++;
          for (const c of t.candidates) this.lemmas.add(c.lemma);
        }
        if (t.gold >= 0) {
          const g = t.candidates[t.gold];
          this.gold++;
          if (t.goldUnmatched) this.unmatched++;
          this.pos.set(g.elements.pos, (this.pos.get(g.elements.pos) ?? 0) + 1);
          this.labels.add(g.key);
        }
        if (this.tokens >= this.next) {
          this.wordPoints.push([this.tokens, this.words.size]);
          this.lemmaPoints.push([this.tokens, this.lemmas.size]);
          this.next = Math.ceil(this.next * 1.25);
        }
      }
    }
    this.docLens.push(len);
  }

  build(): CorpusStats {
    const lens = [...this.docLens].sort((a, b) => a - b);
    const n = lens.length;
    const mean = lens.reduce((a, b) => a + b, 0) / Math.max(n, 1);
    const sd = Math.sqrt(lens.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(n, 1));
    const q = (p: number) => (n === 0 ? 0 : lens[Math.min(n - 1, Math.floor(p * n))]);
    const wordPoints = [...this.wordPoints, [this.tokens, this.words.size] as [number, number]];
    const lemmaPoints = [...this.lemmaPoints, [this.tokens, this.lemmas.size] as [number, number]];
    const goldPos: Record<string, number> = {};
    for (const [p, c] of [...this.pos.entries()].sort((a, b) => b[1] - a[1])) goldPos[p] = c / Math.max(this.gold, 1);
    return {
      documents: n,
      sentences: this.sentences,
      tokens: this.tokens,
      arabicTokens: this.arabic,
      goldTokens: this.gold,
      goldUnmatched: this.unmatched,
      docTokens: { mean, sd, min: lens[0] ?? 0, p50: q(0.5), p90: q(0.9), max: lens[n - 1] ?? 0 },
      candidates: {
        mean: this.candTotal / Math.max(this.arabic, 1),
        shares: this.hist.map((c) => c / Math.max(this.arabic, 1)),
      },
      goldPos,
      wordTypes: this.words.size,
      lemmaTypes: this.lemmas.size,
      goldLabelTypes: this.labels.size,
      heaps: { words: fitHeaps(wordPoints), lemmas: fitHeaps(lemmaPoints) },
    };
  }
}

/** Statistics of a whole corpus. */
export function corpusStats(corpus: Corpus): CorpusStats {
  const b = new CorpusStatsBuilder();
  for (const d of corpus.documents) b.add(d);
  return b.build();
}

/** Total variation distance between two share tables (0 = identical, 1 = disjoint). */
export function totalVariation(a: Record<string, number> | number[], b: Record<string, number> | number[]): number {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let d = 0;
  const get = (x: Record<string, number> | number[], k: string) => (x as Record<string, number>)[k] ?? 0;
  for (const k of keys) d += Math.abs(get(a, k) - get(b, k));
  return d / 2;
}
