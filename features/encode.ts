/**
 * A Corpus as compact typed arrays: what stage one counts over and what crosses to worker
 * threads (no JS objects). Tokens are numbered in corpus order; per token: its word id, its
 * context ids (words and letters of t−1 and t+1 within the sentence, BOS/EOS at the edges),
 * whether it is Arabic, and the gold value id of every target (row-major, TARGETS order;
 * -1 everywhere for a token without a gold label).
 *
 * mode 'intern' grows the vocabulary (stage one over D1); mode 'lookup' only reads it
 * (D2 and tagging): unseen words, letters and values are -1.
 */
import type { Candidate, Corpus, Document, Token } from '../src/corpus/types.js';
import { TARGETS } from '../src/labels/elements.js';
import { targetIds } from '../src/corpus/targets.js';
import { NO_LABEL, labelContextIds } from './neighbours.js';
import { BOS, EOS, Vocab, wordLetters } from './vocab.js';
import { GoldRowBuilder, goldUnit, type MoreGoldRows } from './gold-rows.js';

/** Number of targets (columns of `gold`). */
export const N_TARGETS = TARGETS.length;

export interface EncodedCorpus {
  nTokens: number;
  /** Token offset of each document, plus nTokens at the end (length nDocs + 1). */
  docStart: Int32Array;
  /** Token offset of each sentence, plus nTokens at the end. */
  sentStart: Int32Array;
  word: Int32Array;
  /** 1 for an Arabic token, 0 for punctuation, digits, Latin text. */
  arabic: Uint8Array;
  prevWord: Int32Array;
  nextWord: Int32Array;
  prevILetter: Int32Array;
  nextILetter: Int32Array;
  prevFLetter: Int32Array;
  nextFLetter: Int32Array;
  /**
   * Context-label ids of t−1 and t+1 (features/neighbours.ts: gold labels unless the tokens
   * carry others); -1 everywhere when not computed (see EncodeOptions.labels).
   */
  prevLabel: Int32Array;
  nextLabel: Int32Array;
  /**
   * gold[i·N_TARGETS + k]: value id of target TARGETS[k] in token i's gold label (its first, when
   * it has several), or -1.
   */
  gold: Int32Array;
  /**
   * Stage one's gold rows beyond a token's first gold label, for tokens with several
   * (features/gold-rows.ts); absent when no token has several, or the mode is 'lookup'.
   */
  moreGold?: MoreGoldRows;
  /**
   * The weight of every gold row in units of 1/goldUnit of a token: the tokens' own rows first, then
   * moreGold's; absent with moreGold (every row then weighs goldUnit).
   */
  goldWeight?: Uint32Array;
  /** The unit of the gold rows' weights (1 without moreGold). */
  goldUnit: number;
}

export interface EncodeOptions {
  /** 'intern' adds unseen strings to the vocabulary, 'lookup' maps them to -1. */
  mode: 'intern' | 'lookup';
  /** Allocate the arrays in SharedArrayBuffers (read by worker threads without copies). */
  shared?: boolean;
  /** Encode gold value ids (default true); false leaves `gold` all -1 (tagging needs none). */
  gold?: boolean;
  /** Compute the neighbour-label contexts prevLabel/nextLabel (default: when gold is encoded). */
  labels?: boolean;
}

/** Number of documents of an encoding. */
export function docCount(enc: EncodedCorpus): number {
  return enc.docStart.length - 1;
}

