/**
 * Reader of the ATB analysis-file ("pos") format (see pos.ts for the format and its rules).
 * A line-by-line state machine; every malformed line is an InputParseError naming the
 * file and the 1-based line.
 */
import { InputParseError } from '../../errors.js';
import { splitLines } from '../../io/files.js';
import {
  IMPLICIT_DOCUMENT_ID,
  type PosAlternative,
  type PosDocument,
  type PosFile,
  type PosSolution,
  type PosToken,
} from './pos-model.js';

const SOLUTION_RE = /^SOLUTION\s+(\d+):\s*\(([^()]*)\) (?:\[([^\][]*)\] )?(.+)$/;
/** An INDEX value: PnWm, paragraph and word numbers without leading zeros. */
export const INDEX_RE = /^P([1-9]\d*)W([1-9]\d*)$/;
const NUMBER_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** A document line and its id. */
export const DOCUMENT_RE = /^;;;\s*DOCUMENT:\s?(.*)$/;

type Keyword = 'INPUT STRING:' | 'LOOK-UP WORD:' | 'Comment:' | 'INDEX:' | 'SOLUTION' | 'ALTERNATIVE:' | '(GLOSS):' | '(SCORE):';
const KEYWORDS: readonly Keyword[] = [
  'INPUT STRING:', 'LOOK-UP WORD:', 'Comment:', 'INDEX:', 'SOLUTION', 'ALTERNATIVE:', '(GLOSS):', '(SCORE):',
];

/** Where a token is in its fixed line order. */
const Phase = { Input: 0, Lookup: 1, Comments: 2, Index: 3, Solutions: 4, AltComments: 5, AltSolutions: 6 } as const;

/** The text after `KEY:` (given `text` starts with `key`), without the one space that follows the colon. */
export function valueAfter(text: string, key: string): string {
  const rest = text.slice(key.length);
  return rest.startsWith(' ') ? rest.slice(1) : rest;
}

/**
 * The solution of a SOLUTION line's text (the line from "SOLUTION" on, without its star),
 * without GLOSS or SCORE; `star` says whether the line was starred. Returns the message of
 * what is wrong with the line instead when it is malformed.
 */
export function solutionOf(text: string, star: boolean): PosSolution | string {
  const m = SOLUTION_RE.exec(text);
  if (!m) return 'bad SOLUTION line (expected "SOLUTION n: (voc) [lemma] morphology")';
  if (m[1].startsWith('0')) return `bad solution number "${m[1]}"`;
  // a number a double cannot hold exactly would be read as another one
  if (!Number.isSafeInteger(Number(m[1]))) return `solution number ${m[1]} is too large (at most ${Number.MAX_SAFE_INTEGER})`;
  if (m[4].trim() === '' || m[4].startsWith('[')) return 'bad SOLUTION line: missing morphology after the [lemma]';
  const sol: PosSolution = { n: Number(m[1]), gold: star, voc: m[2], morph: m[4] };
  if (m[3] !== undefined) sol.lemma = m[3];
  return sol;
}

/** A pos-file parser fed one line at a time (see {@link posLineParser}). */
export interface PosLineParser {
  /** Parses the next line (without its line end); throws InputParseError on a malformed line. */
  line(raw: string): void;
  /** Ends the input: closes the last token and hands over the last document. */
  end(): void;
}

/**
 * A pos-file parser that holds one document at a time: each document is handed to
 * `onDocument` as soon as it is complete (at the next `;;; DOCUMENT:` line or at end()),
 * and the parser keeps no reference to it. `file` names the input in error messages.
 */
