/**
 * corpus → pos: the inverse of pos-corpus.ts, used to write corpora (gold stars) and re-ranked
 * files (scores, star on the best candidate). INDEX lines keep the tokens' own indices when they
 * agree with the sentences, and are renumbered (P = sentence, W = word, both 1-based) otherwise.
 */
import { BACKOFF_COMMENT } from '../../analyzer/backoff.js';
import { ruleComment, rulePlaces } from '../../analyzer/rule-comment.js';
import { UsageError } from '../../errors.js';
import { goldIndices, type Candidate, type Corpus, type Document, type Token } from '../../corpus/types.js';
import { GOLD_UNMATCHED_COMMENT, NON_ALPHABETIC_COMMENT, type PosDocument, type PosFile, type PosSolution, type PosToken } from './pos-model.js';

/** Options of {@link corpusToPos}: scores, stars and solution order. */
export interface CorpusToPosOptions {
  /** Per-candidate scores of a token (indexed like token.candidates), written as SCORE lines. */
  scores?: (token: Token) => ArrayLike<number> | undefined;
  /** Star the best-scored candidate (ties: the earlier candidate). Needs `scores`. */
  markTop: boolean;
  /**
   * Star the gold candidates (each of a token with several) and keep gold-only candidates.
   * Default: true unless markTop.
   */
  keepGold?: boolean;
  /** Solution order: the corpus's candidate order, or best score first. */
  order: 'candidates' | 'score';
  /** Scores are rounded to this many decimals. */
  scoreDigits: number;
  /** Write a blank line before the first block, as BAMA does. */
  leadingBlank: boolean;
}

export const defaultCorpusToPosOptions: CorpusToPosOptions = {
  markTop: false,
  order: 'candidates',
  scoreDigits: 4,
  leadingBlank: false,
};

/** Keeps the tokens' own INDEX values when they are complete and agree with the sentences. */
function keepsIndexes(doc: Document): boolean {
  const seen = new Set<string>();
  const paragraphs = new Set<number>();
  for (const s of doc.sentences) {
    const p = s.tokens[0]?.index?.paragraph;
    if (p === undefined || paragraphs.has(p)) return false;
    paragraphs.add(p);
    for (const t of s.tokens) {
      if (!t.index || t.index.paragraph !== p) return false;
      const key = `${p}W${t.index.word}`;
      if (seen.has(key)) return false;
      seen.add(key);
    }
  }
  return true;
}

/** A token's solutions as written, and the comment marking those made by rule ('' for none). */
function posSolutions(
  token: Token, opts: CorpusToPosOptions & { keepGold: boolean },
): { solutions: PosSolution[]; rule: string } {
  const raw = opts.scores?.(token);
  if (raw && raw.length !== token.candidates.length)
    throw new UsageError(`corpusToPos: ${raw.length} scores for ${token.candidates.length} candidates of "${token.form}"`);
  if (opts.markTop && !raw && token.candidates.length > 0)
    throw new UsageError(`corpusToPos: markTop needs scores (none for "${token.form}")`);
  const written = token.candidates.map((_, i) => i).filter((i) => opts.keepGold || token.candidates[i].source !== 'gold');
  const byScore = raw ? [...written].sort((a, b) => (raw[a] !== raw[b] ? (raw[b] > raw[a] ? 1 : -1) : a - b)) : written;
  const stars: readonly number[] = opts.markTop ? byScore.slice(0, 1) : opts.keepGold ? goldIndices(token) : [];
  const scale = 10 ** opts.scoreDigits;
  const order = opts.order === 'score' ? byScore : written;
  const rule = ruleComment(rulePlaces(order.map((i) => token.candidates[i])));
  const solutions = order.map((i) => {
    const c: Candidate = token.candidates[i];
    const s: PosSolution = {
      n: c.solutionNo ?? i + 1,
      gold: stars.includes(i),
      voc: c.voc,
      lemma: c.lemma,
      morph: c.morph,
      gloss: c.gloss,
    };
    if (raw) s.score = Math.round(raw[i] * scale) / scale + 0;
    return s;
  });
  return { solutions, rule };
}

/**
 * A corpus as a pos file's model (then writePosFile), with optional scores and star rules.
 * Takes the corpus and the options; returns the model. Throws UsageError for markTop without
 * scores or with keepGold, or scores that do not match a token's candidates.
 */
export function corpusToPos(corpus: Corpus, options: Partial<CorpusToPosOptions> = {}): PosFile {
  const merged = { ...defaultCorpusToPosOptions, ...options };
  const keepGold = merged.keepGold ?? !merged.markTop;
  if (merged.markTop && keepGold) throw new UsageError('corpusToPos: markTop and keepGold both set; a token carries one star');
  const opts = { ...merged, keepGold };
  const documents = corpus.documents.map((doc): PosDocument => {
    const keep = keepsIndexes(doc);
    const unindexed = doc.sentences.length <= 1 && doc.sentences.every((s) => s.tokens.every((t) => !t.index));
    const tokens: PosToken[] = [];
    doc.sentences.forEach((sent, si) =>
      sent.tokens.forEach((t, wi) => {
        const p: PosToken = { input: t.form, comments: [], solutions: [], alternatives: [] };
        if (t.arabic || t.lookup !== t.form) p.lookup = t.lookup;
        if (!t.arabic) p.comments.push(NON_ALPHABETIC_COMMENT);
        else if (!t.candidates.some((c) => c.source !== 'gold' && c.source !== 'backoff')) p.comments.push(`${t.lookup} NOT FOUND`);
        if (t.arabic && t.candidates.some((c) => c.source === 'backoff')) p.comments.push(BACKOFF_COMMENT);
        if (t.note) p.comments.push(...t.note.split('\n'));
        if (keepGold && t.goldUnmatched && t.gold >= 0) p.comments.push(GOLD_UNMATCHED_COMMENT);
        if (keep) p.index = { ...t.index! };
        else if (!unindexed) p.index = { paragraph: si + 1, word: wi + 1 };
        if (t.arabic) {
          const { solutions, rule } = posSolutions(t, opts);
          if (rule !== '') p.comments.push(rule);
          p.solutions = solutions;
        }
        tokens.push(p);
      }),
    );
    return { id: doc.id, tokens };
  });
  const pos: PosFile = { leadingBlank: opts.leadingBlank, documents };
  if (corpus.source !== undefined) pos.source = corpus.source;
  return pos;
}
