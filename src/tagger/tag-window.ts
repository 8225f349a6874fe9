/**
 * One window of raw text tagged for `lexdis tag` (src/tagger/tag-stream.ts), on the main thread or
 * on a worker thread (src/tagger/stream-worker.ts): its output in the format asked, its sentences
 * numbered after those before it, and the pos converter the windows share.
 */
import { prepareInput } from '../analyzer/script.js';
import type { Script } from '../script/buckwalter.js';
import { posDocumentConverter } from '../formats/pos/pos-corpus.js';
import { writePosFile } from '../formats/pos/pos.js';
import { textToCorpus } from '../formats/text.js';
import { rerankedPosFile, taggedJsonl, taggedText } from './tag-output.js';
import type { Tagger } from './tagger.js';

/** The id of the one document of pos output made from raw text. */
export const RAW_TEXT_DOCUMENT_ID = 'text';

/** The options of a window of raw text: what worker threads are told once. */
export interface TagWindowOptions {
  /** What is printed: text (a line per analysis), jsonl (an object per sentence) or pos. */
  format: 'text' | 'jsonl' | 'pos';
  /** Analyses shown per word (text and jsonl). */
  top: number;
  /** pos output: star the best-scored solution (drops existing stars). */
  markTop: boolean;
  /** pos output: keep the input's stars (default: true unless markTop). */
  keepGold?: boolean;
  /** pos output: solutions best first, or in the file's order. */
  order: 'score' | 'file';
}

/**
 * Windows converted by one posDocumentConverter before a fresh one (its tables grow with the
 * distinct strings seen).
 */
export const CONVERTER_WINDOWS = 256;

/** The pos converter windows share (src/formats/pos/pos-corpus.ts). */
export type Converter = ReturnType<typeof posDocumentConverter>;

/** A converter for the next window: the same one for {@link CONVERTER_WINDOWS} windows, then a fresh one. */
export function sharedConverter(source: string | undefined): () => Converter {
  let convert: Converter | undefined;
  let used = 0;
  return () => {
    if (!convert || used++ >= CONVERTER_WINDOWS) {
      convert = posDocumentConverter(source);
      used = 1;
    }
    return convert;
  };
}

/**
 * Tags one window of raw text (already in Arabic script) in the format asked; `sentences` numbers
 * sentences before it; `converter` gives the shared pos converter (asked for by pos output only).
 */
function tagWindow(
  tagger: Tagger,
  text: string,
  o: TagWindowOptions,
  sentences: number,
  converter: () => Converter,
  source?: string,
): TaggedWindow {
  if (o.format !== 'pos') {
    // tagger.tagText, whose candidates per word type and rendered strings the tagger keeps across windows
    const tagged = tagger.tagText(text, { top: o.top, inputScript: 'arabic' });
    if (tagged.length === 0) return { out: '', sentences: 0 };
    return {
      out: o.format === 'jsonl' ? taggedJsonl(tagged, sentences + 1) : taggedText(tagged),
      sentences: tagged.length,
    };
  }
  const corpus = textToCorpus(tagger.analyzer, text, {
    inputScript: 'arabic',
    source,
    docId: RAW_TEXT_DOCUMENT_ID,
    converter: converter(),
  });
  const pos = rerankedPosFile(tagger, corpus, { ...o, candidates: 'seen' });
  const tokens = pos.documents[0]?.tokens ?? [];
  if (tokens.length === 0) return { out: '', sentences: 0 };
  for (const t of tokens) if (t.index) t.index = { ...t.index, paragraph: t.index.paragraph + sentences };
  // the document header is written once, before the first window; blocks are separated by a blank line
  return {
    out: `\n${writePosFile({ leadingBlank: false, documents: [{ tokens }] })}`,
    sentences: corpus.documents[0].sentences.length,
  };
}

/** What tagging a window of raw text gives: its output, and the sentences it numbered. */
export interface TaggedWindow {
  out: string;
  sentences: number;
}


/**
 * A window of raw text as a worker thread gets it: its lines as typed, and the input script decided
 * on the first window.
 */
export interface TextWindow {
  lines: string[];
  script: Script;
}

/**
 * Tags windows of raw text in turn, as `lexdis tag` does, keeping the pos converter they share;
 * `source` names the input in pos output. The function takes a window and the sentences before
 * it, and returns its output and its sentences. Throws nothing of its own.
 */
export function textWindowTagger(
  tagger: Tagger,
  o: TagWindowOptions,
  source?: string,
): (w: TextWindow, sentences: number) => TaggedWindow {
  const converters = sharedConverter(source);
  return (w, sentences) =>
    tagWindow(tagger, w.lines.map((line) => prepareInput(line, w.script)).join('\n'), o, sentences, converters, source);
}

/** Lines that carry a sentence number: a jsonl object's first field, a pos token's INDEX paragraph. */
const SENTENCE_NUMBER: Record<TagWindowOptions['format'], RegExp | null> = {
  text: null,
  jsonl: /^(\{"sentence":)(\d+)/gm,
  pos: /^( {2}INDEX: P)(\d+)(?=W)/gm,
};

/**
 * A window's output tagged with no sentence before it, renumbered as if `sentences` came
 * before it: what tagging it after them gives (the window's text and options the same).
 */
export function renumberWindow(out: string, format: TagWindowOptions['format'], sentences: number): string {
  const re = SENTENCE_NUMBER[format];
  if (!re || sentences === 0) return out;
  return out.replace(re, (_, head: string, n: string) => `${head}${Number(n) + sentences}`);
}
