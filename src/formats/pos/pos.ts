/**
 * The ATB analysis-file ("pos") format: what the BAMA reference program prints and what
 * the Penn Arabic Treebank's integrated files hold. One block per input token; blocks are
 * separated by one blank line (BAMA also prints one before the first block):
 *
 *     INPUT STRING: كتبت
 *     LOOK-UP WORD: ktbt
 *          Comment: free text                      (0 or more)
 *       INDEX: P1W1                                (optional)
 *     * SOLUTION 1: (katabotu) [katab-u_1] katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S
 *          (GLOSS):  + write + I <verb>            (optional)
 *          (SCORE): 0.8312                         (optional, lexdis)
 *       SOLUTION 2: (katabota) [katab-u_1] katab/VERB_PERFECT+ta/PVSUFF_SUBJ:2MS
 *      ALTERNATIVE: ktbh                           (0 or more, each followed by its own
 *          Comment: ktbh NOT FOUND                  Comment and SOLUTION lines)
 *
 * Decisions (also in docs/formats.md):
 * - Line order inside a block is fixed: INPUT STRING, LOOK-UP WORD?, Comment*, INDEX?,
 *   SOLUTION*, then ALTERNATIVE blocks (Comment*, SOLUTION*). Each SOLUTION may be followed by
 *   one GLOSS line and then one SCORE line. Anything else is an InputParseError (file, line).
 * - `*` in column 1 marks a gold (chosen) solution; a token with several starred solutions has
 *   several gold labels (Token.golds, docs/formats.md), and a star may sit on an alternative's
 *   solution only when the word has no solutions of its own. A file without any star is plain
 *   analyzer output.
 * - `[lemma]` is optional (BAMA 0.x printed none): absent brackets ⇒ `lemma` undefined;
 *   the lemma is kept verbatim (the reference has one with trailing spaces). Voc cannot hold
 *   parentheses, the lemma no brackets; morphology is the rest of the line (not blank, not
 *   starting with `[`).
 * - Scores: an extra `     (SCORE): <number>` line after the GLOSS line. ATB readers key on
 *   INPUT STRING / SOLUTION / (GLOSS) and skip lines they do not know, so scored files stay
 *   readable to them; the number is written in JavaScript's shortest form (String(n)).
 * - Documents: a line `;;; DOCUMENT: <id>` (its own block) starts document <id>; ids are
 *   unique and non-empty. Tokens before the first such line form an implicit first document
 *   (id undefined here, `doc1` in the corpus). No other `;;;` line is allowed.
 * - Sentences: the paragraph number P of `INDEX: PnWm`; a new P starts a new sentence. In a
 *   document either every token has an INDEX or none has (then it is one sentence); INDEX
 *   values are unique within a document and a paragraph's tokens are contiguous.
 * - Whole files (pos-end.ts): the format has no end marker, so a file cut short is told by its
 *   end: a non-empty file ends with a line end, and its last token (when no blank line closes
 *   it) has a SOLUTION or Comment line, an INDEX line when the token before has one, and a
 *   GLOSS (SCORE) line after its last SOLUTION when the solution before has one. Anything else is
 *   an InputParseError naming the line where the cut record starts and the byte offset.
 * - Lines are at most MAX_PARAGRAPH_CHARS (src/io/paragraphs.ts) characters long: a longer one
 *   is an InputParseError with its line and byte offset, found before it is read whole.
 * - Well-formed (round trip write(read(x)) === x): LF line ends, final newline, the layout
 *   above (prefixes exactly as shown), one blank line between blocks, solution numbers and
 *   INDEX numbers without leading zeros, scores as String(n). The reader also accepts CRLF,
 *   other indentation, several blank lines and `Comment:` / `(GLOSS):` without the space after
 *   the colon; those are normalized on writing.
 */
import type { TextEncoding } from '../../io/files.js';
import { readTextFile } from '../../io/files.js';
import type { PosFile } from './pos-model.js';
import { readPosFile } from './pos-read.js';

export * from './pos-model.js';

export interface LoadPosOptions {
  encoding: TextEncoding;
}

const defaultLoadPosOptions: LoadPosOptions = { encoding: 'utf-8' };

/**
 * Reads and parses a pos file from disk. Takes the path and `{ encoding }` (UTF-8, or
 * Windows-1256); returns the file's model (see readPosFile). Throws DataNotFoundError for a
 * missing file, InputParseError (file:line) for a malformed one.
 */
export function loadPosFile(path: string, options: Partial<LoadPosOptions> = {}): PosFile {
  const opts = { ...defaultLoadPosOptions, ...options };
  return readPosFile(readTextFile(path, opts.encoding), path);
}

export { readPosFile, posLineParser, type PosLineParser } from './pos-read.js';
export { throwCut } from './pos-end.js';
export { forEachLine, loadPosCorpus, type LoadPosCorpusOptions } from './pos-stream.js';
export { writePosFile } from './pos-write.js';
export { posToCorpus, posDocumentConverter, requireGold, defaultPosToCorpusOptions } from './pos-corpus.js';
export type { PosToCorpusOptions } from './pos-corpus.js';
export { corpusToPos, defaultCorpusToPosOptions } from './corpus-pos.js';
export type { CorpusToPosOptions } from './corpus-pos.js';
export { analyzedToPosToken, posTokenToAnalyzed } from './pos-analyzer.js';
