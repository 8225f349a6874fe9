/**
 * The figures of a training run (`lexdis train --format json`, and the model header's `figures`
 * without θ): built from the fits on D2 (training/fit-d2.ts) and the saved model, and told to
 * people a line per step.
 */
import type { Corpus } from '../src/corpus/types.js';
import type { CasePass } from '../src/model/case-pass.js';
import type { Model } from '../src/model/model.js';
import { templateName, type Template } from '../features/templates.js';
import type { CaseFit } from './case-fit.js';
import type { D2Fit, SequenceFitSummary } from './fit-d2.js';
import type { Partition } from './partition.js';
import type { SolverName } from './solvers/index.js';

/**
 * The figures of a training run (`lexdis train --format json`): corpus and split sizes, θ,
 * temperature, solver, A1/A2 on D2 and timings.
 */
export interface TrainSummary {
  kind: 'lexdis-train-summary';
  documents: number;
  tokens: number;
  goldTokens: number;
  /** Gold tokens with several gold labels (Token.golds), each counted by training. */
  severalGoldTokens: number;
  d1: { documents: number; tokens: number };
  /** `evaluatedDocuments`: the documents that gave the A1/A2 on D2 and fitted λ (partition.ts sampleDocuments). */
  d2: {
    documents: number;
    goldTokens: number;
    usedTokens: number;
    rows: number;
    sampled: boolean;
    evaluatedDocuments: number;
  };
  candidatesPerToken: number;
  features: number;
  theta: Record<string, number>;
  bias: number;
  temperature: number;
  solver: { name: SolverName; iterations: number; converged: boolean; note?: string };
  d2Accuracy: { A1: number; A2: number; ceiling: number };
  /** The sequence decoding: its elements, λ and A1 on D2 without and with it; null when off. */
  sequence: SequenceFitSummary;
  /** The case pass: μ, its temperature, A1 and NLL on D2 without and with it, the classifier's size; null when off. */
  casePass: (CaseFit & { buckets: number; classes: string[] }) | null;
  betaKeys: number;
  /**
   * Wall seconds per phase: stage one on D1, D2's rows, θ (and the temperature), A1/A2 on D2,
   * the sequence decoding's λ, β* counted again over D1 ∪ D2 (0 without the recount), and the whole.
   */
  seconds: {
    stage1: number;
    rows: number;
    theta: number;
    evaluate: number;
    sequence: number;
    casePass: number;
    recount: number;
    total: number;
  };
}

/** What a summary is built from. */
export interface SummaryInput {
  corpus: Corpus;
  /** The corpus's tokens, gold-marked tokens and those with several gold labels. */
  counts: { tokens: number; gold: number; severalGolds: number };
  part: Partition;
  /** D1's tokens. */
  d1Tokens: number;
  templates: readonly Template[];
  solver: SolverName;
  fit: D2Fit;
  /** The saved model (its β* is counted) and its case pass (its size is reported), or null. */
  model: Model;
  casePass: CasePass | null;
  /** performance.now() at the start of training, when the saved model's tables began, and at the end. */
  start: number;
  recountStart: number;
  end: number;
}

/** The summary of a training run; the recount's seconds are 0 when D1's tables were kept. */
export function trainSummary(s: SummaryInput): TrainSummary {
  const { fit, templates } = s;
  const { theta, ev, times } = fit;
  const names = templates.map(templateName);
  return {
    kind: 'lexdis-train-summary',
    documents: s.corpus.documents.length,
    tokens: s.counts.tokens,
    goldTokens: s.counts.gold,
    severalGoldTokens: s.counts.severalGolds,
    d1: { documents: s.part.d1.documents.length, tokens: s.d1Tokens },
    d2: { documents: s.part.d2.documents.length, ...fit.d2Figures },
    candidatesPerToken: fit.candTokens === 0 ? 0 : fit.cands / fit.candTokens,
    features: templates.length,
    theta: Object.fromEntries(names.map((n, j) => [n, theta.weights[j]])),
    bias: theta.bias,
    temperature: fit.temperature,
    solver: {
      name: s.solver,
      iterations: theta.model.iterations,
      converged: theta.model.converged,
      note: theta.model.note,
    },
    d2Accuracy: { A1: ev.all.label.A1, A2: ev.all.label.A2, ceiling: ev.ceiling },
    sequence: fit.seqFit,
    casePass:
      s.casePass && fit.caseFit
        ? { ...fit.caseFit.fit, buckets: s.casePass.arrays.caseKeys.length, classes: [...s.casePass.data.classes] }
        : null,
    betaKeys: s.model.counts.size,
    seconds: {
      stage1: (times.t1 - s.start) / 1000,
      rows: (times.t2 - times.t1) / 1000,
      theta: (times.t3 - times.t2) / 1000,
      evaluate: (times.tEval - times.t3) / 1000,
      sequence: (times.tSeq - times.tEval) / 1000,
      casePass: (times.tCase - times.tSeq) / 1000,
      recount: fit.d1 ? 0 : (s.end - s.recountStart) / 1000,
      total: (s.end - s.start) / 1000,
    },
  };
}

