/**
 * Reads a corpus from any supported file: an ATB analysis file (`.pos`, gold marked with
 * `* SOLUTION`), the plain candidates format (`.cand`, `.tsv`), or a CoNLL-U treebank
 * (`.conllu`, projected onto the analyzer's candidates). Several files become one corpus.
 */
import { extname } from 'node:path';
import { Analyzer, type AnalyzerOptions } from '../analyzer/index.js';
import { dataPaths } from '../config.js';
import type { Corpus } from '../corpus/types.js';
import { UsageError } from '../errors.js';
import { readTextFile, type TextEncoding } from '../io.js';
import { loadCandidatesFile } from './candidates.js';
import { loadPosFile, posToCorpus } from './pos.js';
import { projectUd } from './ud-project.js';

export const CORPUS_FORMATS = ['auto', 'pos', 'candidates', 'conllu'] as const;
export type CorpusFormat = (typeof CORPUS_FORMATS)[number];

export interface LoadCorpusOptions {
  format: CorpusFormat;
  encoding: TextEncoding;
  /** Analyzer tables, for CoNLL-U projection. */
  tables: string;
  /** Analyzer options for CoNLL-U projection (backoff and case endings on by default, as for training). */
  analyzer: Partial<AnalyzerOptions>;
}

export const defaultLoadCorpusOptions = (): LoadCorpusOptions => ({
  format: 'auto', encoding: 'utf-8', tables: dataPaths.bama(), analyzer: { backoff: true, caseEndings: true },
});

/** The format of a file, from the option or its extension. */
export function corpusFormatOf(path: string, format: CorpusFormat): Exclude<CorpusFormat, 'auto'> {
  if (format !== 'auto') return format;
  const ext = extname(path).toLowerCase();
  if (ext === '.conllu') return 'conllu';
  if (ext === '.cand' || ext === '.tsv') return 'candidates';
  return 'pos';
}

/** Reads one or more corpus files into one corpus (documents in file order). */
export function loadCorpus(paths: readonly string[], options: Partial<LoadCorpusOptions> = {}): Corpus {
  const o = { ...defaultLoadCorpusOptions(), ...options };
  if (paths.length === 0) throw new UsageError('no corpus file given');
  let analyzer: Analyzer | undefined;
  const documents = paths.flatMap((path) => {
    const format = corpusFormatOf(path, o.format);
    let corpus: Corpus;
    if (format === 'pos') corpus = posToCorpus(loadPosFile(path, { encoding: o.encoding }));
    else if (format === 'candidates') corpus = loadCandidatesFile(path, { encoding: o.encoding });
    else {
      analyzer ??= Analyzer.load(o.tables, o.analyzer);
      corpus = projectUd(readTextFile(path, o.encoding), analyzer, { file: path }).corpus;
    }
    const prefix = paths.length > 1 ? `${path}#` : '';
    return corpus.documents.map((d) => (prefix ? { ...d, id: prefix + d.id } : d));
  });
  return { documents, source: paths.join(',') };
}