/** Encodes the documents of a corpus (or a list of documents) in order. */
export function encodeCorpus(
  corpus: Corpus | readonly Document[],
  vocab: Vocab,
  options: EncodeOptions,
): EncodedCorpus {
  const docs = Array.isArray(corpus) ? (corpus as readonly Document[]) : (corpus as Corpus).documents;
  const intern = options.mode === 'intern';
  const withGold = options.gold !== false;
  const enc = allocateEncoding(docs, options.shared === true);
  const shared = options.shared === true;
  const rows = intern && withGold ? new GoldRowBuilder(enc.nTokens, goldUnit(docs), N_TARGETS, shared) : null;
  const tokens = new TokenEncoder(enc, vocab, intern, withGold, rows);
  let t = 0;
  let si = 0;
  for (let di = 0; di < docs.length; di++) {
    enc.docStart[di] = t;
    for (const sent of docs[di].sentences) {
      enc.sentStart[si++] = t;
      const start = t;
      for (const token of sent.tokens) tokens.encode(token, t++);
      tokens.neighbours(start, t);
    }
  }
  enc.docStart[docs.length] = t;
  enc.sentStart[si] = t;
  const more = rows?.finish();
  if (more) Object.assign(enc, more, { goldUnit: rows!.unit });
  if (options.labels ?? withGold)
    labelContextIds(docs, vocab, enc.nTokens, enc.prevLabel, enc.nextLabel, intern ? NO_LABEL : -1);
  else {
    enc.prevLabel.fill(-1);
    enc.nextLabel.fill(-1);
  }
  return enc;
}

/** Takes the documents and whether to share the buffers; gives their encoding's arrays, sized, gold all -1. */
function allocateEncoding(docs: readonly Document[], shared: boolean): EncodedCorpus {
  const i32 = (n: number) => (shared ? new Int32Array(new SharedArrayBuffer(n * 4)) : new Int32Array(n));
  let nTokens = 0;
  let nSent = 0;
  for (const d of docs)
    for (const s of d.sentences) {
      nTokens += s.tokens.length;
      nSent++;
    }
  return {
    nTokens,
    docStart: i32(docs.length + 1),
    sentStart: i32(nSent + 1),
    word: i32(nTokens),
    arabic: shared ? new Uint8Array(new SharedArrayBuffer(nTokens)) : new Uint8Array(nTokens),
    prevWord: i32(nTokens),
    nextWord: i32(nTokens),
    prevILetter: i32(nTokens),
    nextILetter: i32(nTokens),
    prevFLetter: i32(nTokens),
    nextFLetter: i32(nTokens),
    gold: i32(nTokens * N_TARGETS).fill(-1),
    prevLabel: i32(nTokens),
    nextLabel: i32(nTokens),
    goldUnit: 1,
  };
}

type ValueId = (ns: (typeof TARGETS)[number], s: string) => number;

/**
 * Fills an encoding token by token: each token's own columns (encode), then each sentence's
 * neighbour columns (neighbours). Holds the first and last letter ids of every token so far and
 * caches, so that each word's letters and each label's value ids are looked up once.
 */
class TokenEncoder {
  private readonly first: Int32Array;
  private readonly last: Int32Array;
  private readonly words: ReadonlyMap<string, number>;
  private readonly valueId: ValueId;
  /** First and last letter ids per word id (-2 = not yet known). */
  private letterOf: Int32Array;
  /** Value ids per candidate object and per label key (a key determines its elements). */
  private readonly goldByObject = new Map<Candidate, Int32Array>();
  private readonly goldByKey = new Map<string, Int32Array>();

  constructor(
    private readonly enc: EncodedCorpus,
    private readonly vocab: Vocab,
    private readonly intern: boolean,
    private readonly withGold: boolean,
    private readonly rows: GoldRowBuilder | null,
  ) {
    this.first = new Int32Array(enc.nTokens);
    this.last = new Int32Array(enc.nTokens);
    this.words = vocab.map('word');
    this.valueId = intern
      ? (ns: (typeof TARGETS)[number], s: string) => vocab.intern(ns, s)
      : (ns: (typeof TARGETS)[number], s: string) => vocab.get(ns, s);
    this.letterOf = new Int32Array(Math.max(64, vocab.size('word') * 2)).fill(-2);
  }

