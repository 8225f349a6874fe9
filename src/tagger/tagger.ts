/**
 * Tagging: raw text (Arabic script or Buckwalter) → the analyzer's candidates → C(t) with
 * the labels seen in training → ranked by the model → the top analyses of each word. A
 * Tagger holds a loaded model and analyzer, reads them only, and can serve concurrent calls.
 */
import { Analyzer, type AnalyzerOptions } from '../analyzer/engine.js';
import type { LexiconImage } from '../analyzer/image.js';
import type { TableTexts } from '../analyzer/lexicon.js';
import { DataNotFoundError, UsageError } from '../errors.js';
import { DEFAULT_INPUT_SCRIPT, INPUT_SCRIPTS, prepareInput, type InputScript } from '../analyzer/script.js';
import { requireInteger, requireOneOf, requireOptions, requireString } from '../args.js';
import type { Corpus } from '../corpus/types.js';
import { fromBuckwalter, isArabicChar } from '../script/buckwalter.js';
import type { VocalizeOptions } from '../script/vocalize.js';
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
 * (when the tagger makes the analyzer: {@link Tagger.fromModel}, Tagger.load).
 */
export const TAGGER_CACHE_BYTES = 256 * 2 ** 20;

/** Options of Tagger.load (./tagger-node.ts): the analyzer tables' folder, the analyzer options, the caches' bytes. */
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

/**
 * Where a Tagger is loaded from (what Tagger.load, ./tagger-node.ts, takes): what a worker thread
 * needs to load a tagger of its own.
 */
export interface TaggerSource {
  /** The model's path. */
  model: string;
  options: TaggerOptions;
}

/** Options of {@link Tagger.fromModel}. */
export interface TaggerCoreOptions {
  /** The six tables' text by file name (Analyzer.fromTables); absent: the model's compiled tables. */
  tables?: TableTexts;
  /** Analyzer options; those the model records (ModelInfo.analyzer) apply unless given here. */
  analyzer?: Partial<AnalyzerOptions>;
  /** The bytes the caches take at most ({@link TAGGER_CACHE_BYTES} by default). */
  cacheBytes?: number;
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
  /** Where Tagger.load (./tagger-node.ts) loaded it from (undefined for a tagger made otherwise). */
  loadedFrom?: TaggerSource;

  /**
   * Takes a model and an analyzer already loaded (see {@link Tagger.fromModel}), and the bytes the
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
   * A tagger from a model (read with {@link Model.fromBytes}, or trained), with no file system: the analyzer
   * from the six tables' text when `options.tables` gives them (Analyzer.fromTables), else from
   * the tables the model carries compiled (Analyzer.fromImage). The analyzer options the model
   * records apply unless `options.analyzer` gives others; `options.cacheBytes` as in
   * Tagger.load. Returns the tagger. Throws UsageError for a bad argument,
   * DataNotFoundError for a model without compiled tables and no tables given, ModelFormatError
   * for damaged compiled tables, InputParseError for a malformed table.
   */
  static fromModel(model: Model & { analyzerTables?: LexiconImage }, options: TaggerCoreOptions = {}): Tagger {
    if (!(model instanceof Model)) throw new UsageError('model must be a Model');
    const o = requireOptions<TaggerCoreOptions>('options', options, true);
    const cacheBytes = o.cacheBytes === undefined ? TAGGER_CACHE_BYTES : requireInteger('options.cacheBytes', o.cacheBytes, 0);
    const analyzerOptions = {
      ...modelAnalyzerOptions(model.info), cacheBytes: Math.floor(cacheBytes / 4), ...requireOptions('options.analyzer', o.analyzer, true),
    };
    let analyzer: Analyzer;
    if (o.tables !== undefined) analyzer = Analyzer.fromTables(o.tables, analyzerOptions);
    else if (model.analyzerTables) analyzer = Analyzer.fromImage(model.analyzerTables, analyzerOptions);
    else throw new DataNotFoundError('the model carries no compiled analyzer tables: give the tables\' text (options.tables)');
    return new this(model, analyzer, cacheBytes);
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
    const { backoff, caseEndings, passives } = this.analyzer.options;
    return {
      formatVersion: m.storeHeader?.formatVersion,
      ...m.info,
      bytesOnDisk: m.bytesOnDisk,
      loadMs: m.loadMs,
      analyzer: {
        ...this.analyzer.stats,
        options: { backoff, caseEndings, passives },
      },
    };
  }
}
