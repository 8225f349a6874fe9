/**
 * The analyzer: loads BAMA 1.0 / SAMA tables and gives every analysis of Arabic words, as
 * the reference program AraMorph.pl does. Everything is in Buckwalter unless converted with
 * the script helpers.
 */
export { Analyzer, defaultAnalyzerOptions, LEXDIS_ANALYZER_OPTIONS, type AnalyzerOptions, type WordAnalysis } from './engine-node.js';
export { CompatTable, TABLE_FILES, lexiconFromTexts, type Lexicon, type TableTexts } from './lexicon.js';
export { loadLexicon } from './lexicon-node.js';
export { LexiconDict, cleanGloss, deducePos, type EntryIndex, type LexEntry } from './dict.js';
export { tokenizeLine, lookupWord, isArabicClassChar, withinWordReach, MAX_WORD_LETTERS, MAX_WORD_CHARS, type RawToken } from './tokenize.js';
export { alternativeSpellings } from './alternatives.js';
export { backoffSolutions, backoffLemma, BACKOFF_COMMENT, BACKOFF_POS, BACKOFF_GLOSS } from './backoff.js';
export { formatAnalyses, formatToken, defaultPrintOptions, type PrintOptions } from './print.js';
export { lemmaInScript, morphInScript, formInScript, solutionInScript, prepareInput, resolveInputScript, INPUT_SCRIPTS, DEFAULT_INPUT_SCRIPT, type InputScript } from './script.js';
export { renderAnalyses, renderLine, tokenJson, defaultRenderOptions, type OutputFormat, type RenderOptions } from './output.js';
export { LruCache } from './cache.js';
export * from './types.js';
export { analyzeStream, analyzeWindow, ANALYZE_WINDOW_CHARS, ANALYZE_AUTO_MIN_BYTES, type AnalyzeStreamOptions, type AnalyzerSource, type AnalyzeWindow } from './stream.js';
