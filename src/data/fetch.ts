/**
 * `lexdis data fetch`: the open data sets written into a data folder, each file from its pinned
 * public source (or a mirror) and kept only when its size and sha256 are the manifest's.
 *
 * Invariants: one fetch writes a data folder at a time (./lock.ts); fetch writes only files it
 * created, never through a link or into anything planted in the folder (./part-file.ts); a file
 * in the folder is either absent or whole and verified (bytes arrive in `NAME.part` beside it
 * and are renamed over it once verified); a transfer that breaks, stalls or crawls keeps its
 * `.part` and resumes from its end (HTTP Range), in this run or the next, a bounded number of
 * times (./fetch-file.ts); a file that fails does not stop the others (each has its own report).
 */
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { requireInteger, requireOptions, requireString } from '../args.js';
import { LexdisError, OutputError, UsageError } from '../errors.js';
import { checkFile, selectSets } from './check.js';
import { fetchFile, type Planned, type Settings } from './fetch-file.js';
import { lockDataFolder } from './lock.js';
import { hasPublicSource, publicUrl, type DataFile, type DataSet } from './manifest.js';
import { fileSource, httpSource, isUrl, type ByteSource } from './sources.js';

/** The defaults of {@link FetchDataOptions}' limits, declared once (the command line's help shows them). */
export const FETCH_DEFAULTS = {
  tries: 4,
  stallMs: 30_000,
  minRate: 1_000,
  rateWindowMs: 10_000,
  retryDelayMs: 1_000,
} as const;

export interface FetchDataOptions {
  /** The data folder to write (created when missing; its parent must exist). */
  to: string;
  /** A mirror laid out as the data folder: a folder, or an http(s) URL. Default: each file's pinned public source. */
  from?: string;
  /** The sets to fetch, by name (default all; without `from`, the files with no public source are skipped). */
  sets?: readonly string[];
  /** Tries per file (default 4): each resumes where the last one stopped. */
  tries?: number;
  /** Milliseconds without a byte (or without an answer) before a try is given up (default 30,000). */
  stallMs?: number;
  /** Bytes a second a transfer must average over each window, else its try is given up (default 1,000; 0: none). */
  minRate?: number;
  /** Milliseconds of the window `minRate` is averaged over (default 10,000). */
  rateWindowMs?: number;
  /** Milliseconds before the second try, doubled for each later one (default 1,000). */
  retryDelayMs?: number;
  /** Called for each file once it is settled, in the manifest's order. */
  onFile?: (report: FetchReport) => void;
  /**
   * Bytes so far and the total the run has to receive, as they arrive: the files fetched and
   * verified, and the one arriving (its last byte once it is verified). A file that fails is
   * taken back out, so `done` reaches `total` only when every file was fetched.
   */
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

/** The limits of `o`, checked, with their defaults. Throws UsageError. */
function settingsOf(o: FetchDataOptions): Settings {
  const d = FETCH_DEFAULTS;
  return {
    tries: requireInteger('tries', o.tries ?? d.tries, 1),
    stallMs: requireInteger('stallMs', o.stallMs ?? d.stallMs, 1),
    minRate: requireInteger('minRate', o.minRate ?? d.minRate, 0),
    rateWindowMs: requireInteger('rateWindowMs', o.rateWindowMs ?? d.rateWindowMs, 1),
    retryDelayMs: requireInteger('retryDelayMs', o.retryDelayMs ?? d.retryDelayMs, 0),
    bad: new Map(),
  };
}

/**
 * Fetches the data sets into `options.to` and returns a report per file, in the manifest's order.
 * A file that cannot be had is a `failed` report (its error a DataFetchError, or an OutputError
 * when it cannot be written or something fetch did not make is in its place), not a throw.
 * Throws UsageError for bad options, an unknown set, or a set named that has no public source
 * when no mirror is given; OutputError when `to` is not a folder and cannot be made one;
 * DataBusyError when another fetch is writing `to` (both before anything is fetched).
 */
export async function fetchData(options: FetchDataOptions): Promise<FetchReport[]> {
  const o = requireOptions<FetchDataOptions>('options', options, false);
  const to = requireString('to', o.to);
  const from = o.from === undefined ? undefined : requireString('from', o.from);
  const settings = settingsOf(o);
  const sets = selectSets(o.sets ?? []);
  const mirrorOnly = from === undefined ? sets.filter((s) => !hasPublicSource(s)).map((s) => s.name) : [];
  if (o.sets?.length && mirrorOnly.length > 0) {
    throw new UsageError(`${mirrorOnly.join(', ')}: no public source; fetch from a mirror laid out as the data folder (--from DIR|URL)`);
  }
  await prepareFolder(to);
  const plan: Planned[] = sets.flatMap((set) => set.files.map((file) => ({
    set, file, target: join(to, set.name, file.name), source: sourceOf(set, file, from, settings.stallMs),
  })));
  const lock = await lockDataFolder(to);
  try {
    return await fetchPlanned(plan, settings, o);
  } finally {
    lock.release();
  }
}

/** The files of `plan` not already there and whole fetched, with their reports (see {@link fetchData}). */
async function fetchPlanned(plan: Planned[], settings: Settings, o: FetchDataOptions): Promise<FetchReport[]> {
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
        // the file's last byte counts once the file is verified: a file that fails is never shown whole
        const arriving = (n: number) => o.onProgress?.(done + Math.min(n, p.file.bytes - 1), total);
        await fetchFile(p, settings, report.resumedAt, arriving);
        report.status = 'fetched';
        done += p.file.bytes;
      } catch (err) {
        if (!(err instanceof LexdisError)) throw err;
        report.status = 'failed';
        report.error = err;
      }
      o.onProgress?.(done, total);
    }
    o.onFile?.(report);
  }
  return [...reports.values()];
}

/**
 * Makes `to` when it is missing (never its parents); one made meanwhile by another fetch will do.
 * Throws OutputError when it is not a folder or cannot be made.
 */
async function prepareFolder(to: string): Promise<void> {
  const isFolder = async () => (await stat(to).catch(() => undefined))?.isDirectory();
  const s = await stat(to).catch(() => undefined);
  if (s?.isDirectory()) return;
  if (s) throw new OutputError('not a folder: the data folder must be one', { file: to });
  try {
    await mkdir(to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && (await isFolder())) return;
    throw new OutputError(code === 'ENOENT' ? 'its parent folder does not exist' : `cannot create the folder (${code ?? 'error'})`, { file: to });
  }
}
