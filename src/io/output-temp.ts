/**
 * The temporary files of the output writer (./output-writer.ts): their names beside the target,
 * their removal when the process ends by a signal or exits, and the removal of those a killed
 * run left behind.
 */
import { opendirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** The start of the name of a temporary file for `target`: its pid, a dash and a random tail follow. */
function tempPrefix(target: string): string {
  return `.lexdis-tmp-${basename(target)}-`;
}

/** A temporary path in the same folder as `target`, so that rename is atomic. */
export function tempPathFor(target: string): string {
  const abs = resolve(target);
  return join(dirname(abs), `${tempPrefix(abs)}${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
}

/** Whether a process with this id runs (EPERM: it does, under another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files for `target` that a killed lexdis left beside it (SIGKILL, or the
 * kernel's out-of-memory killer, leave no chance to remove them): those whose writer's process
 * is gone. A file of a run still going, or of another name, is never touched. Throws nothing.
 */
export function removeStaleTemps(target: string): void {
  const prefix = tempPrefix(target);
  const stale = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\d+)-[0-9a-z]+$`);
  try {
    const dir = opendirSync(dirname(target));
    try {
      for (let e = dir.readSync(); e !== null; e = dir.readSync()) {
        const m = e.isFile() ? stale.exec(e.name) : null;
        if (m && Number(m[1]) !== process.pid && !processRuns(Number(m[1])))
          rmSync(join(dirname(target), e.name), { force: true });
      }
    } finally {
      dir.closeSync();
    }
  } catch {
    // a folder that cannot be listed: its leftovers stay, the output is still written
  }
}

/**
 * Temporary files not yet renamed or removed: removed if the process exits, or is ended by
 * SIGINT, SIGTERM or SIGHUP (the signal is then raised again when nothing else handles it).
 * The handlers are installed only while such a file exists.
 */
const pending = new Set<string>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function removePending(): void {
  for (const tmp of pending) rmSync(tmp, { force: true });
  pending.clear();
}

function onSignal(sig: NodeJS.Signals): void {
  removePending();
  unhook();
  if (process.listenerCount(sig) === 0) process.kill(process.pid, sig);
}

function unhook(): void {
  process.off('exit', removePending);
  for (const sig of SIGNALS) process.off(sig, onSignal);
}

/** Keeps a temporary file to remove if the process ends before it is renamed or removed. */
export function track(tmp: string): void {
  if (pending.size === 0) {
    process.on('exit', removePending);
    for (const sig of SIGNALS) process.on(sig, onSignal);
  }
  pending.add(tmp);
}

/** Forgets a temporary file (renamed, or removed here). */
export function release(tmp: string, remove: boolean): void {
  if (remove) rmSync(tmp, { force: true });
  pending.delete(tmp);
  if (pending.size === 0) unhook();
}
