/**
 * Runs tagging for a request under a deadline. The tagger is synchronous and a text is
 * one document for the model (its document-level features read the whole text), so a
 * text is tagged in one call and cannot be interrupted. Before each text the event loop
 * is yielded, so that concurrent requests interleave text by text, and the deadline is
 * checked: a request that has waited or worked past it stops with 503 TIMEOUT instead of
 * starting more work.
 */
import { HttpError } from './errors.js';
import type { TaggedSentence, TaggerLike } from './types.js';

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A clock in milliseconds; replaceable for tests. */
export type Clock = () => number;

/**
 * Tags each text and returns one sentence list per text. `deadline` is a time on
 * `clock`; reaching a text after it throws 503 TIMEOUT.
 */
export async function tagTexts(
  tagger: TaggerLike, texts: readonly string[], top: number, deadline: number,
  clock: Clock = () => performance.now(),
): Promise<TaggedSentence[][]> {
  const results: TaggedSentence[][] = [];
  for (const text of texts) {
    await yieldToEventLoop();
    if (clock() > deadline) {
      throw new HttpError(503, 'TIMEOUT', 'the request ran out of time; try again later or send less text');
    }
    results.push(/\S/.test(text) ? tagger.tagText(text, { top }) : []);
  }
  return results;
}
