/**
 * `lexdis/browser`: the tagger in a page, run in a Web Worker so that the page never waits on it.
 * {@link BrowserTagger.load} starts the worker (the package's bundled dist/browser/lexdis-worker.js,
 * or one given), which fetches the model (and, when given, the analyzer's six tables; else the
 * tables the model carries compiled) and answers analyses and diacritizations. Nothing here
 * needs Node or a server beyond the one the files are fetched from; what it answers is what
 * `lexdis tag` and `lexdis diacritize` answer with the same model.
 *
 * @example
 * import { BrowserTagger } from 'lexdis/browser';
 * const tagger = await BrowserTagger.load({ model: '/models/pud.lexdis' });
 * const [paragraph] = await tagger.diacritize('كتبت الطالبة الدرس');
 * console.log(paragraph.text);
 */
import type { InputScript } from '../analyzer/script.js';
import type { TableFile } from '../analyzer/lexicon.js';
import { errorFromJSON, InternalError, UsageError } from '../errors.js';
import type { DiacritizedParagraph } from '../tagger/diacritize.js';
import type { TaggedSentence } from '../tagger/tagged.js';
import type { Ask, ModelInfoRecord, Port, Response, Results, Source, TextAnalysis } from './protocol.js';

export type { TextAnalysis, ModelInfoRecord } from './protocol.js';
export type { DiacritizedParagraph, DiacritizedWord } from '../tagger/diacritize.js';
export type { TaggedSentence, TaggedToken, TaggedAnalysis } from '../tagger/tagged.js';
export { LexdisError, DataFetchError, InputParseError, ModelFormatError, ModelVersionError, UsageError, InternalError } from '../errors.js';

/** A worker as the client uses it: a {@link Port} that can be stopped and tells of a failed script. */
export interface WorkerLike extends Port {
  terminate(): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
}

/** The platform's Worker (a browser's), declared here so that no DOM library is needed to type this module. */
declare const Worker: new (url: URL | string, options?: { type?: 'module' | 'classic'; name?: string }) => WorkerLike;

/** A file's bytes, or its URL (relative to the page). */
export type FileSource = string | URL | Uint8Array | ArrayBuffer;

/** What {@link BrowserTagger.load} takes. */
export interface BrowserTaggerOptions {
  /** The model (`model.lexdis`): its URL or its bytes. */
  model: FileSource;
  /** The six tables of the analyzer, by file name; absent: the compiled tables the model carries. */
  tables?: Partial<Record<TableFile, FileSource>>;
  /** The worker: started from this URL as a module worker, or one already started; absent: the package's own. */
  worker?: string | URL | WorkerLike;
  /** The bytes the tagger's caches take at most (the core's default, 256 MiB, when absent). */
  cacheBytes?: number;
  /** Called as the model's bytes arrive: bytes loaded, and the total (0 when the server does not say). */
  onProgress?: (loaded: number, total: number) => void;
}

/** Options of {@link BrowserTagger.analyze}. */
export interface AnalyzeOptions {
  /** Analyses kept per word, best first (default 10). */
  top?: number;
  /** How the text is read: `arabic` (the default), `buckwalter` or `auto`. */
  inputScript?: InputScript;
  /** Called with each part of the sentences as the worker tags them, before the answer. */
  onSentences?: (sentences: TaggedSentence[]) => void;
}

interface Pending {
  resolve: (value: never) => void;
  reject: (err: Error) => void;
  sentences: TaggedSentence[];
  onSentences?: (sentences: TaggedSentence[]) => void;
  onProgress?: (loaded: number, total: number) => void;
}

/** A source as the worker takes it: bytes, or an absolute URL (a relative one resolved against the page). */
function sourceOf(source: FileSource, name: string): Source {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (source instanceof URL) return source.href;
  if (typeof source !== 'string') throw new UsageError(`${name} must be a URL or bytes`);
  const page = (globalThis as { location?: { href?: string } }).location?.href;
  return page ? new URL(source, page).href : source;
}

