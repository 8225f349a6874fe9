/**
 * Ties in a ranking, shown rather than hidden. A ranker's order on equal scores is a
 * tie-break rule (src/tagger/types.ts: the analyzer's order); on a token whose top candidates
 * tie, that rule, not the model, decides A1. This module measures how often that happens and
 * what A1/A2 would be with ties broken by a seeded random order instead: a hash of the seed,
 * the word and the label key, which depends neither on the candidates' order nor on which
 * one is gold.
 */
import { hash32 } from '../random.js';
import type { RankedCandidate, RankedToken } from './types.js';

/** How the ranking that the main figures use breaks ties. */
export type TieOrder = 'analyzer' | 'hash';

/** One sentence per rule, for reports. */
export const TIE_RULES: Readonly<Record<TieOrder | 'random', string>> = {
  analyzer: 'equal scores are ordered by the analyzer\'s order (its first solution first)',
  hash: 'equal scores are ordered by a fixed hash of the label key (the corpus\'s order is not the analyzer\'s: a gold-first candidates file)',
  random: 'equal scores are ordered by a seeded random order (a hash of the seed, the word and the label key)',
};

/** Counts of tokens on which a tie decides the outcome. */
export interface TieCounts {
  /** Tokens whose first place is shared by two or more candidates (the tie-break decides A1). */
  firstTied: number;
  /** Tokens with three or more candidates whose second place is shared with the third (the tie-break decides A2). */
  secondTied: number;
}

/** Whether the first place, and the second, of a ranked token are tied. */
export function tiesOf(rt: RankedToken): TieCounts {
  const r = rt.ranked;
  return {
    firstTied: r.length > 1 && r[0].score === r[1].score ? 1 : 0,
    secondTied: r.length > 2 && r[1].score === r[2].score ? 1 : 0,
  };
}

/**
 * The same ranking with ties broken by a seeded random order: score descending, then
 * hash32(label key, seed mixed with the look-up form) ascending, then key. Returns the
 * token unchanged when nothing ties.
 */
export function withRandomTies(rt: RankedToken, seed: number): RankedToken {
  const r = rt.ranked;
  let tied = false;
  for (let i = 1; i < r.length && !tied; i++) tied = r[i].score === r[i - 1].score;
  if (!tied) return rt;
  const salt = hash32(rt.token.lookup, seed);
  const h = new Map<RankedCandidate, number>(r.map((c) => [c, hash32(c.candidate.key, salt)]));
  const ranked = [...r].sort((a, b) => {
    if (a.score !== b.score) return b.score > a.score ? 1 : -1;
    const d = h.get(a)! - h.get(b)!;
    if (d !== 0) return d;
    return a.candidate.key < b.candidate.key ? -1 : a.candidate.key > b.candidate.key ? 1 : 0;
  });
  return { token: rt.token, ranked };
}
