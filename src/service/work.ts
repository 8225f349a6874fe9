/**
 * Runs tagging for a request under a deadline. A text is one document for the model, but
 * it is tagged in bounded steps (Tagger.tagSteps: an analysis piece, a group of sentences,
 * one sentence…), run on the server's {@link TurnQueue}: one job per event-loop turn, a job
 * running a text's steps for at most {@link SLICE_MS} (a short text is one job), so the
 * event loop (new connections, /healthz) runs between the slices of a long text. Texts are
 * served first come first served, each to its end: the slices of a text keep the ticket it
 * took when it started (a batch's next text takes a new one, behind texts already waiting). Each
 * sentence is serialized in the step that tags it, and the deadline is checked before every step
 * and after the last one, so the time to build and serialize the answer counts: a request past it
 * stops with 503 TIMEOUT.
 */
import { DEFAULT_INPUT_SCRIPT, type InputScript } from '../analyzer/script.js';
import { HttpError } from './errors.js';
import { type AnalysisField, sentenceJson, TEXT_FRAME_BYTES } from './fields.js';
import type { TurnQueue } from './queue.js';
import type { TaggedSentence, TaggerLike } from './types.js';

/** A turn runs steps of one text until this many milliseconds have passed (then other work gets its turn). */
export const SLICE_MS = 4;

/** A clock in milliseconds; replaceable for tests. */
export type Clock = () => number;

/**
 * The bytes an answer may still take (`maxResponseBytes` less what is made so far), with the
 * limit and the estimate it was let in with, for the message when it runs out.
 */
export interface AnswerBudget {
  left: number;
  readonly limit: number;
  readonly estimate: number;
}

/** What a request asks for. `deadline` is a time on the clock. */
export interface TagJob {
  top: number;
  fields: readonly AnalysisField[];
  /** How the text is read (default `arabic`: Latin words pass through untouched). */
  inputScript?: InputScript;
  deadline: number;
  clock?: Clock;
  /** The answer's bytes left (none: not counted). */
  budget?: AnswerBudget;
}

function timeout(): HttpError {
  return new HttpError(503, 'TIMEOUT', 'the request ran out of time; try again later or send less text');
}

/**
 * Takes the UTF-8 bytes of `part` of an answer from `budget`; throws 422 RESPONSE_TOO_LARGE when
 * the answer would pass its limit (the estimate let it in, the words' analyses made it larger).
 */
export function spend(budget: AnswerBudget | undefined, part: string): void {
  if (!budget) return;
  budget.left -= Buffer.byteLength(part);
  if (budget.left < 0) {
    throw new HttpError(422, 'RESPONSE_TOO_LARGE',
      `the answer grew past the limit of ${budget.limit} bytes while it was made (estimated at ${budget.estimate} bytes before tagging); ` +
      'send less text, a lower top, or fewer fields');
  }
}

/** The steps of tagging `text`: the tagger's own, or one step for a tagger that has none. */
function* steps(tagger: TaggerLike, text: string, job: TagJob): Generator<TaggedSentence | null> {
  if (!/\S/.test(text)) return;
  const options = { top: job.top, inputScript: job.inputScript ?? DEFAULT_INPUT_SCRIPT };
  if (tagger.tagSteps) yield* tagger.tagSteps(text, options);
  else yield* tagger.tagText(text, options);
}

/**
 * Tags one text step by step on `queue` and returns the JSON array of its sentences
 * (`[…]`, analyses keeping `job.fields`); the tagged sentences also go to `tagged` when given
 * (for the vocalized text). Each sentence's JSON is taken from `job.budget`. Throws 503
 * TIMEOUT at the first step (or at the end) past the deadline, 422 RESPONSE_TOO_LARGE when the
 * budget runs out, and what the queue throws (503 OVERLOADED).
 */
export async function tagTextJson(
  tagger: TaggerLike, queue: TurnQueue, text: string, job: TagJob, tagged?: TaggedSentence[],
): Promise<string> {
  const clock = job.clock ?? (() => performance.now());
  const parts: string[] = [];
  const it = steps(tagger, text, job);
  const ticket = queue.ticket();
  if (job.budget) job.budget.left -= TEXT_FRAME_BYTES;
  for (;;) {
    const done = await queue.run(() => {
      // steps until the text is done or the turn has used its slice: a short text takes one turn
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        if (clock() > job.deadline) throw timeout();
        const r = it.next();
        if (r.done) return true;
        if (r.value) {
          const json = sentenceJson(r.value, job.fields);
          spend(job.budget, json);
          if (job.budget) job.budget.left--; // the comma
          parts.push(json);
        }
        if (r.value && tagged) tagged.push(r.value);
      } while (performance.now() < sliceEnd);
      return false;
    }, ticket);
    if (done) break;
  }
  if (clock() > job.deadline) throw timeout();
  return `[${parts.join(',')}]`;
}
