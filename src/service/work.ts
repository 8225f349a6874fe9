/**
 * Runs tagging for a request in small units under a deadline. The tagger is synchronous,
 * so a unit cannot be interrupted; instead each text is cut at blank lines (paragraph
 * breaks, which are sentence breaks for any splitter) and the event loop is yielded
 * between paragraphs, so concurrent requests interleave and a request that has run out
 * of time stops before its next paragraph with 503 TIMEOUT.
 */
import { HttpError } from './errors.js';
import type { TaggedSentence, TaggerLike } from './types.js';

const PARAGRAPH_BREAK = /\r?\n[ \t\r\f\v\u00a0]*\r?\n/;

/** The paragraphs of a text that hold anything besides white space. */
export function paragraphs(text: string): string[] {
  return text.split(PARAGRAPH_BREAK).filter((p) => /\S/.test(p));
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A clock in milliseconds; replaceable for tests. */
export type Clock = () => number;

/**
 * Tags each text, paragraph by paragraph, and returns one sentence list per text.
 * `deadline` is a time on `clock`; passing it between two units throws 503 TIMEOUT.
 */
export async function tagTexts(
  tagger: TaggerLike, texts: readonly string[], top: number, deadline: number,
  clock: Clock = () => performance.now(),
): Promise<TaggedSentence[][]> {
  const results: TaggedSentence[][] = [];
  for (const text of texts) {
    const sentences: TaggedSentence[] = [];
    for (const paragraph of paragraphs(text)) {
      await yieldToEventLoop();
      if (clock() > deadline) {
        throw new HttpError(503, 'TIMEOUT', 'the request ran out of time; try a shorter text or again later');
      }
      for (const s of tagger.tagText(paragraph, { top })) sentences.push(s);
    }
    results.push(sentences);
  }
  return results;
}
