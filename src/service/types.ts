/**
 * What the HTTP service needs from a tagger: the real `Tagger` of src/tagger/tagger.ts fits
 * it, and tests can serve a small fake. The response shapes are the tagger's own.
 */
import type { InputScript } from '../analyzer/script.js';
import type { TaggedSentence } from '../tagger/tagged.js';

export type { TaggedAnalysis, TaggedSentence, TaggedToken } from '../tagger/tagged.js';

/** The tagger interface the service serves. */
export interface TaggerLike {
  /** Splits, analyzes and ranks a text. Synchronous, pure, safe to call from concurrent requests. */
  tagText(text: string, options: { top: number; inputScript?: InputScript }): TaggedSentence[];
  /**
   * Optional: tags a text in bounded steps, yielding `null` after a step that finished no
   * sentence and each sentence when done (the sentences of `tagText`). The service yields to
   * other requests and checks its deadline between steps; without it a text is one step.
   */
  tagSteps?(text: string, options: { top: number; inputScript?: InputScript }): Iterable<TaggedSentence | null>;
  /** Model header: format version, training corpus, feature set, figures. */
  modelInfo(): Record<string, unknown>;
}
