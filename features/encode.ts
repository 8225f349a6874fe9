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
import type { Candidate, Corpus, Document } from '../src/corpus/types.js';
import { TARGETS } from '../src/labels/elements.js';
import { targetIds } from '../src/corpus/targets.js';
import { NO_LABEL, labelContextIds } from './neighbours.js';
import { BOS, EOS, Vocab, wordLetters } from './vocab.js';

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
  /** gold[i·N_TARGETS + k]: value id of target TARGETS[k] in token i's gold label, or -1. */
  gold: Int32Array;
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
  const i32 = (n: number) => (options.shared ? new Int32Array(new SharedArrayBuffer(n * 4)) : new Int32Array(n));
  let nTokens = 0;
  let nSent = 0;
  for (const d of docs)
    for (const s of d.sentences) {
      nTokens += s.tokens.length;
      nSent++;
    }
  const enc: EncodedCorpus = {
    nTokens,
    docStart: i32(docs.length + 1),
    sentStart: i32(nSent + 1),
    word: i32(nTokens),
    arabic: options.shared ? new Uint8Array(new SharedArrayBuffer(nTokens)) : new Uint8Array(nTokens),
    prevWord: i32(nTokens),
    nextWord: i32(nTokens),
    prevILetter: i32(nTokens),
    nextILetter: i32(nTokens),
    prevFLetter: i32(nTokens),
    nextFLetter: i32(nTokens),
    gold: i32(nTokens * N_TARGETS).fill(-1),
    prevLabel: i32(nTokens),
    nextLabel: i32(nTokens),
  };
  const first = new Int32Array(nTokens);
  const last = new Int32Array(nTokens);
  const letterId = (s: string) => (intern ? vocab.intern('letter', s) : vocab.get('letter', s));
  const words = vocab.map('word');
  const valueId = intern
    ? (ns: (typeof TARGETS)[number], s: string) => vocab.intern(ns, s)
    : (ns: (typeof TARGETS)[number], s: string) => vocab.get(ns, s);
  // First and last letter ids per word id (-2 = not yet known), so each word's letters are looked up once.
  let letterOf = new Int32Array(Math.max(64, vocab.size('word') * 2)).fill(-2);
  // Value ids per candidate object and per label key (a key determines its elements).
  const goldByObject = new Map<Candidate, Int32Array>();
  const goldByKey = new Map<string, Int32Array>();
  let t = 0;
  let si = 0;
  for (let di = 0; di < docs.length; di++) {
    enc.docStart[di] = t;
    for (const sent of docs[di].sentences) {
      enc.sentStart[si++] = t;
      const start = t;
      for (const token of sent.tokens) {
        let w = words.get(token.lookup) ?? -1;
        if (w < 0 && intern) w = vocab.intern('word', token.lookup);
        enc.word[t] = w;
        enc.arabic[t] = token.arabic ? 1 : 0;
        if (w >= 0 && 2 * w + 1 >= letterOf.length) {
          const grown = new Int32Array(Math.max(letterOf.length * 2, 2 * w + 2)).fill(-2);
          grown.set(letterOf);
          letterOf = grown;
        }
        if (w >= 0 && letterOf[2 * w] !== -2) {
          first[t] = letterOf[2 * w];
          last[t] = letterOf[2 * w + 1];
        } else {
          const [f, l] = wordLetters(token.lookup);
          first[t] = letterId(f);
          last[t] = letterId(l);
          if (w >= 0) {
            letterOf[2 * w] = first[t];
            letterOf[2 * w + 1] = last[t];
          }
        }
        if (withGold && token.gold >= 0) {
          const c = token.candidates[token.gold];
          if (c) enc.gold.set(goldIds(c, valueId, goldByObject, goldByKey), t * N_TARGETS);
        }
        t++;
      }
      for (let i = start; i < t; i++) {
        const p = i > start;
        const n = i < t - 1;
        enc.prevWord[i] = p ? enc.word[i - 1] : BOS;
        enc.nextWord[i] = n ? enc.word[i + 1] : EOS;
        enc.prevILetter[i] = p ? first[i - 1] : BOS;
        enc.prevFLetter[i] = p ? last[i - 1] : BOS;
        enc.nextILetter[i] = n ? first[i + 1] : EOS;
        enc.nextFLetter[i] = n ? last[i + 1] : EOS;
      }
    }
  }
  enc.docStart[docs.length] = t;
  enc.sentStart[nSent] = t;
  if (options.labels ?? withGold)
    labelContextIds(docs, vocab, nTokens, enc.prevLabel, enc.nextLabel, intern ? NO_LABEL : -1);
  else {
    enc.prevLabel.fill(-1);
    enc.nextLabel.fill(-1);
  }
  return enc;
}

function goldIds(
  c: Candidate,
  valueId: (ns: (typeof TARGETS)[number], s: string) => number,
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
