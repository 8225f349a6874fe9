/**
 * Where fetched bytes come from: an http(s) URL (the pinned public file, or a mirror's), asked
 * for from a byte offset with an HTTP Range request, or a file of a local mirror. A source says
 * whether a failure is worth another try (a dropped connection, a busy server) or final (404).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { DataFetchError } from '../errors.js';

/** A failure that another try may get past: the connection dropped, stalled or was refused, or the server was busy. */
export class RetryableFetchError extends DataFetchError {
  /**
   * `restart`: the bytes kept so far cannot be resumed from (start over); `unreachable`: no
   * answer at all (no connection, or no headers in time), as opposed to a broken transfer;
   * `slow`: the transfer stalled or crawled below the minimum rate.
   */
  constructor(message: string, readonly how: { restart?: boolean; unreachable?: boolean; slow?: boolean } = {}) {
    super(message);
  }
}

/** The bytes of one file from `start` on (0 when the source could not start where asked). */
export interface Opened {
  body: Readable;
  start: number;
}

/** One file's source. */
export interface ByteSource {
  /** The URL or path, for messages. */
  readonly where: string;
  /** The server (`https://host:port`) for a URL: a server found unreachable is tried once for the rest of a run. */
  readonly server?: string;
  /**
   * The file's bytes from `offset` on where the source can (`start` says where they begin).
   * Throws DataFetchError (RetryableFetchError when another try may help).
   */
  open(offset: number): Promise<Opened>;
}

/** HTTP statuses that say "try again later". */
const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The reason behind Node's `fetch failed` (ECONNREFUSED, ECONNRESET, …), else the message. */
function cause(err: unknown): string {
  const c = (err as { cause?: { code?: string; message?: string } }).cause;
  return c?.code ?? c?.message ?? (err as Error).message ?? String(err);
}

/** The first byte of a 206 answer's `Content-Range: bytes FIRST-LAST/TOTAL`, or NaN. */
function rangeStart(header: string | null): number {
  const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header?.trim() ?? '');
  return m ? Number(m[1]) : NaN;
}

/**
 * A file at an http(s) URL. `stallMs`: how long to wait for the answer's headers before the try
 * is given up (the body's own stalls are watched by the reader).
 */
export function httpSource(url: string, stallMs: number): ByteSource {
  return {
    where: url,
    server: new URL(url).origin,
    async open(offset) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), stallMs);
      let res: Response;
      try {
        res = await fetch(url, { headers: offset > 0 ? { range: `bytes=${offset}-` } : {}, signal: controller.signal, redirect: 'follow' });
      } catch (err) {
        const why = controller.signal.aborted ? `no answer in ${stallMs / 1000} s from ${url}` : `cannot reach ${url} (${cause(err)})`;
        throw new RetryableFetchError(why, { unreachable: true });
      } finally {
        clearTimeout(timer);
      }
      const drop = () => res.body?.cancel().catch(() => undefined);
      if (res.status === 416) {
        await drop();
        // What was kept is not a prefix of the file: the caller starts over.
        throw new RetryableFetchError(`${url} refused to resume at byte ${offset} (HTTP 416)`, { restart: true });
      }
      if (RETRY_STATUS.has(res.status)) {
        await drop();
        throw new RetryableFetchError(`HTTP ${res.status} ${res.statusText} from ${url}`);
      }
      if (res.status !== 200 && res.status !== 206) {
        await drop();
        throw new DataFetchError(`HTTP ${res.status} ${res.statusText} from ${url}`);
      }
      const start = res.status === 206 ? rangeStart(res.headers.get('content-range')) : 0;
      if (start !== offset && start !== 0) {
        await drop();
        throw new RetryableFetchError(`${url} answered from byte ${start} when asked from ${offset}`, { restart: true });
      }
      if (!res.body) throw new RetryableFetchError(`no body in the answer from ${url}`);
      return { body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), start };
    },
  };
}

/** A file of a local mirror. */
export function fileSource(path: string): ByteSource {
  return {
    where: path,
    async open(offset) {
      try {
        if (!(await stat(path)).isFile()) throw new DataFetchError(`not a regular file in the mirror: ${path}`);
      } catch (err) {
        if (err instanceof DataFetchError) throw err;
        throw new DataFetchError(`not in the mirror: ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      return { body: createReadStream(path, { start: offset }), start: offset };
    },
  };
}

/** True for an http: or https: URL (a mirror on a server), false for a folder. */
export function isUrl(from: string): boolean {
  return /^https?:\/\//i.test(from);
}
