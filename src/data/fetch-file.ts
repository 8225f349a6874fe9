/**
 * One file of a fetch: its tries, each resuming the part the last one kept, and how a server
 * that keeps failing is given up. A server that failed every try of a file by being unreachable
 * or too slow (a stall, or under the minimum rate) gets one try for its next file; when that
 * fails the same way too, its later files are not tried in this run. A run against a dead or
 * crawling server so ends after (tries + 1) tries, whatever the number of files.
 */
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataFetchError, LexdisError, OutputError } from '../errors.js';
import type { DataFile, DataSet } from './manifest.js';
import { checkReplaceable, commitPart, discardPart, ensureFolder, openPart, sha256Part } from './part-file.js';
import { RetryableFetchError, type ByteSource } from './sources.js';
import { transfer, type Pace } from './transfer.js';

/** A file to fetch: where it goes and where it comes from. */
export interface Planned {
  set: DataSet;
  file: DataFile;
  target: string;
  source?: ByteSource;
}

/** The limits of a run, and what it learnt of its servers. */
export type Settings = Pace & {
  tries: number;
  retryDelayMs: number;
  /** Servers that failed every try of a file by being unreachable or too slow: how many files, the last reason. */
  bad: Map<string, { files: number; why: string }>;
};

/** Files a server may fail by being unreachable or too slow before its later files are not tried. */
const GIVE_UP_AFTER_FILES = 2;

/**
 * `err` as a DataFetchError naming the file, saying how many tries failed when more than one;
 * a file system's error (EIO…) as an OutputError naming it.
 */
function located(err: unknown, target: string, tried: number): unknown {
  const e = err as NodeJS.ErrnoException;
  if (!(err instanceof LexdisError) && e?.syscall !== undefined)
    return new OutputError(`cannot write (${e.code ?? e.syscall})`, { file: `${target}.part` });
  if (!(err instanceof DataFetchError) || err.file) return err;
  return new DataFetchError(`${err.message}${tried > 1 ? ` (${tried} tries)` : ''}`, { file: target });
}

/**
 * One try: the part resumed (or begun), the rest asked for, the whole verified and renamed over
 * the file. Returns true when the file is in place; false when a resumed part turned out wrong
 * and `mayRestart` (the part is removed: fetch it whole). Throws RetryableFetchError (what
 * arrived stays in the part), DataFetchError (wrong bytes: the part is removed) or OutputError.
 */
async function tryOnce(
  p: Planned,
  s: Settings,
  resumedAt: number[],
  progress: (n: number) => void,
  mayRestart: boolean,
): Promise<boolean> {
  const part = await openPart(`${p.target}.part`);
  let keep = true;
  try {
    let have = part.size;
    if (have > p.file.bytes) {
      await part.fh.truncate(0);
      have = 0;
    }
    // a resume is one the source made: a server that ignores Range sends the file from byte 0
    const started = (start: number): void => void (start > 0 && resumedAt.push(start));
    try {
      if (have < p.file.bytes) have = await transfer(p.source!, part, have, p.file.bytes, s, progress, started);
    } catch (err) {
      // bytes that cannot be resumed from (HTTP 416, a wrong range)
      if (err instanceof RetryableFetchError && err.how.restart) keep = false;
      throw err;
    }
    if (have < p.file.bytes)
      throw new RetryableFetchError(`the transfer ended at byte ${have} of ${p.file.bytes} from ${p.source!.where}`);
    const sha = await sha256Part(part);
    if (sha !== p.file.sha256) {
      keep = false;
      if (mayRestart && resumedAt.length > 0) return false; // the kept part may be what was wrong
      throw new DataFetchError(`sha256 ${sha}, expected ${p.file.sha256} (from ${p.source!.where}): not kept`, {
        file: p.target,
      });
    }
    await commitPart(part, p.target);
    return true;
  } finally {
    // a part with no byte is not kept either: a try that got nothing leaves nothing
    if (!keep || (await part.fh.stat().then((st) => st.size === 0, () => false))) await discardPart(part);
    await part.fh.close();
  }
}

/**
 * One file into `NAME.part`, verified, then renamed over `NAME`. Resumes a kept part; when a
 * resumed part turns out wrong it is fetched whole once more before the file is given up.
 * Throws DataFetchError (wrong bytes, a source that failed every try, a server given up) or
 * OutputError (the file cannot be written, or something fetch did not make is in its place).
 */
export async function fetchFile(
  p: Planned,
  s: Settings,
  resumedAt: number[],
  progress: (bytes: number) => void,
): Promise<void> {
  const server = p.source!.server;
  const bad = server === undefined ? undefined : s.bad.get(server);
  if (bad && bad.files >= GIVE_UP_AFTER_FILES)
    throw new DataFetchError(`not tried: ${server} failed every try of the ${bad.files} files before (the last: ${bad.why})`, { file: p.target });
  await ensureFolder(dirname(p.target));
  await checkReplaceable(p.target);
  const tries = bad ? 1 : s.tries;
  let mayRestart = true;
  for (let tried = 1; ; tried++) {
    try {
      if (await tryOnce(p, s, resumedAt, progress, mayRestart)) return;
      mayRestart = false;
    } catch (err) {
      if (!(err instanceof RetryableFetchError) || tried >= tries) {
        if (err instanceof RetryableFetchError && (err.how.unreachable || err.how.slow) && server !== undefined)
          s.bad.set(server, { files: (bad?.files ?? 0) + 1, why: err.message });
        throw located(err, p.target, tried);
      }
      await sleep(s.retryDelayMs * 2 ** (tried - 1));
    }
  }
}
