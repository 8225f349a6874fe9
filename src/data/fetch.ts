/**
 * `lexdis data fetch`: the open data sets written into a data folder, each file from its pinned
 * public source (or a mirror) and kept only when its size and sha256 are the manifest's.
 *
 * Invariants: a file in the folder is either absent or whole and verified (bytes arrive in
 * `NAME.part` beside it and are renamed over it once verified); a transfer that breaks keeps its
 * `.part` and resumes from its end (HTTP Range), in this run or the next; a file that fails
 * does not stop the others (each has its own report).
 */
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { requireInteger, requireOptions, requireString } from '../args.js';
import { DataFetchError, LexdisError, OutputError, UsageError } from '../errors.js';
import { checkFile, selectSets, sha256File } from './check.js';
import { hasPublicSource, publicUrl, type DataFile, type DataSet } from './manifest.js';
import { fileSource, httpSource, isUrl, RetryableFetchError, type ByteSource } from './sources.js';

export interface FetchDataOptions {
  /** The data folder to write (created when missing; its parent must exist). */
  to: string;
  /** A mirror laid out as the data folder: a folder, or an http(s) URL. Default: each file's pinned public source. */
  from?: string;
  /** The sets to fetch, by name (default all; without `from`, the files with no public source are skipped). */
  sets?: readonly string[];
  /** Tries per file (default 4): each resumes where the last one stopped. */
  tries?: number;
  /** Milliseconds without a byte before a try is given up (default 30,000). */
  stallMs?: number;
  /** Milliseconds before the second try, doubled for each later one (default 1,000). */
  retryDelayMs?: number;
  /** Called for each file once it is settled, in the manifest's order. */
  onFile?: (report: FetchReport) => void;
  /** Bytes received so far and the total the run has to receive, as they arrive. */
  onProgress?: (done: number, total: number) => void;
}

/** What became of one file. */
export interface FetchReport {
  set: string;
  /** `SET/NAME`, relative to the data folder. */
  path: string;
  /** `present`: already there and verified; `skipped`: no public source and no mirror given. */
  status: 'fetched' | 'present' | 'skipped' | 'failed';
  bytes: number;
  /** The URL or path it was (or was to be) read from. */
  from?: string;
  /** Byte offsets a try resumed from: a part left by an earlier run, or a dropped transfer. */
  resumedAt: number[];
  /** Why it failed. */
  error?: LexdisError;
}

interface Planned {
  set: DataSet;
  file: DataFile;
  target: string;
  source?: ByteSource;
}

type Settings = Required<Pick<FetchDataOptions, 'tries' | 'stallMs' | 'retryDelayMs'>> & {
  /** Servers no try could reach in this run: their later files get one try, not `tries`. */
  unreachable: Set<string>;
};

/** The source of `file` of `set`: the mirror's copy when `from` is given, else its public URL. */
function sourceOf(set: DataSet, file: DataFile, from: string | undefined, stallMs: number): ByteSource | undefined {
  if (from === undefined) {
    const url = publicUrl(set, file);
    return url === undefined ? undefined : httpSource(url, stallMs);
  }
  if (!isUrl(from)) return fileSource(join(from, set.name, file.name));
  const base = from.endsWith('/') ? from : `${from}/`;
  return httpSource(new URL(`${encodeURIComponent(set.name)}/${encodeURIComponent(file.name)}`, base).href, stallMs);
}

/**
 * Fetches the data sets into `options.to` and returns a report per file, in the manifest's order.
 * A file that cannot be had is a `failed` report (its error a DataFetchError, or an OutputError
 * when it cannot be written), not a throw. Throws UsageError for bad options, an unknown set, or
 * a set named that has no public source when no mirror is given; OutputError when `to` is not a
 * folder and cannot be made one (before anything is fetched).
 */
export async function fetchData(options: FetchDataOptions): Promise<FetchReport[]> {
  const o = requireOptions<FetchDataOptions>('options', options, false);
  const to = requireString('to', o.to);
  const from = o.from === undefined ? undefined : requireString('from', o.from);
  const settings: Settings = {
    tries: requireInteger('tries', o.tries ?? 4, 1),
    stallMs: requireInteger('stallMs', o.stallMs ?? 30_000, 1),
    retryDelayMs: requireInteger('retryDelayMs', o.retryDelayMs ?? 1_000, 0),
    unreachable: new Set(),
  };
  const sets = selectSets(o.sets ?? []);
  const mirrorOnly = from === undefined ? sets.filter((s) => !hasPublicSource(s)).map((s) => s.name) : [];
  if (o.sets?.length && mirrorOnly.length > 0) {
    throw new UsageError(`${mirrorOnly.join(', ')}: no public source; fetch from a mirror laid out as the data folder (--from DIR|URL)`);
  }
  await prepareFolder(to);
  const plan: Planned[] = sets.flatMap((set) => set.files.map((file) => ({
    set, file, target: join(to, set.name, file.name), source: sourceOf(set, file, from, settings.stallMs),
  })));
  // What is already there and whole is not fetched again; what is missing or damaged is.
  const reports = new Map<Planned, FetchReport>();
  const todo = new Set<Planned>();
  for (const p of plan) {
    const report: FetchReport = { set: p.set.name, path: `${p.set.name}/${p.file.name}`, status: 'skipped', bytes: p.file.bytes, from: p.source?.where, resumedAt: [] };
    reports.set(p, report);
    if (!p.source) continue;
    if ((await checkFile(p.target, p.file)).status === 'ok') report.status = 'present';
    else todo.add(p);
  }
  const total = [...todo].reduce((n, p) => n + p.file.bytes, 0);
  let done = 0;
  for (const p of plan) {
    const report = reports.get(p)!;
    if (todo.has(p)) {
      try {
        await fetchFile(p, settings, report.resumedAt, (n) => o.onProgress?.(done + n, total));
        report.status = 'fetched';
      } catch (err) {
        if (!(err instanceof LexdisError)) throw err;
        report.status = 'failed';
        report.error = err;
      }
      done += p.file.bytes;
      o.onProgress?.(done, total);
    }
    o.onFile?.(report);
  }
  return [...reports.values()];
}

