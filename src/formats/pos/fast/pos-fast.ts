/**
 * The fast path of reading a UTF-8 pos file into a corpus (loadPosCorpus, pos-stream.ts).
 *
 * A large corpus repeats its tokens: the same word with the same solutions, glosses and star,
 * at another INDEX. The file is read as bytes and cut into blocks at blank lines ("\n\n");
 * a token block's bytes without its INDEX line are its key. That byte-level pass
 * (pos-scan.ts: the cutting, the checks across tokens, the table of keys seen) writes a record
 * of numbers per block, and the token builder here turns the records into documents: the first
 * block with a key is read (pos-block.ts when it is in the canonical layout, the full line
 * parser of pos-read.ts otherwise, with the same result) and converted (pos-corpus.ts); every
 * later block with that key gets a copy of the converted token with its own INDEX, without
 * being decoded (the tokens of one key share one frozen candidate array). A key is the
 * block's exact bytes apart from the INDEX value, so a block found in the table is one the
 * full parser accepted, with the same result. The bytes are checked to be UTF-8 once per
 * chunk read. {@link readPosFast} runs both in this thread; {@link readPosTwoThreads} runs the
 * byte-level pass in a worker thread (pos-ring.ts), with the same documents.
 *
 * The fast path keeps what the full parser checks across tokens (document ids, INDEX on all
 * tokens of a document or none, unique INDEX values, contiguous paragraphs) but reports no
 * error itself: at anything it does not take (a malformed block, a broken rule, a carriage
 * return, tokens not separated by blank lines, an INDEX line not in the canonical
 * `  INDEX: PnWm` layout) it stops and returns false, and loadPosCorpus reads the file again
 * with the full parser, which gives the corpus or the error with its file and line. The files
 * writePosFile writes never need the second reading.
 */
/* oxlint-disable max-lines -- one pass over the file's blocks, with the token builder it feeds */
import { closeSync, openSync, readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Candidate, Document, Token } from '../../../corpus/types.js';
import { LexdisError } from '../../../errors.js';
import { CanonicalBlockReader } from './pos-block.js';
import { documentOf, type PosConversion } from '../pos-corpus.js';
import { IMPLICIT_DOCUMENT_ID, type PosDocument, type PosToken } from '../pos-model.js';
import { DOCUMENT_RE, posLineParser } from '../pos-read.js';
import { cutToken, tokenTail, type BeforeToken, type TokenTail } from '../pos-end.js';
import { consume, Ring } from './pos-ring.js';
import type { ScanWorkerData } from './pos-scan-worker.js';
import { BlockScanner, checkRead, DOCUMENT_LINE, RECORD, RECORD_SIZE, SEEN_BLOCK } from './pos-scan.js';
import { moduleUrl } from '../../../config.js';

/** Bytes read at a time at least (a block longer than the buffer grows it; small sizes are for tests). */
const MIN_BUFFER = 16;
/**
 * The buffer of one thread grows to this many bytes at most: a longer token block (or a file
 * without blank lines, or an endless line) is left to the full parser, which refuses a line
 * past the line limit (src/io/paragraphs.ts) before holding it.
 */
export const MAX_BUFFER = 1 << 23;
/** Bytes read at a time at most on two threads (the ring holds two chunks per slot, in three slots: pos-ring.ts). */
const RING_CHUNK_MAX = 1 << 20;
/** Records the byte-level pass writes before the builder takes them (in one thread). */
const RECORDS = 1 << 12;
/** Paragraph and word numbers below this share one frozen INDEX object per pair: every document repeats them. */
const SHARED_INDEX_MAX = 1 << 12;

type TokenIndex = NonNullable<Token['index']>;

/**
 * The one token of a block, parsed by the full parser; undefined when it rejects the block or finds
 * other than one token.
 */
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

/**
 * Turns the byte-level pass's records (pos-scan.ts) into corpus documents: a new token block is
 * read (pos-block.ts when it is in the canonical layout, the full line parser of pos-read.ts
 * otherwise, with the same result) and converted (pos-corpus.ts); a block seen before gets a
 * copy of its first token with its own INDEX, without being decoded (the tokens of one block
 * share one frozen candidate array).
 */
