/**
 * Raw text → corpus, through the analyzer: each input line is a paragraph, split into
 * sentences after sentence-final punctuation; every Arabic word gets the analyzer's
 * solutions (or its alternative spellings') as candidates, with no gold mark.
 */
import { joinDaggerAlif } from '../analyzer/dagger.js';
import type { Analyzer } from '../analyzer/engine.js';
import { DEFAULT_INPUT_SCRIPT, INPUT_SCRIPTS, prepareInput, type InputScript } from '../analyzer/script.js';
import { requireOneOf, requireString } from '../args.js';
import type { AnalyzedToken } from '../analyzer/types.js';
import type { Corpus } from '../corpus/types.js';
import { analyzedToPosToken } from './pos/pos-analyzer.js';
import type { PosToken } from './pos/pos-model.js';
import { splitSentences } from '../analyzer/sentences.js';

export { splitSentences } from '../analyzer/sentences.js';
import { posToCorpus, type PosToCorpusOptions } from './pos/pos-corpus.js';

/** A one-document corpus from analyzed lines: sentence n is paragraph n in INDEX terms. */
export function analyzedToCorpus(
  lines: readonly AnalyzedToken[][],
  options: Partial<PosToCorpusOptions> & { docId?: string; source?: string } = {},
): Corpus {
  const tokens: PosToken[] = [];
  splitSentences(lines).forEach((sent, s) =>
    sent.forEach((t, w) => tokens.push(analyzedToPosToken(t, { paragraph: s + 1, word: w + 1 }))),
  );
  const corpus = posToCorpus(
    { source: options.source, leadingBlank: false, documents: [{ id: options.docId ?? 'text', tokens }] },
    options,
  );
  return corpus;
}

/**
 * Raw text → corpus: the one implementation behind tagging. Takes the analyzer, the text (a
 * paragraph a line; read as `inputScript` says, `arabic` by default: Latin words untouched),
 * the corpus's source name, its document id, and a converter shared by the windows of a stream;
 * returns a one-document corpus whose tokens carry the analyzer's candidates and no gold mark.
 * A word written with a dagger alif is one word (dagger.ts).
 * Throws UsageError for a text that is not a string or an unknown input script.
 */
export function textToCorpus(
  analyzer: Analyzer,
  text: string,
  options: { inputScript?: InputScript; source?: string; docId?: string; converter?: PosToCorpusOptions['converter'] } = {},
): Corpus {
  requireString('text', text, true);
  const inputScript = options.inputScript === undefined ? DEFAULT_INPUT_SCRIPT : requireOneOf('options.inputScript', options.inputScript, INPUT_SCRIPTS);
  const lines = analyzer.analyzeText(prepareInput(text, inputScript));
  return analyzedToCorpus(
    lines.map((line) => joinDaggerAlif(line, analyzer)),
    { source: options.source, docId: options.docId, converter: options.converter },
  );
}
