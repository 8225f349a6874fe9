/**
 * The messages between a page's {@link BrowserTagger} (./index.ts) and the Web Worker that holds
 * the tagger (./worker.ts): plain objects, structured-cloned; bytes are transferred, not copied.
 * Every request carries an `id`; the worker answers each with `done` or `failed` of that id, and
 * a long request with `part`s (sentences as they are tagged) or `progress` (bytes loaded) first.
 */
import type { InputScript } from '../analyzer/script.js';
import type { TableFile } from '../analyzer/lexicon.js';
import type { DiacritizeOptions, DiacritizedParagraph } from '../tagger/diacritize.js';
import type { TaggedSentence } from '../tagger/tagged.js';

/** Bytes, or where to fetch them (an absolute URL: the client resolves relative ones against the page). */
export type Source = string | Uint8Array;

/** Load the model (and, when given, the analyzer's six tables instead of the compiled ones it carries). */
export interface LoadRequest {
  op: 'load';
  id: number;
  model: Source;
  tables?: Partial<Record<TableFile, Source>>;
  cacheBytes?: number;
}

/** Tag a text: the `top` analyses per word, the sentences sent in parts as they are tagged. */
export interface AnalyzeRequest {
  op: 'analyze';
  id: number;
  text: string;
  top: number;
  inputScript?: InputScript;
}

/** Diacritize a text as `lexdis diacritize` does. */
export interface DiacritizeRequest {
  op: 'diacritize';
  id: number;
  text: string;
  inputScript?: DiacritizeOptions['inputScript'];
}

export type Request = LoadRequest | AnalyzeRequest | DiacritizeRequest;

/** A request before the client numbers it. */
export type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** What a loaded tagger says about itself (Tagger.modelInfo). */
export type ModelInfoRecord = Record<string, unknown>;

/** An analysis of a text, the shape of the service's POST /v1/analyze answer. */
export interface TextAnalysis {
  /** Analyses kept per word at most. */
  top: number;
  /** The tagged sentences, in order. */
  sentences: TaggedSentence[];
  /** The text as read, its Arabic words vocalized by their top analyses (typed letters kept). */
  vocalized: string;
}

/** Answers, by request: load → the model's info; analyze → the vocalized text (its sentences came in parts). */
export interface Results {
  load: ModelInfoRecord;
  analyze: { top: number; vocalized: string };
  diacritize: DiacritizedParagraph[];
}

export type Response =
  | { id: number; kind: 'done'; result: Results[keyof Results] }
  | { id: number; kind: 'failed'; error: { code?: unknown; message?: unknown; file?: unknown; line?: unknown } }
  | { id: number; kind: 'part'; sentences: TaggedSentence[] }
  | { id: number; kind: 'progress'; loaded: number; total: number };

/** The one side of a message channel each end needs: a Worker, a worker's global scope, a MessagePort. */
export interface Port {
  postMessage(message: unknown, transfer?: unknown[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}
