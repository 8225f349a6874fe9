/**
 * A1/A2 evaluation (Shah et al. 2010, section 4): A1 = share of tokens whose top-ranked
 * candidate is right, A2 = right answer among the top two; E1 = 100 − A1, E2 = 100 − A2.
 * Reported for the whole label and for each label element (LE), on all gold tokens and
 * on ambiguous ones (more than one candidate), with the ceiling: the share of tokens whose
 * gold label is among the candidates at all. A token with several gold labels (Token.golds: a
 * vocalized word several analyses spell alike) is right when any of them is ranked first (or
 * second); the report also gives the label's A1/A2 counting only each token's first gold label.
 *
 * For an LE e, the ranked candidates are reduced to their distinct e values in rank
 * order; A1 asks whether the first value is the gold value, A2 whether it is among the
 * first two distinct values. The case-less label (`caseless`, docs/glossary.md) is evaluated
 * the same way, on the label with its case ending and mood vowel left out.
 *
 * Ties are shown (src/tagger/ties.ts): how many tokens have a tied first (or second) place, and
 * the label's A1/A2 with ties broken by a seeded random order beside the main figures, whose
 * ranking breaks them by the analyzer's order (or, on a gold-first candidates file, a hash).
 */
import { caselessKey } from '../labels/caseless.js';
import { LABEL_ELEMENTS } from '../labels/elements.js';
import type { Candidate } from '../corpus/types.js';
import type { RankedToken } from '../tagger/types.js';
import { tiesOf, withRandomTies, type TieOrder } from '../tagger/ties.js';
import { isProjectionTie } from '../import/ud-tie.js';

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

/** What A1/A2 are reported for: the label, the case-less label, and each label element. */
export const EVAL_TARGETS = ['label', 'caseless', ...LABEL_ELEMENTS] as const;
/** One of {@link EVAL_TARGETS}. */
export type EvalTarget = (typeof EVAL_TARGETS)[number];

/**
 * The evaluation of a list of gold tokens: A1/A2/E1/E2 per target (label and each LE), on all
 * tokens and on ambiguous ones, with the ceiling.
 */
export interface EvalReport {
  kind: 'lexdis-eval';
  /** Gold tokens evaluated. */
  tokens: number;
  ambiguousTokens: number;
  /** Share (%) of gold tokens whose gold label is among their candidates. */
  ceiling: number;
  meanCandidates: number;
  all: Record<EvalTarget, Accuracy>;
  ambiguous: Record<EvalTarget, Accuracy>;
  ties: TieReport;
  /**
   * Tokens with several gold labels (any of which counts as right in the figures above), the
   * label's A1/A2 on them, and the label's A1/A2 on all tokens counting only each token's first
   * gold label in the analyzer's order (what the corpus would give with one gold label a token).
   */
  severalGolds: SeveralGolds;
}

/** See {@link EvalReport.severalGolds}. */
export interface SeveralGolds {
  tokens: number;
  label: Accuracy;
  firstGoldOnly: Accuracy;
}

/** Ties: how the main figures broke them, how often a tie decided, and the label's figures with random ties. */
export interface TieReport {
  /** The tie-break of the main figures' ranking (src/tagger/ties.ts TIE_RULES). */
  order: TieOrder;
  /** Seed of the random tie-break. */
  seed: number;
  /** Tokens (of `tokens`) whose first place was tied, and whose second place was tied with the third. */
  firstTied: number;
  secondTied: number;
  /** The label's A1/A2 with ties broken by the seeded random order, on all tokens and on ambiguous ones. */
  random: Accuracy;
  randomAmbiguous: Accuracy;
  /**
   * Tokens whose gold label the UD projection chose by a tie (the first tied candidate in the
   * analyzer's order: src/import/ud-project.ts), and the label's A1 on them with the main and
   * the random tie-break.
   */
  projection: { tied: number; A1: number; randomA1: number };
}

/** How the rankings given to {@link evaluateItems} broke ties, and the seed of the random tie-break beside them. */
export interface EvalTieOptions {
  /** The tie-break of the rankings given (default 'analyzer'). */
  order: TieOrder;
  /** Seed of the random tie-break (default 42). */
  seed: number;
}

