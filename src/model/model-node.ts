/**
 * A trained model in Node: the {@link Model} of ./model.ts, loaded from a model directory or
 * file and saved to one through the model store (./store.ts: plain reads, crash-safe writes).
 * What the package root exports as `Model`.
 */
import { requireString } from '../args.js';
import type { LexiconImage } from '../analyzer/image.js';
import { Model as ModelCore, MODEL_KIND, modelFromParts, type LoadedModel } from './model.js';
import { readModel, writeModel, type Compression } from './store.js';

export { modelAnalyzerOptions, LEGACY_ANALYZER_OPTIONS, type ModelInfo, type ModelAnalyzerOptions } from './model-info.js';
export type { LoadedModel } from './model.js';

/**
 * A trained model: feature templates, vocabularies, β* counts, document tables, the labels seen per
 * word, θ and the header information (./model.ts). Load one with {@link Model.load}, or read one
 * from bytes with {@link Model.fromBytes}; `save` writes one.
 */
export class Model extends ModelCore {
  /**
   * Writes the model to the directory `dir` (atomically, see src/model/store.ts), with the
   * analyzer's tables compiled when given (`analyzerTables`, from Analyzer.tablesImage: tagging
   * with those very tables then loads them without parsing), its parts stored as `compression`
   * says (src/model/store.ts DEFAULT_COMPRESSION when absent); returns its size in bytes and the
   * time taken. Throws OutputError for a path that cannot be written.
   */
  async save(
    dir: string,
    extra: { analyzerTables?: LexiconImage; compression?: Compression } = {},
  ): Promise<{ bytes: number; ms: number }> {
    return writeModel(dir, this.toParts(extra), { compression: extra.compression });
  }

  /**
   * Loads a model (a model directory or a single model file; read only, never locked). With
   * `expect`, a model trained with another feature set is refused with an error naming both.
   * Returns the model, with its header, size on disk and load time. Throws UsageError for a bad
   * argument, DataNotFoundError for a missing model, ModelFormatError / ModelVersionError for one
   * this lexdis cannot read.
   */
  static async load(dir: string, expect: { featureSet?: string } = {}): Promise<LoadedModel<Model>> {
    requireString('dir', dir);
    return modelFromParts(this, await readModel(dir, { expectKind: MODEL_KIND }), dir, expect);
  }
}
