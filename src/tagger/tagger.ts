/**
 * Tagging: raw text (Arabic script or Buckwalter) → the analyzer's candidates → C(t) with
 * the labels seen in training → ranked by the model → the top analyses of each word. A
 * Tagger holds a loaded model and analyzer, reads them only, and can serve concurrent calls.
 */
import { Analyzer, type AnalyzerOptions } from '../analyzer/engine.js';
import { DEFAULT_INPUT_SCRIPT, INPUT_SCRIPTS, prepareInput, type InputScript } from '../analyzer/script.js';
import { requireInteger, requireOneOf, requireOptions, requireString } from '../args.js';
import type { Corpus } from '../corpus/types.js';
import { fromBuckwalter, isArabicChar } from '../script/buckwalter.js';
import type { VocalizeOptions } from '../script/vocalize.js';
import { defaultModelPath, findDataDir, tablesPath } from '../data/folder.js';
import { Model, modelAnalyzerOptions, type LoadedModel } from '../model/model.js';
import { rankPrepared } from './pipeline.js';
import { ModelRanker } from './ranker.js';
import { rankTextSteps } from './tag-steps.js';
import { DEFAULT_TOP, type RankedToken } from './types.js';
import { RenderCache, rendererKeys, vocalizeOptionsKey, type Renderer } from './render-cache.js';
import { WORD_TYPE_CACHE_SIZE, WordTypeCache } from './word-types.js';
import { taggedSentence, type TaggedSentence } from './tagged.js';

/**
 * The bytes a Tagger's caches take at most, by default (docs/reliability.md, "Memory: every
 * cache in bytes"): half for its word types' C(t) and analyses (./word-types.ts), a quarter for
 * the rendered strings (./render-cache.ts), a quarter for the analyzer's own cache of analyses
 * (when {@link Tagger.load} loads the analyzer).
 */
export const TAGGER_CACHE_BYTES = 256 * 2 ** 20;

/** Options of {@link Tagger.load}. */
export interface TaggerOptions {
  /**
   * The analyzer's tables: a folder of dictPrefixes, dictStems, dictSuffixes, tableAB, tableAC,
   * tableBC (BAMA 1.0 or SAMA 3.1).
   */
  tables: string;
  /** Analyzer options; those the model records (ModelInfo.analyzer) apply unless given here. */
  analyzer?: Partial<AnalyzerOptions>;
  /**
   * The bytes the caches take at most (see {@link TAGGER_CACHE_BYTES}, the default);
   * `analyzer.cacheBytes`, when given, sets the analyzer's share.
   */
  cacheBytes?: number;
}

/** A Tagger as {@link Tagger.load} gives it: its model has its header, size and load time. */
export type LoadedTagger = Tagger & { model: LoadedModel };

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
 * Where a Tagger is loaded from (what {@link Tagger.load} takes): what a worker thread needs to
 * load a tagger of its own.
 */
export interface TaggerSource {
  /** The model's path. */
  model: string;
  options: TaggerOptions;
}

/**
 * Words {@link Tagger.warmUp} tags by default (in some 0.6 s; 2,000 or 5,000 saved the first
 * requests less than they cost at start, docs/service.md).
 */
export const WARM_UP_WORDS = 1000;
/** Words per line of the warm-up text. */
const WARM_UP_LINE_WORDS = 15;

/** How {@link Tagger.tagText} reads and answers. */
export interface TagTextOptions {
  /** Analyses kept per word, best first (default {@link DEFAULT_TOP}). */
  top?: number;
  /** How the text is read: arabic (the default), buckwalter or auto (see {@link INPUT_SCRIPTS}). */
  inputScript?: InputScript;
  /** How each analysis' `vocalized` word is written (src/script/vocalize.ts). */
  vocalize?: Partial<VocalizeOptions>;
  /**
   * List first the best analysis with a vocalization of its own ({@link ownReadingOrder}): what
   * the vocalized text shows (src/tagger/diacritize.ts). Default false: the model's ranking.
   */
  ownReadingFirst?: boolean;
}

/**
 * A loaded model and analyzer: tags raw text or ranks a corpus's candidates. Reads them only,
 * so one Tagger can serve concurrent calls.
 */
export class Tagger {
  /** The model's disambiguator (Σθ·z over each token's candidates). */
  readonly ranker: ModelRanker;
  /** C(t) per word type of the raw text tagged so far (bounded, ./word-types.ts). */
  readonly words: WordTypeCache;
  /** The rendered strings of the analyses shown so far (bounded, ./render-cache.ts). */
  readonly rendered: RenderCache;
  /** Where {@link Tagger.load} loaded it from (undefined for a tagger made of parts). */
  loadedFrom?: TaggerSource;

