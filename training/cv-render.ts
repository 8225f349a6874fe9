/**
 * Renders a cross-validation report (training/cv-report.ts): markdown in the layout of the
 * paper's Tables 4 and 5 plus the baselines, ablations and learning curve; the curve as CSV
 * and SVG; and writes them all, with the JSON, under a results directory (atomic writes).
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_FEATURE_SET } from '../features/templates.js';
import { OutputError } from '../src/errors.js';
import { assertParentFolder, writeFileAtomic } from '../src/io/files.js';
import type { CvReport } from './cv-report.js';
import type { Row } from './cv-tables.js';
import type { EvalReport } from '../src/eval/eval.js';
import { curveSvg } from './cv-svg.js';
import { TIE_RULES } from '../src/tagger/ties.js';

const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(1));
const f2 = (x: number) => x.toFixed(2);
const sign = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;

/** "ΔA1 ± sd (better/worse folds)" against Mfull, or '' for Mfull itself. */
function delta(r: CvReport, model: string): string {
  const v = r.models[model]?.vsFull;
  return v ? `${sign(v.dA1)} ± ${v.sdA1.toFixed(2)} (${v.better}/${v.worse})` : '';
}
function delta2(r: CvReport, model: string): string {
  const v = r.models[model]?.vsFull;
  return v ? `${sign(v.dA2)} ± ${v.sdA2.toFixed(2)}` : '';
}

function rowTable<R extends Row>(rows: readonly R[], extra?: (r: R) => string[], extraHead: string[] = []): string[] {
  const head = [
    'model', ...extraHead, 'A1', 'A2', 'A1 (random ties)', 'A2 (random ties)', 'tied first %', 'E1', 'E2', 'A1 (amb.)', 'A2 (amb.)',
    'A1 case-less', 'A2 case-less',
  ];
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map(
      (r) =>
        `| ${[
          r.display,
          ...(extra ? extra(r) : []),
          f(r.A1),
          f(r.A2),
          f(r.randomA1),
          f(r.randomA2),
          f(r.tiedFirst),
          f(r.E1),
          f(r.E2),
          f(r.ambiguousA1),
          f(r.ambiguousA2),
          f(r.caselessA1),
          f(r.caselessA2),
        ].join(' | ')} |`,
    ),
  ];
}

/**
 * The report as markdown: takes the report and the command line that made it (shown when given);
 * returns the text. Throws nothing.
 */
export function cvMarkdown(r: CvReport, command?: string): string {
  const full = Object.hasOwn(r.models, 'full') ? r.models.full.report : null;
  const L: string[] = ['# Cross-validation report', ''];
  if (command) L.push('```', command, '```', '');
  L.push(...setupLines(r), ...tieLines(r));
  if (full) L.push(`Gold test tokens: ${full.tokens} (ambiguous ${full.ambiguousTokens}); candidates per token ${f2(full.meanCandidates)}; ceiling (gold among the candidates) ${f(full.ceiling)}%.`);
  L.push('');
  L.push(...tableSections(r, full), ...seenUnseenSection(r), ...skippedSection(r), ...fullPerFoldSection(r));
  L.push('## Timing', '', `Wall time ${r.timing.wallSeconds.toFixed(1)} s with ${r.timing.jobs} job${r.timing.jobs === 1 ? '' : 's'}.`, '');
  return L.join('\n');
}

/**
 * The report's opening lines: corpus, folds and split, defaults, label elements, how figures
 * and ties are counted.
 */
