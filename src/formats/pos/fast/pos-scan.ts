/**
 * The byte-level pass of the fast path of reading a pos file (pos-fast.ts): cuts a UTF-8 pos
 * file's bytes into blocks at blank lines ("\n\n"), checks what the full parser checks across
 * tokens (document ids, INDEX on all tokens of a document or none, unique INDEX values,
 * contiguous paragraphs), reads each canonical INDEX line's numbers, and tells a token block
 * seen before from a new one by its bytes without the INDEX line (the table: pos-cache.ts).
 * It makes no object per block: it writes one record of numbers per document line or token
 * block into an Int32Array, which the token builder (pos-fast.ts) turns into the corpus, in
 * the same thread or, for a large file, with this pass in a worker thread of its own
 * (pos-scan-worker.ts, pos-ring.ts): the records are plain numbers in shared memory.
 *
 * At anything it does not take (a broken rule, a document line it cannot read, an INDEX line
 * not in the canonical `  INDEX: PnWm` layout, a carriage return, bytes that are not UTF-8) it
 * stops and reports it; the file is then read again by the full parser, which gives the corpus
 * or the error with its file and line.
 */
import { isUtf8 } from 'node:buffer';
import { BlockCache } from './pos-cache.js';
import { IMPLICIT_DOCUMENT_ID } from '../pos-model.js';
import { DOCUMENT_RE } from '../pos-read.js';

/**
 * A record's fields, by name: the numbers one record holds in the records array (`open`: 1 for
 * the file's last token block when no blank line closes it, which pos-end.ts checks is whole).
 */
export const RECORD = { kind: 0, entry: 1, start: 2, end: 3, indexAt: 4, paragraph: 5, word: 6, open: 7 } as const;
/** Numbers per record. */
export const RECORD_SIZE = Object.keys(RECORD).length;
/** Record kinds: a `;;; DOCUMENT:` line, a token block not seen before, one seen before (its entry names the first). */
export const DOCUMENT_LINE = 0;
export const NEW_BLOCK = 1;
export const SEEN_BLOCK = 2;

/** Distinct token blocks kept before the table starts afresh (bounds its memory). */
export const CACHE_MAX = 1 << 18;
const BLOCK_END = Buffer.from('\n\n');
const INDEX_LINE = Buffer.from('\n  INDEX: ');
const NL = 10;
/** Largest paragraph and word numbers taken (small integers); larger ones go to the full parser. */
const MAX_PARAGRAPH = 1e6;
const MAX_WORD = 1e9;

/** A positive decimal number without leading zeros in buf[from, to), at most `max`; -1 otherwise. */
function number(buf: Uint8Array, from: number, to: number, max: number): number {
  if (to <= from || buf[from] === 48) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = buf[i] - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
    if (n > max) return -1;
  }
  return n;
}

/**
 * Checks the bytes of one read before they are scanned: `buf` holds the bytes kept from the
 * reads before from `from` on, the new ones from `fresh` on, and `final` says the file ends
 * there. Returns where the blocks start (after a byte-order mark at the file's start), or -1
 * when the file needs the full parser (a carriage return, bytes that are not UTF-8). Only the
 * bytes up to the last blank line are checked for UTF-8 (a line end never cuts a character;
 * the rest is checked with the next read).
 */
export function checkRead(buf: Buffer, from: number, fresh: number, final: boolean, atFileStart: boolean): number {
  if (buf.subarray(fresh).includes(13)) return -1;
  const start = atFileStart && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : from;
  const taken = final ? buf.length : buf.lastIndexOf(BLOCK_END);
  return taken > start && !isUtf8(buf.subarray(start, taken)) ? -1 : start;
}

/** The byte-level pass's state across one file (see the module comment). */
export class BlockScanner {
  /** Token blocks seen, by their bytes without the INDEX line. */
  private readonly cache = new BlockCache(CACHE_MAX);
  private readonly docIds = new Set<string>();
  private implicitFirst = false;
  private inDoc = false;
  private docIndexed: boolean | undefined;
  /** The word numbers seen in the current paragraph (a paragraph once left cannot come back: paragraphsDone). */
  private wordsSeen = new Set<number>();
  private paragraphsDone = new Set<number>();
  private lastParagraph = 0;
  private buf: Buffer = Buffer.alloc(0);
  private view: DataView = new DataView(new ArrayBuffer(0));
  private out: Int32Array = new Int32Array(0);
  /** After {@link scan}: records written, and where the first block not scanned starts. */
  records = 0;
  next = 0;

