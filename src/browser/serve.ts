/**
 * The worker's side of the browser tagger: answers the requests of ./protocol.ts arriving on a
 * port (a Web Worker's global scope; in tests a MessagePort) with the platform-neutral core. One
 * tagger per port, loaded once; requests are answered in the order they come. An analysis is
 * sent in parts, a few sentences at a time, so that the page takes each part in a short task of
 * its own instead of one long one at the end.
 */
import { prepareInput } from '../analyzer/script.js';
import { TABLE_FILES, type TableTexts } from '../analyzer/lexicon.js';
import { LexdisError, UsageError } from '../errors.js';
import { decodeText } from '../io/text.js';
import { Model } from '../model/model.js';
import { diacritizeText, vocalizedText } from '../tagger/diacritize.js';
import type { TaggedSentence } from '../tagger/tagged.js';
import { Tagger } from '../tagger/tagger.js';
import type { AnalyzeRequest, LoadRequest, Port, Request, Response, Source } from './protocol.js';
import { fetchBytes } from './fetch-bytes.js';

/** Words of tagged sentences sent together in one `part` of an analysis. */
export const PART_WORDS = 200;

/** Bytes of a source: given, or fetched (with progress reported as `progress` messages of `id`). */
async function bytesOf(source: Source, name: string, report?: (loaded: number, total: number) => void):
  Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  if (typeof source !== 'string') throw new UsageError(`${name} must be a URL or bytes`);
  return fetchBytes(source, name, report);
}

async function load(r: LoadRequest, post: (m: Response) => void): Promise<Tagger> {
  const report = (loaded: number, total: number) => post({ id: r.id, kind: 'progress', loaded, total });
  const model = Model.fromBytes(await bytesOf(r.model, 'model', report), { name: typeof r.model === 'string' ? r.model : undefined });
  let tables: TableTexts | undefined;
  if (r.tables !== undefined) {
    const texts = await Promise.all(TABLE_FILES.map(async (f) => {
      const source = r.tables?.[f];
      if (source === undefined) throw new UsageError(`tables.${f} is missing: give all six tables or none`);
      return decodeText(await bytesOf(source, `tables.${f}`), typeof source === 'string' ? source : f);
    }));
    tables = Object.fromEntries(TABLE_FILES.map((f, i) => [f, texts[i]])) as TableTexts;
  }
  return Tagger.fromModel(model, { tables, cacheBytes: r.cacheBytes });
}

/** Tags the text, posting its sentences in parts of about {@link PART_WORDS} words; returns all of them. */
function analyze(tagger: Tagger, r: AnalyzeRequest, post: (m: Response) => void): TaggedSentence[] {
  const all: TaggedSentence[] = [];
  let part: TaggedSentence[] = [];
  let words = 0;
  for (const s of tagger.tagSteps(r.text, { top: r.top, inputScript: r.inputScript })) {
    if (!s) continue;
    all.push(s);
    part.push(s);
    words += s.tokens.length;
    if (words >= PART_WORDS) {
      post({ id: r.id, kind: 'part', sentences: part });
      part = [];
      words = 0;
    }
  }
  if (part.length > 0) post({ id: r.id, kind: 'part', sentences: part });
  return all;
}

/** The error as the client rebuilds it: a LexdisError's code, message and place; anything else INTERNAL. */
function errorOf(err: unknown): Extract<Response, { kind: 'failed' }>['error'] {
  if (err instanceof LexdisError) return err.toJSON();
  return { code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) };
}

/**
 * Serves the browser tagger's requests arriving on `port`, answering on it. Takes the port;
 * returns nothing. Errors are answered (`failed`, with the error's code), never thrown.
 */
export function serveTagger(port: Port): void {
  let tagger: Promise<Tagger> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const post = (m: Response): void => port.postMessage(m);
  const answer = async (r: Request): Promise<void> => {
    try {
      if (r.op === 'load') {
        if (tagger) throw new UsageError('this worker has loaded its tagger already');
        tagger = load(r, post);
        post({ id: r.id, kind: 'done', result: (await tagger).modelInfo() });
      } else if (!tagger) {
        throw new UsageError(`${String(r.op)} before load`);
      } else if (r.op === 'analyze') {
        const t = await tagger;
        const sentences = analyze(t, r, post);
        const vocalized = vocalizedText(prepareInput(r.text, r.inputScript), sentences).text;
        post({ id: r.id, kind: 'done', result: { top: r.top, vocalized } });
      } else if (r.op === 'diacritize') {
        post({ id: r.id, kind: 'done', result: diacritizeText(await tagger, r.text, { inputScript: r.inputScript }) });
      } else {
        throw new UsageError(`unknown request ${JSON.stringify((r as { op?: unknown }).op)}`);
      }
    } catch (err) {
      post({ id: r.id, kind: 'failed', error: errorOf(err) });
    }
  };
  port.addEventListener('message', (event) => {
    const r = event.data as Request;
    queue = queue.then(() => answer(r));
  });
}
