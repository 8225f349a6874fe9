/**
 * The lock of a data folder: one `lexdis data fetch` writes a folder at a time.
 *
 * The lock is the file {@link LOCK_NAME} in the folder. It is made whole under a name of its
 * own and then hard-linked to the lock's name, which fails when that name exists (a link or
 * anything else planted there included), so no reader ever sees half a lock. It holds the
 * holder's pid, host, process start time and a random token. A lock whose process is gone (no
 * such pid on this host, or the pid now used by a process that started later) is stale and
 * taken over: moved aside, checked to be the stale one, removed. Any other lock means the
 * folder is busy. The holder removes its lock when done, and when the process exits or is
 * ended by SIGINT, SIGTERM or SIGHUP (the signal is then raised again when nothing else
 * handles it); after SIGKILL the next fetch finds the lock stale.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, readdirSync, unlinkSync } from 'node:fs';
import { link, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DataBusyError, OutputError } from '../errors.js';
import { onProcessEnd, processRuns } from '../io/process-end.js';

/** The lock's name in the data folder. */
export const LOCK_NAME = '.lexdis-fetch.lock';

/** What a lock holds. */
interface Holder {
  pid: number;
  host: string;
  /** The process's start time (Linux: clock ticks since boot, /proc/PID/stat), to tell a reused pid. */
  started?: string;
  /** When the lock was taken (ISO 8601). */
  since: string;
  token: string;
}

/** A held lock. */
export interface DataLock {
  /** Removes the lock (when it is still this one's). Throws nothing. */
  release(): void;
}

/** The start time of process `pid` (field 22 of /proc/PID/stat); undefined off Linux or when it is gone. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may hold spaces: count from its end
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the holder's process may still run: always for another host's (it cannot be told). */
function runs(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  if (!processRuns(h.pid)) return false;
  const now = startTime(h.pid);
  return h.started === undefined || now === undefined || now === h.started;
}

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * The holder written in the lock at `path`: null when there is none, undefined when the file
 * is not a lock lexdis wrote (or is being written by a lexdis that cannot link). Throws
 * OutputError when something other than a file is there (a link is not followed).
 */
function readHolder(path: string): Holder | null | undefined {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    const what = code === 'ELOOP' ? 'a symbolic link' : `cannot be read (${code ?? 'error'})`;
    throw new OutputError(`${what} where the data folder's lock goes: not followed; remove it`, { file: path });
  }
  try {
    if (!fstatSync(fd).isFile()) {
      throw new OutputError('not a file where the data folder\'s lock goes; remove it', { file: path });
    }
    const buf = Buffer.alloc(4096);
    const h = JSON.parse(buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString('utf8')) as Partial<Holder>;
    const ok = Number.isInteger(h.pid) && h.pid! > 0 && typeof h.host === 'string' && typeof h.token === 'string' &&
      (h.started === undefined || typeof h.started === 'string');
    return ok ? (h as Holder) : undefined;
  } catch (err) {
    if (err instanceof OutputError) throw err;
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Times the lock is tried when it keeps changing hands (taken over, released) while this fetch looks. */
const LOCK_ATTEMPTS = 5;

/** The error for a folder whose lock `holder` holds (a string: why the holder is not known). */
function busy(dir: string, path: string, holder: Holder | string): DataBusyError {
  const where = typeof holder === 'string' || holder.host === hostname() ? '' : ` on ${holder.host}`;
  const who = typeof holder === 'string'
    ? holder
    : `another lexdis data fetch is writing it (pid ${holder.pid}${where}, since ${holder.since})`;
  return new DataBusyError(`${who}; run again when it has ended (if no fetch runs, remove ${path})`, { file: dir });
}

/** Removes the lock at `path` when it holds `token`. Throws nothing. */
function removeIfOurs(path: string, token: string): void {
  try {
    if (readHolder(path)?.token === token) unlinkSync(path);
  } catch {
    // not ours any more, or gone: nothing to remove
  }
}

/** A lock this process holds, removed when it is released, or when the process exits or is ended by a signal. */
function hold(path: string, token: string): DataLock {
  const forget = onProcessEnd(() => removeIfOurs(path, token));
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      removeIfOurs(path, token);
      forget();
    },
  };
}

/** Removes what a killed lexdis left of its lock beside it (`LOCK_NAME.PID-TOKEN` of a pid that is gone). */
function removeLeftovers(dir: string): void {
  const mine = new RegExp(`^${LOCK_NAME.replace(/\./g, '\\.')}\\.(?:stale-)?(\\d+)-[0-9a-f]+$`);
  for (const name of readdirSync(dir)) {
    const pid = Number(mine.exec(name)?.[1]);
    if (pid && pid !== process.pid && !runs({ pid, host: hostname(), since: '', token: '' })) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        // gone meanwhile (another fetch removed it)
      }
    }
  }
}

/**
 * Moves the stale lock at `path` (held by `stale`) aside and removes it; when what was moved is
 * another fetch's fresh lock (it took the stale one over first), puts it back and throws
 * DataBusyError.
 */
async function takeOver(dir: string, path: string, stale: Holder, aside: string): Promise<void> {
  try {
    await rename(path, aside);
  } catch {
    return; // gone meanwhile: the next attempt takes the name
  }
  const moved = readHolder(aside);
  if (moved?.token !== stale.token) await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
  if (moved?.token !== stale.token) throw busy(dir, path, moved ?? 'another fetch took its stale lock over');
}

/** Writes the lock at `path` from `tmp`: a hard link, or an exclusive create where links are not supported. */
async function place(tmp: string, path: string, text: string): Promise<void> {
  try {
    await link(tmp, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
    await writeFile(path, text, { flag: 'wx', mode: 0o644 });
  }
}

/**
 * Locks the data folder `dir` for this process. Returns the lock, to release when done.
 * Throws DataBusyError when another fetch holds it (on this host a process that runs, or any
 * lock of another host); OutputError when the lock cannot be written or something other than a
 * lock lexdis wrote is in its place.
 */
export async function lockDataFolder(dir: string): Promise<DataLock> {
  const path = join(dir, LOCK_NAME);
  const token = randomBytes(8).toString('hex');
  const since = new Date().toISOString();
  const me: Holder = { pid: process.pid, host: hostname(), started: startTime(process.pid), since, token };
  const text = `${JSON.stringify(me)}\n`;
  const tmp = `${path}.${process.pid}-${token}`;
  try {
    removeLeftovers(dir);
    await writeFile(tmp, text, { flag: 'wx', mode: 0o644 });
  } catch (err) {
    throw new OutputError(`cannot write the data folder's lock (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file: path });
  }
  try {
    for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
      try {
        await place(tmp, path, text);
        return hold(path, token);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
          throw new OutputError(`cannot write the data folder's lock (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file: path });
      }
      const holder = readHolder(path);
      if (holder === null) continue;
      if (holder === undefined) throw busy(dir, path, 'its lock cannot be read (not one this lexdis wrote)');
      if (runs(holder)) throw busy(dir, path, holder);
      await takeOver(dir, path, holder, `${path}.stale-${process.pid}-${token}`);
    }
    throw busy(dir, path, `its lock changed hands ${LOCK_ATTEMPTS} times while this fetch tried to take it`);
  } finally {
    await rm(tmp, { force: true });
  }
}
