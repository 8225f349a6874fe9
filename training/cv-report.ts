/**
 * The report of a cross-validation run: per model, the A1/A2/E1/E2 report pooled over the
 * folds (token counts summed, src/eval/eval.ts mergeReports), per-fold figures, mean θ; and
 * the paper's tables derived from them (Table 5, Table 4, baselines, solver and transform
 * ablations, learning curve). Everything but `timing` depends only on the corpus, the models
 * and the options (the determinism test compares it). Rendering: training/cv-render.ts.
 */
import type { Corpus, CorpusPart } from '../src/corpus/types.js';
import type { LabelElement } from '../src/labels/elements.js';
import { elementName, schemeSlots, type LabelScheme } from '../src/labels/scheme.js';
import { mergeReports, tiedShare, type EvalReport } from '../src/eval/eval.js';
import type { TieOrder } from '../src/tagger/ties.js';
import { VALUE_TRANSFORMS } from '../features/transform.js';
import { SOLVER_NAMES } from './solvers/index.js';
import type { FoldAssignment } from './cv-folds.js';
import type { FoldResult } from './cv-fold.js';
import { BASELINE_NAMES, displayName, TABLE5_MODELS, trainedName, trainingsOf, type CvModel, type Defaults } from './cv-models.js';

const CV_REPORT_KIND = 'lexdis-cv-report';
const CV_REPORT_VERSION = 1;

/** A1/A2/E1/E2 of the whole label (all tokens and ambiguous ones). */
export interface Row {
  model: string;
  display: string;
  tokens: number;
  A1: number;
  A2: number;
  E1: number;
  E2: number;
  ambiguousA1: number;
  ambiguousA2: number;
  /** A1/A2 with ties broken by the seeded random order, and the share (%) of tokens whose first place was tied. */
  randomA1: number;
  randomA2: number;
  tiedFirst: number;
  /** A1/A2 of the case-less label (docs/glossary.md). */
  caselessA1: number;
  caselessA2: number;
}

export interface LeRow {
  le: LabelElement;
  /** The element's name in the corpus's label scheme (= le for Arabic). */
  name: string;
  /** Me on its own LE (absent when Me was not run). */
  own?: { A1: number; A2: number; E1: number; E2: number };
  /** Mfull on the same LE. */
  full?: { A1: number; A2: number; E1: number; E2: number };
}

export interface CurvePoint {
  percent: number;
  model: string;
  /** Mean training documents per fold at this share. */
  trainDocuments: number;
  A1: number;
  A2: number;
  E1: number;
  E2: number;
  /** Share of test tokens whose gold label is among the candidates (grows with D1's seen labels). */
  ceiling: number;
  folds: number;
}

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
  tables: {
    table5: Row[];
    table4: LeRow[];
    baselines: Row[];
    solvers: Row[];
    transforms: (Row & { prior: boolean; transform: string })[];
    curve: CurvePoint[];
  };
  /**
   * How the main figures broke ties ('hash' on a gold-first candidates file), the random
   * tie-break's seed, and why first-solution is absent (if it is).
   */
  ties: { order: TieOrder; seed: number; firstSolutionAbsent?: string };
  /**
   * Whether Mfull beats every baseline and Muni on A1 and A2 (null when they were not all
   * run), and the losses with the main tie-break and with random ties.
   */
  check: { fullBeatsBaselinesAndUni: boolean | null; losses: string[]; lossesRandomTies: string[] };
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

