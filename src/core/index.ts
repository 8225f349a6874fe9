/**
 * The platform-neutral core: the inference path with no Node built-in and no Node global, so it
 * runs wherever JavaScript does (a browser, a Web Worker, Deno, Bun, Node). A model read from
 * its bytes, the analyzer made from the six tables' text or from the image the model carries,
 * the ranker, the case pass, the vocalizer and diacritization. Files, streams, worker threads
 * and atomic writes are the Node wrappers' (`*-node.ts`, what the package root exports); the
 * lint forbids `node:*` imports in the core's folders, and test/core/bundle.test.ts bundles
 * this entry for the browser platform and fails on any Node built-in or global.
 *
 * @example
 * import { Model, Tagger, diacritizeText } from './core/index.js';
 * const model = Model.fromBytes(new Uint8Array(await (await fetch('model.lexdis')).arrayBuffer()));
 * const tagger = Tagger.fromModel(model); // the analyzer from the tables the model carries compiled
 * console.log(diacritizeText(tagger, 'كتبت الطالبة الدرس')[0].text);
 */

// The work: analyze, tag, diacritize.
export { Analyzer } from '../analyzer/engine.js';
export type { AnalyzerOptions, WordAnalysis } from '../analyzer/engine.js';
export { TABLE_FILES, type TableTexts } from '../analyzer/lexicon.js';
export type { LexiconImage } from '../analyzer/image.js';
export { Model, type LoadedModel } from '../model/model.js';
export type { ModelInfo } from '../model/model-info.js';
export { Tagger } from '../tagger/tagger.js';
export type { TaggerCoreOptions, TagTextOptions } from '../tagger/tagger.js';
export type { TaggedSentence, TaggedToken, TaggedAnalysis } from '../tagger/tagged.js';
export { diacritizeText } from '../tagger/diacritize.js';
export type { DiacritizeOptions, DiacritizedParagraph, DiacritizedWord } from '../tagger/diacritize.js';

// Errors: one tree, stable codes (LexdisError.code).
export {
  LexdisError,
  InputParseError,
  DataNotFoundError,
  ModelFormatError,
  ModelVersionError,
  UsageError,
  InternalError,
  type ErrorLocation,
} from '../errors.js';
