/**
 * How a pos file marks the solutions the analyzer made by rule (source 'rule': passive.ts), which
 * stand among the lexicon's own: a `Comment:` line before them, {@link RULE_COMMENT} and their places
 * in the block's list of solutions (1 for the first, whatever its SOLUTION number), in the word's
 * comments for its own solutions and in an alternative's for the alternative's
 * (`lexdis: made by rule (passives the tables lack): 13 14`).
 */

/** The words of the comment before the places. */
export const RULE_COMMENT = 'lexdis: made by rule (passives the tables lack):';

/** The comment that marks the solutions at these places (0-based); '' when there are none. */
export function ruleComment(places: readonly number[]): string {
  return places.length === 0 ? '' : `${RULE_COMMENT} ${places.map((i) => i + 1).join(' ')}`;
}

/** The places (0-based) of the solutions made by rule that a list of solutions (any with `source`) holds. */
export function rulePlaces(solutions: ReadonlyArray<{ source?: string }>): number[] {
  const out: number[] = [];
  for (let i = 0; i < solutions.length; i++) if (solutions[i].source === 'rule') out.push(i);
  return out;
}

/** Whether a comment (a `Comment:` line's text) is the rule's mark. */
export function isRuleComment(comment: string): boolean {
  return comment.startsWith(RULE_COMMENT);
}

/**
 * The solutions that the comments of their lists mark as made by rule (a word's own list, or each of
 * its alternatives'); null when none is marked. A place beyond its list marks nothing.
 */
export function markedByRule<T>(
  lists: ReadonlyArray<{ comments: readonly string[]; solutions: readonly T[] }>,
): Set<T> | null {
  let out: Set<T> | null = null;
  for (const { comments, solutions } of lists) {
    for (const c of comments) {
      if (!isRuleComment(c)) continue;
      for (const n of c.slice(RULE_COMMENT.length).trim().split(/\s+/)) {
        const s = /^\d+$/.test(n) ? solutions[Number(n) - 1] : undefined;
        if (s !== undefined) (out ??= new Set()).add(s);
      }
    }
  }
  return out;
}
