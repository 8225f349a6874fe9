/**
 * The tagger in Node: the {@link Tagger} of ./tagger.ts loaded from a model's path and a folder
 * of the analyzer's tables (its compiled tables used when they are those very files), or from a
 * data folder's default model and tables. What the package root exports as `Tagger`.
 */
import { Analyzer } from '../analyzer/engine-node.js';
import { requireInteger, requireOptions, requireString } from '../args.js';
import { defaultModelPath, findDataDir, tablesPath } from '../data/folder.js';
import { Model, modelAnalyzerOptions, type LoadedModel } from '../model/model-node.js';
import { Tagger as TaggerCore, TAGGER_CACHE_BYTES, type TaggerOptions } from './tagger.js';

export { TAGGER_CACHE_BYTES, WARM_UP_WORDS, type TaggerOptions, type TaggerSource, type TagTextOptions } from './tagger.js';

/** A Tagger as {@link Tagger.load} gives it: its model has its header, size and load time. */
export type LoadedTagger = Tagger & { model: LoadedModel<Model> };

/**
 * Options of {@link Tagger.load} without a model path: a data folder, whose default model
 * (`DATA/models/lexdis`, else `DATA/models/pud`: what `lexdis setup` trains) and tables
 * (`DATA/bama-1.0`, unless `tables` is given) are loaded.
 */
export interface DataFolderTaggerOptions extends Partial<TaggerOptions> {
  /**
   * The data folder. Default: the one the command line finds without `--data` (src/data/folder.ts
   * findDataDir: `$LEXDIS_DATA`, else `~/.local/share/lexdis`…), the only default of the library
   * read from the environment.
   */
  data?: string;
}

/**
 * A loaded model and analyzer (./tagger.ts): tags raw text or ranks a corpus's candidates. Load
 * one with {@link Tagger.load}; it reads them only, so one Tagger can serve concurrent calls.
 */
export class Tagger extends TaggerCore {
  /**
   * Loads a trained model and the analyzer's tables. Takes the model's path and `{ tables }`, the
   * analyzer tables' folder. Returns the Tagger. Throws UsageError for a bad argument,
   * DataNotFoundError for a missing model or tables, ModelFormatError / ModelVersionError for
   * something that is not a model this lexdis reads.
   */
  static async load(modelDir: string, options: TaggerOptions): Promise<LoadedTagger>;
  /**
   * Loads the default model of a data folder and its tables: `Tagger.load()`, or
   * `Tagger.load({ data })` ({@link DataFolderTaggerOptions}). Returns the Tagger. Throws as the
   * other form does; the DataNotFoundError of a missing default model names `lexdis setup`, which
   * makes it.
   */
  static async load(options?: DataFolderTaggerOptions): Promise<LoadedTagger>;
  /** Both forms above: returns the Tagger, throws as they say. */
  static async load(modelDir?: string | DataFolderTaggerOptions, options?: TaggerOptions): Promise<LoadedTagger> {
    if (typeof modelDir !== 'string') {
      const { data, ...rest } = requireOptions<DataFolderTaggerOptions>('options', modelDir, true);
      const dir = data === undefined ? findDataDir().dir : requireString('options.data', data);
      return Tagger.load(defaultModelPath(dir), { ...rest, tables: rest.tables ?? tablesPath(dir) });
    }
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
    const tagger = new Tagger(model, analyzer, cacheBytes) as LoadedTagger;
    tagger.loadedFrom = {
      model: modelDir,
      options: { tables: o.tables, cacheBytes, ...(o.analyzer ? { analyzer: { ...o.analyzer } } : {}) },
    };
    return tagger;
  }
}
