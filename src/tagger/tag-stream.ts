/**
 * `lexdis tag` as library code, streaming: the input is read and tagged a window at a time and
 * the output written as it goes, so memory does not grow with the input (src/io/text-stream.ts).
 *
 * - Raw text is tagged in documents of whole lines holding about {@link TAG_DOCUMENT_CHARS}
 *   characters (some 700 words, a news article: the model's document-level features, Ztf, look
 *   at the words of the document a token is in, and training documents are articles). A line
 *   longer than that is cut after white space into pieces, each its own document; no sentence
 *   spans a cut. Input up to that size is one document, as before streaming. Memory is bounded
 *   by the window, the analyzer's cache (a number of forms), the tagger's bounded caches of
 *   candidates per word type and rendered strings (text and jsonl output: Tagger.tagText), and
 *   for pos output the strings and labels shared between windows (one posDocumentConverter,
 *   src/formats/pos/pos-corpus.ts, renewed every {@link CONVERTER_WINDOWS} windows so that it
 *   cannot grow without bound).
 *   `--script auto` is decided on the first document. Sentences are numbered through the
 *   whole input; pos output is one document `text` whatever the windows were.
 * - An analysis (pos) file is re-ranked a document (`;;; DOCUMENT:` block) at a time: memory
 *   grows with the largest document, not with the file. Errors name the line in the file.
 */
import { DEFAULT_INPUT_SCRIPT, prepareInput, resolveInputScript, type InputScript } from '../analyzer/script.js';
import type { Script } from '../script/buckwalter.js';
import { InputParseError, UsageError } from '../errors.js';
import { posDocumentConverter } from '../formats/pos/pos-corpus.js';
import { IMPLICIT_DOCUMENT_ID, posToCorpus, readPosFile, writePosFile, type PosFile } from '../formats/pos/pos.js';
import { textToCorpus } from '../formats/text.js';
import type { TextEncoding } from '../io/files.js';
import type { OutputSink } from '../io/output-writer.js';
import { MAX_PARAGRAPH_CHARS, transformText, type Paragraph, type StreamInput, type StreamProgress } from '../io/text-stream.js';
import { STREAM_WORKER, streamBatches, type WorkersOption } from '../io/worker-stream.js';
import { TAG_AUTO_MIN_BYTES, TAG_DOCUMENT_CHARS, taggerFor, taggerSource } from './stream-common.js';
import { rankedJsonl, rerankedPos, rerankedPosFile, taggedJsonl, taggedText } from './tag-output.js';
import type { Tagger, TaggerSource } from './tagger.js';

export { TAG_DOCUMENT_CHARS } from './stream-common.js';
/** The id of the one document of pos output made from raw text. */
export const RAW_TEXT_DOCUMENT_ID = 'text';

export interface TagStreamOptions {
  /** What is printed: text (a line per analysis), jsonl (an object per sentence) or pos. */
  format: 'text' | 'jsonl' | 'pos';
  /** Analyses shown per word (text and jsonl). */
  top: number;
  inputScript: InputScript;
  /** pos output: star the best-scored solution (drops existing stars). */
  markTop: boolean;
  /** pos output: keep the input's stars (default: true unless markTop). */
  keepGold?: boolean;
  /** pos output: solutions best first, or in the file's order. */
  order: 'score' | 'file';
  encoding: TextEncoding;
  /** Characters of raw text tagged as one document ({@link TAG_DOCUMENT_CHARS}). */
  documentChars: number;
  onProgress?: StreamProgress;
  /**
   * Worker threads for raw text: 1 (the default), more, or 'auto' (src/io/worker-stream.ts); an
   * analysis file is re-ranked on one.
   */
  workers: WorkersOption;
}

export const defaultTagStreamOptions: TagStreamOptions = {
  format: 'text', top: 1, inputScript: DEFAULT_INPUT_SCRIPT, markTop: false, order: 'score', encoding: 'utf-8', documentChars: TAG_DOCUMENT_CHARS,
  workers: 1,
};

export { TAG_AUTO_MIN_BYTES } from './stream-common.js';

/**
 * Windows converted by one posDocumentConverter before a fresh one (its tables grow with the
 * distinct strings seen).
 */
export const CONVERTER_WINDOWS = 256;

type Converter = ReturnType<typeof posDocumentConverter>;

