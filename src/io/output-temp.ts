/**
 * The temporary files of the output writer (./output-writer.ts): their names beside the target,
 * their removal when the process ends by a signal or exits, and the removal of those a killed
 * run left behind.
 */
import { opendirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { onProcessEnd, processRuns } from './process-end.js';

/** The start of the name of a temporary file for `target`: its pid, a dash and a random tail follow. */
function tempPrefix(target: string): string {
  return `.lexdis-tmp-${basename(target)}-`;
}

/** A temporary path in the same folder as `target`, so that rename is atomic. */
export function tempPathFor(target: string): string {
  const abs = resolve(target);
  return join(dirname(abs), `${tempPrefix(abs)}${process.pid}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
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
 * Temporary files not yet renamed or removed, each with what forgets its removal at the
 * process's end (./process-end.ts).
 */
const pending = new Map<string, () => void>();

/** Keeps a temporary file to remove if the process ends before it is renamed or removed. */
export function track(tmp: string): void {
  pending.set(tmp, onProcessEnd(() => rmSync(tmp, { force: true })));
}

/** Forgets a temporary file (renamed, or removed here). */
export function release(tmp: string, remove: boolean): void {
  if (remove) rmSync(tmp, { force: true });
  pending.get(tmp)?.();
  pending.delete(tmp);
}
