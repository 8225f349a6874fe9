/**
 * Writes a corpus to a file in one of the formats loadCorpus reads back: an ATB analysis file
 * (pos, the gold starred) or the candidates format. CoNLL-U is read only (a treebank is
 * projected onto the analyzer; nothing maps a corpus back onto its trees). The file is written
 * through the one output writer (src/io/files.ts writeFileAtomic).
 */
import { extname } from 'node:path';
import { requireCorpus, requireOneOf, requireOptions, requireString } from '../args.js';
import type { Corpus } from '../corpus/types.js';
import { writeFileAtomic } from '../io/files.js';
import { writeCandidatesFile } from './candidates-write.js';
import { corpusToPos } from './pos/corpus-pos.js';
import { writePosFile } from './pos/pos-write.js';

/** The formats {@link writeCorpus} writes (auto: by extension, .cand/.tsv candidates, else pos). */
export const WRITE_FORMATS = ['auto', 'pos', 'candidates'] as const;

/** Options of {@link writeCorpus}. */
export interface WriteCorpusOptions {
  /** One of {@link WRITE_FORMATS} (default auto). */
  format: (typeof WRITE_FORMATS)[number];
}

/**
 * Writes a corpus, UTF-8, with its gold marks: a pos file (`* SOLUTION` on the gold, gold-only
 * candidates kept) or a candidates file (starred in the analyzer's order, or gold-first when
 * the corpus's order is not the analyzer's). Takes the path, the corpus and the options;
 * returns nothing. A regular file is replaced atomically keeping its mode; on error the old
 * file stays. Throws UsageError for a bad argument or a field the format cannot hold,
 * OutputError for a path that cannot be written.
 */
export function writeCorpus(path: string, corpus: Corpus, options: Partial<WriteCorpusOptions> = {}): void {
  requireString('path', path);
  requireCorpus('corpus', corpus);
  const o = requireOptions<Partial<WriteCorpusOptions>>('options', options, true);
  const format = requireOneOf('options.format', o.format ?? 'auto', WRITE_FORMATS);
  const ext = extname(path).toLowerCase();
  const candidates = format === 'candidates' || (format === 'auto' && (ext === '.cand' || ext === '.tsv'));
  writeFileAtomic(path, candidates ? writeCandidatesFile(corpus) : writePosFile(corpusToPos(corpus)));
}
