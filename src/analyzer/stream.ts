/**
 * `lexdis analyze` as library code, streaming: raw text is read a window of lines at a time
 * (src/text-stream.ts), each line analyzed and rendered (src/analyzer/output.ts), and the output
 * written before more is read, so memory does not grow with the input. A line longer than
 * {@link ANALYZE_WINDOW_CHARS} is analyzed in pieces cut after white space, which the tokenizer
 * splits at anyway (jsonl token numbers go on across the pieces): the output is the same as
 * for the whole line unless a run without white space is longer than that (then cut hard).
 * `inputScript` 'auto' is decided on the first window.
 */
import type { TextEncoding } from '../io.js';
import type { OutputSink } from '../output-writer.js';
import type { Script } from '../script/buckwalter.js';
import { transformBatches, type Paragraph, type StreamInput, type StreamProgress } from '../text-stream.js';
import type { Analyzer } from './engine.js';
import { defaultRenderOptions, renderLine, type RenderOptions } from './output.js';
import { prepareInput, resolveInputScript, type InputScript } from './script.js';
import type { AnalyzedToken } from './types.js';

/** Characters of input read, analyzed and written together (and the longest piece of a line). */
export const ANALYZE_WINDOW_CHARS = 1 << 16;

export interface AnalyzeStreamOptions extends RenderOptions {
  inputScript: InputScript;
  encoding: TextEncoding;
  onProgress?: StreamProgress;
  /**
   * Renders one line's tokens (its line number, the number of its first token) in place of
   * {@link renderLine} with `format` and `script`: `lexdis analyze` prints the candidates a
   * model ranks this way (src/rank/candidate-output.ts).
   */
  render?: (tokens: readonly AnalyzedToken[], sentence: number, firstToken: number) => string;
}

/**
 * Analyzes raw text from `input` (a path, or stdin for undefined or `-`) into `sink`, in the
 * format of {@link renderLine}. Commits the sink at the end, aborts it on error. Throws
 * InputParseError (binary input, bad UTF-8: file, line and byte offset), DataNotFoundError,
 * OutputError.
 */
export async function analyzeStream(analyzer: Analyzer, input: StreamInput, sink: OutputSink, options: Partial<AnalyzeStreamOptions> = {}): Promise<void> {
  const o = { ...defaultRenderOptions, inputScript: 'auto' as InputScript, encoding: 'utf-8' as TextEncoding, ...options };
  let script: Script | undefined;
  let token = 1;
  const render = o.render ?? ((tokens: readonly AnalyzedToken[], line: number, first: number) => renderLine(tokens, line, o, first));
  await transformBatches(input, sink, (batch: Paragraph[]) => {
    script ??= resolveInputScript(batch.map((p) => p.text).join('\n'), o.inputScript);
    let out = '';
    for (const p of batch) {
      if (p.piece === 0) token = 1;
      const tokens = analyzer.analyzeLine(prepareInput(p.text, script));
      out += render(tokens, p.line, token);
      token += tokens.length;
    }
    return out;
  }, { batchChars: ANALYZE_WINDOW_CHARS, maxParagraphChars: ANALYZE_WINDOW_CHARS, encoding: o.encoding, onProgress: o.onProgress });
}
