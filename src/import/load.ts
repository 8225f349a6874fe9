/**
 * Reads a corpus from any supported file: an ATB analysis file (`.pos`, gold marked with
 * `* SOLUTION`), the plain candidates format (`.cand`, `.tsv`), or a CoNLL-U treebank
 * (`.conllu`, projected onto the analyzer's candidates: UD Arabic-PUD's layout or the
 * vocalized PADT's, src/import/treebank.ts). Several files become one corpus, whose order is
 * the analyzer's only when every file's is (Corpus.analyzerOrder); their documents never
 * merge: each keeps its file's name before its id (`path#id`), and a file named twice is refused.
 */
import { realpathSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { Analyzer, LEXDIS_ANALYZER_OPTIONS, type AnalyzerOptions } from '../analyzer/index.js';
import { corpusPart, type Corpus, type CorpusPart } from '../corpus/types.js';
import { requireOneOf, requireOptions, requirePaths } from '../args.js';
import { UsageError } from '../errors.js';
import { readTextFile, requireEncoding, type TextEncoding } from '../io/files.js';
import type { LabelScheme } from '../labels/scheme.js';
import { loadCandidatesWithScheme } from '../formats/scheme-corpus.js';
import { loadPosCorpus, type LoadPosCorpusOptions } from '../formats/pos/pos-stream.js';
import { projectTreebank } from './treebank.js';

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
  /** Analyzer options for CoNLL-U projection (LEXDIS_ANALYZER_OPTIONS by default, as for training). */
  analyzer: Partial<AnalyzerOptions>;
  /** Label scheme of candidates files (a model's, or a user's file); absent: inferred from their tags. */
  scheme?: LabelScheme;
  /** Reject a scheme pattern that matches no tag of the candidates files (a scheme file given to train or cv). */
  checkScheme?: boolean;
  /** Whether pos files are read on two threads (loadPosCorpus; default 'auto'). */
  twoThreads?: LoadPosCorpusOptions['twoThreads'];
}

const defaultLoadCorpusOptions = (): LoadCorpusOptions => ({ format: 'auto', encoding: 'utf-8', analyzer: { ...LEXDIS_ANALYZER_OPTIONS } });

/** The format of a file, from the option or its extension. */
function corpusFormatOf(path: string, format: CorpusFormat): Exclude<CorpusFormat, 'auto'> {
  if (format !== 'auto') return format;
  const ext = extname(path).toLowerCase();
  if (ext === '.conllu') return 'conllu';
  if (ext === '.cand' || ext === '.tsv') return 'candidates';
  return 'pos';
}

/** Throws UsageError when two paths name the same file (documents read twice would count twice). */
export function requireDistinctFiles(paths: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const p of paths) {
    let key: string;
    try {
      key = realpathSync(p);
    } catch {
      key = resolve(p); // a missing file is reported when it is read
    }
    const before = seen.get(key);
    if (before !== undefined) throw new UsageError(`${p}: the same corpus file as ${before}, given twice`);
    seen.set(key, p);
  }
}

/**
 * Reads one or more corpus files into one corpus (documents in file order; with several files,
 * document ids are prefixed by `path#`, and each file is a part of the corpus: Corpus.parts).
 * Takes the paths and the options; returns the corpus.
 * Throws UsageError for no path, a file given twice, a bad option or a CoNLL-U file without
 * `tables`, DataNotFoundError for a missing file, InputParseError (file:line) for a malformed one.
 */
export function loadCorpus(paths: readonly string[], options: Partial<LoadCorpusOptions> = {}): Corpus {
  requirePaths('paths', paths);
  const o = { ...defaultLoadCorpusOptions(), ...requireOptions<Partial<LoadCorpusOptions>>('options', options, true) };
  requireOneOf('options.format', o.format, CORPUS_FORMATS);
  requireEncoding('options.encoding', o.encoding);
  requireDistinctFiles(paths);
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
  const parts: CorpusPart[] = [];
  const documents = paths.flatMap((path, i) => {
    const format = corpusFormatOf(path, o.format);
    let corpus: Corpus;
    if (format === 'pos') corpus = loadPosCorpus(path, { encoding: o.encoding, ...(o.twoThreads === undefined ? {} : { twoThreads: o.twoThreads }) });
    else if (format === 'candidates') corpus = candCorpora[i];
    else {
      if (!o.tables) throw new UsageError(`${path}: a CoNLL-U corpus is projected onto the analyzer's candidates: give the analyzer tables (tables)`);
      analyzer ??= Analyzer.load(o.tables, o.analyzer);
      corpus = projectTreebank(readTextFile(path, o.encoding), analyzer, { file: path }).corpus;
    }
    if (corpus.analyzerOrder === false) analyzerOrder = false;
    const prefix = paths.length > 1 ? `${path}#` : '';
    parts.push(corpusPart(path, corpus.documents));
    return corpus.documents.map((d) => (prefix ? { ...d, id: prefix + d.id } : d));
  });
  const ids = new Set<string>();
  for (const d of documents) {
    if (ids.has(d.id)) throw new UsageError(`two documents of ${paths.join(', ')} have the id "${d.id}": rename one of the files`);
    ids.add(d.id);
  }
  return { documents, source: paths.join(','), parts, ...(analyzerOrder ? {} : { analyzerOrder }), ...(scheme ? { scheme } : {}) };
}