  /** Takes a token and its number t; writes its word id, Arabic flag, letter ids and gold value ids. */
  encode(token: Token, t: number): void {
    const enc = this.enc;
    let w = this.words.get(token.lookup) ?? -1;
    if (w < 0 && this.intern) w = this.vocab.intern('word', token.lookup);
    enc.word[t] = w;
    enc.arabic[t] = token.arabic ? 1 : 0;
    this.letters(token.lookup, w, t);
    if (this.withGold && token.gold >= 0) {
      const c = token.candidates[token.gold];
      if (c) enc.gold.set(this.ids(c), t * N_TARGETS);
      if (token.golds && this.rows) {
        const rest = token.golds.filter((g) => g !== token.gold);
        this.rows.add(t, [token.gold, ...rest].map((g) => this.ids(token.candidates[g])));
      }
    }
  }

  /** Takes a gold candidate; gives its value id per target (cached). */
  private ids(c: Candidate): Int32Array {
    return goldIds(c, this.valueId, this.goldByObject, this.goldByKey);
  }

  /** Takes a sentence's token range [start, end); writes their t−1/t+1 word and letter ids (BOS/EOS at the edges). */
  neighbours(start: number, end: number): void {
    const { enc, first, last } = this;
    for (let i = start; i < end; i++) {
      const p = i > start;
      const n = i < end - 1;
      enc.prevWord[i] = p ? enc.word[i - 1] : BOS;
      enc.nextWord[i] = n ? enc.word[i + 1] : EOS;
      enc.prevILetter[i] = p ? first[i - 1] : BOS;
      enc.prevFLetter[i] = p ? last[i - 1] : BOS;
      enc.nextILetter[i] = n ? first[i + 1] : EOS;
      enc.nextFLetter[i] = n ? last[i + 1] : EOS;
    }
  }

  /** Takes token t's look-up form and word id w (-1: none); sets its first and last letter ids, cached by w. */
  private letters(lookup: string, w: number, t: number): void {
    if (w >= 0 && 2 * w + 1 >= this.letterOf.length) this.growLetterCache(w);
    const letterOf = this.letterOf;
    if (w >= 0 && letterOf[2 * w] !== -2) {
      this.first[t] = letterOf[2 * w];
      this.last[t] = letterOf[2 * w + 1];
      return;
    }
    const [f, l] = wordLetters(lookup);
    this.first[t] = this.letterId(f);
    this.last[t] = this.letterId(l);
    if (w >= 0) {
      letterOf[2 * w] = this.first[t];
      letterOf[2 * w + 1] = this.last[t];
    }
  }

  /** Takes a word id beyond the letter cache; grows the cache (at least doubling) to hold it. */
  private growLetterCache(w: number): void {
    const grown = new Int32Array(Math.max(this.letterOf.length * 2, 2 * w + 2)).fill(-2);
    grown.set(this.letterOf);
    this.letterOf = grown;
  }

  /** Takes a letter; gives its id (interned in 'intern' mode, else -1 when unseen). */
  private letterId(s: string): number {
    return this.intern ? this.vocab.intern('letter', s) : this.vocab.get('letter', s);
  }
}

/** Takes a gold candidate and the value-id lookup; gives its value ids per target, cached by object and by key. */
function goldIds(
  c: Candidate,
  valueId: ValueId,
  byObject: Map<Candidate, Int32Array>,
  byKey: Map<string, Int32Array>,
): Int32Array {
  let ids = byObject.get(c);
  if (ids) return ids;
  ids = byKey.get(c.key);
  if (!ids) {
    ids = targetIds(c, new Int32Array(N_TARGETS), (k, v) => valueId(TARGETS[k], v));
    byKey.set(c.key, ids);
  }
  byObject.set(c, ids);
  return ids;
}

/** Context id of token i for a context name (BOS/EOS at sentence edges; -1 unknown at inference). */
export function contextArray(enc: EncodedCorpus, context: string): Int32Array | null {
  switch (context) {
    case 'prevWord': return enc.prevWord;
    case 'nextWord': return enc.nextWord;
    case 'prevILetter': return enc.prevILetter;
    case 'nextILetter': return enc.nextILetter;
    case 'prevFLetter': return enc.prevFLetter;
    case 'nextFLetter': return enc.nextFLetter;
    case 'prevLabel': return enc.prevLabel;
    case 'nextLabel': return enc.nextLabel;
    default: return null;
  }
}