export class TokenBuilder {
  /** The converted token of each entry of the byte-level pass's block table. */
  private readonly kept: Array<Omit<Token, 'index'>> = [];
  /** A block not seen before is read by this reader when it is canonical, by the full parser otherwise. */
  private readonly canonical = new CanonicalBlockReader();
  private inDoc = false;
  private docId: string | undefined;
  private tokens: Token[] = [];
  /** The shared INDEX objects, by paragraph and word number. */
  private readonly indexes: Array<Array<TokenIndex | undefined> | undefined> = [];
  /** What pos-end.ts reads of each entry's token, of the records before the last token, and of the open last token. */
  private readonly tails: TokenTail[] = [];
  private before: BeforeToken = {};
  private open: { tail: TokenTail; indexed: boolean; before: BeforeToken } | undefined;

  constructor(
    private readonly file: string,
    private readonly conv: PosConversion,
    private readonly onDocument: (doc: Document) => void,
  ) {}

  /**
   * Takes `count` records of `records` about the bytes of `buf` (`view`: a DataView of it);
   * false when the file needs the full parser.
   */
  take(buf: Buffer, view: DataView, records: Int32Array, count: number): boolean {
    for (let r = 0; r < count; r++) {
      const o = r * RECORD_SIZE;
      const s = records[o + RECORD.start];
      const e = records[o + RECORD.end];
      const kind = records[o + RECORD.kind];
      if (kind === DOCUMENT_LINE) {
        this.startDocument(DOCUMENT_RE.exec(buf.toString('utf8', s, e))![1]);
        continue;
      }
      if (!this.inDoc) this.startDocument(undefined);
      const paragraph = records[o + RECORD.paragraph];
      const index = paragraph < 0 ? null : this.sharedIndex(paragraph, records[o + RECORD.word]);
      const entry = records[o + RECORD.entry];
      if (kind === SEEN_BLOCK) this.tokens.push(this.copy(this.kept[entry], index));
      else if (!this.newBlock(buf, view, s, e, records[o + RECORD.indexAt], index, entry)) return false;
      const tail = this.tails[entry];
      if (records[o + RECORD.open] === 1) this.open = { tail, indexed: index !== null, before: this.before };
      this.before = { solution: tail.last ?? this.before.solution, indexed: index !== null };
    }
    return true;
  }

  /**
   * The end of the file: hands over the document being read. Returns false, handing over
   * nothing, when the file ends inside its last token (pos-end.ts: the full parser names it).
   */
  end(): boolean {
    if (this.open && cutToken(this.open.tail, this.open.indexed, this.open.before)) return false;
    this.endDocument();
    return true;
  }

  /** Hands over the document being read, if any. */
  private endDocument(): void {
    if (this.inDoc)
      this.onDocument(
        documentOf(
          this.conv.intern(this.docId ?? IMPLICIT_DOCUMENT_ID),
          this.tokens,
          (t) => t.index?.paragraph,
          (t) => t,
          this.conv.intern,
        ),
      );
  }

  private startDocument(id: string | undefined): void {
    this.endDocument();
    this.inDoc = true;
    this.docId = id;
    this.tokens = [];
  }

  /**
   * The INDEX object of a pair: shared and frozen for small numbers (a million tokens need not
   * carry a million of them).
   */
  private sharedIndex(paragraph: number, word: number): TokenIndex {
    if (paragraph >= SHARED_INDEX_MAX || word >= SHARED_INDEX_MAX) return { paragraph, word };
    const row = (this.indexes[paragraph] ??= []);
    return (row[word] ??= Object.freeze({ paragraph, word }));
  }

  /** A token of a block seen before: its first token's content with this INDEX. */
  private copy(t: Omit<Token, 'index'>, index: TokenIndex | null): Token {
    // the INDEX in the literal: added afterwards it would take V8 a second object (out-of-object
    // properties) for every token
    const token: Token = index
      ? { form: t.form, lookup: t.lookup, arabic: t.arabic, candidates: t.candidates, gold: t.gold, index }
      : { form: t.form, lookup: t.lookup, arabic: t.arabic, candidates: t.candidates, gold: t.gold };
    if (t.note !== undefined) token.note = t.note;
    if (t.golds) token.golds = t.golds;
    if (t.goldUnmatched) token.goldUnmatched = true;
    return token;
  }

