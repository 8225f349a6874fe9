/**
 * The model container: a model is a LevelDB directory holding a checked header, named JSON
 * parts and named binary parts (typed arrays cut into ≤ 16 MiB chunks with CRC-32 each).
 * Layout and version rules: ./store-format.ts. Crash-safe replacement: ./store-swap.ts —
 * a model is written whole to a temporary sibling directory and swapped in by renames, so
 * at every instant the path holds the old or the new complete model (or the old one can be
 * restored from its backup, which the next read or write does automatically).
 *
 * Loaded parts are fresh, aligned typed arrays and deep-frozen JSON; treat them as read-only
 * (typed arrays cannot be frozen). A loaded model can be shared across concurrent requests.
 * Limits: LevelDB needs write access to a model directory even to read it (lock and log
 * files), and one process at a time; concurrent reads of one path are queued in-process and
 * retried across processes.
 */
import { accessSync, constants, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Level } from 'level';
import { DataNotFoundError, LexdisError, ModelFormatError, OutputError } from '../errors.js';
import { type ModelHeader, MARKER_FILE, MODEL_MAGIC } from './store-format.js';
import { claim, recoverModelPath, release, siblingPath, swapInProgress, swapIntoPlace } from './store-swap.js';
import { type Db, type ModelParts, plan, readerFor, writeDatabase } from './store-v1.js';

export { MODEL_MAGIC, MODEL_FORMAT_VERSION } from './store-format.js';
export type { BinaryArray, ModelHeader } from './store-format.js';
export type { ModelParts } from './store-v1.js';

/** A loaded model: its parts (frozen), its size on disk and how long loading took. */
export type LoadedModel = ModelParts & { header: ModelHeader; bytesOnDisk: number; loadMs: number };

/** In-process queue per model path: LevelDB allows one open handle per directory. */
const queues = new Map<string, Promise<unknown>>();
function serialized<T>(abs: string, job: () => Promise<T>): Promise<T> {
  const prev = queues.get(abs) ?? Promise.resolve();
  const run = prev.then(job, job);
  const tail = run.catch(() => undefined);
  queues.set(abs, tail);
  void tail.then(() => {
    if (queues.get(abs) === tail) queues.delete(abs);
  });
  return run;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Total size of the files directly inside `dir`. */
function diskBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isFile()) total += statSync(join(dir, e.name)).size;
  return total;
}

/** True when `dir` carries a lexdis marker file. */
function hasMarker(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, MARKER_FILE), 'utf8')) as { magic?: unknown }).magic === MODEL_MAGIC;
  } catch {
    return false;
  }
}

/**
 * Fails before any training work when `dir` cannot take a model: the parent must exist and
 * be writable, and `dir` must be absent, an empty directory, or an existing lexdis model
 * (never an unrelated file or directory). Throws OutputError.
 */
export function assertModelPathWritable(dir: string): void {
  const abs = resolve(dir);
  const parent = dirname(abs);
  if (!existsSync(parent)) throw new OutputError('output folder does not exist', { file: parent });
  if (!statSync(parent).isDirectory()) throw new OutputError('output folder is not a directory', { file: parent });
  try {
    accessSync(parent, constants.W_OK | constants.X_OK);
  } catch {
    throw new OutputError('output folder is not writable', { file: parent });
  }
  if (!existsSync(abs)) return;
  if (!statSync(abs).isDirectory()) throw new OutputError('refusing to replace a file with a model', { file: abs });
  if (readdirSync(abs).length > 0 && !hasMarker(abs)) {
    throw new OutputError('refusing to replace a directory that is not a lexdis model', { file: abs });
  }
}

/**
 * Writes a model to `dir`, replacing a model already there only once the new one is complete
 * (crash-safe: see ./store-swap.ts). Unusable parts → UsageError; an unwritable path →
 * OutputError, both before anything is written. Returns bytes on disk and elapsed ms.
 */
export async function writeModel(dir: string, parts: ModelParts): Promise<{ bytes: number; ms: number }> {
  const t0 = performance.now();
  const abs = resolve(dir);
  const p = plan(parts);
  assertModelPathWritable(abs);
  return serialized(abs, async () => {
    const tmp = siblingPath(abs, 'tmp');
    claim(tmp);
    try {
      recoverModelPath(abs);
      await writeDatabase(tmp, p);
      swapIntoPlace(tmp, abs);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
      if (err instanceof LexdisError) throw err;
      throw new OutputError(`cannot write model: ${(err as Error).message}`, { file: abs });
    } finally {
      release(tmp);
    }
    return { bytes: diskBytes(abs), ms: performance.now() - t0 };
  });
}

/** Opens the database at `abs` (which must look like a LevelDB), retrying while it is locked. */
async function openModelDb(abs: string): Promise<Db> {
  for (let waited = 0; ; ) {
    if (!existsSync(abs) && swapInProgress(abs) && waited < 5000) {
      await sleep(20);
      waited += 20;
      continue;
    }
    if (!existsSync(abs)) throw new DataNotFoundError('model not found', { file: abs });
    if (!statSync(abs).isDirectory()) throw new ModelFormatError('not a lexdis model (not a directory)', { file: abs });
    // Opening would create LOCK and LOG files, so never open a directory that is no LevelDB.
    if (!existsSync(join(abs, 'CURRENT'))) {
      throw new ModelFormatError('not a lexdis model (no model database in this directory)', { file: abs });
    }
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

/** Runs `job` on the open database; retries when another process swapped the model meanwhile. */
async function withModelDb<T>(dir: string, job: (db: Db, abs: string) => Promise<T>): Promise<T> {
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

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Loads a whole model. Checks magic and format version first (ModelFormatError /
 * ModelVersionError naming the directory), then every part's checksum. `expectKind`
 * refuses a model of another kind. The result is frozen; arrays are fresh and aligned.
 */
export async function readModel(dir: string, opts: { expectKind?: string } = {}): Promise<LoadedModel> {
  const t0 = performance.now();
  const parts = await withModelDb(dir, async (db, abs) => {
    const reader = await readerFor(db, abs, opts.expectKind);
    return reader.parts(db, abs, opts.expectKind);
  });
  const abs = resolve(dir);
  const loaded: LoadedModel = {
    header: deepFreeze(parts.header),
    json: deepFreeze(parts.json),
    binary: Object.freeze(parts.binary),
    bytesOnDisk: existsSync(abs) ? diskBytes(abs) : 0,
    loadMs: performance.now() - t0,
  };
  return Object.freeze(loaded);
}

/** Reads and checks only the header (cheap: no parts are loaded). */
export async function readModelHeader(dir: string): Promise<ModelHeader> {
  const header = await withModelDb(dir, async (db, abs) => {
    const reader = await readerFor(db, abs);
    return (await reader.head(db, abs)).header;
  });
  return deepFreeze(header);
}
