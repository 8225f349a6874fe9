/**
 * `lexdis diacritize` as library code, streaming: the input is read a window of whole lines at
 * a time (about {@link TAG_DOCUMENT_CHARS} characters, the documents `lexdis tag` tags, so both
 * show the same analyses), each window is diacritized as one document and written before the
 * next is read (src/text-stream.ts). Memory does not grow with the input.
 */
import { resolveInputScript, type InputScript } from '../analyzer/script.js';
import type { OutputSink } from '../output-writer.js';
import type { Script } from '../script/buckwalter.js';
import type { TextEncoding } from '../io.js';
import { transformBatches, type Paragraph, type StreamInput, type StreamProgress } from '../text-stream.js';
import { diacritizeText, type DiacritizeOptions, type DiacritizedParagraph } from './diacritize.js';
import { TAG_DOCUMENT_CHARS } from './tag-stream.js';
import type { Tagger } from './tagger.js';

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
}

/** The defaults of {@link diacritizeStream}: text out, sukun and dagger alif written, Arabic input, windows as `lexdis tag`'s. */
export const defaultDiacritizeStreamOptions: DiacritizeStreamOptions = {
  format: 'text', encoding: 'utf-8', documentChars: TAG_DOCUMENT_CHARS, vocalize: {}, inputScript: 'arabic', candidates: false,
};

function jsonLine(p: Paragraph, d: DiacritizedParagraph): string {
  return `${JSON.stringify({ line: p.line, text: d.text.replace(/\r?\n$/, ''), words: d.words })}\n`;
}

/**
 * Diacritizes `input` (a path, stdin for undefined or `-`, or an opened input) into `sink`, a
 * window at a time; the sink is committed at the end and aborted on error (a replaced file
 * keeps its old contents). In text format, every character that is not part of an Arabic word
 * is copied as it was, line ends included.
 * @throws InputParseError (file, line and byte offset of bad input), DataNotFoundError, OutputError
 */
export async function diacritizeStream(tagger: Tagger, input: StreamInput, sink: OutputSink, options: Partial<DiacritizeStreamOptions> = {}): Promise<void> {
  const o = { ...defaultDiacritizeStreamOptions, ...options };
  let script: Script | undefined;
  await transformBatches(input, sink, (batch) => {
    script ??= resolveInputScript(batch.map((p) => p.text).join('\n'), o.inputScript);
    const lines = diacritizeText(tagger, batch.map((p) => p.text + p.eol).join(''), { ...o, inputScript: script });
    if (o.format === 'text') return lines.map((l) => l.text).join('');
    return lines.map((l, i) => jsonLine(batch[i], l)).join('');
  }, { batchChars: o.documentChars, maxParagraphChars: o.documentChars, encoding: o.encoding, onProgress: o.onProgress });
}
