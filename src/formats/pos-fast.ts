/**
 * The fast path of reading a UTF-8 pos file into a corpus (loadPosCorpus, pos-stream.ts).
 *
 * A large corpus repeats its tokens: the same word with the same solutions, glosses and star,
 * at another INDEX. The file is read as bytes and cut into blocks at blank lines ("\n\n");
 * a token block's bytes without its INDEX line are its key (the table: pos-cache.ts). The first
 * block with a key is read (pos-block.ts when it is in the canonical layout, the full line
 * parser of pos-read.ts otherwise, with the same result) and converted (pos-corpus.ts); every
 * later block with that key gets a copy of the converted token with its own INDEX, without
 * being decoded (the tokens of one key share one frozen candidate array). A key is the
 * block's exact bytes apart from the INDEX value, so a block found in the table is one the
 * full parser accepted, with the same result. The bytes are checked to be UTF-8 once per
 * chunk read.
 *
 * The fast path keeps what the full parser checks across tokens (document ids, INDEX on all
 * tokens of a document or none, unique INDEX values, contiguous paragraphs) but reports no
 * error itself: at anything it does not take (a malformed block, a broken rule, a carriage
 * return, tokens not separated by blank lines, an INDEX line not in the canonical
 * `  INDEX: PnWm` layout) it stops and returns false, and loadPosCorpus reads the file again
 * with the full parser, which gives the corpus or the error with its file and line. The files
 * writePosFile writes never need the second reading.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import type { Candidate, Document, Token } from '../corpus/types.js';
import { LexdisError } from '../errors.js';
import { CanonicalBlockReader } from './pos-block.js';
import { BlockCache } from './pos-cache.js';
import { documentOf, type PosConversion } from './pos-corpus.js';
import { IMPLICIT_DOCUMENT_ID, type PosDocument, type PosToken } from './pos-model.js';
import { DOCUMENT_RE, posLineParser } from './pos-read.js';

/** Distinct token blocks kept before the table starts afresh (bounds its memory). */
const CACHE_MAX = 1 << 18;
/** Bytes read at a time at least (a block longer than the buffer grows it; small sizes are for tests). */
const MIN_BUFFER = 16;
const BLOCK_END = Buffer.from('\n\n');
const INDEX_LINE = Buffer.from('\n  INDEX: ');
const NL = 10;
/** Largest paragraph and word numbers taken (small integers); larger ones go to the full parser. */
const MAX_PARAGRAPH = 1e6;
const MAX_WORD = 1e9;
/** Paragraph and word numbers below this share one frozen INDEX object per pair: every document repeats them. */
const SHARED_INDEX_MAX = 1 << 12;

type TokenIndex = NonNullable<Token['index']>;

/** The one token of a block, parsed by the full parser; undefined when it rejects the block or finds other than one token. */
function parseBlock(file: string, text: string): PosToken | undefined {
  const docs: PosDocument[] = [];
  try {
    const parser = posLineParser(file, (d) => docs.push(d));
    for (const l of text.split('\n')) parser.line(l);
    parser.end();
  } catch (err) {
    if (err instanceof LexdisError) return undefined;
    throw err;
  }
  return docs.length === 1 && docs[0].tokens.length === 1 ? docs[0].tokens[0] : undefined;
}