export function posLineParser(file: string, onDocument: (doc: PosDocument) => void): PosLineParser {
  let doc: PosDocument | undefined;
  const docIds = new Map<string, number>();
  let implicitFirst = false;
  let indexSeen = new Map<string, number>();
  let paragraphsDone = new Set<number>();
  let lastParagraph = 0;
  let docIndexed: boolean | undefined;
  let docLine = 0;

  let token: PosToken | undefined;
  let tokenLine = 0;
  let phase: number = Phase.Input;
  let alt: PosAlternative | undefined;
  let solution: PosSolution | undefined;
  let starLine = 0;
  let lineNo = 0;

  const fail: (message: string, line?: number) => never = (message, line = lineNo) => {
    throw new InputParseError(message, { file, line });
  };

  const closeToken = (): void => {
    if (!token) return;
    if (docIndexed === undefined) docIndexed = token.index !== undefined;
    else if (docIndexed && token.index === undefined)
      fail('token without an INDEX line in a document whose tokens have INDEX lines', tokenLine);
    token = undefined;
    alt = undefined;
    solution = undefined;
  };

  const startDocument = (id: string | undefined): PosDocument => {
    if (doc) onDocument(doc);
    else implicitFirst = id === undefined;
    doc = id === undefined ? { tokens: [] } : { id, tokens: [] };
    indexSeen = new Map();
    paragraphsDone = new Set();
    lastParagraph = 0;
    docIndexed = undefined;
    docLine = lineNo;
    return doc;
  };

  const line = (raw: string): void => {
  lineNo++;
  if (raw.includes('\r')) fail('stray carriage return inside a line');
  if (raw.trim() === '') {
    closeToken();
    return;
  }
  if (raw.startsWith(';;;')) {
    closeToken();
    const m = DOCUMENT_RE.exec(raw);
    if (!m) fail('unknown ";;;" line (the only one allowed is ";;; DOCUMENT: id")');
    const id = m![1];
    if (id.trim() === '') fail('empty document id');
    const first = docIds.get(id);
    if (first !== undefined) fail(`duplicate document id "${id}" (first on line ${first})`);
    if (id === IMPLICIT_DOCUMENT_ID && implicitFirst)
      fail(`document id "${id}" is the id of the implicit first document (line ${docLine})`);
    docIds.set(id, lineNo);
    startDocument(id);
    return;
  }
  let text = raw.trimStart();
  const star = text.startsWith('*');
  if (star) text = text.slice(1).trimStart();
  const keyword = KEYWORDS.find((k) => text.startsWith(k));
  if (!keyword) fail(`unexpected line: ${JSON.stringify(raw.slice(0, 60))}`);
  if (star && keyword !== 'SOLUTION') fail('"*" marks only SOLUTION lines');

  if (keyword === 'INPUT STRING:') {
    closeToken();
    const d = doc ?? startDocument(undefined);
    token = { input: valueAfter(text, keyword), comments: [], solutions: [], alternatives: [] };
    d.tokens.push(token);
    tokenLine = lineNo;
    phase = Phase.Input;
    starLine = 0;
    return;
  }
  if (!token) fail(`${keyword.replace(/:$/, '')} line outside a token (no INPUT STRING line before it in its block)`);
  const tok = token!;
  if (keyword !== '(GLOSS):' && keyword !== '(SCORE):') solution = undefined;

  switch (keyword) {
    case 'LOOK-UP WORD:':
      if (phase !== Phase.Input) fail('LOOK-UP WORD must directly follow INPUT STRING');
      tok.lookup = valueAfter(text, keyword);
      phase = Phase.Lookup;
      break;
    case 'Comment:':
      if (phase <= Phase.Comments) {
        tok.comments.push(valueAfter(text, keyword));
        phase = Phase.Comments;
      } else if (phase === Phase.AltComments) alt!.comments.push(valueAfter(text, keyword));
      else fail('Comment line out of place (comments come before INDEX and SOLUTION lines)');
      break;
    case 'INDEX:': {
      if (phase > Phase.Comments) fail('INDEX line out of place (it comes before SOLUTION and ALTERNATIVE lines)');
      const value = valueAfter(text, keyword).trim();
      const m = INDEX_RE.exec(value);
      if (!m) fail(`bad INDEX "${value}" (expected PnWm, e.g. P1W1)`);
      const paragraph = Number(m![1]);
      const word = Number(m![2]);
      if (!Number.isSafeInteger(paragraph) || !Number.isSafeInteger(word)) fail(`INDEX ${value} has a number too large (at most ${Number.MAX_SAFE_INTEGER})`);
      if (docIndexed === false) fail('INDEX line in a document whose earlier tokens have none');
      const first = indexSeen.get(value);
      if (first !== undefined) fail(`duplicate INDEX ${value} in this document (first on line ${first})`);
      indexSeen.set(value, lineNo);
      if (paragraph !== lastParagraph) {
        if (paragraphsDone.has(paragraph))
          fail(`paragraph P${paragraph} resumes after P${lastParagraph} (a paragraph's tokens must be contiguous)`);
        paragraphsDone.add(paragraph);
        lastParagraph = paragraph;
      }
      tok.index = { paragraph, word };
      phase = Phase.Index;
      break;
    }
    case 'SOLUTION': {
      const sol = solutionOf(text, star);
      if (typeof sol === 'string') fail(sol);
      if (star) {
        if (starLine) fail(`second "* SOLUTION" in one token (the first is on line ${starLine})`);
        starLine = lineNo;
      }
      if (phase <= Phase.Solutions) {
        tok.solutions.push(sol);
        phase = Phase.Solutions;
      } else {
        if (star && tok.solutions.length > 0)
          fail("\"*\" on an alternative's solution although the word has solutions of its own");
        alt!.solutions.push(sol);
        phase = Phase.AltSolutions;
      }
      solution = sol;
      break;
    }
    case 'ALTERNATIVE:':
      alt = { form: valueAfter(text, keyword), comments: [], solutions: [] };
      tok.alternatives.push(alt);
      phase = Phase.AltComments;
      break;
    case '(GLOSS):':
      if (!solution) fail('GLOSS line without a SOLUTION line before it');
      if (solution!.gloss !== undefined || solution!.score !== undefined) fail('second GLOSS line, or GLOSS after SCORE');
      solution!.gloss = valueAfter(text, keyword);
      break;
    case '(SCORE):': {
      if (!solution) fail('SCORE line without a SOLUTION line before it');
      if (solution!.score !== undefined) fail('second SCORE line for one solution');
      const value = valueAfter(text, keyword).trim();
      if (!NUMBER_RE.test(value)) fail(`bad score "${value}" (expected a number)`);
      solution!.score = Number(value);
      break;
    }
  }
  };

  const end = (): void => {
    closeToken();
    if (doc) onDocument(doc);
    doc = undefined;
  };
  return { line, end };
}

/**
 * Parses the text of a pos file. Takes the text and the file's name (shown in error messages
 * and kept as `source`); returns the file's model, which writePosFile writes back byte for
 * byte. Throws InputParseError (file:line) for a malformed file.
 */
export function readPosFile(text: string, file: string): PosFile {
  const lines = splitLines(text);
  const out: PosFile = { source: file, leadingBlank: lines.length > 0 && lines[0].trim() === '', documents: [] };
  const parser = posLineParser(file, (d) => out.documents.push(d));
  for (const raw of lines) parser.line(raw);
  parser.end();
  return out;
}
