/**
 * lexdis/training: train a model (stage one β* in worker threads, stage two θ), cross-validate,
 * and the solvers. Kept apart from the package root so that an inference program does not
 * load the worker pool.
 *
 * @example
 * import { loadCorpus } from 'lexdis';
 * import { requireGold } from 'lexdis/formats';
 * import { train } from 'lexdis/training';
 * const { model, summary } = await train(requireGold(loadCorpus(['gold.pos'])), { workers: 2 });
 * await model.save('models/mine');
 */
export { train, defaultTrainOptions, type TrainOptions, type TrainResult, type TrainStage } from './train.js';
export { describeTraining, type TrainSummary } from './train-summary.js';
export { trainFiles, type TrainFilesOptions, type TrainFilesResult } from './train-files.js';
export { setupModels, setupDataSets, DEFAULT_MODEL_CORPORA, type SetupOptions, type SetupReport, type SetupStep } from './setup.js';
export { runCv, defaultCvOptions, type CvOptions, type CvProgressEvent } from './cv.js';
export type { CvReport } from './cv-report.js';
export { parseModelList, type CvModel, type Defaults as CvModelDefaults } from './cv-models.js';
export { writeCvResults, cvMarkdown } from './cv-render.js';
export { fit, predict, predictAll } from './solvers/index.js';
export { SOLVER_NAMES, type SolverName, type LinearModel, type Rows } from './solvers/types.js';
export { VALUE_TRANSFORMS, DEFAULT_TRANSFORM, type ValueTransform } from '../features/transform.js';
export { DEFAULT_FEATURE_SET, featureSetNames } from '../features/templates.js';
