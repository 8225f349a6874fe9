/**
 * The analyzer in Node: the {@link Analyzer} of ./engine.ts loaded from a folder of table files,
 * or from a compiled image of those very files (its fingerprint checked against them,
 * ./image-node.ts), and compiled for a model file to carry. What the package root exports as
 * `Analyzer`.
 */
import { join } from 'node:path';
import { requireString } from '../args.js';
import { Analyzer as AnalyzerCore, analyzerOptions, type AnalyzerOptions } from './engine.js';
import { isLexiconImage, lexiconFromImage, lexiconImage, type LexiconImage } from './image.js';
import { tablesFingerprint } from './image-node.js';
import { loadLexicon } from './lexicon-node.js';

export { defaultAnalyzerOptions, LEXDIS_ANALYZER_OPTIONS, type AnalyzerOptions, type WordAnalysis } from './engine.js';

/**
 * The morphological analyzer (./engine.ts): every analysis of every word. Load it with
 * {@link Analyzer.load}; it is read-only after loading and can serve concurrent callers.
 */
export class Analyzer extends AnalyzerCore {
  /**
   * Loads the six table files from `dir` (synchronously), or takes them from `compiled`, an
   * image of those very tables (src/analyzer/image.ts: its fingerprint is checked against the
   * files; another image is ignored). Takes the folder, the options and the image; returns the
   * analyzer. Throws UsageError for a bad argument, ModelFormatError for a damaged image,
   * DataNotFoundError for a missing table, InputParseError (file:line) for a malformed one.
   */
  static load(dir: string, options: Partial<AnalyzerOptions> = {}, compiled?: LexiconImage): Analyzer {
    requireString('dir', dir);
    const opts = analyzerOptions(options);
    const start = performance.now();
    const fromImage =
      isLexiconImage(compiled) && compiled.json.fingerprint === tablesFingerprint(dir, opts.caseEndings);
    const lex = fromImage
      ? lexiconFromImage(compiled, dir, (f) => join(dir, f))
      : loadLexicon(dir, { caseEndings: opts.caseEndings });
    return new Analyzer(lex, opts, performance.now() - start, fromImage);
  }

  /**
   * Returns the image of the tables (src/analyzer/image.ts), for a model file to carry, with the
   * fingerprint of the files it was loaded from; its arrays are the analyzer's own. Throws
   * ModelFormatError for an analyzer not loaded from table files.
   */
  tablesImage(): LexiconImage {
    return lexiconImage(this.lex, tablesFingerprint(this.lex.dir, this.lex.caseEndings));
  }
}
