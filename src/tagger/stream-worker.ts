/**
 * The worker threads of the streaming commands (src/io/worker-stream.ts): each loads, once, what
 * its command needs (workerData: a tagger's source, or an analyzer's) and then transforms
 * windows with the same functions one thread uses, so the output is the same byte for byte.
 * A load that fails is answered, as data, to every task (the main thread rethrows it as its
 * own class); nothing here prints.
 */
import { workerData } from 'node:worker_threads';
import type { AnalyzerSource, AnalyzeWindow, LineRendererSpec } from '../analyzer/stream.js';
import type { RenderOptions } from '../analyzer/output.js';
import type { DiacritizeWindow, DiacritizeWindowOptions } from './diacritize-stream.js';
import type { TaggerSource } from './tagger.js';
import type { TagWindowOptions, TextWindow } from './tag-window.js';
import { workerReply, type WorkerReply } from '../io/worker-stream.js';

/** What a worker is given: its command, what it loads, and the command's options. */
export type StreamWorkerData =
  | { kind: 'tag'; tagger: TaggerSource; options: TagWindowOptions; source?: string }
  | { kind: 'diacritize'; tagger: TaggerSource; options: DiacritizeWindowOptions }
  | { kind: 'analyze'; analyzer: AnalyzerSource; format: RenderOptions; render?: LineRendererSpec };

/** Loads what the command needs; returns the window transform. */
async function load(data: StreamWorkerData): Promise<(task: never) => unknown> {
  if (data.kind === 'analyze') {
    const [{ Analyzer }, { analyzeWindow, lineRendererOf }] = await Promise.all([import('../analyzer/engine-node.js'), import('../analyzer/stream.js')]);
    const analyzer = Analyzer.load(data.analyzer.tables, data.analyzer.options);
    const render = await lineRendererOf(data.render, data.format);
    return ((w: AnalyzeWindow) => analyzeWindow(analyzer, w, render)) as (task: never) => unknown;
  }
  const { Tagger } = await import('./tagger-node.js');
  const tagger = await Tagger.load(data.tagger.model, data.tagger.options);
  if (data.kind === 'diacritize') {
    const { diacritizeWindow } = await import('./diacritize-stream.js');
    return ((w: DiacritizeWindow) => diacritizeWindow(tagger, w, data.options)) as (task: never) => unknown;
  }
  const { textWindowTagger } = await import('./tag-window.js');
  const tag = textWindowTagger(tagger, data.options, data.source);
  // numbered from 0 here: the main thread renumbers each window in input order
  return ((w: TextWindow) => tag(w, 0)) as (task: never) => unknown;
}

let transform: ((task: never) => unknown) | undefined;
let failure: unknown;
try {
  transform = await load(workerData as StreamWorkerData);
} catch (err) {
  failure = err;
}

/** Piscina's task function: a window in, its output (or the error, as data) out. */
export default function run(task: never): WorkerReply<unknown> {
  return workerReply(() => {
    if (!transform) throw failure;
    return transform(task);
  });
}
