/**
 * Bench of stage two's solvers (prints JSON on stdout).
 *
 * - Our solvers (svr, svc, ridge) on seeded synthetic token/candidate rows of p = 120 columns and
 *   n = 20k, 100k, 400k rows: fit seconds, passes, per-token argmax agreement with ridge, per-token accuracy.
 * - libsvm-js (WASM ε-SVR, linear kernel) at 10k×40 and 20k×40 with C 'auto', and at 10k×40 with C = 1,
 *   the baseline measured in the same run, with our SVR fitted on the same rows (same C, ε).
 * - ml-svm (simplified SMO, dense n×n kernel) on a 2k-row sample, to document why it is not used.
 *
 * Usage: node dist/bench/solvers.js [--sizes 20000,100000,400000] [--p 120] [--libsvm 10000,20000]
 * [--libsvm-c1 10000] [--mlsvm 2000]
 */
import os from 'node:os';
import { createRequire } from 'node:module';
import { argmaxAccuracy, argmaxAgreement, cosine, fit, predictAll, type LinearModel, type Rows, type SolverName } from '../training/solvers/index.js';
import { libsvmSvr, loadLibsvm } from '../testkit/libsvm-oracle.js';
import { seededUniform, syntheticRows, toArrays } from '../testkit/synthetic-rows.js';
import { exitOnHelp } from './common.js';

exitOnHelp(process.argv.slice(2), import.meta.url);

function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 && k + 1 < process.argv.length ? process.argv[k + 1] : fallback;
}
const list = (s: string): number[] => (s ? s.split(',').map(Number) : []);
const round = (v: number, digits = 4): number => Number(v.toFixed(digits));
const seconds = (start: number): number => round((performance.now() - start) / 1000, 2);

const sizes = list(arg('sizes', '20000,100000,400000'));
const p = Number(arg('p', '120'));
const libsvmSizes = list(arg('libsvm', '10000,20000'));
const libsvmC1Sizes = list(arg('libsvm-c1', '10000'));
const mlSvmRows = Number(arg('mlsvm', '2000'));
const log = (msg: string): void => void process.stderr.write(`[bench/solvers] ${msg}\n`);

/** The machine, and its load at the start (other work on this 2-core VM slows every figure). */
const machine = {
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  loadavgAtStart: os.loadavg().map((v) => round(v, 2)),
};

function summarize(model: LinearModel, rows: Rows, ridgeScores?: Float64Array): Record<string, unknown> {
  const scores = predictAll(model, rows);
  const out: Record<string, unknown> = {
    seconds: round(model.seconds, 2), iterations: model.iterations, converged: model.converged,
    accuracy: round(argmaxAccuracy(scores, rows)),
  };
  if (ridgeScores) out.agreementVsRidge = round(argmaxAgreement(scores, ridgeScores, rows.group!));
  if (model.options?.C !== undefined) out.C = round(model.options.C as number, 6);
  if (model.note) out.note = model.note;
  return out;
}

const ours: Record<string, unknown>[] = [];
for (const n of sizes) {
  const start = performance.now();
  const rows = syntheticRows({ n, p, seed: 42 });
  const entry: Record<string, unknown> = { n, p, tokens: rows.group![n - 1] + 1, generateSeconds: seconds(start) };
  log(`${n}×${p}: ridge`);
  const ridge = fit('ridge', rows);
  const ridgeScores = predictAll(ridge, rows);
  const solvers: Record<string, unknown> = { ridge: summarize(ridge, rows) };
  for (const solver of ['svr', 'svc'] as SolverName[]) {
    log(`${n}×${p}: ${solver}`);
    solvers[solver] = summarize(fit(solver, rows), rows, ridgeScores);
  }
  entry.solvers = solvers;
  ours.push(entry);
}

const libsvm: Record<string, unknown>[] = [];
const libsvmRuns = [...libsvmSizes.map((n) => ({ n, cost: 'auto' as const })), ...libsvmC1Sizes.map((n) => ({ n, cost: 1 }))];
for (const { n, cost } of libsvmRuns) {
  const rows = syntheticRows({ n, p: 40, seed: 43 });
  const svr = fit('svr', rows, { C: cost });
  const C = svr.options!.C as number;
  log(`libsvm-js ε-SVR ${n}×40 (C ${C.toPrecision(4)})`);
  const lib = await libsvmSvr(rows, { C, epsilon: 0.1 });
  const libScores = predictAll({ ...svr, weights: lib.weights, bias: lib.bias }, rows);
  const ridgeScores = predictAll(fit('ridge', rows), rows);
  libsvm.push({
    n,
    p: 40,
    cost,
    C: round(C, 6),
    epsilon: 0.1,
    libsvmSeconds: round(lib.seconds, 2),
    supportVectors: lib.supportVectors,
    libsvmAgreementVsRidge: round(argmaxAgreement(libScores, ridgeScores, rows.group!)),
    ourSvrSeconds: round(svr.seconds, 2),
    ourSvrIterations: svr.iterations,
    ourSvrConverged: svr.converged,
    ourSvrAgreementVsLibsvm: round(argmaxAgreement(predictAll(svr, rows), libScores, rows.group!)),
    weightCosine: round(cosine(svr.weights, lib.weights), 6),
  });
}

let mlSvm: Record<string, unknown> | undefined;
if (mlSvmRows > 0) {
  const rows = syntheticRows({ n: mlSvmRows, p: 40, seed: 44 });
  const require = createRequire(import.meta.url);
  const MlSvm = require('ml-svm') as new (o: Record<string, unknown>) => {
    train(x: number[][], y: number[]): void;
    margin(x: number[][]): number[];
    iterations?: number;
  };
  const labels = Array.from(rows.y, (v) => (v > 0.5 ? 1 : -1));
  const samples = toArrays(rows);
  const svm = new MlSvm({ C: 1, kernel: 'linear', random: seededUniform(44) });
  log(`ml-svm ${mlSvmRows}×40`);
  const start = performance.now();
  let error: string | undefined;
  try {
    svm.train(samples, labels);
  } catch (e) {
    error = (e as Error).message;
  }
  const trainSeconds = seconds(start);
  const ourSvc = fit('svc', rows);
  mlSvm = {
    n: mlSvmRows, p: 40, kernel: 'linear', C: 1, trainSeconds, error, iterations: svm.iterations,
    denseKernelEntries: mlSvmRows * mlSvmRows, denseKernelMB: round((mlSvmRows * mlSvmRows * 8) / 2 ** 20, 1),
    ourSvcSeconds: round(ourSvc.seconds, 3),
  };
  if (!error) {
    const margins = Float64Array.from(svm.margin(samples));
    const svcScores = predictAll(ourSvc, rows);
    mlSvm.accuracy = round(argmaxAccuracy(margins, rows));
    mlSvm.agreementVsOurSvc = round(argmaxAgreement(margins, svcScores, rows.group!));
    mlSvm.ourSvcAccuracy = round(argmaxAccuracy(svcScores, rows));
  }
}

await loadLibsvm();
process.stdout.write(`${JSON.stringify({ bench: 'solvers', machine, ours, libsvm, mlSvm, loadavgAtEnd: os.loadavg().map((v) => round(v, 2)) }, null, 2)}\n`);
