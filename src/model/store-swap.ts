/**
 * Crash-safe replacement of a model directory, and recovery after a crash.
 *
 * A model lives at `<parent>/<name>`. While it is being replaced, three kinds of siblings
 * may exist beside it, all named `.lexdis-<kind>-<name>-<pid>-<rand>` where `pid` is the
 * process that made them:
 *   - `tmp`: a new model being written (complete only once the swap starts);
 *   - `bak`: the previous model, moved aside; always a complete model;
 *   - `del`: a directory being deleted; never used again.
 *
 * Swap protocol (each step is one `rename(2)`, which is atomic within a directory):
 *   1. the new model is written and closed in `tmp`; its files and `tmp` itself are fsynced;
 *   2. if no model is at `<name>`: rename `tmp` → `<name>`, fsync the parent; done;
 *   3. rename `<name>` → `bak`              (now: no model at `<name>`, old one complete at `bak`);
 *   4. rename `tmp` → `<name>`, fsync parent (now: new model at `<name>`, old one at `bak`);
 *   5. rename `bak` → `del`, then delete `del`.
 * So at every instant `<name>` holds the old or the new complete model, except between steps
 * 3 and 4, when the old one sits complete at `bak`.
 *
 * Recovery ({@link recoverModelPath}, run before every read and write) looks only at siblings
 * whose owner process is gone (or is this process but no longer using them):
 *   - stale `tmp` and `del`: deleted (a `tmp` may be complete, but the old model is kept);
 *   - stale `bak` while `<name>` is absent (crash between 3 and 4): renamed back to `<name>`;
 *   - stale `bak` while `<name>` exists (crash between 4 and 5): deleted via `del`.
 * Siblings of a live process are left alone: that process is still working on them.
 */
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';

/** In-process queue per model path: one write (or an upgrade's LevelDB read) of a path at a time. */
const queues = new Map<string, Promise<unknown>>();

/** Runs `job` after the jobs already queued for `abs` (writes, and an upgrade's reads, of one path). */
export function serialized<T>(abs: string, job: () => Promise<T>): Promise<T> {
  const prev = queues.get(abs) ?? Promise.resolve();
  const run = prev.then(job, job);
  const tail = run.catch(() => undefined);
  queues.set(abs, tail);
  void tail.then(() => {
    if (queues.get(abs) === tail) queues.delete(abs);
  });
  return run;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type SiblingKind = 'tmp' | 'bak' | 'del';

/** Sibling paths this process is using right now (they are never "stale" to ourselves). */
const active = new Set<string>();

/** A fresh sibling path of `target` for `kind`, in the same folder so renames are atomic. */
export function siblingPath(target: string, kind: SiblingKind): string {
  const abs = resolve(target);
  const rand = randomBytes(6).toString('hex');
  return join(dirname(abs), `.lexdis-${kind}-${basename(abs)}-${process.pid}-${rand}`);
}

/** Marks a sibling path as in use by this process until {@link release}. */
export function claim(path: string): void {
  active.add(resolve(path));
}

/** Ends a {@link claim}. */
export function release(path: string): void {
  active.delete(resolve(path));
}

interface Sibling {
  path: string;
  kind: SiblingKind;
  pid: number;
}

/** The recovery siblings of `target` that exist now. Names cannot be confused between models. */
export function listSiblings(target: string): Sibling[] {
  const abs = resolve(target);
  const parent = dirname(abs);
  const name = basename(abs);
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return [];
  }
  const out: Sibling[] = [];
  for (const kind of ['tmp', 'bak', 'del'] as const) {
    const prefix = `.lexdis-${kind}-${name}-`;
    for (const entry of entries) {
      if (!entry.startsWith(prefix)) continue;
      const m = /^(\d+)-[0-9a-f]+$/.exec(entry.slice(prefix.length));
      if (m) out.push({ path: join(parent, entry), kind, pid: Number(m[1]) });
    }
  }
  return out;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isStale(s: Sibling): boolean {
  if (s.pid === process.pid) return !active.has(s.path);
  return !processAlive(s.pid);
}

/** True when a live process (maybe this one) is between steps 3 and 4 of a swap of `target`. */
export function swapInProgress(target: string): boolean {
  return listSiblings(target).some((s) => s.kind === 'bak' && !isStale(s));
}

/** fsync one file or directory (best effort where the platform refuses directories). */
export function fsyncPath(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM') throw err;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** fsyncs every file directly inside `dir`, then `dir` itself. */
export function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) fsyncPath(join(dir, entry.name));
  }
  fsyncPath(dir);
}

/** Deletes a directory by first renaming it to a `del` sibling; failures leave a stale `del`. */
function discard(path: string, target: string): void {
  const del = siblingPath(target, 'del');
  claim(del);
  try {
    renameSync(path, del);
    rmSync(del, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // A leftover `del` is harmless: the next recovery after this process ends removes it.
  } finally {
    release(del);
  }
}

/**
 * Cleans up after a crashed writer (see the protocol above). Safe to call at any time,
 * also while other processes write or read the same model. Returns what it did.
 */
export function recoverModelPath(target: string): { restored: boolean; removed: number } {
  const abs = resolve(target);
  const stale = listSiblings(abs).filter(isStale);
  let restored = false;
  let removed = 0;
  for (const s of stale) {
    if (s.kind === 'bak') continue;
    rmSync(s.path, { recursive: true, force: true, maxRetries: 3 });
    removed++;
  }
  const baks = stale.filter((s) => s.kind === 'bak');
  if (baks.length > 0 && !existsSync(abs)) {
    // Only one backup can exist under the protocol; if several do, keep the newest.
    baks.sort((a, b) => statSync(b.path).mtimeMs - statSync(a.path).mtimeMs);
    const keep = baks.shift() as Sibling;
    renameSync(keep.path, abs);
    fsyncPath(dirname(abs));
    restored = true;
  }
  for (const s of baks) {
    discard(s.path, abs);
    removed++;
  }
  return { restored, removed };
}

/**
 * Moves the complete, closed model at `tmp` to `target`, replacing what is there (steps 1–5
 * above). On failure the old model is back at `target` (or the new one is, if step 4 ran).
 */
export function swapIntoPlace(tmp: string, target: string): void {
  const abs = resolve(target);
  const parent = dirname(abs);
  fsyncTree(tmp);
  if (!existsSync(abs)) {
    renameSync(tmp, abs);
    fsyncPath(parent);
    return;
  }
  const bak = siblingPath(abs, 'bak');
  claim(bak);
  try {
    renameSync(abs, bak);
    try {
      renameSync(tmp, abs);
    } catch (err) {
      if (!existsSync(abs)) renameSync(bak, abs);
      throw err;
    }
    fsyncPath(parent);
    if (existsSync(bak)) discard(bak, abs);
  } finally {
    release(bak);
  }
}