function startWorker(worker: BrowserTaggerOptions['worker']): WorkerLike {
  if (worker === undefined) return new Worker(new URL('../../browser/lexdis-worker.js', import.meta.url), { type: 'module' });
  if (typeof worker === 'string' || worker instanceof URL) return new Worker(worker, { type: 'module' });
  return worker;
}

/**
 * A tagger running in a Web Worker. Made by {@link BrowserTagger.load}; its requests are answered
 * in the order they are made. Read-only once loaded: any number of calls may be waiting at once.
 */
export class BrowserTagger {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closed = false;
  /** What the model says about itself (its header, feature set, training corpus, the analyzer's tables). */
  info: ModelInfoRecord = {};

  private constructor(private readonly worker: WorkerLike) {
    worker.addEventListener('message', (event) => this.receive(event.data as Response));
    worker.addEventListener('error', (event) => this.failAll(new InternalError(new Error(`the tagger's worker failed: ${event.message ?? 'its script did not run'}`))));
  }

  /**
   * Starts the worker and loads the model in it. Takes {@link BrowserTaggerOptions}; returns the
   * tagger once the model is loaded. Rejects with UsageError for a bad option, DataFetchError when
   * a file cannot be fetched, ModelFormatError / ModelVersionError for bytes that are not a model
   * this lexdis reads, InputParseError for a malformed table, InternalError when the worker fails.
   */
  static async load(options: BrowserTaggerOptions): Promise<BrowserTagger> {
    if (options === null || typeof options !== 'object') throw new UsageError('options must be an object with a model');
    const request: Ask = {
      op: 'load',
      model: sourceOf(options.model, 'model'),
      tables: options.tables && Object.fromEntries(Object.entries(options.tables).map(([f, s]) => [f, sourceOf(s as FileSource, `tables.${f}`)])),
      cacheBytes: options.cacheBytes,
    };
    const tagger = new BrowserTagger(startWorker(options.worker));
    try {
      tagger.info = await tagger.request<'load'>(request, { onProgress: options.onProgress });
    } catch (err) {
      tagger.close();
      throw err;
    }
    return tagger;
  }

  /**
   * Tags a text: the `top` analyses of every word in context, and the text with its Arabic words
   * vocalized (what the service's POST /v1/analyze answers). Returns {@link TextAnalysis}. Rejects
   * with UsageError for a bad argument or a closed tagger.
   */
  async analyze(text: string, options: AnalyzeOptions = {}): Promise<TextAnalysis> {
    const top = options.top ?? 10;
    const sentences: TaggedSentence[] = [];
    const onSentences = (part: TaggedSentence[]) => {
      sentences.push(...part);
      options.onSentences?.(part);
    };
    const done = await this.request<'analyze'>({ op: 'analyze', text, top, inputScript: options.inputScript }, { onSentences });
    return { top: done.top, sentences, vocalized: done.vocalized };
  }

  /**
   * Diacritizes a text as `lexdis diacritize` does: one entry per line, its vocalized text and
   * its words. Rejects with UsageError for a bad argument or a closed tagger.
   */
  diacritize(text: string, options: { inputScript?: 'arabic' | 'buckwalter' } = {}): Promise<DiacritizedParagraph[]> {
    return this.request<'diacritize'>({ op: 'diacritize', text, inputScript: options.inputScript });
  }

  /** Stops the worker; calls waiting are rejected (UsageError), later ones too. Returns nothing. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.worker.terminate();
    this.failAll(new UsageError('the browser tagger is closed'));
  }

  private request<K extends keyof Results>(
    message: Ask, hooks: Pick<Pending, 'onSentences' | 'onProgress'> = {},
  ): Promise<Results[K]> {
    if (this.closed) return Promise.reject(new UsageError('the browser tagger is closed'));
    const id = this.nextId++;
    return new Promise<Results[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject, sentences: [], ...hooks });
      this.worker.postMessage({ ...message, id });
    });
  }

  private receive(m: Response): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.kind === 'part') p.onSentences?.(m.sentences);
    else if (m.kind === 'progress') p.onProgress?.(m.loaded, m.total);
    else {
      this.pending.delete(m.id);
      if (m.kind === 'done') p.resolve(m.result as never);
      else p.reject(errorFromJSON(m.error));
    }
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
