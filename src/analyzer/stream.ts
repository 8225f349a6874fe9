/**
 * `lexdis analyze` as library code, streaming: raw text is read a window of lines at a time
 * (src/io/text-stream.ts), each line analyzed and rendered (src/analyzer/output.ts, or a renderer
 * given as a module: {@link LineRendererSpec}), and the output written in input order, on one
 * thread or on worker threads (src/io/worker-stream.ts: the same output, byte for byte), so memory
 * does not grow with the input. A line longer than {@link ANALYZE_WINDOW_CHARS} is analyzed in
 * pieces cut after white space, which the tokenizer splits at anyway (jsonl token numbers go on
 * across the pieces): the output is the same as for the whole line unless a run without white
 * space is longer than that (then cut hard). `inputScript` 'auto' is decided on the first window.
 */
import { UsageError } from '../errors.js';
import type { TextEncoding } from '../io/files.js';
import type { OutputSink } from '../io/output-writer.js';
import type { Script } from '../script/buckwalter.js';
import type { Paragraph } from '../io/paragraphs.js';
import type { StreamInput, StreamProgress } from '../io/text-stream.js';
import { STREAM_WORKER, streamBatches, type WorkerPoolSpec, type WorkersOption } from '../io/worker-stream.js';
import { Analyzer, defaultAnalyzerOptions, type AnalyzerOptions } from './engine.js';
import { defaultRenderOptions, renderLine, type RenderOptions } from './output.js';
import { prepareInput, resolveInputScript, type InputScript } from './script.js';
import { tokenizeLine } from './tokenize.js';
import type { AnalyzedToken } from './types.js';

/** Characters of input read, analyzed and written together (and the longest piece of a line). */
export const ANALYZE_WINDOW_CHARS = 1 << 16;

/**
 * Input bytes from which `workers: 'auto'` analyzes on worker threads: each loads the tables
 * (some 0.25 s) and analysis is quick (2 MB took 1.5 s on one thread and on two), so threads pay
 * from some 8 MB on.
 */
export const ANALYZE_AUTO_MIN_BYTES = 8 * 1024 * 1024;

/** Renders one line's analyzed tokens, given its line number and the number of its first token. */
export type LineRenderer = (tokens: readonly AnalyzedToken[], sentence: number, firstToken: number) => string;

/**
 * A line renderer that worker threads can make too: the URL of a module whose export
 * `lineRenderer(args)` returns one (or a promise of one), and its arguments (data a thread can
 * be sent). `lexdis analyze` prints the candidates a model ranks this way (src/tagger/candidate-output.ts).
 */
export interface LineRendererSpec {
  module: string;
  args: unknown;
}

export interface AnalyzeStreamOptions extends RenderOptions {
  inputScript: InputScript;
  encoding: TextEncoding;
  onProgress?: StreamProgress;
  /** Renders each line in place of {@link renderLine} with `format` and `script`. */
  render?: LineRendererSpec;
  /** Worker threads: 1 (the default), more, or 'auto' (src/io/worker-stream.ts). */
  workers: WorkersOption;
}

/** Where an analyzer is loaded from (what Analyzer.load takes): what a worker thread loads its own from. */
export interface AnalyzerSource {
  tables: string;
  options: Partial<AnalyzerOptions>;
}

/** A window as a worker thread gets it: its lines (or pieces), the input script, and the number of its first token. */
export interface AnalyzeWindow {
  paragraphs: Array<Pick<Paragraph, 'text' | 'line' | 'piece'>>;
  script: Script;
  /** The jsonl number of the first paragraph's first token (more than 1 when it goes on from a piece before). */
  firstToken: number;
}

/** The renderer of a stream's options: the spec's module's, or {@link renderLine} with `format` and `script`. */
export async function lineRendererOf(render: LineRendererSpec | undefined, o: RenderOptions): Promise<LineRenderer> {
  if (!render) return (tokens, line, first) => renderLine(tokens, line, o, first);
  const mod = (await import(render.module)) as {
    lineRenderer?: (args: unknown) => LineRenderer | Promise<LineRenderer>;
  };
  if (typeof mod.lineRenderer !== 'function') throw new UsageError(`${render.module} has no lineRenderer`);
  return mod.lineRenderer(render.args);
}

