/**
 * The corpus model: document → sentence → token. Plain data, produced by the readers
 * in src/formats and consumed by features, training, ranking and evaluation.
 * Strings are Buckwalter unless a field says otherwise.
 */
import type { LabelElements } from '../labels/elements.js';
import type { LabelScheme } from '../labels/scheme.js';

/** Where a candidate came from (see Candidate.source). */
export const CANDIDATE_SOURCES = ['analyzer', 'backoff', 'rule', 'gold', 'train'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];

/** True unless the candidate is a label seen in training whose vocalization is borrowed (Candidate.borrowedReading). */
export function hasOwnReading(c: { borrowedReading?: boolean }): boolean {
  return c.borrowedReading !== true;
}

/** True for the analyzer's candidates: its lexicon's, its backoff's and those it makes by rule. */
export function fromAnalyzer(c: { source: CandidateSource }): boolean {
  return c.source === 'analyzer' || c.source === 'backoff' || c.source === 'rule';
}

/** One candidate analysis (a label) of a token. */
export interface Candidate {
  /** Label key: `lemma\tmorph` (see labelKey). Unique within a token's candidates. */
  key: string;
  lemma: string;
  morph: string;
  voc: string;
  gloss: string;
  /** The label factored into LEs. */
  elements: LabelElements;
  /**
   * Where it came from: the analyzer's lexicon, the analyzer's backoff for a word its
   * lexicon lacks (src/analyzer/backoff.ts), the analyzer's rule for a form its lexicon lacks
   * (src/analyzer/passive.ts: a passive), a gold annotation that matched none of the analyzer's
   * candidates, or labels seen for the word in training (equation 9).
   */
  source: CandidateSource;
  /** Solution number in the source file (1-based), when read from an analysis file. */
  solutionNo?: number;
  /**
   * Set on a label seen in training (source 'train') whose vocalization is not its own: borrowed
   * from another analysis of the word, or only what its morphology spells (features/seen-labels.ts,
   * features/label-reading.ts). Such a label is not what the vocalized text shows when the word has an
   * analysis with a reading of its own (see hasOwnReading).
   */
  borrowedReading?: boolean;
  /**
   * 0-based position in the analyzer's own order, when the reader stored the candidates in
   * another order (the candidates format keeps them in a hash order of the label key). Absent:
   * the position in `Token.candidates` is the analyzer's order (see analyzerPosition).
   */
  analyzerRank?: number;
}

/** A token: its form, look-up form, candidate analyses C(t) and gold index (−1 when unmarked). */
export interface Token {
  /** Surface form as it stood in the text (Arabic script where the source had it). */
  form: string;
  /** Look-up form: Buckwalter, no diacritics. Non-Arabic tokens keep their text. */
  lookup: string;
  /** False for punctuation, digits, Latin text: context only, never scored. */
  arabic: boolean;
  /**
   * The token's candidates. Tokens read from one repeated pos block share one frozen array
   * (loadPosCorpus): give a token another array rather than change this one in place.
   */
  candidates: Candidate[];
  /**
   * Index of the gold candidate in `candidates`; -1 when there is none. A gold label
   * that matches no analyzer candidate is appended to `candidates` with source 'gold'
   * and `goldUnmatched` set, so the accuracy ceiling can be reported honestly.
   */
  gold: number;
  /**
   * The gold candidates of a token whose gold is several labels (a vocalized word several
   * analyses spell alike, a treebank word several analyses fit equally: docs/formats.md, "Several
   * gold labels"): their indices in `candidates`, ascending, at least two; `gold` is the one first
   * in the analyzer's order (see setGolds). Training counts each of them (docs/method.md),
   * evaluation takes any of them as right.
   * Absent on a token with one gold label or none.
   */
  golds?: number[];
  goldUnmatched?: boolean;
  /**
   * Position in its source: paragraph and word numbers (INDEX: P1W1), 1-based. Tokens read
   * from a pos file share one frozen object per pair (loadPosCorpus): give a token another
   * object rather than change this one in place.
   */
  index?: { paragraph: number; word: number };
  /** Free-form annotations a reader keeps (e.g. the projection's reason). */
  note?: string;
}

/** A sentence: its tokens in order. */
export interface Sentence {
  id: string;
  tokens: Token[];
}

