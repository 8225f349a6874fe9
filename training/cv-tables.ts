/**
 * The paper's tables of a cross-validation report (Table 5, Table 4, baselines, solver and
 * transform ablations, learning curve) and the check that Mfull beats every baseline and Muni,
 * all derived from the models' reports pooled over the folds (training/cv-report.ts).
 */
import type { LabelElement } from '../src/labels/elements.js';
import { elementName, schemeSlots, type LabelScheme } from '../src/labels/scheme.js';
import { tiedShare, type EvalReport } from '../src/eval/eval.js';
import { VALUE_TRANSFORMS } from '../features/transform.js';
import { SOLVER_NAMES } from './solvers/index.js';
import type { FoldResult } from './cv-fold.js';
import { BASELINE_NAMES, displayName, TABLE5_MODELS, trainedName, type CvModel, type Defaults } from './cv-models.js';

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

/** The tables of a report, each with the rows of the models that ran (empty when none did). */
export interface CvTables {
  table5: Row[];
  table4: LeRow[];
  baselines: Row[];
  solvers: Row[];
  transforms: (Row & { prior: boolean; transform: string })[];
  curve: CurvePoint[];
}

/** Whether Mfull beats every rival on A1 and A2 (null when not all ran), and the losses. */
export interface RivalCheck {
  fullBeatsBaselinesAndUni: boolean | null;
  losses: string[];
  lossesRandomTies: string[];
}

/** A model's report pooled over the folds, by name: null when it was not run or every fold skipped it. */
export type ReportOf = (name: string) => EvalReport | null;

/** What the tables are built from: the models asked for, the folds' results (fold order), the pooled reports. */
export interface TableInput {
  models: readonly CvModel[];
  results: readonly FoldResult[];
  reportOf: ReportOf;
  /** Folds that ran each model (by name). */
  foldsRun: (name: string) => number;
  defaults: Defaults;
  scheme?: LabelScheme;
}

/** Model `name`'s row from its pooled report. */
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

/** Builds every table of the report. */
export function paperTables(t: TableInput): CvTables {
  const { reportOf, defaults: d, scheme } = t;
  const rows = (names: readonly string[]) =>
    names.flatMap((n) => {
      const r = reportOf(n);
      return r ? [row(n, r, scheme)] : [];
    });
  const transforms = [false, true].flatMap((prior) => VALUE_TRANSFORMS.flatMap((tr) => {
    const name = trainedName(prior ? 'full+prior' : 'full', tr, d.solver, d);
    const r = reportOf(name);
    return r ? [{ ...row(name, r, scheme), prior, transform: tr }] : [];
  }));
  return {
    table5: rows(TABLE5_MODELS),
    table4: table4(reportOf, scheme),
    baselines: rows([...BASELINE_NAMES, 'full']),
    solvers: rows(SOLVER_NAMES.map((s) => trainedName('full', d.transform, s, d))),
    transforms,
    curve: curvePoints(t),
  };
}

/** Table 4 when at least one Me was run (else empty): every LE, with Me where it ran and Mfull beside it. */
function table4(reportOf: ReportOf, scheme?: LabelScheme): LeRow[] {
  const acc = (r: EvalReport, t: LabelElement) => ({
    A1: r.all[t].A1,
    A2: r.all[t].A2,
    E1: r.all[t].E1,
    E2: r.all[t].E2,
  });
  const full = reportOf('full');
  const slots = schemeSlots(scheme);
  return !slots.some((le) => reportOf(le)) ? [] : slots.map((le) => {
    const own = reportOf(le);
    return {
      le,
      name: elementName(scheme, le),
      ...(own ? { own: acc(own, le) } : {}),
      ...(full ? { full: acc(full, le) } : {}),
    };
  });
}

/** The learning curve: a point per curve model that ran, by ascending share of the training part. */
function curvePoints({ models, results, reportOf, foldsRun }: TableInput): CurvePoint[] {
  const curveNames = new Set(models.filter((m) => m.name.startsWith('curve:')).map((m) => m.name));
  const curve: CurvePoint[] = [];
  for (const m of models) {
    if (!curveNames.has(m.name) || m.kind !== 'trained') continue;
    const r = reportOf(m.name);
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
      folds: foldsRun(m.name),
    });
  }
  return curve.sort((a, b) => a.percent - b.percent);
}

/**
 * Compares Mfull with every baseline and Muni on A1 and A2, with the main tie-break and with
 * random ties; the first-solution baseline is no rival when `firstSolutionAbsent` says why it
 * could not run (a gold-first file).
 */
export function rivalCheck(
  reportOf: ReportOf,
  scheme: LabelScheme | undefined,
  firstSolutionAbsent?: string,
): RivalCheck {
  const losses: string[] = [];
  const lossesRandomTies: string[] = [];
  let check: boolean | null = null;
  const full = reportOf('full');
  const rivals = [...BASELINE_NAMES, 'uni'].filter((n) => !(n === 'first-solution' && firstSolutionAbsent));
  if (full && rivals.every((n) => reportOf(n))) {
    for (const n of rivals) {
      const r = reportOf(n)!;
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
  return { fullBeatsBaselinesAndUni: check, losses, lossesRandomTies };
}