/** One window analyzed and rendered: its output, and the number its last line's next token would take. */
export function analyzeWindow(
  analyzer: Analyzer,
  w: AnalyzeWindow,
  render: LineRenderer,
): { out: string; nextToken: number } {
  let token = w.firstToken;
  let out = '';
  for (const p of w.paragraphs) {
    if (p.piece === 0) token = 1;
    const tokens = analyzer.analyzeLine(prepareInput(p.text, w.script));
    out += render(tokens, p.line, token);
    token += tokens.length;
  }
  return { out, nextToken: token };
}

/**
 * What each worker thread is started with to analyze with `analyzer`'s source and render with
 * `format` (or `render`). Throws UsageError for a loaded analyzer (a thread loads its own).
 */
function analyzePool(
  analyzer: Analyzer | AnalyzerSource,
  format: RenderOptions,
  render: LineRendererSpec | undefined,
): WorkerPoolSpec {
  if (analyzer instanceof Analyzer)
    throw new UsageError('worker threads load their own analyzer: give its tables and options, not a loaded analyzer');
  const cacheBytes = analyzer.options.cacheBytes ?? defaultAnalyzerOptions.cacheBytes;
  return { filename: STREAM_WORKER, workerData: { kind: 'analyze', analyzer, format, render }, cacheBytes };
}

/**
 * The jsonl number of the token after `last`, the piece of a cut line that ends window `w`: a cut
 * line numbers its tokens across its pieces (a piece ends its batch, the next starts one), so the
 * piece's tokens are counted here as a worker thread will (analyzeLine gives one per tokenizeLine token).
 */
function tokenAfterPiece(w: AnalyzeWindow, last: Paragraph): number {
  return (last.piece === 0 ? 1 : w.firstToken) + tokenizeLine(prepareInput(last.text, w.script)).length;
}

/**
 * Analyzes raw text from `input` (a path, or stdin for undefined or `-`) into `sink`, in the
 * format of {@link renderLine} (or `render`'s), with `analyzer` (loaded; or its source, loaded
 * here or in each worker thread). Commits the sink at the end, aborts it on error. Throws
 * InputParseError (binary input, bad UTF-8: file, line and byte offset), DataNotFoundError,
 * OutputError, UsageError (a loaded analyzer given with worker threads), WorkerError (a worker that died).
 */
export async function analyzeStream(
  analyzer: Analyzer | AnalyzerSource,
  input: StreamInput,
  sink: OutputSink,
  options: Partial<AnalyzeStreamOptions> = {},
): Promise<void> {
  const o = {
    ...defaultRenderOptions,
    inputScript: 'auto' as InputScript,
    encoding: 'utf-8' as TextEncoding,
    workers: 1 as WorkersOption,
    ...options,
  };
  const format: RenderOptions = { format: o.format, script: o.script };
  let script: Script | undefined;
  let token = 1;
  const window = (batch: Paragraph[]): AnalyzeWindow => {
    script ??= resolveInputScript(batch.map((p) => p.text).join('\n'), o.inputScript);
    return {
      paragraphs: batch.map((p) => ({ text: p.text, line: p.line, piece: p.piece })),
      script,
      firstToken: token,
    };
  };
  await streamBatches(
    input,
    sink,
    {
      batchChars: ANALYZE_WINDOW_CHARS,
      maxParagraphChars: ANALYZE_WINDOW_CHARS,
      encoding: o.encoding,
      onProgress: o.onProgress,
    },
    {
      workers: o.workers,
      autoMinBytes: ANALYZE_AUTO_MIN_BYTES,
      oneThread: async () => {
        const a = analyzer instanceof Analyzer ? analyzer : Analyzer.load(analyzer.tables, analyzer.options);
        const render = await lineRendererOf(o.render, format);
        return (batch: Paragraph[]) => {
          const w = analyzeWindow(a, window(batch), render);
          token = w.nextToken;
          return w.out;
        };
      },
      pool: () => analyzePool(analyzer, format, o.render),
      task: (batch: Paragraph[]): AnalyzeWindow => {
        const w = window(batch);
        const last = batch[batch.length - 1];
        if (!last.last) token = tokenAfterPiece(w, last);
        return w;
      },
      output: (w: { out: string }) => w.out,
      doing: 'analyzing',
    },
  );
}