  /** A block not seen before, kept as the block table's `entry`; false when the file needs the full parser. */
  private newBlock(
    buf: Buffer,
    view: DataView,
    s: number,
    e: number,
    at: number,
    index: TokenIndex | null,
    entry: number,
  ): boolean {
    const read = this.newToken(buf, view, s, e, at, index);
    if (!read) return false;
    const { token, tail } = read;
    this.tails[entry] = tail;
    if (index) token.index = index;
    // the tokens of one block share its candidate array, frozen: one array per distinct block, not
    // per token, for the collector
    const kept: Omit<Token, 'index'> = {
      form: token.form,
      lookup: token.lookup,
      arabic: token.arabic,
      candidates: Object.freeze(token.candidates) as Candidate[],
      gold: token.gold,
    };
    if (token.note !== undefined) kept.note = token.note;
    if (token.golds) kept.golds = Object.freeze(token.golds) as number[];
    if (token.goldUnmatched) kept.goldUnmatched = true;
    this.kept[entry] = kept;
    this.tokens.push(token);
    return true;
  }

  /**
   * A block not seen before: read (from its bytes when canonical, by the full parser otherwise) and
   * converted; undefined when the file needs the full parser.
   */
  private newToken(
    buf: Buffer,
    view: DataView,
    s: number,
    e: number,
    at: number,
    index: TokenIndex | null,
  ): { token: Token; tail: TokenTail } | undefined {
    const parsed =
      this.canonical.token(buf, view, s, e, at, index) ?? parseBlock(this.file, buf.toString('utf8', s, e));
    if (!parsed || (parsed.index === undefined) !== (index === null)) return undefined;
    if (index && (parsed.index!.paragraph !== index.paragraph || parsed.index!.word !== index.word)) return undefined;
    try {
      return { token: this.conv.token(parsed), tail: tokenTail(parsed) };
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
export function readPosFast(
  file: string,
  conv: PosConversion,
  onDocument: (doc: Document) => void,
  chunkBytes: number,
): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const scanner = new BlockScanner();
    const builder = new TokenBuilder(file, conv, onDocument);
    const records = new Int32Array(RECORDS * RECORD_SIZE);
    let buf = Buffer.allocUnsafe(Math.max(chunkBytes, MIN_BUFFER));
    let len = 0;
    /** Where the bytes not yet checked by checkRead start. */
    let unchecked = 0;
    let first = true;
    for (;;) {
      if (len === buf.length) {
        if (buf.length >= MAX_BUFFER) return false;
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
      len += n;
      if (first && len < 3 && n > 0) continue;
      const view = buf.subarray(0, len);
      let start = checkRead(view, 0, unchecked, n === 0, first);
      if (start < 0) return false;
      first = false;
      const dv = new DataView(view.buffer, view.byteOffset, view.byteLength);
      do {
        if (!scanner.scan(view, dv, start, n === 0, records) || !builder.take(view, dv, records, scanner.records))
          return false;
        start = scanner.next;
      } while (scanner.records === RECORDS);
      if (n === 0) return builder.end();
      buf.copyWithin(0, start, len);
      len -= start;
      unchecked = len;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a UTF-8 pos file into corpus documents by the fast path on two threads: a worker thread
 * reads the file and makes the byte-level pass while this one builds the documents (pos-ring.ts).
 * Takes and returns what {@link readPosFast} does, with the same documents; false also when the
 * worker stalls. A worker that cannot start leaves the file to {@link readPosFast}. A slot of
 * the ring holds two chunks of `chunkBytes` (at most RING_CHUNK_MAX): a longer token block is
 * left to the full parser. Throws only what the callback throws.
 */
export function readPosTwoThreads(
  file: string,
  conv: PosConversion,
  onDocument: (doc: Document) => void,
  chunkBytes: number,
): boolean {
  const chunk = Math.max(Math.min(chunkBytes, RING_CHUNK_MAX), MIN_BUFFER);
  const ring = new Ring(2 * chunk);
  const data: ScanWorkerData = { file, memory: ring.memory, slotBytes: ring.slotBytes, chunkBytes: chunk };
  try {
    const worker = new Worker(new URL(moduleUrl('src/formats/pos/fast/pos-scan-worker.js')), { workerData: data });
    // the worker ends by itself; an error it reports after this thread has moved on changes nothing
    worker.unref();
    worker.on('error', () => {});
  } catch {
    return readPosFast(file, conv, onDocument, chunkBytes);
  }
  const done = consume(ring, new TokenBuilder(file, conv, onDocument));
  return done === 'not started' ? readPosFast(file, conv, onDocument, chunkBytes) : done === 'taken';
}