function setupLines(r: CvReport): string[] {
  const L: string[] = [];
  const o = r.options;
  L.push(
    `Corpus: ${r.corpus.source ?? '(unnamed)'}: ${r.corpus.goldDocuments} gold-marked documents` +
      (r.corpus.droppedDocuments ? ` (${r.corpus.droppedDocuments} without gold marks left out)` : '') + '.' +
      (r.corpus.extra ? ` Every fold's training part also holds the ${r.corpus.extra.goldDocuments} gold-marked documents of ${r.corpus.extra.source ?? 'the extra corpora'} (--extra), never a test part: the figures are those of the corpus's own held-out documents.` : ''),
    `${o.folds} folds by document (seed ${o.seed}); in each training part a seeded ${Math.round((1 - o.d2) * 100)}:${Math.round(o.d2 * 100)} split into D1 (β*) and D2 (θ), ` +
      `the same split for every model; θ rows from at most ${o.maxTokens} D2 tokens. Defaults: transform ${o.defaults.transform}, solver ${o.defaults.solver}; ` +
      (o.defaults.recount ? 'after θ, β* and the seen labels are recounted over D1 ∪ D2 (lexdis\'s default; the baselines get the same C(t)).' : 'β* and the seen labels from D1 only, as in the paper.'),
      (o.defaults.sequence ? 'Trained models decode each sentence with tag bigrams, their weight λ fitted on D2 (docs/method.md, "Sequence decoding"; `--no-sequence` ranks every token alone, as the paper does).' : 'Every token is ranked alone, as in the paper (no sequence decoding).'),
      (o.defaults.sequence && o.defaults.casePass !== false ? 'Then each sentence is decoded again with the case pass (docs/method.md, "The case pass"; `--no-case-pass`: without it).' : ''),
    `Label elements (scheme '${r.corpus.scheme.name}'): ${r.corpus.scheme.elements.join(', ')}.`,
    'Figures are pooled over the folds (token-weighted); A1/A2 count a gold token right when its gold label is ranked first / in the top two; ' +
      'E = 100 − A; "amb." = tokens with more than one candidate; "case-less" = the label with its case ending and mood vowel left out (docs/glossary.md).',
    `Ties: in A1, A2, E1 and E2, ${TIE_RULES[r.ties.order]}; "random ties" gives A1/A2 where ${TIE_RULES.random} (seed ${r.ties.seed}); ` +
      '"tied first %" is the share of test tokens whose first place was a tie, decided by that rule rather than by the model.',
  );
  return L;
}

/**
 * Lines on ties: why first-solution is absent (when it is), the gold tokens with several gold
 * labels, and the gold tokens whose UD projection was decided by a tie, with A1 on them (none
 * when there are no such tokens).
 */
function tieLines(r: CvReport): string[] {
  const L: string[] = [];
  if (r.ties.firstSolutionAbsent) L.push(`The first-analyzer-solution baseline is absent: ${r.ties.firstSolutionAbsent}.`);
  const reports = [DEFAULT_FEATURE_SET, 'full', 'full+prior', 'first-solution', 'most-frequent'].flatMap((n) =>
    Object.hasOwn(r.models, n) && r.models[n].report ? [[r.models[n].display, r.models[n].report!] as const] : [],
  );
  const several = reports.filter(([, rep]) => rep.severalGolds.tokens > 0);
  if (several.length > 0) {
    const g = several[0][1].severalGolds;
    L.push(`${g.tokens} gold test tokens (${f((100 * g.tokens) / several[0][1].tokens)}%) have several gold labels, any of which ` +
      'counts as right in the tables. A1 / A2 on them, then the whole label\'s A1 / A2 on all test tokens counting only each token\'s ' +
      `first gold label (in the analyzer's order): ${several.map(([name, rep]) => `${name} ${f(rep.severalGolds.label.A1)} / ` +
        `${f(rep.severalGolds.label.A2)}, ${f(rep.severalGolds.firstGoldOnly.A1)} / ${f(rep.severalGolds.firstGoldOnly.A2)}`).join('; ')}.`);
  }
  const tiedGold = reports.filter(([, rep]) => rep.ties.projection.tied > 0);
  if (tiedGold.length > 0) {
    const [, first] = tiedGold[0];
    const p = first.ties.projection;
    L.push(`${p.tied} gold tokens (${f((100 * p.tied) / first.tokens)}%) have a gold label the UD projection chose by a tie (the first of the equally good ` +
      'candidates in the analyzer\'s order), so the analyzer\'s order agrees with their gold by construction. A1 on them, with the analyzer\'s order / random ties: ' +
      `${tiedGold.map(([name, rep]) => `${name} ${f(rep.ties.projection.A1)} / ${f(rep.ties.projection.randomA1)}`).join(', ')}.`);
  }
  return L;
}

/**
 * The sections of the paper's tables, each present when its table has rows (the ablations when
 * they compare more than one model): Table 5, Table 4, baselines and the check, solvers,
 * transforms, learning curve. `full` is Mfull's pooled report, if it ran.
 */
