/**
 * Where a pos block's solutions came from, as its comments say: a word carrying BACKOFF_COMMENT has
 * backoff analyses (source 'backoff', src/analyzer/backoff.ts); the solutions the rule's comment
 * marks in their list's comments (src/analyzer/rule-comment.ts) were made by rule (source 'rule');
 * any other is the analyzer's lexicon's (source 'analyzer').
 */
import { BACKOFF_COMMENT } from '../../analyzer/backoff.js';
import { isRuleComment, markedByRule } from '../../analyzer/rule-comment.js';
import type { Candidate } from '../../corpus/types.js';
import type { PosSolution, PosToken } from './pos-model.js';

/** Whether a comment says where solutions came from (the backoff's or the rule's). */
export function isSourceComment(comment: string): boolean {
  return comment === BACKOFF_COMMENT || isRuleComment(comment);
}

/**
 * The source of each solution of a token: of its own solutions when `own`, else of its
 * alternatives'. Returns a function of the solution (one of the token's). Throws nothing.
 */
export function solutionSources(t: PosToken, own: boolean): (s: PosSolution) => Candidate['source'] {
  const source: Candidate['source'] = t.comments.includes(BACKOFF_COMMENT) ? 'backoff' : 'analyzer';
  const rule = markedByRule(own || t.alternatives.length === 0 ? [t] : t.alternatives);
  return (s) => (rule?.has(s) ? 'rule' : source);
}