/**
 * A training summary for people, a line per step (corpus, D1, D2, candidates and solver, A1/A2
 * on D2, the largest θ, timings). Takes the summary and the model directory it was written to;
 * returns the lines joined by newlines. Throws nothing.
 */
export function describeTraining(s: TrainSummary, dir: string): string {
  const f = (x: number, d = 1) => x.toFixed(d);
  const top = Object.entries(s.theta).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1])).slice(0, 8);
  return [
    `model written to ${dir}`,
    `corpus: ${s.documents} documents, ${s.tokens} tokens (${s.goldTokens} with gold` +
      (s.severalGoldTokens > 0 ? `, ${s.severalGoldTokens} of them with several gold labels, each counted)` : ')'),
    `D1: ${s.d1.documents} documents, ${s.d1.tokens} tokens; β*: ${s.betaKeys} keys`,
    `D2: ${s.d2.documents} documents, ${s.d2.goldTokens} gold tokens; θ fitted on ${s.d2.rows} rows from ${s.d2.usedTokens} ambiguous tokens${s.d2.sampled ? ' (sampled)' : ''}` +
      (s.d2.evaluatedDocuments < s.d2.documents ? `; λ and A1/A2 on ${s.d2.evaluatedDocuments} sampled documents` : ''),
    `candidates per token ${f(s.candidatesPerToken, 2)}; ${s.features} features; solver ${s.solver.name} (${s.solver.iterations} iterations${s.solver.converged ? '' : ', not converged'}); temperature ${s.temperature.toPrecision(3)}`,
    `on D2 (in-sample for θ): A1 ${f(s.d2Accuracy.A1)}  A2 ${f(s.d2Accuracy.A2)}  ceiling ${f(s.d2Accuracy.ceiling)}`,
    s.sequence
      ? `sequence decoding (${[...s.sequence.elements, ...s.sequence.presence.map((e) => `has ${e}`)].join(', ')}): λ ${s.sequence.weight} (the gold's mean NLL on D2 ${f(s.sequence.tried[0].nll, 3)} → ${f(s.sequence.d2Nll, 3)}), A1 on D2 ${f(s.sequence.d2A1Without)} → ${f(s.sequence.d2A1With)}`
      : 'sequence decoding: off',
    s.casePass
      ? `case pass (${s.casePass.classes.length} classes, ${s.casePass.buckets} feature buckets): μ ${s.casePass.weight}, temperature ${s.casePass.temperature.toPrecision(3)} ` +
        `(the gold's mean NLL on D2 ${f(s.casePass.d2NllWithout, 3)} → ${f(s.casePass.d2Nll, 3)}), A1 on D2 ${f(s.casePass.d2A1Without)} → ${f(s.casePass.d2A1With)}`
      : 'case pass: off',
    `largest θ: ${top.map(([k, v]) => `${k}=${v.toPrecision(3)}`).join(', ')}`,
    `time: stage one ${f(s.seconds.stage1, 2)} s, rows ${f(s.seconds.rows, 2)} s, θ ${f(s.seconds.theta, 2)} s, A1/A2 on D2 ${f(s.seconds.evaluate, 2)} s, ` +
      `λ ${f(s.seconds.sequence, 2)} s, μ ${f(s.seconds.casePass, 2)} s${s.seconds.recount > 0 ? `, recount ${f(s.seconds.recount, 2)} s` : ''}, total ${f(s.seconds.total, 2)} s`,
  ].join('\n');
}
