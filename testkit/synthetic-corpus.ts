/**
 * Seeded synthetic corpora shaped like the ATB for tests: word types drawn
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
  const gen = new SyntheticGenerator(o);
  const tags = gen.morphTags();
  const { words, cands } = gen.wordTypes(tags);
  return { documents: gen.documents(words, cands), source: `synthetic(seed=${o.seed})` };
}

/** A morphology tag: its name and the values it gives the label elements (index 0, the lemma, left ''). */
interface MorphTag {
  morph: string;
  values: string[];
}

/**
 * The steps of one corpus, drawing from one seeded generator in a fixed order: the morphology tags,
 * then the word types with their candidates, then the documents.
 */
class SyntheticGenerator {
  private readonly rng: Rng;

  constructor(private readonly o: SyntheticOptions) {
    this.rng = new Rng(o.seed);
  }

  /** Gives a uniform number in [0, 1). */
  private rand(): number {
    return this.rng.next();
  }

  /** Takes n; gives a uniform integer in [0, n). */
  private int(n: number): number {
    return Math.floor(this.rand() * n);
  }

  /** Gives the morphology tags: each fixes the 15 non-lemma LEs. */
  morphTags(): MorphTag[] {
    return Array.from({ length: this.o.morphTags }, (_, m) => {
      const values = LE_SIZES.map((n) => (n === 0 ? '' : this.rand() < 0.3 ? '' : `v${this.int(n)}`));
      return { morph: `M${m}/${values.slice(1).join('+')}`, values };
    });
  }

  /** Takes the tags; gives the word types (distinct spellings) and each one's candidates. */
  wordTypes(tags: readonly MorphTag[]): { words: string[]; cands: Candidate[][] } {
    const words: string[] = [];
    const seenWords = new Set<string>();
    const cands: Candidate[][] = [];
    for (let w = 0; w < this.o.wordTypes; w++) {
      let s: string;
      do {
        const len = 2 + this.int(6);
        s = '';
        for (let i = 0; i < len; i++) s += LETTERS[this.int(LETTERS.length)];
      } while (seenWords.has(s));
      seenWords.add(s);
      words.push(s);
      cands.push(this.candidates(s, w, tags));
    }
    return { words, cands };
  }

  /** Takes a word type's spelling, its number and the tags; gives its candidates (1 to 3 lemmas, distinct labels). */
  private candidates(s: string, w: number, tags: readonly MorphTag[]): Candidate[] {
    const k = Math.max(1, Math.round(this.o.candidates * (0.2 + 1.6 * this.rand())));
    const lemmas = Array.from({ length: 1 + this.int(3) }, (_, i) => `${s}_${i + 1}`);
    const list: Candidate[] = [];
    const keys = new Set<string>();
    for (let c = 0; c < k; c++) {
      const tag = tags[this.int(this.o.morphTags)];
      const lemma = lemmas[this.int(lemmas.length)];
      const key = labelKey(lemma, tag.morph);
      if (keys.has(key)) continue;
      keys.add(key);
      const elements = emptyElements();
      LABEL_ELEMENTS.forEach((e, i) => (elements[e] = i === 0 ? lemma : tag.values[i]));
      list.push({ key, lemma, morph: tag.morph, voc: s + 'a', gloss: `g${w}`, elements, source: 'analyzer', solutionNo: c + 1 });
    }
    return list;
  }

  /** Takes the word types and their candidates; gives documents of sentences, `tokens` tokens in all. */
  documents(words: readonly string[], cands: readonly Candidate[][]): Document[] {
    const o = this.o;
    const sample = zipfSampler(o.wordTypes, o.zipf, () => this.rand());
    const documents: Document[] = [];
    let made = 0;
    while (made < o.tokens) {
      const docLen = Math.min(o.tokens - made, Math.max(5, Math.round(o.docTokens * (0.5 + this.rand()))));
      const id = `d${documents.length}`;
      const sentences: Sentence[] = [];
      let inDoc = 0;
      while (inDoc < docLen) {
        const len = Math.min(docLen - inDoc, Math.max(1, Math.round(o.sentenceTokens * (0.5 + this.rand()))));
        const tokens: Token[] = [];
        for (let i = 0; i < len; i++) tokens.push(this.token(tokens, sample, words, cands));
        sentences.push({ id: `${id}s${sentences.length}`, tokens });
        inDoc += len;
      }
      documents.push({ id, sentences });
      made += docLen;
    }
    return documents;
  }

  /**
   * Takes the sentence's tokens so far, the word sampler, the word types and their candidates; gives
   * the next token: punctuation, or a sampled word with a skewed gold (the first candidates are
   * likelier, and the previous token shifts the choice).
   */
  private token(
    tokens: readonly Token[], sample: () => number, words: readonly string[], cands: readonly Candidate[][],
  ): Token {
    if (this.rand() < this.o.punctuation) {
      const p = PUNCT[this.int(PUNCT.length)];
      return { form: p, lookup: p, arabic: false, candidates: [], gold: -1 };
    }
    const w = sample();
    const list = cands[w];
    const prev = tokens.length > 0 ? tokens[tokens.length - 1].lookup.length : 0;
    const g = Math.min(list.length - 1, Math.floor(Math.pow(this.rand(), 3) * list.length + (prev % 2)));
    return { form: words[w], lookup: words[w], arabic: true, candidates: list, gold: g };
  }
}
