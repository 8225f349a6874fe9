/**
 * Opening a format-1 model's LevelDB, for `lexdis upgrade-model` (./upgrade.ts). LevelDB allows
 * one open handle per directory and writes its lock, log and manifest files when it opens one,
 * so reads of one path are queued in-process (the store's queue, ../store-swap.ts) and retried
 * across processes while locked. Format 2 needs none of this.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataNotFoundError, LexdisError, ModelFormatError } from '../../errors.js';
import { recoverModelPath, serialized, sleep, swapInProgress } from '../store-swap.js';
import type { Db } from './store-v1.js';

/** Opens the database at `abs` (which must look like a LevelDB), retrying while it is locked. */
async function openModelDb(abs: string): Promise<Db> {
  for (let waited = 0; ; ) {
    if (!existsSync(abs)) throw new DataNotFoundError('model not found', { file: abs });
    // Opening would create LOCK and LOG files, so never open a directory that is no LevelDB.
    if (!existsSync(join(abs, 'CURRENT'))) {
      throw new ModelFormatError('not a lexdis model (no model database in this directory)', { file: abs });
    }
    // imported when used: only an upgrade opens a LevelDB
    const { Level } = await import('level');
    const db: Db = new Level(abs, { createIfMissing: false });
    try {
      await db.open();
      return db;
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if (cause?.code === 'LEVEL_LOCKED' && waited < 10_000) {
        await sleep(50);
        waited += 50;
        continue;
      }
      throw new ModelFormatError(`cannot open the model database: ${cause?.message ?? (err as Error).message}`, { file: abs });
    }
  }
}

/** Runs `job` on the open version-1 database at `dir`; retries when another process swapped the model meanwhile. */
export async function withModelDb<T>(dir: string, job: (db: Db, abs: string) => Promise<T>): Promise<T> {
  const abs = resolve(dir);
  return serialized(abs, async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        recoverModelPath(abs);
      } catch {
        // Best effort: a read-only parent cannot be cleaned, the model may still be readable.
      }
      const ino = existsSync(abs) ? statSync(abs).ino : -1;
      let db: Db | undefined;
      try {
        db = await openModelDb(abs);
        return await job(db, abs);
      } catch (err) {
        const now = existsSync(abs) ? statSync(abs).ino : -1;
        if (attempt < 3 && (now !== ino || swapInProgress(abs))) continue;
        if (err instanceof LexdisError) throw err;
        // LevelDB's own failures (a truncated or overwritten table file…) mean a damaged model.
        throw new ModelFormatError(`model is damaged or unreadable: ${(err as Error).message}`, { file: abs });
      } finally {
        await db?.close();
      }
    }
  });
}
