/**
 * lexdis, the library: rank a morphological analyzer's analyses of Arabic words in context
 * (Shah et al. 2010). The package root is what an inference program needs, and no more: the
 * analyzer, a tagger (a trained model and the analyzer), diacritization, reading and writing
 * corpora, evaluation, and the error tree. The rest is under subpaths: `lexdis/formats` (each
 * file format on its own, UD import, Buckwalter), `lexdis/eval` (diacritization scoring, the
 * report's Markdown), `lexdis/training`, `lexdis/service`. The root loads neither worker
 * threads nor an HTTP server. Data paths are arguments; the one default read from the
 * environment is the data folder of `Tagger.load()` given no model and no `data` (findDataDir:
 * `$LEXDIS_DATA`, else `~/.local/share/lexdis`…, where `lexdis setup` puts the default model).
 *
 * @example
 * import { Tagger, diacritizeText } from 'lexdis';
 * const tagger = await Tagger.load(); // the default model of the data folder (lexdis setup)
 * const pud = await Tagger.load('models/pud', { tables: 'data/bama-1.0' });
 * for (const s of tagger.tagText('كتبت الطالبة الدرس', { top: 2 }))
 *   for (const t of s.tokens) console.log(t.input, t.analyses[0]?.vocalized);
 * console.log(diacritizeText(tagger, 'كتبت الطالبة الدرس')[0].text);
 */

// The work: analyze, tag, diacritize, read and write corpora, evaluate.
export { Analyzer } from './analyzer/engine-node.js';
export type { AnalyzerOptions, WordAnalysis } from './analyzer/engine.js';
export { Model } from './model/model-node.js';
export type { ModelInfo } from './model/model-info.js';
export { Tagger, type DataFolderTaggerOptions } from './tagger/tagger-node.js';
export type { TaggerOptions, TagTextOptions } from './tagger/tagger.js';
export type { TaggedSentence, TaggedToken, TaggedAnalysis } from './tagger/tagged.js';
export { diacritizeText, type DiacritizeOptions, type DiacritizedParagraph, type DiacritizedWord } from './tagger/diacritize.js';
export { loadCorpus, type LoadCorpusOptions } from './import/load.js';
export { writeCorpus, type WriteCorpusOptions } from './formats/write.js';
export { evaluate, type EvaluateOptions } from './eval/evaluate.js';

// The data folder: where it is, its tables and default model.
export { findDataDir, tablesPath, defaultModelPath, type DataDirChoice, type DataDirSource } from './data/folder.js';

// What they take and give.
export type { Disambiguator, RankedToken, RankedCandidate } from './tagger/types.js';
export type { Corpus, Document, Sentence, Token, Candidate } from './corpus/types.js';
export type { EvalReport, Accuracy } from './eval/eval.js';

// Errors: one tree, stable codes (LexdisError.code), file:line where there is one.
export {
  LexdisError,
  InputParseError,
  DataNotFoundError,
  DataFetchError,
  ModelFormatError,
  ModelVersionError,
  CorpusError,
  UsageError,
  OutputError,
  InternalError,
  WorkerError,
  DataBuildError,
  type ErrorLocation,
} from './errors.js';
