/**
 * Reader of the ATB analysis-file ("pos") format (see pos.ts for the format and its rules).
 * A line-by-line state machine; every malformed line is an InputParseError naming the
 * file and the 1-based line.
 */
import { InputParseError } from '../../errors.js';
import { splitLines } from '../../io/files.js';
import { cutToken, solutionLines, throwCut, tokenTail } from './pos-end.js';
import { DOCUMENT_RE, INDEX_RE, KEYWORDS, NUMBER_RE, Phase, solutionOf, valueAfter } from './pos-lines.js';
import {
  IMPLICIT_DOCUMENT_ID,
  type PosAlternative,
  type PosDocument,
  type PosFile,
  type PosSolution,
  type PosToken,
} from './pos-model.js';

export { DOCUMENT_RE, INDEX_RE, solutionOf, valueAfter } from './pos-lines.js';

/** A pos-file parser fed one line at a time (see {@link posLineParser}). */
export interface PosLineParser {
  /** Parses the next line (without its line end); throws InputParseError on a malformed line. */
  line(raw: string): void;
  /**
   * Ends the input: closes the last token and hands over the last document. `fileEnd`, the byte
   * offset where the file ends, says the input ends with its file: then a last token left
   * incomplete is an InputParseError naming the offset (pos-end.ts). Without it the input is a
   * part of a file that goes on (a document block), not checked so.
   */
  end(fileEnd?: number): void;
}

/**
 * A pos-file parser that holds one document at a time: each document is handed to
 * `onDocument` as soon as it is complete (at the next `;;; DOCUMENT:` line or at end()),
 * and the parser keeps no reference to it. `file` names the input in error messages.
 */
export function posLineParser(file: string, onDocument: (doc: PosDocument) => void): PosLineParser {
  const parse = new PosParse(file, onDocument);
  return { line: (raw) => parse.line(raw), end: (fileEnd) => parse.end(fileEnd) };
}

/**
 * The state of one parse: the document being read (and what its lines so far constrain), the
 * token, alternative and solution being read, and the number of the last line fed.
 */
class PosParse {
  private doc: PosDocument | undefined;
  /** Document id → the line it was declared on, over the whole input. */
  private readonly docIds = new Map<string, number>();
  /** Whether the first document is implicit (tokens before any `;;; DOCUMENT:` line). */
  private implicitFirst = false;
  /** INDEX value → its line, in this document. */
  private indexSeen = new Map<string, number>();
  /** Paragraph numbers this document's INDEX lines have begun, and the latest. */
  private paragraphsDone = new Set<number>();
  private lastParagraph = 0;
  /** Whether this document's tokens have INDEX lines (undefined until its first token closes). */
  private docIndexed: boolean | undefined;
  private docLine = 0;

  private token: PosToken | undefined;
  private tokenLine = 0;
  private phase: number = Phase.Input;
  private alt: PosAlternative | undefined;
  /** The solution the next GLOSS or SCORE line belongs to (undefined after any other line). */
  private solution: PosSolution | undefined;
  /** The line of this token's `* SOLUTION`, or 0. */
  private lineNo = 0;
  /** For the end of the input (pos-end.ts): the last solution and its line, what came before this token. */
  private lastSolution: PosSolution | undefined;
  private lastSolutionLine = 0;
  private lastIndexed: boolean | undefined;
  private before: { solution?: PosSolution; indexed?: boolean } = {};

  constructor(private readonly file: string, private readonly onDocument: (doc: PosDocument) => void) {}

  /** Throws InputParseError with `message` at `line` (default: the line being parsed). */
  private fail(message: string, line: number = this.lineNo): never {
    throw new InputParseError(message, { file: this.file, line });
  }