/** A positive decimal number without leading zeros in buf[from, to), at most `max`; -1 otherwise. */
function number(buf: Buffer, from: number, to: number, max: number): number {
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

/** The block reader's state across one file (see {@link readPosFast}). */
class FastReader {
  /** Blocks seen, by their bytes without the INDEX line, with their converted token. */
  private readonly cache = new BlockCache<Omit<Token, 'index'>>(CACHE_MAX);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  /** A block not seen before is read by this reader when it is canonical, by the full parser otherwise. */
  private readonly canonical = new CanonicalBlockReader();
  private readonly docIds = new Set<string>();
  private implicitFirst = false;
  private inDoc = false;
  private docId: string | undefined;
  private tokens: Token[] = [];
  private docIndexed: boolean | undefined;
  /** The word numbers seen in the current paragraph (a paragraph once left cannot come back: paragraphsDone). */
  private wordsSeen = new Set<number>();
  private paragraphsDone = new Set<number>();
  private lastParagraph = 0;
  /** The shared INDEX objects, by paragraph and word number. */
  private readonly indexes: Array<Array<TokenIndex | undefined> | undefined> = [];
  buf: Buffer = Buffer.alloc(0);
  private view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);

  constructor(
    private readonly file: string,
    private readonly conv: PosConversion,
    private readonly onDocument: (doc: Document) => void,
  ) {}

  /** A new buffer content. */
  reset(buf: Buffer): void {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  emitDocument(): void {
    if (this.inDoc)
      this.onDocument(documentOf(this.conv.intern(this.docId ?? IMPLICIT_DOCUMENT_ID), this.tokens, (t) => t.index?.paragraph, (t) => t, this.conv.intern));
  }

  private startDocument(id: string | undefined): void {
    if (this.inDoc) this.emitDocument();
    else this.implicitFirst = id === undefined;
    this.inDoc = true;
    this.docId = id;
    this.tokens = [];
    this.docIndexed = undefined;
    this.wordsSeen = new Set();
    this.paragraphsDone = new Set();
    this.lastParagraph = 0;
  }

  /** Takes the block buf[s, e) (no "\n\n" inside); false when the file needs the full parser. */
  block(s: number, e: number): boolean {
    const buf = this.buf;
    while (s < e && buf[s] === NL) s++;
    while (e > s && buf[e - 1] === NL) e--;
    if (s === e) return true;
    if (buf[s] === 59) return this.documentLine(s, e);
    if (!this.inDoc) this.startDocument(undefined);
    return this.token(s, e);
  }

  private documentLine(s: number, e: number): boolean {
    if (this.buf.subarray(s, e).includes(NL)) return false;
    let raw: string;
    try {
      raw = this.decoder.decode(this.buf.subarray(s, e));
    } catch {
      return false;
    }
    const m = DOCUMENT_RE.exec(raw);
    if (!m) return false;
    const id = m[1];
    if (id.trim() === '' || this.docIds.has(id) || (id === IMPLICIT_DOCUMENT_ID && this.implicitFirst)) return false;
    this.docIds.add(id);
    this.startDocument(id);
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

  /** The INDEX object of a pair: shared and frozen for small numbers (a million tokens need not carry a million of them). */
  private sharedIndex(paragraph: number, word: number): TokenIndex {
    if (paragraph >= SHARED_INDEX_MAX || word >= SHARED_INDEX_MAX) return { paragraph, word };
    const row = (this.indexes[paragraph] ??= []);
    return (row[word] ??= Object.freeze({ paragraph, word }));
  }

  /** Checks an INDEX (or none: null) against the document's; false when the file needs the full parser. */
  private checkIndex(index: TokenIndex | null): boolean {
    const indexed = index !== null;
    if (this.docIndexed === undefined) this.docIndexed = indexed;
    else if (this.docIndexed !== indexed) return false;
    if (!index) return true;
    if (index.paragraph !== this.lastParagraph) {
      if (this.paragraphsDone.has(index.paragraph)) return false;
      this.paragraphsDone.add(index.paragraph);
      this.lastParagraph = index.paragraph;
      this.wordsSeen.clear();
    }
    if (this.wordsSeen.has(index.word)) return false;
    this.wordsSeen.add(index.word);
    return true;
  }

  private token(s: number, e: number): boolean {
    const buf = this.buf;
    const at = this.indexLine(s, e);
    let index: TokenIndex | null = null;
    let tail = e;
    if (at >= 0) {
      // scans in JavaScript: the line is short, and Buffer#indexOf costs more per call
      const value = at + INDEX_LINE.length;
      tail = value;
      while (tail < e && buf[tail] !== NL) tail++;
      let w = value;
      while (w < tail && buf[w] !== 87) w++; // 'W'
      if (buf[value] !== 80 || w >= tail) return false; // 'P'
      const paragraph = number(buf, value + 1, w, MAX_PARAGRAPH);
      const word = number(buf, w + 1, tail, MAX_WORD);
      if (paragraph < 0 || word < 0) return false;
      index = this.sharedIndex(paragraph, word);
    }
    if (!this.checkIndex(index)) return false;
    const hash = BlockCache.hash(this.view, s, at, tail, e);
    const t = this.cache.find(buf, s, at, tail, e, hash);
    if (t) {
      // the INDEX in the literal: added afterwards it would take V8 a second object (out-of-object properties) for every token
      const token: Token = index
        ? { form: t.form, lookup: t.lookup, arabic: t.arabic, candidates: t.candidates, gold: t.gold, index }
        : { form: t.form, lookup: t.lookup, arabic: t.arabic, candidates: t.candidates, gold: t.gold };
      if (t.note !== undefined) token.note = t.note;
      if (t.goldUnmatched) token.goldUnmatched = true;
      this.tokens.push(token);
      return true;
    }
    const token = this.newToken(s, e, at, index);
    if (!token) return false;
    if (index) token.index = index;
    // the tokens of one block share its candidate array, frozen (an array per token was a million more objects for the collector at 1M tokens)
    const kept: Omit<Token, 'index'> = { form: token.form, lookup: token.lookup, arabic: token.arabic, candidates: Object.freeze(token.candidates) as Candidate[], gold: token.gold };
    if (token.note !== undefined) kept.note = token.note;
    if (token.goldUnmatched) kept.goldUnmatched = true;
    this.cache.add(buf, s, at, tail, e, hash, kept);
    this.tokens.push(token);
    return true;
  }

  /** A block not seen before: read (from its bytes when canonical, by the full parser otherwise) and converted; undefined when the file needs the full parser. */
  private newToken(s: number, e: number, at: number, index: TokenIndex | null): Token | undefined {
    const buf = this.buf;
    const parsed = this.canonical.token(buf, this.view, s, e, at, index) ?? parseBlock(this.file, buf.toString('utf8', s, e));
    if (!parsed || (parsed.index === undefined) !== (index === null)) return undefined;
    if (index && (parsed.index!.paragraph !== index.paragraph || parsed.index!.word !== index.word)) return undefined;
    try {
      return this.conv.token(parsed);
    } catch (err) {
      if (err instanceof LexdisError) return undefined;
      throw err;
    }
  }
}

/**
 * Reads a UTF-8 pos file into corpus documents by the fast path (see the module comment).
 * Takes the path, the token conversion (its tables are shared by every token read), the
 * callback that receives each document as it ends, and the bytes to read at a time. Returns
 * true when the whole file was read; false when it needs the full parser (a file it cannot
 * open or read included), after handing over the documents it completed. Throws only what
 * the callback throws.
 */
export function readPosFast(file: string, conv: PosConversion, onDocument: (doc: Document) => void, chunkBytes: number): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const reader = new FastReader(file, conv, onDocument);
    let buf = Buffer.allocUnsafe(Math.max(chunkBytes, MIN_BUFFER));
    let len = 0;
    let first = true;
    for (;;) {
      if (len === buf.length) {
        const grown = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(grown, 0, 0, len);
        buf = grown;
      }
      let n: number;
      try {
        n = readSync(fd, buf, len, buf.length - len, null);
      } catch {
        return false;
      }
      if (buf.subarray(len, len + n).includes(13)) return false;
      len += n;
      const view = buf.subarray(0, len);
      reader.reset(view);
      let start = first && view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf ? 3 : 0;
      if (first && len < 3 && n > 0) continue;
      first = false;
      // the bytes of the blocks taken in this round are checked once here (a line end never cuts a character)
      const taken = n === 0 ? len : view.lastIndexOf(BLOCK_END);
      if (taken > start && !isUtf8(view.subarray(start, taken))) return false;
      for (let sep = view.indexOf(BLOCK_END, start); sep >= 0; sep = view.indexOf(BLOCK_END, start)) {
        if (!reader.block(start, sep)) return false;
        start = sep + 2;
      }
      if (n === 0) {
        if (!reader.block(start, len)) return false;
        reader.emitDocument();
        return true;
      }
      buf.copyWithin(0, start, len);
      len -= start;
    }
  } finally {
    closeSync(fd);
  }
}