/** One evaluated token: the ranking and the gold candidate (possibly not among the ranked ones). */
export interface EvalItem {
  ranked: RankedToken;
  gold: Candidate;
  /** Every gold candidate of a token with several gold labels (`gold` the first); absent: `gold` alone. */
  golds?: readonly Candidate[];
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

/** Case-less keys, computed once per candidate object. */
const caselessKeys = new WeakMap<Candidate, string>();

function valueOf(c: Candidate, target: EvalTarget): string {
  if (target === 'label') return c.key;
  if (target !== 'caseless') return c.elements[target];
  let k = caselessKeys.get(c);
  if (k === undefined) caselessKeys.set(c, (k = caselessKey(c.lemma, c.morph)));
  return k;
}

/**
 * Whether a gold value (the value of any gold label of a token with several) is first, or second,
 * among the distinct values in rank order.
 */
function hits(item: EvalItem, target: EvalTarget): [boolean, boolean] {
  const gold = valueOf(item.gold, target);
  const more = item.golds && item.golds.length > 1 ? item.golds.map((c) => valueOf(c, target)) : null;
  const seen: string[] = [];
  for (const r of item.ranked.ranked) {
    const v = valueOf(r.candidate, target);
    if (seen.includes(v)) continue;
    seen.push(v);
    if (v === gold || (more !== null && more.includes(v))) return [seen.length === 1, seen.length === 2];
    if (seen.length === 2) break;
  }
  return [false, false];
}

/** The label's A1/A2 on tokens with several gold labels, and on all tokens counting only their first gold label. */
class SeveralGoldsCounter {
  tokens = 0;
  readonly label = new Counter();
  readonly firstOnly = new Counter();
  /** Takes an item and whether the label was first / second counting all its gold labels. */
  add(item: EvalItem, h1: boolean, h2: boolean): void {
    if (!item.golds || item.golds.length < 2) return this.firstOnly.add(h1, h2);
    this.tokens++;
    this.label.add(h1, h2);
    const [f1, f2] = hits({ ranked: item.ranked, gold: item.gold }, 'label');
    this.firstOnly.add(f1, f2);
  }
  result(): SeveralGolds {
    return { tokens: this.tokens, label: this.label.result(), firstGoldOnly: this.firstOnly.result() };
  }
}

/** Evaluates a list of ranked gold tokens; `options` say how their ranking broke ties and seed the random tie-break. */
export function evaluateItems(items: Iterable<EvalItem>, options: Partial<EvalTieOptions> = {}): EvalReport {
  const { order = 'analyzer', seed = 42 } = options;
  const all = new Map<EvalTarget, Counter>(EVAL_TARGETS.map((t) => [t, new Counter()]));
  const amb = new Map<EvalTarget, Counter>(EVAL_TARGETS.map((t) => [t, new Counter()]));
  const rnd = new Counter();
  const rndAmb = new Counter();
  let firstTied = 0;
  let secondTied = 0;
  const proj = { tied: 0, top1: 0, randomTop1: 0 };
  const several = new SeveralGoldsCounter();
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
    const goldKeys = (item.golds ?? [item.gold]).map((c) => c.key);
    if (item.ranked.ranked.some((r) => goldKeys.includes(r.candidate.key))) inCandidates++;
    for (const t of EVAL_TARGETS) {
      const [h1, h2] = hits(item, t);
      all.get(t)!.add(h1, h2);
      if (isAmb) amb.get(t)!.add(h1, h2);
      if (t === 'label') several.add(item, h1, h2);
    }
    const tie = tiesOf(item.ranked);
    firstTied += tie.firstTied;
    secondTied += tie.secondTied;
    const [r1, r2] = tie.firstTied || tie.secondTied ? hits({ ...item, ranked: withRandomTies(item.ranked, seed) }, 'label') : hits(item, 'label');
    rnd.add(r1, r2);
    if (isAmb) rndAmb.add(r1, r2);
    if (isProjectionTie(item.ranked.token)) {
      proj.tied++;
      if (hits(item, 'label')[0]) proj.top1++;
      if (r1) proj.randomTop1++;
    }
  }
  const share = (k: number) => (proj.tied === 0 ? 0 : (100 * k) / proj.tied);
  const collect = (m: Map<EvalTarget, Counter>) =>
    Object.fromEntries(EVAL_TARGETS.map((t) => [t, m.get(t)!.result()])) as Record<EvalTarget, Accuracy>;
  return {
    kind: 'lexdis-eval',
    tokens,
    ambiguousTokens: ambiguous,
    ceiling: tokens === 0 ? 0 : (100 * inCandidates) / tokens,
    meanCandidates: tokens === 0 ? 0 : candidates / tokens,
    all: collect(all),
    ambiguous: collect(amb),
    ties: {
      order, seed, firstTied, secondTied, random: rnd.result(), randomAmbiguous: rndAmb.result(),
      projection: { tied: proj.tied, A1: share(proj.top1), randomA1: share(proj.randomTop1) },
    },
    severalGolds: several.result(),
  };
}

/**
 * Averages reports (e.g. over cross-validation folds), weighting by token counts. The tie
 * order is 'hash' when any report's is; the seed is the first report's. Takes the reports;
 * returns one report. Throws nothing.
 */
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
    all: Object.fromEntries(EVAL_TARGETS.map((t) => [t, sumAcc((r) => r.all[t])])) as Record<EvalTarget, Accuracy>,
    ambiguous: Object.fromEntries(EVAL_TARGETS.map((t) => [t, sumAcc((r) => r.ambiguous[t])])) as Record<
      EvalTarget,
      Accuracy
    >,
    ties: {
      order: reports.some((r) => r.ties.order === 'hash') ? 'hash' : 'analyzer',
      seed: reports[0]?.ties.seed ?? 42,
      firstTied: reports.reduce((s, r) => s + r.ties.firstTied, 0),
      secondTied: reports.reduce((s, r) => s + r.ties.secondTied, 0),
      random: sumAcc((r) => r.ties.random),
      randomAmbiguous: sumAcc((r) => r.ties.randomAmbiguous),
      projection: mergeProjection(reports),
    },
    severalGolds: {
      tokens: reports.reduce((s, r) => s + r.severalGolds.tokens, 0),
      label: sumAcc((r) => r.severalGolds.label),
      firstGoldOnly: sumAcc((r) => r.severalGolds.firstGoldOnly),
    },
  };
}

function mergeProjection(reports: EvalReport[]): TieReport['projection'] {
  const tied = reports.reduce((s, r) => s + r.ties.projection.tied, 0);
  const mean = (f: (p: TieReport['projection']) => number) =>
    tied === 0 ? 0 : reports.reduce((s, r) => s + f(r.ties.projection) * r.ties.projection.tied, 0) / tied;
  return { tied, A1: mean((p) => p.A1), randomA1: mean((p) => p.randomA1) };
}

/** Share (%) of the report's tokens whose first place was tied. */
export function tiedShare(report: EvalReport): number {
  return report.tokens === 0 ? 0 : (100 * report.ties.firstTied) / report.tokens;
}

export { evalMarkdown, projectionTieLine, severalGoldsLine, tieLines } from './eval-markdown.js';
