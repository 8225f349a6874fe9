/**
 * Cross-validation folds by document (Shah et al. 2010, section 3.3: "10-fold cross
 * validation"): the documents that carry at least one gold mark are shuffled with a seed and
 * cut into `folds` contiguous runs of nearly equal size (sizes differ by at most one). Fold k
 * tests on run k and trains on the others; documents without gold marks take no part.
 * The assignment depends only on the documents' gold marks, their number and the seed, so
 * every model of a run sees the same train/test splits.
 */
import type { Corpus, Document } from '../src/corpus/types.js';
import { CorpusError, UsageError } from '../src/errors.js';
import { Rng } from '../src/random.js';

export interface FoldAssignment {
  folds: number;
  /** Per document of the corpus: its fold (0-based), or -1 for a document without gold marks. */
  foldOf: Int32Array;
  /** Per fold: the indices of its test documents, ascending. */
  test: number[][];
  /** Documents left out because they carry no gold mark. */
  dropped: number;
}

/** True when some token of the document carries a gold mark. */
function hasGoldMark(doc: Document): boolean {
  for (const s of doc.sentences) for (const t of s.tokens) if (t.gold >= 0) return true;
  return false;
}

/**
 * Assigns the gold-marked documents of a corpus to `folds` folds (seeded). Throws
 * CorpusError when the corpus has no gold marks or fewer such documents than folds.
 */
export function assignFolds(corpus: Corpus, folds: number, seed: number): FoldAssignment {
  if (!Number.isInteger(folds) || folds < 2) throw new UsageError(`the number of folds must be a whole number ≥ 2, not ${folds}`);
  if (!Number.isInteger(seed)) throw new UsageError(`the seed must be an integer, not ${seed}`);
  const eligible: number[] = [];
  corpus.documents.forEach((d, i) => {
    if (hasGoldMark(d)) eligible.push(i);
  });
  if (eligible.length === 0)
    throw new CorpusError(`no gold marks (* SOLUTION) in ${corpus.source ?? 'the corpus'}: nothing to cross-validate`, { file: corpus.source });
  if (eligible.length < folds)
    throw new CorpusError(
      `the corpus has ${eligible.length} document${eligible.length === 1 ? '' : 's'} with gold marks, fewer than the ${folds} folds asked for ` +
        '(folds are made of whole documents: use fewer folds)',
      { file: corpus.source },
    );
  const order = new Rng(seed).shuffle(eligible.slice());
  const foldOf = new Int32Array(corpus.documents.length).fill(-1);
  const test: number[][] = Array.from({ length: folds }, () => []);
  const n = order.length;
  for (let k = 0; k < folds; k++) {
    const from = Math.floor((k * n) / folds);
    const to = Math.floor(((k + 1) * n) / folds);
    for (let i = from; i < to; i++) {
      foldOf[order[i]] = k;
      test[k].push(order[i]);
    }
    test[k].sort((a, b) => a - b);
  }
  return { folds, foldOf, test, dropped: corpus.documents.length - n };
}

export interface FoldSplit {
  fold: number;
  /** Training part (all gold-marked documents outside the fold, corpus order, then the extra documents). */
  train: Corpus;
  /** Test part (the fold's documents, corpus order). */
  test: Document[];
}

/**
 * The training and test documents of fold k. `extra` documents (other corpora, `lexdis cv
 * --extra`) join the training part after the corpus's own and never the test part.
 */
export function foldSplit(
  corpus: Corpus,
  assignment: FoldAssignment,
  fold: number,
  extra: readonly Document[] = [],
): FoldSplit {
  if (!Number.isInteger(fold) || fold < 0 || fold >= assignment.folds)
    throw new UsageError(`no fold ${fold} (folds: ${assignment.folds})`);
  const train: Document[] = [];
  const test: Document[] = [];
  corpus.documents.forEach((d, i) => {
    const f = assignment.foldOf[i];
    if (f === fold) test.push(d);
    else if (f >= 0) train.push(d);
  });
  return { fold, train: { ...corpus, documents: [...train, ...extra] }, test };
}

/**
 * A seeded subset holding `percent`% of the documents (at least one), for the learning
 * curve. Subsets of one seed are nested (a larger share keeps every document of a smaller
 * one); 100% is the corpus itself. Documents keep their corpus order.
 */
export function documentSubset(corpus: Corpus, percent: number, seed: number): Corpus {
  if (!(percent > 0 && percent <= 100)) throw new UsageError(`a training share must be in (0, 100] percent, not ${percent}`);
  if (percent === 100) return corpus;
  const n = corpus.documents.length;
  const k = Math.max(1, Math.round((n * percent) / 100));
  const keep = new Rng(seed).shuffle([...Array(n).keys()]).slice(0, k).sort((a, b) => a - b);
  return { ...corpus, documents: keep.map((i) => corpus.documents[i]) };
}

/** A seed for fold k derived from the run's seed (distinct per fold, a 31-bit integer). */
export function foldSeed(seed: number, fold: number): number {
  let h = (seed ^ 0x5bd1e995) >>> 0;
  h = Math.imul(h ^ (fold + 1), 0x01000193) >>> 0;
  h ^= h >>> 15;
  return h & 0x7fffffff;
}
