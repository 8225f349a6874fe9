/**
 * Seeded synthetic corpora shaped like the ATB for tests and bench/stage1.ts: word types drawn
 * from a Zipf law, each type with a fixed list of candidate labels (lemma + morphology, all
 * 16 LEs filled from the morphology), a gold label per token, punctuation tokens without
 * candidates, documents of sentences.
 */
import type { Candidate, Corpus, Document, Sentence, Token } from '../src/corpus/types.js';
import { LABEL_ELEMENTS, emptyElements, labelKey } from '../src/labels/elements.js';
import { Rng } from '../src/random.js';

export interface SyntheticOptions {
  seed: number;
  tokens: number;
  wordTypes: number;
  /** Mean candidates per Arabic word type. */
  candidates: number;
  /** Zipf exponent of word frequencies. */
  zipf: number;
  docTokens: number;
  sentenceTokens: number;
  /** Share of tokens that are punctuation/digits. */
  punctuation: number;
  morphTags: number;
}

export const defaultSyntheticOptions: SyntheticOptions = {
  seed: 1, tokens: 350_000, wordTypes: 30_000, candidates: 12, zipf: 1.0,
  docTokens: 190, sentenceTokens: 25, punctuation: 0.08, morphTags: 2000,
};

const LETTERS = "btvjHxd*rzs$SDTZEgfqklmnhwy'AY><|&}p";
const PUNCT = ['.', ',', '"', '(', ')', ':', '-', '1', '2010', '%'];
/** Number of distinct values of each LE (lemma values are generated per word). */
const LE_SIZES = [0, 5, 3, 2, 30, 40, 20, 4, 4, 3, 4, 4, 3, 4, 12, 4];

function zipfSampler(n: number, s: number, rand: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let r = 0; r < n; r++) cdf[r] = sum += 1 / Math.pow(r + 1, s);
  for (let r = 0; r < n; r++) cdf[r] /= sum;
  return () => {
    const x = rand();
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Generates a corpus; the same options give the same corpus. */
export function syntheticCorpus(opts: Partial<SyntheticOptions> = {}): Corpus {
  const o = { ...defaultSyntheticOptions, ...opts };
  const rng = new Rng(o.seed);
  const rand = () => rng.next();
  const int = (n: number) => Math.floor(rand() * n);
  // Morphology tags: each fixes the 15 non-lemma LEs.
  const tags = Array.from({ length: o.morphTags }, (_, m) => {
    const values = LE_SIZES.map((n) => (n === 0 ? '' : rand() < 0.3 ? '' : `v${int(n)}`));
    return { morph: `M${m}/${values.slice(1).join('+')}`, values };
  });
  const words: string[] = [];
  const seenWords = new Set<string>();
  const cands: Candidate[][] = [];
  for (let w = 0; w < o.wordTypes; w++) {
    let s: string;
    do {
      const len = 2 + int(6);
      s = '';
      for (let i = 0; i < len; i++) s += LETTERS[int(LETTERS.length)];
    } while (seenWords.has(s));
    seenWords.add(s);
    words.push(s);
    const k = Math.max(1, Math.round(o.candidates * (0.2 + 1.6 * rand())));
    const lemmas = Array.from({ length: 1 + int(3) }, (_, i) => `${s}_${i + 1}`);
    const list: Candidate[] = [];
    const keys = new Set<string>();
    for (let c = 0; c < k; c++) {
      const tag = tags[int(o.morphTags)];
      const lemma = lemmas[int(lemmas.length)];
      const key = labelKey(lemma, tag.morph);
      if (keys.has(key)) continue;
      keys.add(key);
      const elements = emptyElements();
      LABEL_ELEMENTS.forEach((e, i) => (elements[e] = i === 0 ? lemma : tag.values[i]));
      list.push({ key, lemma, morph: tag.morph, voc: s + 'a', gloss: `g${w}`, elements, source: 'analyzer', solutionNo: c + 1 });
    }
    cands.push(list);
  }
  const sample = zipfSampler(o.wordTypes, o.zipf, rand);
  const documents: Document[] = [];
  let made = 0;
  while (made < o.tokens) {
    const docLen = Math.min(o.tokens - made, Math.max(5, Math.round(o.docTokens * (0.5 + rand()))));
    const sentences: Sentence[] = [];
    let inDoc = 0;
    while (inDoc < docLen) {
      const len = Math.min(docLen - inDoc, Math.max(1, Math.round(o.sentenceTokens * (0.5 + rand()))));
      const tokens: Token[] = [];
      for (let i = 0; i < len; i++) {
        if (rand() < o.punctuation) {
          const p = PUNCT[int(PUNCT.length)];
          tokens.push({ form: p, lookup: p, arabic: false, candidates: [], gold: -1 });
          continue;
        }
        const w = sample();
        const list = cands[w];
        // Skewed gold: the first candidates are likelier, and the previous token shifts the choice.
        const prev = tokens.length > 0 ? tokens[tokens.length - 1].lookup.length : 0;
        const g = Math.min(list.length - 1, Math.floor(Math.pow(rand(), 3) * list.length + (prev % 2)));
        tokens.push({ form: words[w], lookup: words[w], arabic: true, candidates: list, gold: g });
      }
      sentences.push({ id: `d${documents.length}s${sentences.length}`, tokens });
      inDoc += len;
    }
    documents.push({ id: `d${documents.length}`, sentences });
    made += docLen;
  }
  return { documents, source: `synthetic(seed=${o.seed})` };
}
