/**
 * lexdis/formats: each corpus file format on its own (the package root's loadCorpus and
 * writeCorpus pick one by extension), the import of UD treebanks and of vocalized text into
 * gold corpora, raw text into a corpus, the tagger's output formats, Buckwalter
 * transliteration, and the file reading and atomic writing every command uses.
 *
 * @example
 * import { readPosFile, writePosFile } from 'lexdis/formats';
 * const text = readFileSync('gold.pos', 'utf8');
 * writePosFile(readPosFile(text, 'gold.pos')) === text; // the pos format round-trips exactly
 */

// The ATB analysis format (.pos): the file's own model, exact round trip; and corpus ↔ pos.
export type { PosFile } from './pos/pos-model.js';
export { readPosFile } from './pos/pos-read.js';
export { writePosFile } from './pos/pos-write.js';
export { loadPosFile } from './pos/pos.js';
export { loadPosCorpus, type LoadPosCorpusOptions } from './pos/pos-stream.js';
export { posToCorpus, requireGold, type PosToCorpusOptions } from './pos/pos-corpus.js';
export { corpusToPos, type CorpusToPosOptions } from './pos/corpus-pos.js';

// The candidates format (.cand, .tsv): any language's analyses, one token a line.
export { readCandidatesFile, loadCandidatesFile, type CandidatesReadOptions } from './candidates.js';
export { writeCandidatesFile, type CandidatesWriteOptions } from './candidates-write.js';

// Raw text, UD treebanks and vocalized text into corpora.
export { textToCorpus } from './text.js';
export { projectUd, type Projection, type ProjectOptions } from '../import/ud-project.js';
export { projectTreebank, vocalizedReference, type TreebankProjection, type TreebankOptions } from '../import/treebank.js';
export { DiacImporter, importDiacText, type DiacImportOptions } from '../import/diac-import.js';
export type { VocalizedReport } from '../import/voc-report.js';

// The tagger's output formats, and the analyzer's.
export { taggedText, taggedJsonl, rankedJsonl, rerankedPos, type RerankOptions } from '../tagger/tag-output.js';
export { renderAnalyses, type OutputFormat, type RenderOptions } from '../analyzer/output.js';

// Script and files.
export { toBuckwalter, fromBuckwalter, hasArabic } from '../script/buckwalter.js';
export { writeFileAtomic } from '../io/files.js';
export { readTextFile } from '../io/text-file.js';
export { TEXT_ENCODINGS, type TextEncoding } from '../io/encoding.js';
