/**
 * Reads a corpus from any supported file: an ATB analysis file (`.pos`, gold marked with
 * `* SOLUTION`), the plain candidates format (`.cand`, `.tsv`), or a CoNLL-U treebank
 * (`.conllu`, projected onto the analyzer's candidates). Several files become one corpus,
 * whose order is the analyzer's only when every file's is (Corpus.analyzerOrder).
 */
import { extname } from 'node:path';
import { Analyzer, type AnalyzerOptions } from '../analyzer/index.js';
import type { Corpus } from '../corpus/types.js';
import { requireOneOf, requireOptions, requirePaths } from '../args.js';
import { UsageError } from '../errors.js';
import { readTextFile, requireEncoding, type TextEncoding } from '../io.js';
import type { LabelScheme } from '../labels/scheme.js';
import { loadCandidatesWithScheme } from './scheme-corpus.js';
import { loadPosCorpus, type LoadPosCorpusOptions } from './pos-stream.js';
import { projectUd } from './ud-project.js';

/** The corpus formats loadCorpus reads (auto: by extension: .conllu, .cand/.tsv, else pos). */
export const CORPUS_FORMATS = ['auto', 'pos', 'candidates', 'conllu'] as const;
/** One of {@link CORPUS_FORMATS}. */
export type CorpusFormat = (typeof CORPUS_FORMATS)[number];

/** Options of {@link loadCorpus}. */
export interface LoadCorpusOptions {
  format: CorpusFormat;
  encoding: TextEncoding;
  /** Analyzer tables: required for CoNLL-U files (projected onto the analyzer's candidates), unused otherwise. */
  tables?: string;
  /** Analyzer options for CoNLL-U projection (backoff and case endings on by default, as for training). */
  analyzer: Partial<AnalyzerOptions>;
  /** Label scheme of candidates files (a model's, or a user's file); absent: inferred from their tags. */
  scheme?: LabelScheme;
  /** Reject a scheme pattern that matches no tag of the candidates files (a scheme file given to train or cv). */
  checkScheme?: boolean;
  /** Whether pos files are read on two threads (loadPosCorpus; default 'auto'). */
  twoThreads?: LoadPosCorpusOptions['twoThreads'];
}

const defaultLoadCorpusOptions = (): LoadCorpusOptions => ({ format: 'auto', encoding: 'utf-8', analyzer: { backoff: true, caseEndings: true } });

/** The format of a file, from the option or its extension. */
function corpusFormatOf(path: string, format: CorpusFormat): Exclude<CorpusFormat, 'auto'> {
  if (format !== 'auto') return format;
  const ext = extname(path).toLowerCase();
  if (ext === '.conllu') return 'conllu';
  if (ext === '.cand' || ext === '.tsv') return 'candidates';
  return 'pos';
}

/**
 * Reads one or more corpus files into one corpus (documents in file order; with several files,
 * document ids are prefixed by `path#`). Takes the paths and the options; returns the corpus.
 * Throws UsageError for no path, a bad option or a CoNLL-U file without `tables`, DataNotFoundError for a
 * missing file, InputParseError (file:line) for a malformed one.
 */
export function loadCorpus(paths: readonly string[], options: Partial<LoadCorpusOptions> = {}): Corpus {
  requirePaths('paths', paths);
  const o = { ...defaultLoadCorpusOptions(), ...requireOptions<Partial<LoadCorpusOptions>>('options', options, true) };
  requireOneOf('options.format', o.format, CORPUS_FORMATS);
  requireEncoding('options.encoding', o.encoding);
  let analyzer: Analyzer | undefined;
  let analyzerOrder = true;
  const candPaths = paths.filter((p) => corpusFormatOf(p, o.format) === 'candidates');
  if (candPaths.length > 0 && candPaths.length < paths.length)
    throw new UsageError('candidates files and Arabic corpora (pos, CoNLL-U) cannot be mixed: their label elements differ');
  if (o.checkScheme && o.scheme && candPaths.length === 0)
    throw new UsageError(`a label scheme (${o.scheme.file ?? o.scheme.name}) applies to candidates files; Arabic corpora use the built-in elements`);
  const candCorpora = candPaths.length > 0
    ? loadCandidatesWithScheme(candPaths, { encoding: o.encoding, scheme: o.scheme, checkPatterns: o.checkScheme })
    : [];
  const scheme = candCorpora[0]?.scheme;
  const documents = paths.flatMap((path, i) => {
    const format = corpusFormatOf(path, o.format);
    let corpus: Corpus;
    if (format === 'pos') corpus = loadPosCorpus(path, { encoding: o.encoding, ...(o.twoThreads === undefined ? {} : { twoThreads: o.twoThreads }) });
    else if (format === 'candidates') corpus = candCorpora[i];
    else {
      if (!o.tables) throw new UsageError(`${path}: a CoNLL-U corpus is projected onto the analyzer's candidates: give the analyzer tables (tables)`);
      analyzer ??= Analyzer.load(o.tables, o.analyzer);
      corpus = projectUd(readTextFile(path, o.encoding), analyzer, { file: path }).corpus;
    }
    if (corpus.analyzerOrder === false) analyzerOrder = false;
    const prefix = paths.length > 1 ? `${path}#` : '';
    return corpus.documents.map((d) => (prefix ? { ...d, id: prefix + d.id } : d));
  });
  return { documents, source: paths.join(','), ...(analyzerOrder ? {} : { analyzerOrder }), ...(scheme ? { scheme } : {}) };
}
