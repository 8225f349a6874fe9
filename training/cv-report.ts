/**
 * The report of a cross-validation run: per model, the A1/A2/E1/E2 report pooled over the
 * folds (token counts summed, src/eval/eval.ts mergeReports), per-fold figures, mean θ; and
 * the paper's tables derived from them (Table 5, Table 4, baselines, solver and transform
 * ablations, learning curve). Everything but `timing` depends only on the corpus, the models
 * and the options (the determinism test compares it). The tables: training/cv-tables.ts;
 * rendering: training/cv-render.ts.
 */
import type { Corpus, CorpusPart } from '../src/corpus/types.js';
import { elementName, schemeSlots, type LabelScheme } from '../src/labels/scheme.js';
import { mergeReports, type EvalReport } from '../src/eval/eval.js';
import type { TieOrder } from '../src/tagger/ties.js';
import type { FoldAssignment } from './cv-folds.js';
import type { FoldResult } from './cv-fold.js';
import { displayName, trainingsOf, type CvModel, type Defaults } from './cv-models.js';
import { paperTables, rivalCheck, type CvTables, type ReportOf, type RivalCheck } from './cv-tables.js';

const CV_REPORT_KIND = 'lexdis-cv-report';
const CV_REPORT_VERSION = 1;

export interface CvModelResult {
  name: string;
  display: string;
  /** Pooled over the folds that ran it (null when every fold skipped it). */
  report: EvalReport | null;
  /** The same, on the words with labels seen in training, and on the others. */
  seen: EvalReport | null;
  unseen: EvalReport | null;
  perFold: { fold: number; tokens: number; A1: number; A2: number }[];
  skipped: { fold: number; reason: string }[];
  /** Mean θ over folds per feature, for a model made of one training. */
  theta?: Record<string, number>;
  /**
   * Paired with Mfull fold by fold: mean and sd of the A1 and A2 differences (this − Mfull), folds
   * better/worse in A1.
   */
  vsFull?: { folds: number; dA1: number; sdA1: number; dA2: number; sdA2: number; better: number; worse: number };
  /** Mean A1/A2 on D2 (in-sample for θ), and folds whose solver did not converge. */
  d2Accuracy?: { A1: number; A2: number };
  notConverged?: number;
}

/**
 * The result of a cross-validation run (report.json): options, corpus, per-model figures, the
 * paper's tables, checks and timing.
 */
export interface CvReport {
  kind: typeof CV_REPORT_KIND;
  version: number;
  corpus: {
    source?: string; documents: number; goldDocuments: number; droppedDocuments: number;
    /** The label-element scheme: its name and element names (lemma first). */
    scheme: { name: string; elements: string[] };
    /**
     * Other corpora whose gold documents joined every fold's training part, never a test part
     * (`--extra`); absent without.
     */
    extra?: { source?: string; goldDocuments: number; parts?: CorpusPart[] };
  };
  options: { folds: number; seed: number; d2: number; maxTokens: number; defaults: Defaults; models: string[] };
  folds: { fold: number; seed: number; trainDocuments: number; testDocuments: number; testTokens: number }[];
  models: Record<string, CvModelResult>;
  tables: CvTables;
  /**
   * How the main figures broke ties ('hash' on a gold-first candidates file), the random
   * tie-break's seed, and why first-solution is absent (if it is).
   */
  ties: { order: TieOrder; seed: number; firstSolutionAbsent?: string };
  /**
   * Whether Mfull beats every baseline and Muni on A1 and A2 (null when they were not all
   * run), and the losses with the main tie-break and with random ties.
   */
  check: RivalCheck;
  timing: { wallSeconds: number; jobs: number; foldSeconds: number[]; modelSeconds: Record<string, number> };
}

export interface BuildInput {
  corpus: Corpus;
  /** The extra training corpora and how many of their documents joined the training parts. */
  extra?: Corpus;
  extraDocuments?: number;
  assignment: FoldAssignment;
  /** Why the first-solution baseline was not run, when it was asked for and not run. */
  firstSolutionAbsent?: string;
  models: readonly CvModel[];
  results: FoldResult[];
  options: { folds: number; seed: number; d2: number; maxTokens: number; jobs: number; defaults: Defaults };
  wallSeconds: number;
}

/**
 * Model `m`'s figures from the folds' results: its reports pooled over the folds that ran it,
 * per-fold A1/A2, the folds that skipped it and why; for a trained model also its mean θ, mean
 * A1/A2 on D2 and the folds whose solver did not converge (over the folds its last training ran).
 */