  /**
   * Scans the blocks of buf[from, …) (`view`: a DataView of `buf`) into `out`, as many as it
   * holds: a block is complete when a blank line follows it, or when `final` says the file ends
   * with the buffer. Sets `records` and `next` (the start of the first block left, complete or
   * not). Returns false when the file needs the full parser (a final buffer whose last byte is
   * not a line end included: the full parser names the cut line).
   */
  scan(buf: Buffer, view: DataView, from: number, final: boolean, out: Int32Array): boolean {
    this.buf = buf;
    this.view = view;
    this.out = out;
    this.records = 0;
    const capacity = Math.floor(out.length / RECORD_SIZE);
    let start = from;
    while (this.records < capacity) {
      const sep = buf.indexOf(BLOCK_END, start);
      if (sep < 0) {
        if (final && start < buf.length) {
          if (buf[buf.length - 1] !== NL || !this.block(start, buf.length)) return false;
          if (this.records > 0 && this.out[(this.records - 1) * RECORD_SIZE + RECORD.start] >= start)
            this.out[(this.records - 1) * RECORD_SIZE + RECORD.open] = 1;
          start = buf.length;
        }
        break;
      }
      if (!this.block(start, sep)) return false;
      start = sep + 2;
    }
    this.next = start;
    return true;
  }

  /** Writes one record. */
  private record(kind: number, entry: number, s: number, e: number, at: number, paragraph: number, word: number): void {
    const o = this.records++ * RECORD_SIZE;
    const out = this.out;
    out[o + RECORD.kind] = kind;
    out[o + RECORD.entry] = entry;
    out[o + RECORD.start] = s;
    out[o + RECORD.end] = e;
    out[o + RECORD.indexAt] = at;
    out[o + RECORD.paragraph] = paragraph;
    out[o + RECORD.word] = word;
    out[o + RECORD.open] = 0;
  }

  /** Takes the block buf[s, e) (no "\n\n" inside); false when the file needs the full parser. */
  private block(s: number, e: number): boolean {
    const buf = this.buf;
    while (s < e && buf[s] === NL) s++;
    while (e > s && buf[e - 1] === NL) e--;
    if (s === e) return true;
    if (buf[s] === 59) return this.documentLine(s, e);
    if (!this.inDoc) this.startDocument(false);
    return this.token(s, e);
  }

  private startDocument(explicit: boolean): void {
    if (!this.inDoc) this.implicitFirst = !explicit;
    this.inDoc = true;
    this.docIndexed = undefined;
    this.wordsSeen = new Set();
    this.paragraphsDone = new Set();
    this.lastParagraph = 0;
  }

  private documentLine(s: number, e: number): boolean {
    const buf = this.buf;
    if (buf.subarray(s, e).includes(NL)) return false;
    const m = DOCUMENT_RE.exec(buf.toString('utf8', s, e));
    if (!m) return false;
    const id = m[1];
    if (id.trim() === '' || this.docIds.has(id) || (id === IMPLICIT_DOCUMENT_ID && this.implicitFirst)) return false;
    this.docIds.add(id);
    this.startDocument(true);
    this.record(DOCUMENT_LINE, -1, s, e, -1, -1, -1);
    return true;
  }

  /** The canonical INDEX line of the block [s, e): its start (at its "\n"), or -1. */
  private indexLine(s: number, e: number): number {
    // a scan in JavaScript: the line is a few dozen bytes in, and Buffer#indexOf costs more per call
    const buf = this.buf;
    for (let i = s, last = e - INDEX_LINE.length; i <= last; i++) {
      if (buf[i] !== NL) continue;
      let j = 1;
      while (j < INDEX_LINE.length && buf[i + j] === INDEX_LINE[j]) j++;
      if (j === INDEX_LINE.length) return i;
    }
    return -1;
  }

  /** Checks an INDEX (paragraph -1: none) against the document's; false when the file needs the full parser. */
  private checkIndex(paragraph: number, word: number): boolean {
    const indexed = paragraph >= 0;
    if (this.docIndexed === undefined) this.docIndexed = indexed;
    else if (this.docIndexed !== indexed) return false;
    if (!indexed) return true;
    if (paragraph !== this.lastParagraph) {
      if (this.paragraphsDone.has(paragraph)) return false;
      this.paragraphsDone.add(paragraph);
      this.lastParagraph = paragraph;
      this.wordsSeen.clear();
    }
    if (this.wordsSeen.has(word)) return false;
    this.wordsSeen.add(word);
    return true;
  }

  private token(s: number, e: number): boolean {
    const buf = this.buf;
    const at = this.indexLine(s, e);
    let paragraph = -1;
    let word = -1;
    let tail = e;
    if (at >= 0) {
      // scans in JavaScript: the line is short, and Buffer#indexOf costs more per call
      const value = at + INDEX_LINE.length;
      tail = value;
      while (tail < e && buf[tail] !== NL) tail++;
      let w = value;
      while (w < tail && buf[w] !== 87) w++; // 'W'
      if (buf[value] !== 80 || w >= tail) return false; // 'P'
      paragraph = number(buf, value + 1, w, MAX_PARAGRAPH);
      word = number(buf, w + 1, tail, MAX_WORD);
      if (paragraph < 0 || word < 0) return false;
    }
    if (!this.checkIndex(paragraph, word)) return false;
    const hash = BlockCache.hash(this.view, s, at, tail, e);
    const seen = this.cache.find(buf, s, at, tail, e, hash);
    if (seen >= 0) {
      this.record(SEEN_BLOCK, seen, s, e, at, paragraph, word);
      return true;
    }
    const entry = this.cache.add(buf, s, at, tail, e, hash);
    this.record(NEW_BLOCK, entry, s, e, at, paragraph, word);
    return true;
  }
}
