/**
 * The tagger in Node: the {@link Tagger} of ./tagger.ts loaded from a model's path and a folder
 * of the analyzer's tables (its compiled tables used when they are those very files). What the
 * package root exports as `Tagger`.
 */
import { Analyzer } from '../analyzer/engine-node.js';
import { requireInteger, requireOptions, requireString } from '../args.js';
import { Model, modelAnalyzerOptions, type LoadedModel } from '../model/model-node.js';
import { Tagger as TaggerCore, TAGGER_CACHE_BYTES, type TaggerOptions } from './tagger.js';

export { TAGGER_CACHE_BYTES, WARM_UP_WORDS, type TaggerOptions, type TaggerSource, type TagTextOptions } from './tagger.js';

/**
 * A loaded model and analyzer (./tagger.ts): tags raw text or ranks a corpus's candidates. Load
 * one with {@link Tagger.load}; it reads them only, so one Tagger can serve concurrent calls.
 */
export class Tagger extends TaggerCore {
  /**
   * Loads a trained model and the analyzer's tables. Takes the model's path and
   * `{ tables }`, the analyzer tables' folder; returns the Tagger. Throws UsageError for a bad
   * argument, DataNotFoundError for a missing model or tables, ModelFormatError /
   * ModelVersionError for something that is not a model this lexdis reads.
   */
  static async load(modelDir: string, options: TaggerOptions): Promise<Tagger & { model: LoadedModel<Model> }> {
    requireString('modelDir', modelDir);
    const o = requireOptions<TaggerOptions>('options', options, false);
    requireString('options.tables', o.tables);
    const cacheBytes = o.cacheBytes === undefined ? TAGGER_CACHE_BYTES : requireInteger('options.cacheBytes', o.cacheBytes, 0);
    const model = await Model.load(modelDir);
    // the tables compiled into the model, when they are the tables given (src/analyzer/image.ts), else the files parsed
    const analyzer = Analyzer.load(o.tables, {
      ...modelAnalyzerOptions(model.info), cacheBytes: Math.floor(cacheBytes / 4), ...requireOptions('options.analyzer', o.analyzer, true),
    }, model.analyzerTables);
    // the analyzer holds what it took of them; the bytes of their text need not stay
    model.analyzerTables = undefined;
    const tagger = new Tagger(model, analyzer, cacheBytes) as Tagger & { model: LoadedModel<Model> };
    tagger.loadedFrom = {
      model: modelDir,
      options: { tables: o.tables, cacheBytes, ...(o.analyzer ? { analyzer: { ...o.analyzer } } : {}) },
    };
    return tagger;
  }
}