/** A document: its id and sentences (the unit of D1/D2 splits, folds and document features). */
export interface Document {
  id: string;
  sentences: Sentence[];
}

/** A corpus: documents in order, and where it was read from. */
export interface Corpus {
  documents: Document[];
  /** Where it was read from, for error messages and the model header. */
  source?: string;
  /**
   * False when the candidates' order is not the analyzer's (a gold-first candidates file,
   * whose order would tell the gold): then no baseline or tie-break may use that order.
   * Absent or true: the order (analyzerRank, else the candidate index) is the analyzer's.
   */
  analyzerOrder?: boolean;
  /**
   * The files it was read from, in order, when it was read from files (src/import/load.ts):
   * what a model's header records as its sources.
   */
  parts?: CorpusPart[];
  /**
   * The label-element scheme its candidates were factored with (src/labels/scheme.ts):
   * absent for Arabic corpora (the built-in 16 elements).
   */
  scheme?: LabelScheme;
}

/** One source file of a corpus: its path and what it holds. */
export interface CorpusPart {
  source: string;
  documents: number;
  tokens: number;
  goldTokens: number;
}

/** The part a file's documents make (see Corpus.parts). */
export function corpusPart(source: string, documents: readonly Document[]): CorpusPart {
  let tokens = 0;
  let goldTokens = 0;
  for (const d of documents) for (const s of d.sentences) for (const t of s.tokens) {
    tokens++;
    if (t.gold >= 0) goldTokens++;
  }
  return { source, documents: documents.length, tokens, goldTokens };
}

/** What {@link goldIndices} gives a token without gold, and (by gold index) one with one gold label: shared, frozen. */
const NO_GOLD: readonly number[] = Object.freeze([]);
const ONE_GOLD: Array<readonly number[]> = [];

/**
 * The indices of a token's gold candidates: its `golds`, else its one `gold`, else none. Takes the
 * token; returns an array not to be changed: for one gold label or none, one shared by every such
 * token (a loop over every token's gold labels makes no array of its own). Throws nothing.
 */
export function goldIndices(t: Pick<Token, 'gold' | 'golds'>): readonly number[] {
  if (t.golds) return t.golds;
  if (t.gold < 0) return NO_GOLD;
  return (ONE_GOLD[t.gold] ??= Object.freeze([t.gold]));
}

/**
 * Sets a token's gold candidates: `golds` all of them when there are several (sorted ascending,
 * duplicates dropped), `gold` the one first in the analyzer's order ({@link analyzerPosition}: the
 * lowest index unless the candidates carry their analyzer ranks), -1 when `indices` is empty.
 * Takes the token and the indices (into its candidates); returns the token.
 */
export function setGolds<T extends Token>(t: T, indices: readonly number[]): T {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const position = (i: number): number => analyzerPosition(t.candidates[i], i);
  t.gold = sorted.length > 0 ? sorted.reduce((a, b) => (position(b) < position(a) ? b : a)) : -1;
  if (sorted.length > 1) t.golds = sorted;
  else delete t.golds;
  return t;
}

/** Tokens with several gold labels (Token.golds) in a corpus. */
export function multiGoldCount(corpus: Corpus): number {
  let n = 0;
  for (const { token } of allTokens(corpus)) if (token.golds) n++;
  return n;
}

/** A candidate's place in the analyzer's order: its analyzerRank, else its index in the token's candidates. */
export function analyzerPosition(candidate: Candidate, index: number): number {
  return candidate.analyzerRank ?? index;
}

/** Every token of a corpus, in order, with its document and sentence. */
export function* allTokens(corpus: Corpus): Generator<{ doc: Document; sent: Sentence; token: Token }> {
  for (const doc of corpus.documents)
    for (const sent of doc.sentences) for (const token of sent.tokens) yield { doc, sent, token };
}

/** Tokens that carry a gold label (the ones training and evaluation use). */
export function goldTokenCount(corpus: Corpus): number {
  let n = 0;
  for (const { token } of allTokens(corpus)) if (token.gold >= 0) n++;
  return n;
}

/**
 * True when some candidate of the corpus carries a case ending (a `CASE_` tag), as the analyzer's
 * `caseEndings` option gives.
 */
export function hasCaseEndings(corpus: Corpus): boolean {
  for (const { token } of allTokens(corpus)) if (token.candidates.some((c) => c.morph.includes('/CASE_'))) return true;
  return false;
}
