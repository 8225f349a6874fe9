/**
 * lexdis, the library: rank a morphological analyzer's analyses of Arabic words in context
 * (Shah et al. 2010). This entry point is what an inference program needs: analyze raw text,
 * tag it with a trained model, read and write corpora, evaluate, and the error classes. It
 * loads neither worker threads nor an HTTP server: training is `lexdis/training`, the HTTP
 * service `lexdis/service`. Every data path is an explicit argument (nothing is read from the
 * environment).
 *
 * @example
 * import { Tagger } from 'lexdis';
 * const tagger = await Tagger.load('models/pud', { tables: 'data/bama-1.0' });
 * for (const s of tagger.tagText('كتبت الطالبة الدرس', { top: 2 }))
 *   for (const t of s.tokens) console.log(t.input, t.analyses[0]?.vocArabic);
 */

// Errors: one tree, stable codes (LexdisError.code), file:line where there is one.
export {
  LexdisError, InputParseError, DataNotFoundError, DataFetchError, ModelFormatError, ModelVersionError, CorpusError, UsageError, OutputError, InternalError,
  WorkerError, type ErrorLocation,
} from './errors.js';

// Script: Buckwalter transliteration.
export { toBuckwalter, fromBuckwalter, hasArabic, lookupForm, type Script } from './script/buckwalter.js';

// The analyzer (BAMA 1.0 / SAMA 3.1 tables).
export { Analyzer, type AnalyzerOptions, type WordAnalysis } from './analyzer/engine.js';
export { MAX_WORD_LETTERS, MAX_WORD_CHARS } from './analyzer/tokenize.js';
export { prepareInput, INPUT_SCRIPTS, DEFAULT_INPUT_SCRIPT, type InputScript } from './analyzer/script.js';
export { renderAnalyses, type OutputFormat, type RenderOptions } from './analyzer/output.js';
export type { AnalyzedToken, Solution, Alternative } from './analyzer/types.js';

// Corpora: types, readers and writers.
export type { Corpus, Document, Sentence, Token, Candidate } from './corpus/types.js';
export type { LabelElement, LabelElements, Target } from './labels/elements.js';
export { LABEL_ELEMENTS, TARGETS } from './labels/elements.js';
export { loadCorpus, CORPUS_FORMATS, type CorpusFormat, type LoadCorpusOptions } from './formats/load.js';
export { loadPosFile } from './formats/pos.js';
export { loadPosCorpus, type LoadPosCorpusOptions } from './formats/pos-stream.js';
export { readPosFile } from './formats/pos-read.js';
export { writePosFile } from './formats/pos-write.js';
export type { PosFile } from './formats/pos-model.js';
export { posToCorpus, requireGold, type PosToCorpusOptions } from './formats/pos-corpus.js';
export { corpusToPos, type CorpusToPosOptions } from './formats/corpus-pos.js';
export { readCandidatesFile, writeCandidatesFile, loadCandidatesFile, type CandidatesReadOptions, type CandidatesWriteOptions } from './formats/candidates.js';
export { projectUd, type Projection, type ProjectOptions } from './formats/ud-project.js';
export { projectTreebank, vocalizedReference, type TreebankProjection, type TreebankOptions } from './formats/treebank.js';
export { DiacImporter, importDiacText, type DiacImportOptions } from './formats/diac-import.js';
export type { VocalizedReport } from './formats/voc-report.js';
export { textToCorpus } from './formats/text.js';
export { readTextFile, writeFileAtomic, TEXT_ENCODINGS, type TextEncoding } from './io.js';

// Models and tagging.
export { Model, type ModelInfo, type LoadedModel } from './model/model.js';
export { Tagger, TAGGER_CACHE_BYTES, type TaggerOptions, type TaggerSource, type TagTextOptions, type TaggedSentence, type TaggedToken, type TaggedAnalysis } from './rank/tagger.js';
export { ModelRanker } from './rank/ranker.js';
export type { Disambiguator, RankedToken, RankedCandidate } from './rank/types.js';
export { rankPrepared, goldItems, evaluateModel, type RankedDocument } from './rank/pipeline.js';
export { taggedText, taggedJsonl, rankedJsonl, rerankedPos, type RerankOptions } from './rank/tag-output.js';

// Vocalized text: the renderer every output uses, and the diacritizer.
export { vocalizeWord, defaultVocalizeOptions, type VocalizeOptions } from './script/vocalize.js';
export {
  diacritizeText, diacritizeParagraph, vocalizedText, vocalizedLines,
  type DiacritizeOptions, type DiacritizedParagraph, type DiacritizedWord,
} from './rank/diacritize.js';

// Evaluation.
export { evaluate, evalMarkdown, mergeReports, EVAL_TARGETS, type EvalTarget, type EvalReport, type EvalItem, type Accuracy } from './rank/eval.js';
export { caselessKey, caselessMorph, CASE_MOOD_ELEMENTS } from './labels/caseless.js';
export { loadSchemeFile, parseSchemeFile } from './labels/scheme-file.js';
export { ARABIC_SCHEME, type LabelScheme } from './labels/scheme.js';
export { compareWord, type Convention, type WordVerdict } from './script/diac-compare.js';
export { readReference, readSystem, type ReferenceFormat, type SystemFormat, type RefSentence, type SysSentence } from './formats/diac-eval.js';
export { checkAlignment, scoreDiacritization, diacReportMarkdown, CONVENTIONS, type DiacReport, type ScoreOptions } from './formats/diac-score.js';
