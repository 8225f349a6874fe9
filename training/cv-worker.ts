/**
 * Piscina worker of `runCv` (training/cv.ts): runs whole folds. The corpus, the fold
 * assignment, the models and the options arrive once per thread as workerData; each task is a
 * fold number (and a port for per-model progress). Loaded from the compiled dist/ JS as
 * ./cv-worker.js.
 */
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Corpus } from '../src/corpus/types.js';
import type { FoldAssignment } from './cv-folds.js';
import type { CvModel } from './cv-models.js';
import { runFold, type FoldOptions, type FoldResult } from './cv-fold.js';

export interface CvWorkerData {
  corpus: Corpus;
  assignment: FoldAssignment;
  models: CvModel[];
  options: FoldOptions;
}

export interface CvTask {
  fold: number;
  port?: MessagePort;
}

export default async function runFoldTask(task: CvTask): Promise<FoldResult> {
  const data = Piscina.workerData as CvWorkerData;
  const port = task.port;
  try {
    return await runFold(data.corpus, data.assignment, task.fold, data.models, data.options,
      port ? (done, total, model) => port.postMessage({ done, total, model }) : undefined);
  } finally {
    port?.close();
  }
}
