/**
 * A small synthetic gold corpus for the cross-validation tests: the BAMA 1.0 reference
 * analyses of UD Arabic-PUD (real words, real candidate lists), with a gold label that is a
 * fixed function of the word (one of its first three candidates), cut into documents.
 * Loaded once per test process. Where that file cannot be had (no Perl to build it), the corpus
 * is empty and the tests that use it are skipped with the reason (test/helpers/reference.ts).
 */
import type { Corpus, Document } from '../../src/corpus/types.js';
import { dataPaths } from '../../bin/data.js';
import { analysesSkip } from '../helpers/reference.js';
import { loadPosFile, posToCorpus } from '../../src/formats/pos/pos.js';

let tokensCache: Document['sentences'][number]['tokens'] | undefined;

function hash(s: string): number {
  let h = 7;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
  return h;
}

/** `documents` documents of `sentences` sentences of `tokens` tokens each, gold = a word-dependent choice. */
export function cvCorpus(documents = 40, sentences = 5, tokens = 15): Corpus {
  if (!tokensCache && analysesSkip()) tokensCache = [];
  if (!tokensCache) {
    const c = posToCorpus(loadPosFile(dataPaths.referenceAnalyses()));
    tokensCache = c.documents.flatMap((d) => d.sentences.flatMap((s) => s.tokens));
  }
  const all = tokensCache;
  const docs: Document[] = [];
  let i = 0;
  for (let d = 0; d < documents && i < all.length; d++) {
    const sents = [];
    for (let s = 0; s < sentences && i < all.length; s++) {
      const toks = all.slice(i, i + tokens).map((t) => ({
        ...t,
        gold: t.arabic && t.candidates.length > 0 ? hash(t.lookup) % Math.min(3, t.candidates.length) : -1,
      }));
      i += tokens;
      sents.push({ id: `d${d}/s${s}`, tokens: toks });
    }
    docs.push({ id: `d${d}`, sentences: sents });
  }
  return { documents: docs, source: 'synthetic-cv' };
}