function tableSections(r: CvReport, full: EvalReport | null): string[] {
  const L: string[] = [];
  const t = r.tables;
  const paired = 'ΔA1 vs Mfull ± sd (folds better/worse)';
  if (t.table5.length) {
    L.push('## Table 5: alternative approaches', '', ...rowTable(t.table5, (x) => [delta(r, x.model), delta2(r, x.model)], [paired, 'ΔA2 ± sd']), '');
    L.push('(The paper\'s MADA row has no counterpart here.)', '');
  }
  if (t.table4.length) {
    L.push('## Table 4: one model Me per label element, evaluated on that element', '');
    L.push('| LE e | Me E1 | Me E2 | Me A1 | Me A2 | Mfull E1 on e | Mfull E2 on e |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const x of t.table4) L.push(`| ${x.name ?? x.le} | ${f(x.own?.E1)} | ${f(x.own?.E2)} | ${f(x.own?.A1)} | ${f(x.own?.A2)} | ${f(x.full?.E1)} | ${f(x.full?.E2)} |`);
    if (full) L.push(`| Mfull (whole label) | ${f(full.all.label.E1)} | ${f(full.all.label.E2)} | ${f(full.all.label.A1)} | ${f(full.all.label.A2)} | | |`);
    L.push('');
  }
  if (t.baselines.length) {
    L.push('## Baselines (same folds, same candidates C(t))', '', ...rowTable(t.baselines, (x) => [delta(r, x.model), delta2(r, x.model)], [paired, 'ΔA2 ± sd']), '');
    const c = r.check;
    if (c.fullBeatsBaselinesAndUni !== null)
      L.push(
        c.fullBeatsBaselinesAndUni ? 'Mfull beats every baseline and Muni on A1 and A2.' : `Mfull does NOT beat every baseline and Muni: ${c.losses.join('; ')}.`,
        c.lossesRandomTies.length === 0 ? 'With random ties, too, Mfull beats them all.' : `With random ties, Mfull does NOT beat: ${c.lossesRandomTies.join('; ')}.`,
        '',
      );
  }
  if (t.solvers.length > 1) {
    L.push('## Solver ablation (θ on Zfull)', '');
    L.push(...rowTable(t.solvers, (x) => [String(r.models[x.model].notConverged ?? 0), delta(r, x.model), delta2(r, x.model)], ['folds not converged', paired, 'ΔA2 ± sd']), '');
  }
  if (t.transforms.length > 1) {
    L.push('## Value transforms and the base-rate (+prior) group (Zfull)', '');
    L.push(...rowTable(t.transforms, (x) => [x.prior ? 'yes' : 'no', x.transform, delta(r, x.model), delta2(r, x.model)], ['+prior', 'transform', paired, 'ΔA2 ± sd']), '');
  }
  if (t.curve.length) {
    L.push('## Learning curve (Mfull)', '', '![learning curve](curve.svg)', '');
    L.push('| share of training part | training documents (mean) | A1 | A2 | E1 | E2 | ceiling | folds |', '|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const p of t.curve) L.push(`| ${p.percent}% | ${p.trainDocuments.toFixed(1)} | ${f(p.A1)} | ${f(p.A2)} | ${f(p.E1)} | ${f(p.E2)} | ${f(p.ceiling)} | ${p.folds} |`);
    L.push('');
  }
  return L;
}

/**
 * The section on test words seen and unseen in training, for the Table 5 and baseline models
 * (none when every test word has a seen label).
 */
function seenUnseenSection(r: CvReport): string[] {
  const L: string[] = [];
  const t = r.tables;
  const split = Object.values(r.models).filter(
    (m) =>
      m.seen && m.unseen && (t.table5.some((x) => x.model === m.name) || t.baselines.some((x) => x.model === m.name)),
  );
  if (split.length > 0 && split[0].unseen!.tokens > 0) {
    const u = split[0].unseen!;
    const total = u.tokens + split[0].seen!.tokens;
    L.push('## Words seen and unseen in training', '');
    L.push(`${u.tokens} of the ${total} test words (${f((100 * u.tokens) / total)}%) have no label seen in the training part; ` +
      `${u.ambiguousTokens} of them have more than one candidate. Ceiling: seen ${f(split[0].seen!.ceiling)}%, unseen ${f(u.ceiling)}%.`, '');
    L.push('| model | seen A1 | seen A2 | seen A1 (amb.) | unseen A1 | unseen A2 | unseen A1 (amb.) | unseen A2 (amb.) |', '|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const m of split) {
      const a = m.seen!;
      const b = m.unseen!;
      L.push(`| ${m.display} | ${f(a.all.label.A1)} | ${f(a.all.label.A2)} | ${f(a.ambiguous.label.A1)} | ${f(b.all.label.A1)} | ${f(b.all.label.A2)} | ${f(b.ambiguous.label.A1)} | ${f(b.ambiguous.label.A2)} |`);
    }
    L.push('');
  }
  return L;
}

/**
 * The section listing the models that folds skipped, folds with the same reason on one line
 * (none when no fold skipped a model).
 */
function skippedSection(r: CvReport): string[] {
  const L: string[] = [];
  const skipped = Object.values(r.models).filter((m) => m.skipped.length > 0);
  if (skipped.length) {
    L.push('## Skipped', '');
    for (const m of skipped) {
      // Folds with the same reason on one line (fold numbers 1-based, as in the progress bars).
      const byReason = new Map<string, number[]>();
      for (const x of m.skipped) byReason.set(x.reason, [...(byReason.get(x.reason) ?? []), x.fold + 1]);
      L.push(`- ${m.display}: ${[...byReason].map(([reason, folds]) => `fold${folds.length > 1 ? 's' : ''} ${folds.join(', ')}: ${reason}`).join('; ')}`);
    }
    L.push('');
  }
  return L;
}

/** Mfull's A1 per fold with mean and sd, its largest mean θ and A1/A2 on D2 (none without Mfull's folds). */
function fullPerFoldSection(r: CvReport): string[] {
  const L: string[] = [];
  if (Object.hasOwn(r.models, 'full') && r.models.full.perFold.length) {
    const pf = r.models.full.perFold;
    const mean = pf.reduce((s, x) => s + x.A1, 0) / pf.length;
    const sd = Math.sqrt(pf.reduce((s, x) => s + (x.A1 - mean) ** 2, 0) / Math.max(1, pf.length - 1));
    L.push('## Mfull per fold', '', `A1 per fold: ${pf.map((x) => f(x.A1)).join(', ')} (mean ${f(mean)}, sd ${f(sd)}).`, '');
    const th = r.models.full.theta;
    if (th) {
      const top = Object.entries(th).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 12);
      L.push(`Largest θ of Mfull (mean over folds): ${top.map(([k, v]) => `${k} ${v.toPrecision(3)}`).join(', ')}.`);
      if (r.models.full.d2Accuracy) L.push(`A1/A2 on D2 (in-sample for θ, mean over folds): ${f(r.models.full.d2Accuracy.A1)} / ${f(r.models.full.d2Accuracy.A2)}.`);
      L.push('');
    }
  }
  return L;
}

/** The learning curve as CSV. */
function curveCsv(r: CvReport): string {
  const lines = ['percent,train_documents,A1,A2,E1,E2,ceiling,folds'];
  for (const p of r.tables.curve) lines.push([p.percent, p.trainDocuments.toFixed(1), p.A1.toFixed(3), p.A2.toFixed(3), p.E1.toFixed(3), p.E2.toFixed(3), p.ceiling.toFixed(3), p.folds].join(','));
  return lines.join('\n') + '\n';
}

/**
 * Fails early, creating nothing, when the results directory could not be made: like every
 * output of lexdis, its folder must exist and be writable (the directory itself is created;
 * if it exists, it must be a directory).
 */
export function assertResultsDirWritable(dir: string): void {
  assertParentFolder(dir);
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new OutputError('cannot write the results directory: it is a file', { file: dir });
}

/** Creates the results directory (not its parents) if needed and checks that it is writable. */
function prepareResultsDir(dir: string): void {
  try {
    if (!existsSync(dir)) mkdirSync(dir);
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw new OutputError(`cannot write the results directory: ${(err as Error).message}`, { file: dir });
  }
}

/**
 * Writes report.json, report.md and, with a curve, curve.csv and curve.svg under `dir`. Takes
 * the folder, the report and the command line that made it; returns the paths. Throws
 * OutputError for a folder that cannot be made or written.
 */
export function writeCvResults(dir: string, r: CvReport, command?: string): string[] {
  prepareResultsDir(dir);
  const files: Array<[string, string]> = [
    ['report.json', `${JSON.stringify(r, null, 2)}\n`],
    ['report.md', cvMarkdown(r, command)],
  ];
  if (r.tables.curve.length) {
    files.push(['curve.csv', curveCsv(r)]);
    files.push(['curve.svg', curveSvg(r.tables.curve, { title: `Learning curve of Mfull (${r.options.folds}-fold CV, ${r.corpus.goldDocuments} documents)` })]);
  }
  return files.map(([name, text]) => {
    const path = join(dir, name);
    writeFileAtomic(path, text);
    return path;
  });
}
