/**
 * libsvm-js (libsvm 3.22 compiled to WebAssembly) as the test oracle of the solvers, with linear weights
 * read out of its serialized model: for a linear kernel the decision value is Σ_i coef_i x_iᵀx − ρ, so
 * w = Σ_i coef_i x_i over the support vectors and b = −ρ (sign flipped for C-SVC when libsvm's first
 * label is the negative class). libsvm fits an unpenalized bias, unlike the DCD solvers.
 */
import { createRequire } from 'node:module';
import type { Rows } from '../training/solvers/types.js';
import { toArrays } from './synthetic-rows.js';

interface LibsvmInstance {
  train(samples: number[][], labels: number[]): void;
  predict(samples: number[][]): number[];
  serializeModel(): string;
  free(): void;
}
interface LibsvmClass {
  new (options: Record<string, unknown>): LibsvmInstance;
  SVM_TYPES: Record<string, string>;
  KERNEL_TYPES: Record<string, string>;
}

const require = createRequire(import.meta.url);
let loaded: Promise<LibsvmClass> | undefined;

/** Loads libsvm-js's WebAssembly build once. */
export function loadLibsvm(): Promise<LibsvmClass> {
  loaded ??= require('libsvm-js') as Promise<LibsvmClass>;
  return loaded;
}

/** Linear weights, bias and support-vector count read from a libsvm model. */
export interface LibsvmLinear {
  weights: Float64Array;
  bias: number;
  supportVectors: number;
  seconds: number;
}

/** Parses a serialized libsvm linear-kernel model into w and b (see the file comment). */
export function linearFromModel(text: string, p: number, positiveLabel?: number): Omit<LibsvmLinear, 'seconds'> {
  const lines = text.split('\n');
  let rho = 0;
  let labels: number[] | undefined;
  const w = new Float64Array(p);
  let sv = 0;
  let inSv = false;
  for (const line of lines) {
    const t = line.trim();
    if (!t) continue;
    if (!inSv) {
      if (t.startsWith('rho ')) rho = Number(t.slice(4));
      else if (t.startsWith('label ')) labels = t.slice(6).split(/\s+/).map(Number);
      else if (t === 'SV') inSv = true;
      continue;
    }
    const parts = t.split(/\s+/);
    const coef = Number(parts[0]);
    for (let k = 1; k < parts.length; k++) {
      const [idx, val] = parts[k].split(':');
      w[Number(idx) - 1] += coef * Number(val);
    }
    sv++;
  }
  let bias = -rho;
  if (labels && positiveLabel !== undefined && labels[0] !== positiveLabel) {
    for (let j = 0; j < p; j++) w[j] = -w[j];
    bias = -bias;
  }
  return { weights: w, bias, supportVectors: sv };
}

/** Fits libsvm ε-SVR with a linear kernel on `rows`; returns its linear weights and its own predictions on the rows. */
export async function libsvmSvr(
  rows: Rows,
  opts: { C: number; epsilon: number; tolerance?: number },
): Promise<LibsvmLinear & { predicted: number[] }> {
  const SVM = await loadLibsvm();
  const svm = new SVM({
    type: SVM.SVM_TYPES.EPSILON_SVR, kernel: SVM.KERNEL_TYPES.LINEAR, cost: opts.C, epsilon: opts.epsilon,
    tolerance: opts.tolerance ?? 0.001, shrinking: true, quiet: true,
  });
  const samples = toArrays(rows);
  const start = performance.now();
  svm.train(samples, Array.from(rows.y));
  const seconds = (performance.now() - start) / 1000;
  const lin = linearFromModel(svm.serializeModel(), rows.p);
  const predicted = svm.predict(samples);
  svm.free();
  return { ...lin, seconds, predicted };
}

/**
 * Fits libsvm C-SVC with a linear kernel on labels y > 0.5 → 1, else 0, and returns w, b with w·x +
 * b > 0 for class 1.
 */
export async function libsvmSvc(
  rows: Rows,
  opts: { C: number; tolerance?: number },
): Promise<LibsvmLinear & { predicted: number[] }> {
  const SVM = await loadLibsvm();
  const svm = new SVM({
    type: SVM.SVM_TYPES.C_SVC,
    kernel: SVM.KERNEL_TYPES.LINEAR,
    cost: opts.C,
    tolerance: opts.tolerance ?? 0.001,
    shrinking: true,
    quiet: true,
  });
  const samples = toArrays(rows);
  const start = performance.now();
  svm.train(
    samples,
    Array.from(rows.y, (v) => (v > 0.5 ? 1 : 0)),
  );
  const seconds = (performance.now() - start) / 1000;
  const lin = linearFromModel(svm.serializeModel(), rows.p, 1);
  const predicted = svm.predict(samples);
  svm.free();
  return { ...lin, seconds, predicted };
}
