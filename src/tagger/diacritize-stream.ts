/**
 * `lexdis diacritize` as library code, streaming: the input is read a window of whole lines at
 * a time (about {@link TAG_DOCUMENT_CHARS} characters, the documents `lexdis tag` tags, so both
 * show the same analyses), each window is diacritized as one document and written in input
 * order, on one thread or on worker threads (src/io/worker-stream.ts: the same output, byte for
 * byte). Memory does not grow with the input.
 */
import { resolveInputScript, type InputScript } from '../analyzer/script.js';
import type { OutputSink } from '../io/output-writer.js';
import type { Script } from '../script/buckwalter.js';
import type { TextEncoding } from '../io/files.js';
import type { Paragraph } from '../io/paragraphs.js';
import type { StreamInput, StreamProgress } from '../io/text-stream.js';
import { streamBatches, type WindowText, type WorkersOption } from '../io/worker-stream.js';
import { diacritizeText, type DiacritizeOptions, type DiacritizedParagraph } from './diacritize.js';
import { TAG_AUTO_MIN_BYTES, TAG_DOCUMENT_CHARS, taggerFor, taggerPool } from './stream-common.js';
import type { Tagger, TaggerSource } from './tagger.js';

/** Options of {@link diacritizeStream}: the diacritizer's, the output layout and the reading window. */
export interface DiacritizeStreamOptions extends Omit<DiacritizeOptions, 'inputScript'> {
  /** How the input is read (src/analyzer/script.ts); `auto` is decided on the first window. */
  inputScript: InputScript;
  /** text: the input with its Arabic words vocalized; jsonl: one object per input line (or piece of a cut line). */
  format: 'text' | 'jsonl';
  encoding: TextEncoding;
  /** Characters diacritized as one document, and the longest piece a line is cut into. */
  documentChars: number;
  onProgress?: StreamProgress;
  /** Worker threads: 1 (the default), more, or 'auto' (src/io/worker-stream.ts). */
  workers: WorkersOption;
}

/**
 * The defaults of {@link diacritizeStream}: text out, sukun and dagger alif written, Arabic input,
 * windows as `lexdis tag`'s, one thread.
 */
export const defaultDiacritizeStreamOptions: DiacritizeStreamOptions = {
  format: 'text', encoding: 'utf-8', documentChars: TAG_DOCUMENT_CHARS, vocalize: {}, inputScript: 'arabic', candidates: false, workers: 1,
};


/** What a worker is told once: how to write (the per-run options that cross threads). */
export type DiacritizeWindowOptions = Pick<DiacritizeStreamOptions, 'format' | 'vocalize' | 'candidates'>;

/** A window as a worker thread gets it: its lines, and the input script decided on the first window. */
export interface DiacritizeWindow {
  lines: WindowText[];
  script: Script;
}

function jsonLine(line: number, d: DiacritizedParagraph): string {
  return `${JSON.stringify({ line, text: d.text.replace(/\r?\n$/, ''), words: d.words })}\n`;
}

/** One window (a batch of lines) diacritized as one document: the text written for it. */
export function diacritizeWindow(tagger: Tagger, w: DiacritizeWindow, o: DiacritizeWindowOptions): string {
  const lines = diacritizeText(tagger, w.lines.map((p) => p.text + p.eol).join(''), { ...o, inputScript: w.script });
  if (o.format === 'text') return lines.map((l) => l.text).join('');
  return lines.map((l, i) => jsonLine(w.lines[i].line, l)).join('');
}

/**
 * Diacritizes `input` (a path, stdin for undefined or `-`, or an opened input) into `sink`, a
 * window at a time, with `tagger` (loaded; or its source, loaded here or in each worker
 * thread); the sink is committed at the end and aborted on error (a replaced file keeps its
 * old contents). In text format, every character that is not part of an Arabic word is copied
 * as it was, line ends included.
 * @throws InputParseError (file, line and byte offset of bad input), DataNotFoundError, OutputError,
 *   UsageError (a tagger made of parts given with worker threads), WorkerError (a worker that died)
 */
export async function diacritizeStream(
  tagger: Tagger | TaggerSource,
  input: StreamInput,
  sink: OutputSink,
  options: Partial<DiacritizeStreamOptions> = {},
): Promise<void> {
  const o = { ...defaultDiacritizeStreamOptions, ...options };
  const written: DiacritizeWindowOptions = { format: o.format, vocalize: o.vocalize, candidates: o.candidates };
  let script: Script | undefined;
  const window = (batch: Paragraph[]): DiacritizeWindow => {
    script ??= resolveInputScript(batch.map((p) => p.text).join('\n'), o.inputScript);
    return { lines: batch.map((p) => ({ text: p.text, eol: p.eol, line: p.line })), script };
  };
  await streamBatches(
    input,
    sink,
    { batchChars: o.documentChars, maxParagraphChars: o.documentChars, encoding: o.encoding, onProgress: o.onProgress },
    {
      workers: o.workers,
      autoMinBytes: TAG_AUTO_MIN_BYTES,
      oneThread: async () => {
        const t = await taggerFor(tagger);
        return (batch: Paragraph[]) => diacritizeWindow(t, window(batch), written);
      },
      pool: () => taggerPool(tagger, { kind: 'diacritize', options: written }),
      task: window,
      output: (out: string) => out,
      doing: 'diacritizing',
    },
  );
}
