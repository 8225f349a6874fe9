/**
 * A mirror of a data folder on 127.0.0.1 for the fetch tests: serves the files under `root`
 * (a GET with `Range: bytes=N-` gets a 206 from byte N), and misbehaves where told: a file
 * served with one byte changed, a first answer cut after some bytes (the connection destroyed),
 * a first answer that stops sending for a while or until the test lets it go on, or every
 * answer dripped a few bytes at a time (with the whole Content-Length announced). Records every
 * request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface ServeOptions {
  /** The folder served: `/SET/NAME` is `root/SET/NAME`. */
  root: string;
  /** `SET/NAME`s served with their middle byte changed. */
  corrupt?: string[];
  /** `SET/NAME` → bytes after which its first answer's connection is destroyed. */
  dropAfter?: Record<string, number>;
  /** `SET/NAME` → [bytes, ms]: its first answer sends that many bytes, then nothing for that long, then the rest. */
  pauseAfter?: Record<string, [number, number]>;
  /** `SET/NAME` → bytes: its first answer sends that many bytes, then nothing until `release()`. */
  hold?: Record<string, number>;
  /** Every answer sends `bytes` bytes every `everyMs` milliseconds (a server that crawls). */
  drip?: { bytes: number; everyMs: number };
  /** The server ignores Range: every answer is the whole file, 200. */
  noRange?: boolean;
}

export interface DataServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  /** Every request: the path asked for (`SET/NAME`) and its Range header. */
  requests: { path: string; range?: string }[];
  /** Resolves once a request for `path` has arrived. */
  requested(path: string): Promise<void>;
  /** Lets the answers held back (`hold`) go on. */
  release(): void;
  close(): Promise<void>;
}

function body(root: string, path: string, corrupt: string[]): Buffer | undefined {
  const file = join(root, ...path.split('/'));
  if (path.includes('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const bytes = readFileSync(file);
  if (corrupt.includes(path)) bytes[bytes.length >> 1] ^= 0x20;
  return bytes;
}

/** Sends `bytes` a few at a time, `pace.bytes` every `pace.everyMs`, until all are sent or the client goes. */
function drip(res: ServerResponse, bytes: Buffer, pace: { bytes: number; everyMs: number }): void {
  let at = 0;
  const timer = setInterval(() => {
    const next = Math.min(bytes.length, at + pace.bytes);
    if (next === bytes.length) {
      clearInterval(timer);
      res.end(bytes.subarray(at));
    } else res.write(bytes.subarray(at, next));
    at = next;
  }, pace.everyMs);
  res.on('close', () => clearInterval(timer));
}

/** Starts the server on an ephemeral port of 127.0.0.1. */
export async function serveData(options: ServeOptions): Promise<DataServer> {
  const requests: DataServer['requests'] = [];
  const seen = new Set<string>();
  const waiting: { path: string; resolve: () => void }[] = [];
  let released: () => void = () => {};
  const whenReleased = new Promise<void>((resolve) => (released = resolve));
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    requests.push({ path, range: req.headers.range });
    for (const w of waiting.filter((x) => x.path === path)) w.resolve();
    const bytes = body(options.root, path, options.corrupt ?? []);
    if (!bytes) {
      res.writeHead(404).end('not found');
      return;
    }
    const m = options.noRange ? null : /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    if (start > bytes.length) {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}` }).end();
      return;
    }
    const rest = bytes.subarray(start);
    res.writeHead(m ? 206 : 200, {
      'content-length': rest.length,
      ...(m ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {}),
    });
    const first = !seen.has(path);
    seen.add(path);
    const drop = first ? options.dropAfter?.[path] : undefined;
    const pause = first ? options.pauseAfter?.[path] : undefined;
    const hold = first ? options.hold?.[path] : undefined;
    if (options.drip) drip(res, rest, options.drip);
    else if (hold !== undefined) {
      res.write(rest.subarray(0, hold));
      void whenReleased.then(() => res.end(rest.subarray(hold)));
    } else if (drop !== undefined) res.write(rest.subarray(0, drop), () => res.socket?.destroy());
    else if (pause !== undefined) {
      res.write(rest.subarray(0, pause[0]));
      const timer = setTimeout(() => res.end(rest.subarray(pause[0])), pause[1]);
      res.on('close', () => clearTimeout(timer));
    } else res.end(rest);
  };
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    requested: (path) => new Promise<void>((resolve) => {
      if (requests.some((r) => r.path === path)) resolve();
      else waiting.push({ path, resolve });
    }),
    release: () => released(),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
