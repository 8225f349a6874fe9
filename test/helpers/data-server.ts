/**
 * A mirror of a data folder on 127.0.0.1 for the fetch tests: serves the files under `root`
 * (a GET with `Range: bytes=N-` gets a 206 from byte N), and misbehaves where told: a file
 * served with one byte changed, a first answer cut after some bytes (the connection destroyed),
 * or a first answer that stops sending for a while. Records every request.
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
}

export interface DataServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  /** Every request: the path asked for (`SET/NAME`) and its Range header. */
  requests: { path: string; range?: string }[];
  close(): Promise<void>;
}

function body(root: string, path: string, corrupt: string[]): Buffer | undefined {
  const file = join(root, ...path.split('/'));
  if (path.includes('..') || !statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  const bytes = readFileSync(file);
  if (corrupt.includes(path)) bytes[bytes.length >> 1] ^= 0x20;
  return bytes;
}

/** Starts the server on an ephemeral port of 127.0.0.1. */
export async function serveData(options: ServeOptions): Promise<DataServer> {
  const requests: DataServer['requests'] = [];
  const seen = new Set<string>();
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    requests.push({ path, range: req.headers.range });
    const bytes = body(options.root, path, options.corrupt ?? []);
    if (!bytes) {
      res.writeHead(404).end('not found');
      return;
    }
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
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
    if (drop !== undefined) res.write(rest.subarray(0, drop), () => res.socket?.destroy());
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
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
