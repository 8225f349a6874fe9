/**
 * Limits and settings of the HTTP service. `buildServer` merges what it is given over
 * {@link defaultServiceOptions}; every limit is enforced with a JSON error (see docs/service.md).
 */
import type { Writable } from 'node:stream';
import { MAX_WORD_LETTERS } from '../analyzer/tokenize.js';
import { UsageError } from '../errors.js';
import { DEFAULT_TOP } from '../tagger/types.js';

/** The HTTP service's limits and settings (docs/service.md). */
export interface ServiceOptions {
  /** Largest request body accepted, in bytes (413 BODY_TOO_LARGE above it). */
  bodyLimit: number;
  /** Longest text accepted, in UTF-16 code units (422 TEXT_TOO_LONG above it). */
  maxTextLength: number;
  /** Most texts in one batch request (422 TOO_MANY_TEXTS above it). */
  maxBatch: number;
  /**
   * Largest answer a request may get, in bytes. Estimated before tagging from the text (every
   * token with `top` analyses of the requested `fields`, each by its word's letters;
   * src/service/fields.ts): a bigger one is refused at once with 422 RESPONSE_TOO_LARGE and the
   * figures. Then counted as the answer is made: one that grows past it stops with the same
   * error (src/service/work.ts). For an NDJSON batch, which holds one text's answer at a time,
   * the limit applies to each text.
   */
  maxResponseBytes: number;
  /**
   * Work deadline per request, counted from when its headers were read. Checked before
   * every step of tagging (an analysis piece, a group of sentences, one sentence) and after
   * the answer is serialized; a request past it gets 503 TIMEOUT.
   */
  requestTimeoutMs: number;
  /** Most texts waiting to be tagged, all requests together (503 OVERLOADED beyond). */
  maxQueue: number;
  /** `top` used when a request gives none. */
  defaultTop: number;
  /** Largest `top` a request may ask for (400 VALIDATION above it). */
  maxTop: number;
  /** Time allowed to receive a request's headers (slow clients get 408). */
  headersTimeoutMs: number;
  /** Time allowed to receive a whole request, headers and body (slow clients get 408). */
  receiveTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open. */
  keepAliveTimeoutMs: number;
  /**
   * Most simultaneous TCP connections. At the limit a new connection still gets in and the one
   * idle longest is closed; a few more are let in while all are busy, then the socket layer
   * refuses them (src/service/connections.ts).
   */
  maxConnections: number;
  /** Write a structured JSON access log (one line per request) to `logStream`. */
  logger: boolean;
  /** Where the log goes; standard error by default. */
  logStream: Writable;
  /** pino level name of the log. */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
}

/** The service's limits when none are given (docs/service.md). */
export const defaultServiceOptions: Readonly<ServiceOptions> = Object.freeze({
  bodyLimit: 1024 * 1024,
  maxTextLength: 20_000,
  maxBatch: 32,
  maxResponseBytes: 16 * 1024 * 1024,
  requestTimeoutMs: 10_000,
  maxQueue: 2048,
  defaultTop: DEFAULT_TOP,
  maxTop: 20,
  headersTimeoutMs: 10_000,
  receiveTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1024,
  logger: true,
  logStream: process.stderr,
  logLevel: 'info' as const,
});

const POSITIVE_INTEGERS = [
  'bodyLimit', 'maxTextLength', 'maxBatch', 'maxResponseBytes', 'requestTimeoutMs', 'maxQueue', 'defaultTop', 'maxTop',
  'headersTimeoutMs', 'receiveTimeoutMs', 'keepAliveTimeoutMs', 'maxConnections',
] as const;

/** Merges `given` over the defaults and checks the result. Returns the options. Throws UsageError for a bad value. */
export function resolveOptions(given: Partial<ServiceOptions> = {}): ServiceOptions {
  const merged: ServiceOptions = { ...defaultServiceOptions };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  }
  for (const key of POSITIVE_INTEGERS) {
    const v = merged[key];
    if (!Number.isSafeInteger(v) || v < 1) throw new UsageError(`service option ${key} must be a positive integer, got ${String(v)}`);
  }
  if (merged.defaultTop > merged.maxTop) throw new UsageError(`service option defaultTop (${merged.defaultTop}) exceeds maxTop (${merged.maxTop})`);
  if (merged.headersTimeoutMs > merged.receiveTimeoutMs) {
    throw new UsageError('service option headersTimeoutMs must not exceed receiveTimeoutMs');
  }
  return merged;
}

/**
 * The limits a client may want to know, as `GET /v1/model` reports them (with the longest word
 * analysed: a longer run is data).
 */
export function publicLimits(o: ServiceOptions): Record<string, number> {
  return {
    bodyLimit: o.bodyLimit, maxTextLength: o.maxTextLength, maxBatch: o.maxBatch, maxResponseBytes: o.maxResponseBytes,
    requestTimeoutMs: o.requestTimeoutMs, defaultTop: o.defaultTop, maxTop: o.maxTop, maxWordLetters: MAX_WORD_LETTERS,
  };
}
