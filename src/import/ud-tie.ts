/**
 * The notes of a token whose gold labels the UD projection (./ud-project.ts) found tied, on their
 * own: the evaluation reads them (src/eval/eval.ts), and tagging, which imports that, need not
 * load the projection.
 */

/**
 * The start of the note on a token whose gold label the projection chose by a tie, the first of the
 * tied candidates in the analyzer's order (kept in pos files as a Comment line). The projection
 * writes it no more (its ties are gold with each of their labels: {@link PROJECTION_TIED_NOTE});
 * pos files written before carry it.
 */
export const PROJECTION_TIE_NOTE = 'ud: gold chosen by a tie';

/** The start of the note on a token whose gold labels are the projection's tied candidates, each of them gold. */
export const PROJECTION_TIED_NOTE = 'ud: gold tied';

/** The note of a token whose gold labels are `tied` equally good candidates. */
export function projectionTieNote(tied: number): string {
  return `${PROJECTION_TIED_NOTE} (${tied} candidates agree equally; each of them is gold)`;
}

/**
 * Whether a token's gold label was chosen by a tie of the projection (the note of a pos file that
 * took the first tied candidate, {@link PROJECTION_TIE_NOTE}).
 */
export function isProjectionTie(token: { note?: string }): boolean {
  return token.note?.split('\n').some((l) => l.startsWith(PROJECTION_TIE_NOTE)) ?? false;
}