function row(name: string, r: EvalReport, scheme?: LabelScheme): Row {
  const a = r.all.label;
  const b = r.ambiguous.label;
  const c = r.all.caseless;
  return {
    model: name,
    display: displayName(name, scheme),
    tokens: r.tokens,
    A1: a.A1,
    A2: a.A2,
    E1: a.E1,
    E2: a.E2,
    ambiguousA1: b.A1,
    ambiguousA2: b.A2,
    randomA1: r.ties.random.A1,
    randomA2: r.ties.random.A2,
    tiedFirst: tiedShare(r),
    caselessA1: c.A1,
    caselessA2: c.A2,
  };
}

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
  const { corpus, assignment, models, options } = input;
  const results = [...input.results].sort((a, b) => a.fold - b.fold);
  const d = options.defaults;
  const byName: Record<string, CvModelResult> = {};
  const scheme = corpus.scheme;
  for (const m of models) byName[m.name] = modelResult(m, results, d, scheme);
  if (Object.hasOwn(byName, 'full')) for (const m of Object.values(byName)) if (m.name !== 'full') m.vsFull = paired(m, byName.full);
  const rep = (name: string): EvalReport | null => (Object.hasOwn(byName, name) ? byName[name].report : null);
  const rows = (names: readonly string[]) =>
    names.flatMap((n) => {
      const r = rep(n);
      return r ? [row(n, r, scheme)] : [];
    });

  const acc = (r: EvalReport, t: LabelElement) => ({
    A1: r.all[t].A1,
    A2: r.all[t].A2,
    E1: r.all[t].E1,
    E2: r.all[t].E2,
  });
  const full = rep('full');
  // Table 4 when at least one Me was run: every LE, with Me where it ran and Mfull beside it.
  const slots = schemeSlots(scheme);
  const table4: LeRow[] = !slots.some((le) => rep(le)) ? [] : slots.map((le) => {
    const own = rep(le);
    return {
      le,
      name: elementName(scheme, le),
      ...(own ? { own: acc(own, le) } : {}),
      ...(full ? { full: acc(full, le) } : {}),
    };
  });
  const transforms = [false, true].flatMap((prior) => VALUE_TRANSFORMS.flatMap((t) => {
    const name = trainedName(prior ? 'full+prior' : 'full', t, d.solver, d);
    const r = rep(name);
    return r ? [{ ...row(name, r, scheme), prior, transform: t }] : [];
  }));
  const curveNames = new Set(models.filter((m) => m.name.startsWith('curve:')).map((m) => m.name));
  const curve: CurvePoint[] = [];
  for (const m of models) {
    if (!curveNames.has(m.name) || m.kind !== 'trained') continue;
    const r = rep(m.name);
    if (!r) continue;
    const key = m.training.key;
    const notes = results.map((f) => f.trainings[key]).filter((n) => n !== undefined);
    curve.push({
      percent: m.training.percent,
      model: m.name,
      trainDocuments: notes.length ? notes.reduce((s, n) => s + n.trainDocuments, 0) / notes.length : 0,
      A1: r.all.label.A1,
      A2: r.all.label.A2,
      E1: r.all.label.E1,
      E2: r.all.label.E2,
      ceiling: r.ceiling,
      folds: byName[m.name].perFold.length,
    });
  }
  curve.sort((a, b) => a.percent - b.percent);

  const losses: string[] = [];
  const lossesRandomTies: string[] = [];
  let check: boolean | null = null;
  // The first-solution baseline is no rival where it cannot run (a gold-first file).
  const rivals = [...BASELINE_NAMES, 'uni'].filter((n) => !(n === 'first-solution' && input.firstSolutionAbsent));
  if (full && rivals.every((n) => rep(n))) {
    for (const n of rivals) {
      const r = rep(n)!;
      const lose = (out: string[], what: string, mine: number, theirs: number) => {
        if (!(mine > theirs)) out.push(`${what} ${mine.toFixed(2)} ≤ ${displayName(n, scheme)} ${theirs.toFixed(2)}`);
      };
      lose(losses, 'A1', full.all.label.A1, r.all.label.A1);
      lose(losses, 'A2', full.all.label.A2, r.all.label.A2);
      lose(lossesRandomTies, 'A1', full.ties.random.A1, r.ties.random.A1);
      lose(lossesRandomTies, 'A2', full.ties.random.A2, r.ties.random.A2);
    }
    check = losses.length === 0;
  }
  const modelSeconds: Record<string, number> = {};
  for (const f of results) for (const [k, v] of Object.entries(f.seconds)) modelSeconds[k] = (modelSeconds[k] ?? 0) + v;
  const firstModel = models.find((m) => rep(m.name));
  return {
    kind: CV_REPORT_KIND,
    version: CV_REPORT_VERSION,
    corpus: {
      source: corpus.source,
      documents: corpus.documents.length,
      goldDocuments: corpus.documents.length - assignment.dropped,
      droppedDocuments: assignment.dropped,
      scheme: { name: scheme?.name ?? 'arabic', elements: slots.map((s) => elementName(scheme, s)) },
      ...(input.extra
        ? {
            extra: {
              source: input.extra.source,
              goldDocuments: input.extraDocuments ?? 0,
              ...(input.extra.parts ? { parts: input.extra.parts } : {}),
            },
          }
        : {}),
    },
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
    tables: {
      table5: rows(TABLE5_MODELS),
      table4,
      baselines: rows([...BASELINE_NAMES, 'full']),
      solvers: rows(SOLVER_NAMES.map((s) => trainedName('full', d.transform, s, d))),
      transforms,
      curve,
    },
    ties: {
      order: corpus.analyzerOrder === false ? 'hash' : 'analyzer',
      seed: options.seed,
      ...(input.firstSolutionAbsent ? { firstSolutionAbsent: input.firstSolutionAbsent } : {}),
    },
    check: { fullBeatsBaselinesAndUni: check, losses, lossesRandomTies },
    timing: {
      wallSeconds: input.wallSeconds,
      jobs: options.jobs,
      foldSeconds: results.map((f) => f.totalSeconds),
      modelSeconds,
    },
  };
}

/** The report without its timing: what two runs with the same seed must agree on. */
export function reportFigures(r: CvReport): Omit<CvReport, 'timing'> {
  const { timing: _timing, ...rest } = r;
  return rest;
}
