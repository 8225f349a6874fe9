/**
 * Fetches a file's bytes with the platform's `fetch` (a browser's, a worker's, Node's), reporting
 * the bytes read so far: what the browser tagger loads its model and tables with.
 */
import { DataFetchError } from '../errors.js';

/**
 * The bytes at `url`. `name` names the file in errors; `report(loaded, total)` is called as bytes
 * come (`total` from Content-Length, 0 when not known). Returns the bytes. Throws
 * DataFetchError when the request fails or the server answers other than 2xx.
 */
export async function fetchBytes(
  url: string, name: string, report?: (loaded: number, total: number) => void,
): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new DataFetchError(`${name}: could not fetch ${url} (${err instanceof Error ? err.message : String(err)})`);
  }
  if (!res.ok) throw new DataFetchError(`${name}: ${url} answered ${res.status} ${res.statusText}`.trim());
  const total = Number(res.headers.get('content-length') ?? 0) || 0;
  if (!res.body || !report) return new Uint8Array(await res.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    report(loaded, total);
  }
  const out = new Uint8Array(loaded);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