  /**
   * Takes a model and an analyzer already loaded (see {@link Tagger.load}), and the bytes the
   * caches may take ({@link TAGGER_CACHE_BYTES} by default; the analyzer's cache is its own, set
   * when it was loaded); a constructor returns the tagger. Throws UsageError for a bad `cacheBytes`.
   */
  constructor(readonly model: Model, readonly analyzer: Analyzer, cacheBytes = TAGGER_CACHE_BYTES) {
    requireInteger('cacheBytes', cacheBytes, 0);
    this.ranker = new ModelRanker(model);
    this.words = new WordTypeCache(model.lexicon, WORD_TYPE_CACHE_SIZE, cacheBytes / 2);
    this.rendered = new RenderCache(cacheBytes / 4);
  }

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

  /**
   * Ranks every token of a corpus: candidates C(t) formed with the model's seen labels, then
   * narrowed to those that agree with the diacritics typed in the word, if any (marks.ts).
   * Takes a corpus (e.g. from loadCorpus or textToCorpus); returns per document, sentence and
   * token the ranking, best first. Throws nothing.
   */
  rankCorpus(corpus: Corpus): RankedToken[][][] {
    return corpus.documents.map((d) => rankPrepared(this.ranker, d, this.model.lexicon, { typedMarks: true }).ranked);
  }

  /**
   * Tags raw text (a paragraph a line): one entry per sentence, the `top` best analyses per
   * word. `inputScript` says how the text is read (src/analyzer/script.ts; default `arabic`:
   * Latin words are not Arabic and pass through untouched, Buckwalter only on request);
   * `vocalize` how each analysis' `vocalized` word is written (src/script/vocalize.ts).
   * Returns the tagged sentences. Throws UsageError for a bad argument.
   */
  tagText(text: string, options: TagTextOptions = {}): TaggedSentence[] {
    const out: TaggedSentence[] = [];
    for (const s of this.tagSteps(text, options)) if (s) out.push(s);
    return out;
  }

  /**
   * Tags raw text in bounded steps (./tag-steps.ts): yields `null` after a step that finished
   * no sentence and each sentence as soon as it is tagged. The sentences are those of
   * {@link tagText}; a caller can stop, yield or check a deadline between any two steps.
   * Throws UsageError for a bad argument (when the generator starts).
   */
  *tagSteps(text: string, options: TagTextOptions = {}): Generator<TaggedSentence | null> {
    requireString('text', text, true);
    const o = requireOptions<TagTextOptions>('options', options, true);
    const top = o.top === undefined ? DEFAULT_TOP : requireInteger('options.top', o.top, 0);
    const inputScript = o.inputScript === undefined ? DEFAULT_INPUT_SCRIPT : requireOneOf('options.inputScript', o.inputScript, INPUT_SCRIPTS);
    const vocalize = { ...o.vocalize };
    const optionsKey = vocalizeOptionsKey(vocalize);
    const render: Renderer = { cache: this.rendered, optionsKey, keys: rendererKeys(optionsKey) };
    for (const sent of rankTextSteps(this.analyzer, this.ranker, prepareInput(text, inputScript), this.words)) {
      yield sent && taggedSentence(sent, top, vocalize, render, o.ownReadingFirst === true);
    }
  }

  /**
   * Tags a text made of the model's own training words, the first `words` of those it saw with
   * labels (in the order training met them, 15 to a line), so that the code is compiled and the
   * caches hold common words before a first real text comes: what a service does before it
   * listens (docs/service.md: ten first requests then took some 40 % of the time). Takes the
   * number of words (default {@link WARM_UP_WORDS}); returns the words tagged and the
   * milliseconds it took.
   * Throws UsageError for a bad argument.
   */
  warmUp(words = WARM_UP_WORDS): { words: number; ms: number } {
    requireInteger('words', words, 0);
    const t0 = performance.now();
    const vocab = this.model.vocab;
    const picked: string[] = [];
    for (let id = 0, n = vocab.size('word'); id < n && picked.length < words; id++) {
      const w = vocab.string('word', id)!;
      const arabic = fromBuckwalter(w);
      if (this.model.lexicon.seenFor(w).length > 0 && [...arabic].every(isArabicChar)) picked.push(arabic);
    }
    const lines: string[] = [];
    for (let i = 0; i < picked.length; i += WARM_UP_LINE_WORDS) lines.push(picked.slice(i, i + WARM_UP_LINE_WORDS).join(' '));
    if (lines.length > 0) this.tagText(lines.join('\n'), { top: 3 });
    return { words: picked.length, ms: performance.now() - t0 };
  }

  /**
   * What the model says about itself, for `GET /v1/model` and JSON output: its header,
   * and under `analyzer` the tables' sizes and the analyzer options in use. Returns that
   * record. Throws nothing.
   */
  modelInfo(): Record<string, unknown> {
    const m = this.model as Partial<LoadedModel> & Model;
    return {
      formatVersion: m.storeHeader?.formatVersion,
      ...m.info,
      bytesOnDisk: m.bytesOnDisk,
      loadMs: m.loadMs,
      analyzer: {
        ...this.analyzer.stats,
        options: { backoff: this.analyzer.options.backoff, caseEndings: this.analyzer.options.caseEndings },
      },
    };
  }
}
