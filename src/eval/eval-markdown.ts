/**
 * The Markdown of an evaluation report (./eval.ts): the table of A1/A2 per target, the ties, and
 * the tokens with several gold labels.
 */
import { elementName, schemeSlots, type LabelScheme } from '../labels/scheme.js';
import { TIE_RULES } from '../tagger/ties.js';
import type { EvalReport, EvalTarget } from './eval.js';

/**
 * Markdown table in the layout of the paper's Table 4 (E1/E2 per LE) plus A1/A2; with a label
 * scheme, only its elements, under its names. Takes the report, a title and the scheme;
 * returns the Markdown. Throws nothing.
 */
export function evalMarkdown(report: EvalReport, title = 'Evaluation', scheme?: LabelScheme): string {
  const fmt = (x: number) => x.toFixed(1);
  const lines = [
    `### ${title}`,
    '',
    `Gold tokens: ${report.tokens} (ambiguous: ${report.ambiguousTokens}); mean candidates ${report.meanCandidates.toFixed(2)}; ceiling ${fmt(report.ceiling)}%`,
    '',
    ...tieLines(report),
    '',
    '| target | A1 | A2 | E1 | E2 | A1 (ambiguous) | A2 (ambiguous) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const t of ['label', 'caseless', ...schemeSlots(scheme)] as EvalTarget[]) {
    const a = report.all[t];
    const b = report.ambiguous[t];
    lines.push(`| ${t === 'label' || t === 'caseless' ? t : elementName(scheme, t)} | ${fmt(a.A1)} | ${fmt(a.A2)} | ${fmt(a.E1)} | ${fmt(a.E2)} | ${fmt(b.A1)} | ${fmt(b.A2)} |`);
  }
  return lines.join('\n') + '\n';
}

/** The report's tie lines: the rule of the main figures, the share decided by a tie, and A1/A2 with random ties. */
export function tieLines(report: EvalReport): string[] {
  const t = report.ties;
  const fmt = (x: number) => x.toFixed(1);
  const pct = (n: number) => fmt(report.tokens === 0 ? 0 : (100 * n) / report.tokens);
  return [
    `Ties: in the figures below, ${TIE_RULES[t.order]}. A tie decided the first place of ${t.firstTied} tokens (${pct(t.firstTied)}%) ` +
      `and the second of ${t.secondTied} (${pct(t.secondTied)}%).`,
    `| label, ties broken by | A1 | A2 | A1 (ambiguous) | A2 (ambiguous) |`,
    '|---|---:|---:|---:|---:|',
    `| ${t.order === 'analyzer' ? 'the analyzer\'s order' : 'the label-key hash'} | ${fmt(report.all.label.A1)} | ${fmt(report.all.label.A2)} | ${fmt(report.ambiguous.label.A1)} | ${fmt(report.ambiguous.label.A2)} |`,
    `| a seeded random order (seed ${t.seed}) | ${fmt(t.random.A1)} | ${fmt(t.random.A2)} | ${fmt(t.randomAmbiguous.A1)} | ${fmt(t.randomAmbiguous.A2)} |`,
    ...(t.projection.tied === 0 ? [] : ['', projectionTieLine(report)]),
    ...(report.severalGolds.tokens === 0 ? [] : ['', severalGoldsLine(report)]),
  ];
}

/** The sentence on tokens with several gold labels (empty when there are none). */
export function severalGoldsLine(report: EvalReport, who = 'the model'): string {
  const g = report.severalGolds;
  if (g.tokens === 0) return '';
  const share = (100 * g.tokens) / Math.max(1, report.tokens);
  return `${g.tokens} gold tokens (${share.toFixed(1)}%) have several gold labels (analyses their gold fits equally), ` +
    `any of which counts as right: ${who}'s A1 / A2 on them is ${g.label.A1.toFixed(1)} / ${g.label.A2.toFixed(1)}. ` +
    `Counting only each token's first gold label (in the analyzer's order), the label's A1 / A2 on all tokens is ` +
    `${g.firstGoldOnly.A1.toFixed(1)} / ${g.firstGoldOnly.A2.toFixed(1)}.`;
}

/** The sentence on gold labels the UD projection chose by a tie (empty when there are none). */
export function projectionTieLine(report: EvalReport, who = 'the model'): string {
  const p = report.ties.projection;
  if (p.tied === 0) return '';
  return `${p.tied} gold tokens (${(report.tokens === 0 ? 0 : (100 * p.tied) / report.tokens).toFixed(1)}%) have a gold label the UD projection chose by a tie ` +
    `(the first of the equally good candidates in the analyzer's order), so the analyzer's order agrees with their gold by construction: ` +
    `${who}'s A1 on them is ${p.A1.toFixed(1)} with the main tie-break and ${p.randomA1.toFixed(1)} with random ties.`;
}
