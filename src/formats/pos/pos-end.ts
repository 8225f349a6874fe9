/**
 * Where a pos file may end (pos.ts, "Whole files"). The format has no end marker, so a file cut
 * short (a download or a copy broken off, a full disk) is told by what it ends with: a file is
 * whole when
 *
 * - it is empty or its last line has a line end (every writer ends its last line);
 * - its last token, when no blank line closes it, is as complete as the records before it:
 *   it (or its last alternative) has a SOLUTION or a Comment line, it has an INDEX line when
 *   the token before it has one, and its last SOLUTION has a GLOSS (SCORE) line when the
 *   solution before it has one.
 *
 * A cut right after a whole SOLUTION (its GLOSS line and line end) or right before a token's
 * first SOLUTION line leaves a file these rules cannot tell from a whole one; any other cut is
 * an InputParseError naming the file and the line where the cut record starts. The full parser
 * (pos-read.ts) and the fast path (fast/pos-fast.ts) apply the same rules, from here.
 */
import { InputParseError } from '../../errors.js';
import type { PosSolution, PosToken } from './pos-model.js';

/** Which optional lines follow a SOLUTION line. */
export interface SolutionLines {
  gloss: boolean;
  score: boolean;
}

/** What the rules read of a token: whether it has no SOLUTION or Comment line, and its last two solutions' lines. */
export interface TokenTail {
  empty: boolean;
  last?: SolutionLines;
  beforeLast?: SolutionLines;
}

/**
 * What the rules read of the records before the last token: their last solution, and whether
 * their last token had an INDEX.
 */
export interface BeforeToken {
  solution?: SolutionLines;
  indexed?: boolean;
}

const LINES = [false, true].flatMap((gloss) => [false, true].map((score) => Object.freeze({ gloss, score })));
const TAILS = new Map<string, TokenTail>();

/** The optional lines of a solution (one shared frozen object per kind). */
export function solutionLines(s: PosSolution): SolutionLines {
  return LINES[(s.gloss === undefined ? 0 : 2) + (s.score === undefined ? 0 : 1)];
}

/** The tail of a token (one shared frozen object per kind, so that a table of them costs a pointer each). */
export function tokenTail(t: PosToken): TokenTail {
  const alt = t.alternatives[t.alternatives.length - 1];
  const part = alt ?? t;
  const empty = part.solutions.length === 0 && part.comments.length === 0;
  const solutions = [...t.solutions, ...t.alternatives.flatMap((a) => a.solutions)];
  const last = solutions.length > 0 ? solutionLines(solutions[solutions.length - 1]) : undefined;
  const beforeLast = solutions.length > 1 ? solutionLines(solutions[solutions.length - 2]) : undefined;
  const key = `${empty}|${last ? LINES.indexOf(last) : -1}|${beforeLast ? LINES.indexOf(beforeLast) : -1}`;
  let tail = TAILS.get(key);
  if (!tail) {
    tail = Object.freeze({ empty, ...(last ? { last } : {}), ...(beforeLast ? { beforeLast } : {}) });
    TAILS.set(key, tail);
  }
  return tail;
}

/** Why a file whose last token (not closed by a blank line) has this tail is cut; undefined when it may end there. */
export interface CutToken {
  message: string;
  /** The line to name: the token's INPUT STRING line, or its last SOLUTION line. */
  at: 'token' | 'solution';
}

/**
 * Applies the rules (see the module comment) to the last token of a file: its tail, whether it
 * has an INDEX line, and what came before it. Returns why the file is cut, or undefined.
 */
export function cutToken(tail: TokenTail, indexed: boolean, before: BeforeToken): CutToken | undefined {
  if (tail.empty) return { message: 'a token without a SOLUTION or Comment line', at: 'token' };
  if (!indexed && before.indexed) return { message: 'a token without an INDEX line (the token before has one)', at: 'token' };
  const prev = tail.beforeLast ?? (tail.last && before.solution);
  if (tail.last && prev) {
    if (prev.gloss && !tail.last.gloss) return { message: 'a SOLUTION without a GLOSS line (the one before has one)', at: 'solution' };
    if (prev.score && !tail.last.score) return { message: 'a SOLUTION without a SCORE line (the one before has one)', at: 'solution' };
  }
  return undefined;
}

/**
 * Throws the InputParseError of a file cut short: inside `line` (no line end after it) when
 * `cut` is undefined, else inside the record `cut` names, which starts at `line`; `byteOffset`
 * is where the file ends.
 */
export function throwCut(file: string, line: number, byteOffset: number, cut?: CutToken): never {
  const what = cut ? `inside a record: ${cut.message}` : 'inside this line (no line end after it)';
  throw new InputParseError(`the file ends ${what} at byte offset ${byteOffset}: cut short?`, { file, line });
}
