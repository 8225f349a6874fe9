/**
 * D1/D2 partition of Algorithm 1: a seeded random split of the training documents (9:1 by
 * default, as in section 3.3), by whole document so that no document feeds both stages.
 * Only documents with at least one gold-marked token take part; the others are dropped (and
 * counted). Both halves keep the corpus order of their documents.
 */
import type { Corpus, Document } from '../src/corpus/types.js';
import { CorpusError, UsageError } from '../src/errors.js';
import { Rng } from '../src/random.js';

export interface PartitionOptions {
  /** Share of the documents that go to D2, in (0, 1). */
  d2Share: number;
  seed: number;
}

const defaultPartitionOptions: PartitionOptions = { d2Share: 0.1, seed: 42 };

export interface Partition {
  d1: Corpus;
  d2: Corpus;
  /** Indices (in corpus.documents) of the documents of D1 and D2, ascending. */
  d1Index: number[];
  d2Index: number[];
  /** Documents left out because they carry no gold mark. */
  dropped: number;
}


/** Number of D2 documents for n documents. */
function d2Size(n: number, share: number): number {
  return Math.round(n * share);
}

/** Smallest number of documents for which both D1 and D2 are non-empty. */
export function documentsNeeded(share: number): number {
  for (let n = 2; n < 1e7; n++) {
    const n2 = d2Size(n, share);
    if (n2 >= 1 && n - n2 >= 1) return n;
  }
  throw new UsageError(`no corpus size gives a D2 share of ${share}`);
}

function hasGold(doc: Document): boolean {
  for (const s of doc.sentences) for (const t of s.tokens) if (t.gold >= 0) return true;
  return false;
}

/** Splits a corpus into D1 and D2. Throws CorpusError when one of them would be empty. */
export function partitionCorpus(corpus: Corpus, options: Partial<PartitionOptions> = {}): Partition {
  const { d2Share, seed } = { ...defaultPartitionOptions, ...options };
  if (!(d2Share > 0 && d2Share < 1)) throw new UsageError(`the D2 share must be between 0 and 1, not ${d2Share}`);
  if (!Number.isInteger(seed)) throw new UsageError(`the seed must be an integer, not ${seed}`);
  const eligible: number[] = [];
  corpus.documents.forEach((d, i) => {
    if (hasGold(d)) eligible.push(i);
  });
  const n = eligible.length;
  const n2 = d2Size(n, d2Share);
  if (n === 0) throw new CorpusError('the training corpus has no gold-marked tokens', { file: corpus.source });
  if (n2 < 1 || n - n2 < 1)
    throw new CorpusError(
      `the training corpus has ${n} document${n === 1 ? '' : 's'} with gold marks; splitting off a D2 share of ` +
        `${d2Share} needs at least ${documentsNeeded(d2Share)}`,
      { file: corpus.source },
    );
  const order = new Rng(seed).shuffle(eligible.slice());
  const d2Index = order.slice(0, n2).sort((a, b) => a - b);
  const d1Index = order.slice(n2).sort((a, b) => a - b);
  const pick = (idx: number[]): Corpus => ({ ...corpus, documents: idx.map((i) => corpus.documents[i]) });
  return { d1: pick(d1Index), d2: pick(d2Index), d1Index, d2Index, dropped: corpus.documents.length - n };
}

/**
 * The D2 documents that fit λ and give D2's A1/A2 (training/train.ts): all of them when their
 * gold tokens number at most `maxGoldTokens` (or it is 0), else whole documents in a seeded
 * random order until their gold tokens reach it, the cap of θ's rows, so that D2's work stays
 * bounded as the corpus grows. Takes the documents, the cap and the seed; returns indices into
 * `docs`, ascending.
 */
export function sampleDocuments(docs: readonly Document[], maxGoldTokens: number, seed: number): number[] {
  const gold = docs.map((d) =>
    d.sentences.reduce((n, s) => n + s.tokens.reduce((m, t) => m + (t.gold >= 0 ? 1 : 0), 0), 0),
  );
  const all = docs.map((_, i) => i);
  if (maxGoldTokens <= 0 || gold.reduce((a, b) => a + b, 0) <= maxGoldTokens) return all;
  const chosen: number[] = [];
  let n = 0;
  for (const i of new Rng(seed).shuffle(all)) {
    if (n >= maxGoldTokens) break;
    chosen.push(i);
    n += gold[i];
  }
  return chosen.sort((a, b) => a - b);
}
