/**
 * The note of a token whose gold label the UD projection (./ud-project.ts) chose by a tie, on
 * its own: the evaluation reads it (src/eval/eval.ts), and tagging, which imports that, need
 * not load the projection.
 */

/**
 * The start of the note on a token whose gold label the projection chose by a tie (kept in pos
 * files as a Comment line).
 */
export const PROJECTION_TIE_NOTE = 'ud: gold chosen by a tie';

/** The note of a token whose gold was the first of `tied` equally good candidates. */
export function projectionTieNote(tied: number): string {
  return `${PROJECTION_TIE_NOTE} (${tied} candidates agree equally; the first in the analyzer's order taken)`;
}

/** Whether a token's gold label was chosen by a tie of the projection. */
export function isProjectionTie(token: { note?: string }): boolean {
  return token.note?.split('\n').some((l) => l.startsWith(PROJECTION_TIE_NOTE)) ?? false;
}