function modelResult(m: CvModel, results: FoldResult[], defaults: Defaults, scheme?: LabelScheme): CvModelResult {
  const reports: EvalReport[] = [];
  const seen: EvalReport[] = [];
  const unseen: EvalReport[] = [];
  const perFold: CvModelResult['perFold'] = [];
  const skipped: CvModelResult['skipped'] = [];
  for (const f of results) {
    const r = f.models[m.name];
    if (!r) continue;
    if (r.report) {
      reports.push(r.report);
      seen.push(r.seen);
      unseen.push(r.unseen);
      perFold.push({ fold: f.fold, tokens: r.report.tokens, A1: r.report.all.label.A1, A2: r.report.all.label.A2 });
    } else skipped.push({ fold: f.fold, reason: r.skipped });
  }
  const merge = (rs: EvalReport[]) => (rs.length ? mergeReports(rs) : null);
  const out: CvModelResult = {
    name: m.name,
    display: displayName(m.name, scheme),
    report: merge(reports),
    seen: merge(seen),
    unseen: merge(unseen),
    perFold,
    skipped,
  };
  const specs = trainingsOf(m, defaults);
  if (specs.length > 0) {
    const key = specs[specs.length - 1].key;
    const notes = results.map((f) => f.trainings[key]).filter((n) => n !== undefined);
    if (notes.length > 0) {
      const theta: Record<string, number> = {};
      for (const n of notes)
        for (const [k, v] of Object.entries(n.theta)) theta[k] = (theta[k] ?? 0) + v / notes.length;
      out.theta = theta;
      out.d2Accuracy = {
        A1: notes.reduce((s, n) => s + n.d2Accuracy.A1, 0) / notes.length,
        A2: notes.reduce((s, n) => s + n.d2Accuracy.A2, 0) / notes.length,
      };
      out.notConverged = notes.filter((n) => !n.solver.converged).length;
    }
  }
  return out;
}

/** Mean and sample standard deviation (0 for fewer than two values) of `xs`. */
function meanSd(xs: number[]): [number, number] {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1)) : 0;
  return [mean, sd];
}

/** Fold-by-fold differences of a model's A1/A2 from Mfull's (folds both ran). */
function paired(m: CvModelResult, full: CvModelResult): CvModelResult['vsFull'] {
  const ref = new Map(full.perFold.map((f) => [f.fold, f]));
  const d1: number[] = [];
  const d2: number[] = [];
  for (const f of m.perFold) {
    const r = ref.get(f.fold);
    if (!r) continue;
    d1.push(f.A1 - r.A1);
    d2.push(f.A2 - r.A2);
  }
  if (d1.length === 0) return undefined;
  const [dA1, sdA1] = meanSd(d1);
  const [dA2, sdA2] = meanSd(d2);
  return {
    folds: d1.length,
    dA1,
    sdA1,
    dA2,
    sdA2,
    better: d1.filter((x) => x > 0).length,
    worse: d1.filter((x) => x < 0).length,
  };
}

/** Assembles the report from the folds' results (in fold order). */
export function buildReport(input: BuildInput): CvReport {
  const { corpus, models, options } = input;
  const results = [...input.results].sort((a, b) => a.fold - b.fold);
  const d = options.defaults;
  const byName: Record<string, CvModelResult> = {};
  const scheme = corpus.scheme;
  for (const m of models) byName[m.name] = modelResult(m, results, d, scheme);
  if (Object.hasOwn(byName, 'full')) for (const m of Object.values(byName)) if (m.name !== 'full') m.vsFull = paired(m, byName.full);
  const reportOf: ReportOf = (name) => (Object.hasOwn(byName, name) ? byName[name].report : null);
  const foldsRun = (name: string) => byName[name].perFold.length;
  const modelSeconds: Record<string, number> = {};
  for (const f of results) for (const [k, v] of Object.entries(f.seconds)) modelSeconds[k] = (modelSeconds[k] ?? 0) + v;
  const firstModel = models.find((m) => reportOf(m.name));
  return {
    kind: CV_REPORT_KIND,
    version: CV_REPORT_VERSION,
    corpus: corpusSummary(input),
    options: {
      folds: options.folds,
      seed: options.seed,
      d2: options.d2,
      maxTokens: options.maxTokens,
      defaults: d,
      models: models.map((m) => m.name),
    },
    folds: results.map((f) => ({
      fold: f.fold,
      seed: f.seed,
      trainDocuments: f.trainDocuments,
      testDocuments: f.testDocuments,
      testTokens: firstModel ? (f.models[firstModel.name]?.report?.tokens ?? 0) : 0,
    })),
    models: byName,
    tables: paperTables({ models, results, reportOf, foldsRun, defaults: d, scheme }),
    ties: {
      order: corpus.analyzerOrder === false ? 'hash' : 'analyzer',
      seed: options.seed,
      ...(input.firstSolutionAbsent ? { firstSolutionAbsent: input.firstSolutionAbsent } : {}),
    },
    check: rivalCheck(reportOf, scheme, input.firstSolutionAbsent),
    timing: {
      wallSeconds: input.wallSeconds,
      jobs: options.jobs,
      foldSeconds: results.map((f) => f.totalSeconds),
      modelSeconds,
    },
  };
}

/** The report's corpus part: its documents, the gold ones, its label scheme and the extra corpora. */
function corpusSummary({ corpus, assignment, extra, extraDocuments }: BuildInput): CvReport['corpus'] {
  const scheme = corpus.scheme;
  return {
    source: corpus.source,
    documents: corpus.documents.length,
    goldDocuments: corpus.documents.length - assignment.dropped,
    droppedDocuments: assignment.dropped,
    scheme: { name: scheme?.name ?? 'arabic', elements: schemeSlots(scheme).map((s) => elementName(scheme, s)) },
    ...(extra
      ? {
          extra: {
            source: extra.source,
            goldDocuments: extraDocuments ?? 0,
            ...(extra.parts ? { parts: extra.parts } : {}),
          },
        }
      : {}),
  };
}

/** The report without its timing: what two runs with the same seed must agree on. */
export function reportFigures(r: CvReport): Omit<CvReport, 'timing'> {
  const { timing: _timing, ...rest } = r;
  return rest;
}
