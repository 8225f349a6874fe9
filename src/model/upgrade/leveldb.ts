/**
 * Opening a format-1 model's LevelDB, for `lexdis upgrade-model` (./upgrade.ts), without writing
 * into the model's folder. LevelDB has no read-only mode: opening a directory writes its LOCK and
 * LOG files, and a new MANIFEST and log. So the folder is first checked to be a LevelDB (a CURRENT
 * file naming a MANIFEST that is there), then its files are copied into a private temporary
 * directory (os.tmpdir()), and the copy is opened and removed after. Reads of one path are queued
 * in-process (the store's queue, ../store-swap.ts). Format 2 needs none of this.
 */
import { constants, copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataNotFoundError, LexdisError, ModelFormatError, UsageError } from '../../errors.js';
import { recoverModelPath, serialized, swapInProgress } from '../store-swap.js';
import type { Db } from './store-v1.js';

/** The LevelDB file that names the live MANIFEST; a few bytes (`MANIFEST-000004\n`). */
const CURRENT = 'CURRENT';
/** What CURRENT holds in a LevelDB. */
const CURRENT_TEXT = /^(MANIFEST-\d{1,20})\n$/;
/** LevelDB's own bookkeeping of an open handle and its text log: not part of the data, never copied. */
const NOT_COPIED = /^(LOCK|LOG(\.old)?)$/;

/**
 * Takes an absolute path; returns nothing when it is a LevelDB directory (CURRENT names a MANIFEST
 * file that is there). Reads only. Throws DataNotFoundError for a missing path, ModelFormatError
 * for anything else.
 */
function checkLevelDb(abs: string): void {
  if (!existsSync(abs)) throw new DataNotFoundError('model not found', { file: abs });
  const current = join(abs, CURRENT);
  const notDb = (why: string) => new ModelFormatError(`not a lexdis model (no model database in this directory: ${why})`, { file: abs });
  if (!existsSync(current) || !statSync(current).isFile() || statSync(current).size > 64) throw notDb('no CURRENT file of LevelDB');
  const manifest = CURRENT_TEXT.exec(readFileSync(current, 'latin1'))?.[1];
  if (!manifest) throw notDb('its CURRENT file names no MANIFEST');
  const path = join(abs, manifest);
  if (!existsSync(path) || !statSync(path).isFile()) throw notDb(`${manifest}, which CURRENT names, is missing`);
}

/** Copies the database files of `abs` (not LOCK, LOG) into a new temporary directory; returns its path. */
function copyDatabase(abs: string): string {
  const tmp = mkdtempSync(join(tmpdir(), 'lexdis-upgrade-'));
  try {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (!e.isFile() || NOT_COPIED.test(e.name)) continue;
      copyFileSync(join(abs, e.name), join(tmp, e.name), constants.COPYFILE_FICLONE);
    }
    return tmp;
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw new ModelFormatError(`cannot copy the model database: ${(err as Error).message}`, { file: abs });
  }
}

/**
 * The `level` package, imported when used: only an upgrade opens a LevelDB, so it is an optional
 * peer dependency (its native build is not installed with lexdis). Throws UsageError naming the
 * install when it is missing.
 */
async function levelPackage(abs: string): Promise<typeof import('level')> {
  try {
    return await import('level');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new UsageError(`${abs} is a version-1 model, a LevelDB database, which upgrade-model reads with the ` +
      'optional package \'level\': install it (npm install level) and run again');
  }
}

/** Opens the copy at `tmp` of the database at `abs` (errors name `abs`). */
async function openCopy(tmp: string, abs: string): Promise<Db> {
  const { Level } = await levelPackage(abs);
  const db: Db = new Level(tmp, { createIfMissing: false });
  try {
    await db.open();
    return db;
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    const message = (cause?.message ?? (err as Error).message).replaceAll(tmp, abs);
    throw new ModelFormatError(`cannot open the model database: ${message}`, { file: abs });
  }
}

/**
 * Runs `job` on a private copy of the version-1 database at `dir`, opened; writes nothing into
 * `dir`. Takes the path and the job; returns the job's result. Retries when another process
 * swapped the model meanwhile. Throws DataNotFoundError for a missing path, ModelFormatError for a
 * folder that is no LevelDB or a damaged one, and what `job` throws.
 */
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
      let tmp: string | undefined;
      let db: Db | undefined;
      try {
        checkLevelDb(abs);
        tmp = copyDatabase(abs);
        db = await openCopy(tmp, abs);
        return await job(db, abs);
      } catch (err) {
        const now = existsSync(abs) ? statSync(abs).ino : -1;
        if (attempt < 3 && (now !== ino || swapInProgress(abs))) continue;
        if (err instanceof LexdisError) throw err;
        // LevelDB's own failures (a truncated or overwritten table file…) mean a damaged model.
        throw new ModelFormatError(`model is damaged or unreadable: ${(err as Error).message.replaceAll(tmp ?? abs, abs)}`, { file: abs });
      } finally {
        await db?.close();
        if (tmp) rmSync(tmp, { recursive: true, force: true });
      }
    }
  });
}
