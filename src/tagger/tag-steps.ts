/**
 * Tagging raw text in bounded steps, so that a caller (the HTTP service) can yield to other
 * work and check a deadline between any two steps while a long text is tagged. The text is
 * still one document for the model — its document-level features read the whole text — and
 * the result is exactly that of tagging it in one go (textToCorpus, then rankPrepared with
 * the typed marks), whose C(t) are kept per word type (./word-types.ts):
 *   1. analysis, a piece of at most {@link PIECE_CHARS} characters per step (a line is cut
 *      only at whitespace, which the tokenizer never joins across, so tokens are the same),
 *      then the line's dagger-alif words joined (src/analyzer/dagger.ts);
 *   2. sentence splitting (cheap), then conversion to corpus sentences with their
 *      candidates C(t), narrowed by the typed marks, about {@link GROUP_TOKENS} tokens per step;
 *   3. the document's feature context, one step;
 *   4. ranking, one sentence per step, each yielded as soon as it is ranked.
 */
import { joinDaggerAlif } from '../analyzer/dagger.js';
import type { Analyzer } from '../analyzer/engine.js';
import type { AnalyzedToken } from '../analyzer/types.js';
import type { Document, Sentence } from '../corpus/types.js';
import { splitSentences } from '../analyzer/sentences.js';
import { splitLines } from '../io/text.js';
import type { ModelRanker } from './ranker.js';
import type { RankedToken } from './types.js';
import { WordTypeCache } from './word-types.js';

/** Most characters of a line analyzed in one step. */
export const PIECE_CHARS = 500;
/** About this many tokens are turned into corpus sentences in one step. */
export const GROUP_TOKENS = 100;

/** Cuts `line` into pieces of at most `max` characters at whitespace (a longer word stays whole). */
export function cutAtWhitespace(line: string, max = PIECE_CHARS): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (line.length - start > max) {
    let cut = -1;
    for (let i = start + max; i > start; i--) {
      if (/[ \t\n\r\f\v]/.test(line[i])) { cut = i; break; }
    }
    if (cut < 0) {
      const next = line.slice(start + max).search(/[ \t\n\r\f\v]/);
      if (next < 0) break;
      cut = start + max + next;
    }
    pieces.push(line.slice(start, cut));
    start = cut + 1;
  }
  pieces.push(line.slice(start));
  return pieces;
}

/**
 * Ranks the already prepared `text` (see prepareInput) in steps: yields `null` after each
 * step that finished no sentence, and each sentence's ranked tokens as soon as it is ranked.
 * `words` keeps C(t) per word type across calls (a Tagger's own); a fresh one by default.
 */
export function* rankTextSteps(
  analyzer: Analyzer,
  ranker: ModelRanker,
  text: string,
  words?: WordTypeCache,
): Generator<RankedToken[] | null> {
  const model = ranker.model;
  const types = words ?? new WordTypeCache(model.lexicon);
  const lines: AnalyzedToken[][] = [];
  for (const line of splitLines(text)) {
    const tokens: AnalyzedToken[] = [];
    for (const piece of cutAtWhitespace(line)) {
      for (const t of analyzer.analyzeLine(piece)) tokens.push(t);
      yield null;
    }
    lines.push(joinDaggerAlif(tokens, analyzer));
  }
  const sentences: Sentence[] = [];
  let group: AnalyzedToken[][] = [];
  let groupTokens = 0;
  const flush = () => {
    for (const s of types.sentences(group, sentences.length, 'text')) sentences.push(s);
    group = [];
    groupTokens = 0;
  };
  for (const s of splitSentences(lines)) {
    group.push(s);
    groupTokens += s.length;
    if (groupTokens >= GROUP_TOKENS) {
      flush();
      yield null;
    }
  }
  if (group.length > 0) flush();
  if (sentences.length === 0) return;
  const doc: Document = { id: 'text', sentences };
  const features = model.extractor.document(doc);
  yield null;
  for (let si = 0; si < doc.sentences.length; si++) yield ranker.rankSentence(doc, features, si);
}
