/**
 * What a model says about itself: its header's `lexdis` section (templates, transform, solver,
 * the training corpus, figures, temperature, the analyzer options it was trained with, its
 * label scheme).
 */
import type { AnalyzerOptions } from '../analyzer/engine.js';
import type { CorpusPart } from '../corpus/types.js';
import { ModelFormatError } from '../errors.js';
import type { LabelScheme } from '../labels/scheme.js';
import type { ValueTransform } from '../../features/transform.js';

/** What a model says about itself (stored as the store header's `lexdis` field). */
export interface ModelInfo {
  featureSet: string;
  templates: string[];
  templateHash: string;
  transform: ValueTransform;
  solver: string;
  options: Record<string, unknown>;
  seed: number;
  /**
   * The training corpus: where it was read from (paths joined by commas), a hash of its content,
   * its size, and each file it was read from with its size (`sources`; absent in models trained
   * before it was recorded, or from a corpus not read from files).
   */
  corpus: {
    source?: string;
    hash: string;
    documents: number;
    tokens: number;
    goldTokens: number;
    sources?: CorpusPart[];
  };
  /** Figures measured while training (sizes, times, A1/A2 on D2…). */
  figures: Record<string, unknown>;
  temperature: number;
  /**
   * The analyzer options the model was trained with, which tagging uses too, so that tagging
   * builds the candidates training saw. Absent in models trained before they were recorded
   * (and a field absent in models recorded before it existed): read as {@link LEGACY_ANALYZER_OPTIONS}.
   */
  analyzer?: ModelAnalyzerOptions;
  /** The label-element scheme of its corpus (src/labels/scheme.ts); absent: the built-in Arabic one. */
  scheme?: LabelScheme;
}

/** The analyzer options a model records (see src/analyzer/engine.ts AnalyzerOptions). */
export type ModelAnalyzerOptions = Pick<AnalyzerOptions, 'backoff' | 'caseEndings' | 'passives'>;

/**
 * What a model without an `analyzer` record was trained with: no backoff, no case endings, no
 * passives made by rule (a model recorded before `passives` existed was trained without them).
 */
export const LEGACY_ANALYZER_OPTIONS: Readonly<ModelAnalyzerOptions> = Object.freeze({
  backoff: false,
  caseEndings: false,
  passives: false,
});

/**
 * The analyzer options recorded in a model (see ModelInfo.analyzer), absent ones as in
 * {@link LEGACY_ANALYZER_OPTIONS}. Throws ModelFormatError on a value that is not true or false.
 */
export function modelAnalyzerOptions(info: Pick<ModelInfo, 'analyzer'>): ModelAnalyzerOptions {
  const o = { ...LEGACY_ANALYZER_OPTIONS, ...info.analyzer };
  for (const [name, value] of Object.entries(o)) {
    if (typeof value !== 'boolean') throw new ModelFormatError(`model header: analyzer.${name} must be true or false, got ${JSON.stringify(value)}`);
  }
  return o;
}
