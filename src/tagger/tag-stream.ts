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
 *   src/formats/pos/pos-corpus.ts, renewed every CONVERTER_WINDOWS windows of
 *   src/tagger/tag-window.ts so that it cannot grow without bound).
 *   `--script auto` is decided on the first document. Sentences are numbered through the
 *   whole input; pos output is one document `text` whatever the windows were.
 * - An analysis (pos) file is re-ranked a document (`;;; DOCUMENT:` block) at a time: memory
 *   grows with the largest document, not with the file. Errors name the line in the file.
 */
import { DEFAULT_INPUT_SCRIPT, resolveInputScript, type InputScript } from '../analyzer/script.js';
import type { Script } from '../script/buckwalter.js';
import { InputParseError, UsageError } from '../errors.js';
import { IMPLICIT_DOCUMENT_ID, posToCorpus, readPosFile, throwCut, writePosFile, type PosFile } from '../formats/pos/pos.js';
import type { TextEncoding } from '../io/files.js';
import type { OutputSink } from '../io/output-writer.js';
import type { Paragraph } from '../io/paragraphs.js';
import { transformText, type StreamInput, type StreamProgress } from '../io/text-stream.js';
import { streamBatches, type WorkersOption } from '../io/worker-stream.js';
import { TAG_AUTO_MIN_BYTES, TAG_DOCUMENT_CHARS, taggerFor, taggerPool } from './stream-common.js';
import { rankedJsonl, rerankedPos } from './tag-output.js';
import type { Tagger, TaggerSource } from './tagger.js';
import {
  RAW_TEXT_DOCUMENT_ID,
  renumberWindow,
  sharedConverter,
  textWindowTagger,
  type Converter,
  type TaggedWindow,
  type TagWindowOptions,
  type TextWindow,
} from './tag-window.js';

export { TAG_DOCUMENT_CHARS } from './stream-common.js';

/** The options of {@link tagTextStream} and {@link tagPosStream}: a window's, and the stream's own. */
export interface TagStreamOptions extends TagWindowOptions {
  inputScript: InputScript;
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

/** Throws UsageError (after aborting `sink`) for options that cannot go together. */
async function checkOptions(o: TagStreamOptions, sink: OutputSink, problem?: string): Promise<void> {
  const why = problem ?? (o.markTop && o.keepGold ? '--mark-top and --keep-gold cannot be combined' : undefined);
  if (why === undefined) return;
  await sink.abort();
  throw new UsageError(why);
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
  const window = windowOptions(o);
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
      pool: () => taggerPool(tagger, { kind: 'tag', options: window, source }),
      task: textWindow,
      output: (w: TaggedWindow) => written(w, true),
      doing: 'tagging',
    },
  );
}

/** The options a window of raw text is tagged with: those of `o` that {@link TagWindowOptions} holds. */
function windowOptions(o: TagStreamOptions): TagWindowOptions {
  return { format: o.format, top: o.top, markTop: o.markTop, keepGold: o.keepGold, order: o.order };
}

/** One document of an analysis file (`pos`, read) re-ranked as pos or jsonl (`o.format`): its output, or ''. */
function rerankedDocument(tagger: Tagger, pos: PosFile, o: TagStreamOptions, converter: Converter): string {
  const corpus = posToCorpus(pos, { converter });
  if (o.format === 'pos') return rerankedPos(tagger, corpus, { ...o, candidates: 'file' });
  const ranked = tagger.rankCorpus(corpus);
  return ranked.some((d) => d.length > 0) ? rankedJsonl(ranked, o.top) : '';
}

/**
 * Parses one document block of a pos file; `firstLine` is its line in the file (errors name the
 * file's line); `fileEnd` the byte offset where the file ends after it, null when it goes on.
 */
function readBlock(lines: string[], firstLine: number, file: string, fileEnd: number | null): PosFile {
  try {
    return readPosFile(`${lines.join('\n')}\n`, file, fileEnd);
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
  const finish = (fileEnd: number | null = null): string => {
    if (block.length === 0) return '';
    const pos = readBlock(block, blockLine, file, fileEnd);
    block = [];
    const doc = pos.documents[0];
    if (!doc) return '';
    const id = doc.id ?? IMPLICIT_DOCUMENT_ID;
    const first = ids.get(id);
    if (first !== undefined)
      throw new InputParseError(`duplicate document id "${id}" (first on line ${first})`, { file, line: blockLine });
    ids.set(id, blockLine);
    const out = rerankedDocument(tagger, pos, o, converters());
    const sep = o.format === 'pos' && wroteBlocks && out !== '' ? '\n' : '';
    if (out !== '') wroteBlocks = true;
    return sep + out;
  };
  let last: Paragraph | undefined;
  await transformText(
    input,
    sink,
    (p: Paragraph) => {
      last = p;
      let out = '';
      if (p.text.startsWith(';;;')) {
        out = finish();
        blockLine = p.line;
      }
      if (block.length === 0) blockLine = p.line;
      block.push(p.text);
      return out;
    },
    {
      longLines: 'refuse',
      encoding: o.encoding,
      onProgress: o.onProgress,
      // the end of the file: a last line without a line end, or a last token left incomplete, is a cut
      flush: () => (last && last.eol === '' ? throwCut(file, last.line, last.bytesRead) : finish(last?.bytesRead ?? 0)),
    },
  );
}