/** Makes `to` when it is missing (never its parents). Throws OutputError when it is not a folder or cannot be made. */
async function prepareFolder(to: string): Promise<void> {
  const s = await stat(to).catch(() => undefined);
  if (s?.isDirectory()) return;
  if (s) throw new OutputError('not a folder: the data folder must be one', { file: to });
  try {
    await mkdir(to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new OutputError(code === 'ENOENT' ? 'its parent folder does not exist' : `cannot create the folder (${code ?? 'error'})`, { file: to });
  }
}

/**
 * The size of a part kept from an earlier try; 0 when there is none, or when it is longer than
 * the file (then it is removed). Throws OutputError when something else than a file is in its place.
 */
async function keptBytes(part: string, bytes: number): Promise<number> {
  const s = await stat(part).catch(() => undefined);
  if (s === undefined) return 0;
  if (!s.isFile()) throw new OutputError('not a file: in the way of the download', { file: part });
  if (s.size <= bytes) return s.size;
  await rm(part, { force: true });
  return 0;
}

/**
 * One file into `NAME.part`, verified, then renamed over `NAME`. Resumes a kept part; when a
 * resumed part turns out wrong it is fetched whole once more before the file is given up.
 * Throws DataFetchError (wrong bytes, or a source that failed every try) or OutputError.
 */
async function fetchFile(
  p: Planned,
  s: Settings,
  resumedAt: number[],
  progress: (bytes: number) => void,
): Promise<void> {
  const part = `${p.target}.part`;
  try {
    await mkdir(dirname(p.target), { recursive: true });
  } catch (err) {
    throw new OutputError(`cannot create the folder (${(err as NodeJS.ErrnoException).code ?? 'error'})`, {
      file: dirname(p.target),
    });
  }
  const server = p.source!.server;
  const tries = server !== undefined && s.unreachable.has(server) ? 1 : s.tries;
  let wholeAgain = false;
  for (let tried = 1; ; tried++) {
    try {
      let have = await keptBytes(part, p.file.bytes);
      if (have > 0) resumedAt.push(have);
      if (have < p.file.bytes) have = await transfer(p.source!, part, have, p.file.bytes, s.stallMs, progress);
      if (have < p.file.bytes)
        throw new RetryableFetchError(`the transfer ended at byte ${have} of ${p.file.bytes} from ${p.source!.where}`);
      const sha = await sha256File(part);
      if (sha !== p.file.sha256) {
        await rm(part, { force: true });
        if (resumedAt.length > 0 && !wholeAgain) {
          wholeAgain = true; // the kept part may be what was wrong: once more from the start
          continue;
        }
        throw new DataFetchError(`sha256 ${sha}, expected ${p.file.sha256} (from ${p.source!.where}): not kept`, {
          file: p.target,
        });
      }
      await commit(part, p.target);
      return;
    } catch (err) {
      if (!(err instanceof RetryableFetchError) || tried >= tries) {
        if (err instanceof RetryableFetchError && err.how.unreachable && server !== undefined)
          s.unreachable.add(server);
        throw located(err, p.target, tried);
      }
      if (err.how.restart) await rm(part, { force: true });
      await sleep(s.retryDelayMs * 2 ** (tried - 1));
    }
  }
}

/** `err` as a DataFetchError naming the file, saying how many tries failed when more than one. */
function located(err: unknown, target: string, tried: number): unknown {
  if (!(err instanceof DataFetchError) || err.file) return err;
  return new DataFetchError(`${err.message}${tried > 1 ? ` (${tried} tries)` : ''}`, { file: target });
}

/** Flushes `part` to disk and renames it over `target`. Throws OutputError. */
async function commit(part: string, target: string): Promise<void> {
  try {
    const fh = await open(part, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(part, target);
  } catch (err) {
    throw new OutputError(`cannot write the file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file: target });
  }
}

/**
 * Appends the source's bytes from `have` on to `part` (rewrites it when the source starts from 0)
 * and returns the part's size when the source ends. A stall of `stallMs`, a dropped connection or
 * a read error is a RetryableFetchError (what arrived stays in the part); more bytes than the
 * file has is a DataFetchError.
 */
async function transfer(
  source: ByteSource,
  part: string,
  have: number,
  bytes: number,
  stallMs: number,
  progress: (n: number) => void,
): Promise<number> {
  const { body, start } = await source.open(have);
  let size = start;
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      body.destroy();
    }, stallMs);
  };
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      watch();
      size += chunk.length;
      if (size > bytes)
        return done(new DataFetchError(`more than the ${bytes} bytes recorded from ${source.where}: not kept`));
      progress(size);
      done(null, chunk);
    },
  });
  watch();
  try {
    await pipeline(body, count, createWriteStream(part, { flags: start > 0 ? 'a' : 'w' }));
  } catch (err) {
    if (err instanceof DataFetchError) {
      await rm(part, { force: true });
      throw err;
    }
    if (stalled) throw new RetryableFetchError(`no data for ${stallMs / 1000} s from ${source.where}`);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EACCES' || code === 'EROFS')
      throw new OutputError(`cannot write (${code})`, { file: part });
    throw new RetryableFetchError(
      `the transfer from ${source.where} broke at byte ${await keptBytes(part, bytes)} (${(err as Error).message})`,
    );
  } finally {
    clearTimeout(timer);
  }
  return size;
}