  /** Parses the next line (without its line end): dispatches it by its keyword to the handler of its record kind. */
  line(raw: string): void {
    this.lineNo++;
    if (raw.includes('\r')) this.fail('stray carriage return inside a line');
    if (raw.trim() === '') {
      this.closeToken();
      return;
    }
    if (raw.startsWith(';;;')) {
      this.documentLine(raw);
      return;
    }
    let text = raw.trimStart();
    const star = text.startsWith('*');
    if (star) text = text.slice(1).trimStart();
    const keyword = KEYWORDS.find((k) => text.startsWith(k));
    if (!keyword) this.fail(`unexpected line: ${JSON.stringify(raw.slice(0, 60))}`);
    if (star && keyword !== 'SOLUTION') this.fail('"*" marks only SOLUTION lines');
    if (keyword === 'INPUT STRING:') {
      this.inputLine(valueAfter(text, keyword));
      return;
    }
    if (!this.token)
      this.fail(`${keyword.replace(/:$/, '')} line outside a token (no INPUT STRING line before it in its block)`);
    const tok = this.token;
    if (keyword !== '(GLOSS):' && keyword !== '(SCORE):') this.solution = undefined;
    switch (keyword) {
      case 'LOOK-UP WORD:': return this.lookupLine(tok, valueAfter(text, keyword));
      case 'Comment:': return this.commentLine(tok, valueAfter(text, keyword));
      case 'INDEX:': return this.indexLine(tok, valueAfter(text, keyword).trim());
      case 'SOLUTION': return this.solutionLine(tok, text, star);
      case 'ALTERNATIVE:': return this.alternativeLine(tok, valueAfter(text, keyword));
      case '(GLOSS):': return this.glossLine(valueAfter(text, keyword));
      case '(SCORE):': return this.scoreLine(valueAfter(text, keyword).trim());
    }
  }

  /** Ends the input: checks the last token is whole (pos-end.ts), closes it and hands over the last document. */
  end(fileEnd?: number): void {
    const t = this.token;
    const { solution, indexed } = this.before;
    const before = { solution: solution && solutionLines(solution), indexed };
    const cut = t && fileEnd !== undefined ? cutToken(tokenTail(t), t.index !== undefined, before) : undefined;
    if (cut) throwCut(this.file, cut.at === 'token' ? this.tokenLine : this.lastSolutionLine, fileEnd!, cut);
    this.closeToken();
    if (this.doc) this.onDocument(this.doc);
    this.doc = undefined;
  }

  /** Ends the token being read (if any), checking it against its document's INDEX lines. */
  private closeToken(): void {
    if (!this.token) return;
    if (this.docIndexed === undefined) this.docIndexed = this.token.index !== undefined;
    else if (this.docIndexed && this.token.index === undefined)
      this.fail('token without an INDEX line in a document whose tokens have INDEX lines', this.tokenLine);
    this.lastIndexed = this.token.index !== undefined;
    this.token = undefined;
    this.alt = undefined;
    this.solution = undefined;
  }

  /** Hands over the document being read (if any), starts one with `id` (undefined: the implicit first), returns it. */
  private startDocument(id: string | undefined): PosDocument {
    if (this.doc) this.onDocument(this.doc);
    else this.implicitFirst = id === undefined;
    const doc: PosDocument = id === undefined ? { tokens: [] } : { id, tokens: [] };
    this.doc = doc;
    this.indexSeen = new Map();
    this.paragraphsDone = new Set();
    this.lastParagraph = 0;
    this.docIndexed = undefined;
    this.docLine = this.lineNo;
    return doc;
  }

  /** A `;;;` line (the whole line): must be `;;; DOCUMENT: id` with a new, non-empty id; starts that document. */
  private documentLine(raw: string): void {
    this.closeToken();
    const m = DOCUMENT_RE.exec(raw);
    if (!m) this.fail('unknown ";;;" line (the only one allowed is ";;; DOCUMENT: id")');
    const id = m[1];
    if (id.trim() === '') this.fail('empty document id');
    const first = this.docIds.get(id);
    if (first !== undefined) this.fail(`duplicate document id "${id}" (first on line ${first})`);
    if (id === IMPLICIT_DOCUMENT_ID && this.implicitFirst)
      this.fail(`document id "${id}" is the id of the implicit first document (line ${this.docLine})`);
    this.docIds.set(id, this.lineNo);
    this.startDocument(id);
  }

  /** An INPUT STRING line's value: closes the token before and starts one (and the implicit document if none). */
  private inputLine(input: string): void {
    this.closeToken();
    this.before = { solution: this.lastSolution, indexed: this.lastIndexed };
    const d = this.doc ?? this.startDocument(undefined);
    this.token = { input, comments: [], solutions: [], alternatives: [] };
    d.tokens.push(this.token);
    this.tokenLine = this.lineNo;
    this.phase = Phase.Input;
  }

  /** A LOOK-UP WORD line's value: allowed only directly after INPUT STRING. */
  private lookupLine(tok: PosToken, lookup: string): void {
    if (this.phase !== Phase.Input) this.fail('LOOK-UP WORD must directly follow INPUT STRING');
    tok.lookup = lookup;
    this.phase = Phase.Lookup;
  }

  /** A Comment line's value: the token's before INDEX and SOLUTION lines, or the alternative's right after it. */
  private commentLine(tok: PosToken, comment: string): void {
    if (this.phase <= Phase.Comments) {
      tok.comments.push(comment);
      this.phase = Phase.Comments;
    } else if (this.phase === Phase.AltComments) this.alt!.comments.push(comment);
    else this.fail('Comment line out of place (comments come before INDEX and SOLUTION lines)');
  }

