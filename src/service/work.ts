/**
 * Runs tagging for a request under a deadline. The tagger is synchronous and a text is
 * one document for the model (its document-level features read the whole text), so a
 * text is tagged in one call and cannot be interrupted: a text is the unit of work. Each
 * text is a job on the server's {@link TurnQueue} (one job per event-loop turn, first
 * come first served, a batch's texts queued one after another); when its turn comes the
 * deadline is checked, and a request that has waited or worked past it stops with
 * 503 TIMEOUT instead of doing more work.
 */
import { DEFAULT_INPUT_SCRIPT, type InputScript } from '../analyzer/script.js';
import { HttpError } from './errors.js';
import type { TurnQueue } from './queue.js';
import type { TaggedSentence, TaggerLike } from './types.js';

/** A clock in milliseconds; replaceable for tests. */
export type Clock = () => number;

/**
 * Tags each text and returns one sentence list per text. `deadline` is a time on
 * `clock`; a text whose turn comes after it throws 503 TIMEOUT. Texts are read in
 * `inputScript` (default `arabic`: Latin words pass through untouched).
 */
export async function tagTexts(
  tagger: TaggerLike, queue: TurnQueue, texts: readonly string[], top: number, deadline: number,
  clock: Clock = () => performance.now(), inputScript: InputScript = DEFAULT_INPUT_SCRIPT,
): Promise<TaggedSentence[][]> {
  const results: TaggedSentence[][] = [];
  for (const text of texts) {
    results.push(await queue.run(() => {
      if (clock() > deadline) {
        throw new HttpError(503, 'TIMEOUT', 'the request ran out of time; try again later or send less text');
      }
      return /\S/.test(text) ? tagger.tagText(text, { top, inputScript }) : [];
    }));
  }
  return results;
}
