/**
 * Baselines run beside the model in every evaluation: the analyzer's first solution,
 * a random candidate (seeded), and the most frequent label for the word in training.
 */
import { analyzerPosition, goldIndices, type Document, type Token } from '../corpus/types.js';
import { Rng } from '../random.js';
import { type Disambiguator, type RankedToken, rankToken } from '../tagger/types.js';

/** Scores every token of a document with a per-token scoring function. */
function rankWith(doc: Document, score: (token: Token) => ArrayLike<number>): RankedToken[][] {
  return doc.sentences.map((s) => s.tokens.map((t) => rankToken(t, score(t), 1)));
}

/**
 * The analyzer's order as it stands: the first solution wins. Meaningful only where the
 * corpus's order is the analyzer's (Corpus.analyzerOrder is not false); callers check.
 */
export class FirstSolution implements Disambiguator {
  readonly name = 'first-solution';
  rankDocument(doc: Document): RankedToken[][] {
    return rankWith(doc, (t) => t.candidates.map((c, i) => -analyzerPosition(c, i)));
  }
}

/** A uniformly random order per token, from a seed (reseeded per document id, so order of calls does not matter). */
export class RandomCandidate implements Disambiguator {
  readonly name = 'random';
  constructor(private readonly seed: number) {}
  rankDocument(doc: Document): RankedToken[][] {
    let h = this.seed >>> 0;
    for (let i = 0; i < doc.id.length; i++) h = Math.imul(h ^ doc.id.charCodeAt(i), 0x01000193) >>> 0;
    const rng = new Rng(h);
    return rankWith(doc, (t) => t.candidates.map(() => rng.next()));
  }
}

/** How often each label was the gold one for a word form and for a look-up form, in training. */
export interface LabelFrequencies {
  kind: 'lexdis-label-frequencies';
  byForm: Record<string, Record<string, number>>;
  byLookup: Record<string, Record<string, number>>;
}

/** Counts gold labels per surface form and per look-up form (each of a token's m gold labels 1/m). */
export function countLabelFrequencies(docs: Iterable<Document>): LabelFrequencies {
  const byForm: Record<string, Record<string, number>> = {};
  const byLookup: Record<string, Record<string, number>> = {};
  const bump = (table: Record<string, Record<string, number>>, word: string, key: string, w: number) => {
    const row = Object.hasOwn(table, word) ? table[word] : (table[word] = {});
    row[key] = (Object.hasOwn(row, key) ? row[key] : 0) + w;
  };
  for (const doc of docs)
    for (const s of doc.sentences)
      for (const t of s.tokens) {
        const golds = goldIndices(t);
        for (const g of golds) {
          const key = t.candidates[g].key;
          bump(byForm, t.form, key, 1 / golds.length);
          bump(byLookup, t.lookup, key, 1 / golds.length);
        }
      }
  return { kind: 'lexdis-label-frequencies', byForm, byLookup };
}

/**
 * The most frequent label for the word in training; backs off to its look-up form,
 * then to the analyzer's order (ties too fall back to the analyzer's order).
 */
export class MostFrequentLabel implements Disambiguator {
  readonly name = 'most-frequent';
  constructor(private readonly freq: LabelFrequencies) {}
  rankDocument(doc: Document): RankedToken[][] {
    return rankWith(doc, (t) => {
      const { byForm, byLookup } = this.freq;
      const row = Object.hasOwn(byForm, t.form)
        ? byForm[t.form]
        : Object.hasOwn(byLookup, t.lookup)
          ? byLookup[t.lookup]
          : undefined;
      return t.candidates.map((c) => (row && Object.hasOwn(row, c.key) ? row[c.key] : 0));
    });
  }
}
