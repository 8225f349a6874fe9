/**
 * A1/A2 evaluation (Shah et al. 2010, section 4): A1 = share of tokens whose top-ranked
 * candidate is right, A2 = right answer among the top two; E1 = 100 − A1, E2 = 100 − A2.
 * Reported for the whole label and for each label element (LE), on all gold tokens and
 * on ambiguous ones (more than one candidate), with the ceiling: the share of tokens whose
 * gold label is among the candidates at all.
 *
 * For an LE e, the ranked candidates are reduced to their distinct e values in rank
 * order; A1 asks whether the first value is the gold value, A2 whether it is among the
 * first two distinct values.
 */
import { LABEL_ELEMENTS, type Target, TARGETS } from '../labels/elements.js';
import type { Candidate } from '../corpus/types.js';
import type { RankedToken } from './types.js';

/** A1/A2 on some tokens: counts and percentages (E1 = 100 − A1, E2 = 100 − A2). */
export interface Accuracy {
  tokens: number;
  top1: number;
  top2: number;
  A1: number;
  A2: number;
  E1: number;
  E2: number;
}

/** The evaluation of a list of gold tokens: A1/A2/E1/E2 per target (label and each LE), on all tokens and on ambiguous ones, with the ceiling. */
export interface EvalReport {
  kind: 'lexdis-eval';
  /** Gold tokens evaluated. */
  tokens: number;
  ambiguousTokens: number;
  /** Share (%) of gold tokens whose gold label is among their candidates. */
  ceiling: number;
  meanCandidates: number;
  all: Record<Target, Accuracy>;
  ambiguous: Record<Target, Accuracy>;
}

/** One evaluated token: the ranking and the gold candidate (possibly not among the ranked ones). */
export interface EvalItem {
  ranked: RankedToken;
  gold: Candidate;
}

class Counter {
  tokens = 0;
  top1 = 0;
  top2 = 0;
  add(r1: boolean, r2: boolean): void {
    this.tokens++;
    if (r1) this.top1++;
    if (r1 || r2) this.top2++;
  }
  result(): Accuracy {
    const pct = (k: number) => (this.tokens === 0 ? 0 : (100 * k) / this.tokens);
    const A1 = pct(this.top1);
    const A2 = pct(this.top2);
    return { tokens: this.tokens, top1: this.top1, top2: this.top2, A1, A2, E1: 100 - A1, E2: 100 - A2 };
  }
}

function valueOf(c: Candidate, target: Target): string {
  return target === 'label' ? c.key : c.elements[target];
}

/** Whether the gold value is first, or second, among the distinct values in rank order. */
function hits(item: EvalItem, target: Target): [boolean, boolean] {
  const gold = valueOf(item.gold, target);
  const seen: string[] = [];
  for (const r of item.ranked.ranked) {
    const v = valueOf(r.candidate, target);
    if (seen.includes(v)) continue;
    seen.push(v);
    if (v === gold) return [seen.length === 1, seen.length === 2];
    if (seen.length === 2) break;
  }
  return [false, false];
}

/** Evaluates a list of ranked gold tokens. */
export function evaluate(items: Iterable<EvalItem>): EvalReport {
  const all = new Map<Target, Counter>(TARGETS.map((t) => [t, new Counter()]));
  const amb = new Map<Target, Counter>(TARGETS.map((t) => [t, new Counter()]));
  let tokens = 0;
  let ambiguous = 0;
  let inCandidates = 0;
  let candidates = 0;
  for (const item of items) {
    tokens++;
    const n = item.ranked.ranked.length;
    candidates += n;
    const isAmb = n > 1;
    if (isAmb) ambiguous++;
    if (item.ranked.ranked.some((r) => r.candidate.key === item.gold.key)) inCandidates++;
    for (const t of TARGETS) {
      const [h1, h2] = hits(item, t);
      all.get(t)!.add(h1, h2);
      if (isAmb) amb.get(t)!.add(h1, h2);
    }
  }
  const collect = (m: Map<Target, Counter>) =>
    Object.fromEntries(TARGETS.map((t) => [t, m.get(t)!.result()])) as Record<Target, Accuracy>;
  return {
    kind: 'lexdis-eval',
    tokens,
    ambiguousTokens: ambiguous,
    ceiling: tokens === 0 ? 0 : (100 * inCandidates) / tokens,
    meanCandidates: tokens === 0 ? 0 : candidates / tokens,
    all: collect(all),
    ambiguous: collect(amb),
  };
}

/** Averages reports (e.g. over cross-validation folds), weighting by token counts. */
export function mergeReports(reports: EvalReport[]): EvalReport {
  const sumAcc = (pick: (r: EvalReport) => Accuracy): Accuracy => {
    const c = new Counter();
    for (const r of reports) {
      const a = pick(r);
      c.tokens += a.tokens;
      c.top1 += a.top1;
      c.top2 += a.top2;
    }
    return c.result();
  };
  const tokens = reports.reduce((s, r) => s + r.tokens, 0);
  const weighted = (f: (r: EvalReport) => number) =>
    tokens === 0 ? 0 : reports.reduce((s, r) => s + f(r) * r.tokens, 0) / tokens;
  return {
    kind: 'lexdis-eval',
    tokens,
    ambiguousTokens: reports.reduce((s, r) => s + r.ambiguousTokens, 0),
    ceiling: weighted((r) => r.ceiling),
    meanCandidates: weighted((r) => r.meanCandidates),
    all: Object.fromEntries(TARGETS.map((t) => [t, sumAcc((r) => r.all[t])])) as Record<Target, Accuracy>,
    ambiguous: Object.fromEntries(TARGETS.map((t) => [t, sumAcc((r) => r.ambiguous[t])])) as Record<Target, Accuracy>,
  };
}

/** Markdown table in the layout of the paper's Table 4 (E1/E2 per LE) plus A1/A2. */
export function evalMarkdown(report: EvalReport, title = 'Evaluation'): string {
  const fmt = (x: number) => x.toFixed(1);
  const lines = [
    `### ${title}`,
    '',
    `Gold tokens: ${report.tokens} (ambiguous: ${report.ambiguousTokens}); mean candidates ${report.meanCandidates.toFixed(2)}; ceiling ${fmt(report.ceiling)}%`,
    '',
    '| target | A1 | A2 | E1 | E2 | A1 (ambiguous) | A2 (ambiguous) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const t of ['label', ...LABEL_ELEMENTS] as Target[]) {
    const a = report.all[t];
    const b = report.ambiguous[t];
    lines.push(`| ${t} | ${fmt(a.A1)} | ${fmt(a.A2)} | ${fmt(a.E1)} | ${fmt(a.E2)} | ${fmt(b.A1)} | ${fmt(b.A2)} |`);
  }
  return lines.join('\n') + '\n';
}