/** A converter for the next window: the same one for {@link CONVERTER_WINDOWS} windows, then a fresh one. */
function sharedConverter(source: string | undefined): () => Converter {
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

/** Throws UsageError (after aborting `sink`) for options that cannot go together. */
async function checkOptions(o: TagStreamOptions, sink: OutputSink, problem?: string): Promise<void> {
  const why = problem ?? (o.markTop && o.keepGold ? '--mark-top and --keep-gold cannot be combined' : undefined);
  if (why === undefined) return;
  await sink.abort();
  throw new UsageError(why);
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

/** The options of a window of raw text: what worker threads are told once. */
export type TagWindowOptions = Pick<TagStreamOptions, 'format' | 'top' | 'markTop' | 'keepGold' | 'order'>;

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

/**
 * Tags raw text from `input` (a path, or stdin for undefined or `-`) into `sink`, streaming
 * (see the module comment), with `tagger` (loaded; or its source, loaded here or in each
 * worker thread: src/io/worker-stream.ts, the same output byte for byte). Commits the sink at the
 * end, aborts it on error. Throws InputParseError (binary input, bad UTF-8), DataNotFoundError,
 * OutputError, UsageError, WorkerError (a worker thread that died).
 */
export async function tagTextStream(
  tagger: Tagger | TaggerSource,
  input: StreamInput,
  sink: OutputSink,
  options: Partial<TagStreamOptions> = {},
): Promise<void> {
  const o = { ...defaultTagStreamOptions, ...options };
  await checkOptions(o, sink);
  const header =
    o.format === 'pos'
      ? writePosFile({ leadingBlank: false, documents: [{ id: RAW_TEXT_DOCUMENT_ID, tokens: [] }] })
      : '';
  let script: Script | undefined;
  let sentences = 0;
  let started = false;
  const start = (): string => (started ? '' : ((started = true), header));
  const source =
    typeof input === 'object' ? (input.file === '<stdin>' ? undefined : input.file) : input === '-' ? undefined : input;
  const window: TagWindowOptions = {
    format: o.format,
    top: o.top,
    markTop: o.markTop,
    keepGold: o.keepGold,
    order: o.order,
  };
  const textWindow = (batch: Paragraph[]): TextWindow => {
    script ??= resolveInputScript(batch.map((p) => p.text).join('\n'), o.inputScript);
    return { lines: batch.map((p) => p.text), script };
  };
  const written = (w: TaggedWindow, renumber: boolean): string => {
    const out = renumber ? renumberWindow(w.out, o.format, sentences) : w.out;
    sentences += w.sentences;
    return start() + out;
  };
  await streamBatches(
    input,
    sink,
    {
      batchChars: o.documentChars,
      maxParagraphChars: o.documentChars,
      encoding: o.encoding,
      onProgress: o.onProgress,
      flush: start,
    },
    {
      workers: o.workers,
      autoMinBytes: TAG_AUTO_MIN_BYTES,
      oneThread: async () => {
        const tag = textWindowTagger(await taggerFor(tagger), window, source);
        return (batch: Paragraph[]) => written(tag(textWindow(batch), sentences), false);
      },
      pool: () => ({
        filename: STREAM_WORKER,
        workerData: { kind: 'tag', tagger: taggerSource(tagger), options: window, source },
      }),
      task: textWindow,
      output: (w: TaggedWindow) => written(w, true),
      doing: 'tagging',
    },
  );
}

/** Parses one document block of a pos file; `firstLine` is its line in the file (errors name the file's line). */
function readBlock(lines: string[], firstLine: number, file: string): PosFile {
  try {
    return readPosFile(`${lines.join('\n')}\n`, file);
  } catch (err) {
    if (err instanceof InputParseError && err.line !== undefined)
      throw new InputParseError(err.message, { file, line: err.line + firstLine - 1 });
    throw err;
  }
}

/**
 * Re-ranks an analysis (pos) file from `input` into `sink` a document at a time, as pos (SCORE
 * lines, stars and order as asked) or jsonl (an object per sentence: the top `top` solutions
 * with number, key, score and confidence). Commits the sink at the end, aborts it on error.
 * Throws InputParseError (file:line), DataNotFoundError, OutputError, UsageError.
 */
export async function tagPosStream(
  tagger: Tagger,
  input: StreamInput,
  sink: OutputSink,
  options: Partial<TagStreamOptions> = {},
): Promise<void> {
  const o = { ...defaultTagStreamOptions, format: 'pos' as const, ...options };
  await checkOptions(
    o,
    sink,
    o.format === 'text' ? 'an analysis file is re-ranked as pos or jsonl, not text' : undefined,
  );
  const file = typeof input === 'object' ? input.file : input === undefined || input === '-' ? '<stdin>' : input;
  const ids = new Map<string, number>();
  const converters = sharedConverter(file);
  let block: string[] = [];
  let blockLine = 1;
  let wroteBlocks = false;
  const finish = (): string => {
    if (block.length === 0) return '';
    const pos = readBlock(block, blockLine, file);
    block = [];
    const doc = pos.documents[0];
    if (!doc) return '';
    const id = doc.id ?? IMPLICIT_DOCUMENT_ID;
    if (ids.has(id))
      throw new InputParseError(`duplicate document id "${id}" (first on line ${ids.get(id) ?? 1})`, {
        file,
        line: blockLine,
      });
    ids.set(id, blockLine);
    const corpus = posToCorpus(pos, { converter: converters() });
    let out: string;
    if (o.format === 'pos') out = rerankedPos(tagger, corpus, { ...o, candidates: 'file' });
    else {
      const ranked = tagger.rankCorpus(corpus);
      out = ranked.some((d) => d.length > 0) ? rankedJsonl(ranked, o.top) : '';
    }
    const sep = o.format === 'pos' && wroteBlocks && out !== '' ? '\n' : '';
    if (out !== '') wroteBlocks = true;
    return sep + out;
  };
  await transformText(
    input,
    sink,
    (p: Paragraph) => {
      if (!p.last)
        throw new InputParseError(`line longer than ${MAX_PARAGRAPH_CHARS} characters in an analysis file`, {
          file,
          line: p.line,
        });
      let out = '';
      if (p.text.startsWith(';;;')) {
        out = finish();
        blockLine = p.line;
      }
      if (block.length === 0) blockLine = p.line;
      block.push(p.text);
      return out;
    },
    { maxParagraphChars: MAX_PARAGRAPH_CHARS, encoding: o.encoding, onProgress: o.onProgress, flush: finish },
  );
}