  /** An INDEX line's value (trimmed): PnWm, unique in the document, each paragraph's tokens contiguous. */
  private indexLine(tok: PosToken, value: string): void {
    if (this.phase > Phase.Comments) this.fail('INDEX line out of place (it comes before SOLUTION and ALTERNATIVE lines)');
    const m = INDEX_RE.exec(value);
    if (!m) this.fail(`bad INDEX "${value}" (expected PnWm, e.g. P1W1)`);
    const paragraph = Number(m[1]);
    const word = Number(m[2]);
    if (!Number.isSafeInteger(paragraph) || !Number.isSafeInteger(word))
      this.fail(`INDEX ${value} has a number too large (at most ${Number.MAX_SAFE_INTEGER})`);
    if (this.docIndexed === false) this.fail('INDEX line in a document whose earlier tokens have none');
    const first = this.indexSeen.get(value);
    if (first !== undefined) this.fail(`duplicate INDEX ${value} in this document (first on line ${first})`);
    this.indexSeen.set(value, this.lineNo);
    if (paragraph !== this.lastParagraph) {
      if (this.paragraphsDone.has(paragraph))
        this.fail(`paragraph P${paragraph} resumes after P${this.lastParagraph} (a paragraph's tokens must be contiguous)`);
      this.paragraphsDone.add(paragraph);
      this.lastParagraph = paragraph;
    }
    tok.index = { paragraph, word };
    this.phase = Phase.Index;
  }

  /** A SOLUTION line's text (from "SOLUTION" on) and star: the token's own solution, or its last alternative's. */
  private solutionLine(tok: PosToken, text: string, star: boolean): void {
    const sol = solutionOf(text, star);
    if (typeof sol === 'string') this.fail(sol);
    if (this.phase <= Phase.Solutions) {
      tok.solutions.push(sol);
      this.phase = Phase.Solutions;
    } else {
      if (star && tok.solutions.length > 0)
        this.fail("\"*\" on an alternative's solution although the word has solutions of its own");
      this.alt!.solutions.push(sol);
      this.phase = Phase.AltSolutions;
    }
    this.solution = sol;
    this.lastSolution = sol;
    this.lastSolutionLine = this.lineNo;
  }

  /** An ALTERNATIVE line's value: starts an alternative of the token. */
  private alternativeLine(tok: PosToken, form: string): void {
    this.alt = { form, comments: [], solutions: [] };
    tok.alternatives.push(this.alt);
    this.phase = Phase.AltComments;
  }

  /** A (GLOSS) line's value: the gloss of the solution just before, given once and before its SCORE. */
  private glossLine(gloss: string): void {
    if (!this.solution) this.fail('GLOSS line without a SOLUTION line before it');
    if (this.solution.gloss !== undefined || this.solution.score !== undefined)
      this.fail('second GLOSS line, or GLOSS after SCORE');
    this.solution.gloss = gloss;
  }

  /** A (SCORE) line's value (trimmed): the number scoring the solution just before, given once. */
  private scoreLine(value: string): void {
    if (!this.solution) this.fail('SCORE line without a SOLUTION line before it');
    if (this.solution.score !== undefined) this.fail('second SCORE line for one solution');
    if (!NUMBER_RE.test(value)) this.fail(`bad score "${value}" (expected a number)`);
    this.solution.score = Number(value);
  }
}

/**
 * Parses the text of a pos file. Takes the text, the file's name (shown in error messages and
 * kept as `source`) and `fileEnd`: the byte offset where the file ends after the text (by
 * default the text's length in UTF-8: the text is the whole file), or null for a part of a file
 * that goes on. Returns the file's model, which writePosFile writes back byte for byte. Throws
 * InputParseError (file:line) for a malformed file, or for a file cut short (pos-end.ts: no
 * line end after its last line, or a last token left incomplete).
 */
export function readPosFile(text: string, file: string, fileEnd: number | null = Buffer.byteLength(text)): PosFile {
  const lines = splitLines(text);
  if (fileEnd !== null && text !== '' && !text.endsWith('\n')) throwCut(file, lines.length, fileEnd);
  const out: PosFile = { source: file, leadingBlank: lines.length > 0 && lines[0].trim() === '', documents: [] };
  const parser = posLineParser(file, (d) => out.documents.push(d));
  for (const raw of lines) parser.line(raw);
  parser.end(fileEnd ?? undefined);
  return out;
}
