/**
 * A reader of one token block in the canonical layout (the one writePosFile writes), for the
 * fast path of reading a pos file (pos-fast.ts): a block whose bytes were not seen before.
 *
 * It takes only blocks whose every line is one of the canonical lines, in their order:
 * `INPUT STRING: `, an optional `LOOK-UP WORD: `, `     Comment: ` lines, the optional INDEX
 * line the caller found, then `* SOLUTION ` / `  SOLUTION ` lines each with an optional
 * `     (GLOSS):` line. On such a block it gives what the full line parser (pos-read.ts) gives;
 * on any other block (an ALTERNATIVE or SCORE line, other indentation, a bad
 * SOLUTION line…) it gives undefined and the caller parses the block with the full parser.
 *
 * A large corpus repeats few distinct solutions in many distinct blocks (the same word with
 * its star elsewhere, another comment), so each distinct SOLUTION line with its GLOSS line is
 * decoded and parsed once: it is found again by its bytes (a hash, then a byte comparison),
 * and every block carrying it gets the same frozen PosSolution object, which the conversion
 * (pos-corpus.ts) recognises by identity. Its strings are strings of their own (decoded from
 * their bytes, not slices of the line), which the conversion keeps as they are.
 */
import type { PosSolution, PosToken } from '../pos-model.js';
import { BlockCache } from './pos-cache.js';
import { solutionOf } from '../pos-read.js';

const INPUT = Buffer.from('INPUT STRING: ');
const LOOKUP = Buffer.from('LOOK-UP WORD: ');
const COMMENT = Buffer.from('     Comment: ');
/** A SOLUTION line after its first byte (the star or a space). */
const SOLUTION = Buffer.from(' SOLUTION ');
const GLOSS = Buffer.from('     (GLOSS):');
const NL = 10;
const STAR = 42;
const SPACE = 32;
/** Distinct solution lines kept before the table starts afresh (bounds its memory). */
const SOLUTIONS_MAX = 1 << 18;

/** Whether buf[at, end) starts with `prefix`. */
function startsWith(buf: Uint8Array, at: number, end: number, prefix: Uint8Array): boolean {
  if (end - at < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (buf[at + i] !== prefix[i]) return false;
  return true;
}

/** The end of the line starting at `at` (its "\n", or `e`). */
function lineEnd(buf: Uint8Array, at: number, e: number): number {
  while (at < e && buf[at] !== NL) at++;
  return at;
}

/** Reads canonical token blocks, sharing one frozen PosSolution per distinct SOLUTION (and GLOSS) line. */
export class CanonicalBlockReader {
  /** Solutions by their lines' bytes (the block table of pos-cache.ts, one byte range per key). */
  private readonly solutions = new BlockCache(SOLUTIONS_MAX);
  /** Each entry's solution. */
  private readonly byEntry: PosSolution[] = [];

  /**
   * The token of the block buf[s, e) (valid UTF-8, no blank line, no carriage return, no line
   * end at either edge; `view` is a DataView of `buf`), whose INDEX line starts after the "\n" at
   * `indexAt` (-1: none) and holds `index`, when the block is in the canonical layout and the full
   * parser accepts it; undefined otherwise. The token's solutions are frozen and shared with other
   * tokens.
   */
  token(
    buf: Buffer,
    view: DataView,
    s: number,
    e: number,
    indexAt: number,
    index: { paragraph: number; word: number } | null,
  ): PosToken | undefined {
    let end = lineEnd(buf, s, e);
    if (!startsWith(buf, s, end, INPUT)) return undefined;
    const token: PosToken = {
      input: buf.toString('utf8', s + INPUT.length, end),
      comments: [],
      solutions: [],
      alternatives: [],
    };
    /** 0: after INPUT STRING, 1: after LOOK-UP WORD, 2: in the comments, 3: after INDEX, 4: in the solutions. */
    let phase = 0;
    for (let at = end + 1; at < e; at = end + 1) {
      end = lineEnd(buf, at, e);
      if (phase === 0 && startsWith(buf, at, end, LOOKUP)) {
        token.lookup = buf.toString('utf8', at + LOOKUP.length, end);
        phase = 1;
      } else if (phase <= 2 && startsWith(buf, at, end, COMMENT)) {
        token.comments.push(buf.toString('utf8', at + COMMENT.length, end));
        phase = 2;
      } else if (phase <= 2 && at - 1 === indexAt && index) {
        token.index = index;
        phase = 3;
      } else {
        const star = buf[at];
        if ((star !== STAR && star !== SPACE) || !startsWith(buf, at + 1, end, SOLUTION)) return undefined;
        const pairEnd = end < e && startsWith(buf, end + 1, e, GLOSS) ? lineEnd(buf, end + 1, e) : end;
        const solution = this.solution(buf, view, at, end, pairEnd);
        if (!solution) return undefined;
        token.solutions.push(solution);
        end = pairEnd;
        phase = 4;
      }
    }
    return indexAt >= 0 === (token.index !== undefined) ? token : undefined;
  }

  /**
   * The shared solution of the SOLUTION line buf[at, end) and its GLOSS line up to `pairEnd` (=
   * end: none); undefined when the line is malformed.
   */
  private solution(buf: Buffer, view: DataView, at: number, end: number, pairEnd: number): PosSolution | undefined {
    const hash = BlockCache.hash(view, at, -1, pairEnd, pairEnd);
    const found = this.solutions.find(buf, at, -1, pairEnd, pairEnd, hash);
    if (found >= 0) return this.byEntry[found];
    const text = buf.toString('utf8', at + 2, end);
    const solution = solutionOf(text, buf[at] === STAR);
    if (typeof solution === 'string') return undefined;
    // the line is ASCII (as analyzers write it) when each byte is one character
    if (text.length === end - at - 2) ownStrings(buf, end, solution);
    if (pairEnd > end) solution.gloss = glossOf(buf, end + 1, pairEnd);
    this.byEntry[this.solutions.add(buf, at, -1, pairEnd, pairEnd, hash)] = Object.freeze(solution);
    return solution;
  }
}

/** Strings at least this long are cut from a string as slices of it (V8), which keep it alive. */
const SLICE_MIN = 13;

/**
 * Gives the solution of an ASCII SOLUTION line ending at `end` strings of their own, decoded
 * again from their bytes, in place of the slices of the line the regex cut (a slice and the
 * line it keeps alive are two objects, more than the string alone, for the corpus's lifetime).
 * The morphology ends the line, after `) ` or `] `, the lemma after `) [`.
 */
function ownStrings(buf: Buffer, end: number, s: PosSolution): void {
  const morphAt = end - s.morph.length;
  if (s.morph.length >= SLICE_MIN) s.morph = buf.toString('latin1', morphAt, end);
  const lemmaEnd = morphAt - 2;
  if (s.lemma !== undefined && s.lemma.length >= SLICE_MIN) s.lemma = buf.toString('latin1', lemmaEnd - s.lemma.length, lemmaEnd);
  const vocEnd = s.lemma === undefined ? morphAt - 2 : lemmaEnd - s.lemma.length - 3;
  if (s.voc.length >= SLICE_MIN) s.voc = buf.toString('latin1', vocEnd - s.voc.length, vocEnd);
}

/**
 * The value of the GLOSS line buf[from, to) (`     (GLOSS):` and the one space after it
 * dropped, as valueAfter drops it), decoded from its own bytes: a string of its own, not a
 * slice of the line.
 */
function glossOf(buf: Buffer, from: number, to: number): string {
  let at = from + GLOSS.length;
  if (at < to && buf[at] === SPACE) at++;
  return buf.toString('utf8', at, to);
}
