/**
 * The model container. A model is a directory holding one immutable file,
 * {@link MODEL_FILE} (format version 3, 2 read too, ./store-file.ts: a checked header and named JSON and
 * binary parts with CRC-32s), and a small marker file; or that file alone, anywhere (what
 * {@link writeModelFile} and `lexdis export-model` write, for deployment). Reading is plain
 * file reads: no lock, nothing written, so models load from read-only volumes and from any
 * number of processes at once. A directory of format version 1 (LevelDB) is refused with a
 * ModelVersionError that says to convert it (`lexdis upgrade-model`, ./upgrade/).
 *
 * Crash-safe replacement: ./store-swap.ts — a model is written whole to a temporary sibling
 * and swapped in by renames, so at every instant the path holds the old or the new complete
 * model (or the old one can be restored from its backup, which the next read or write does).
 *
 * Loaded parts are fresh, aligned typed arrays and deep-frozen JSON; treat them as read-only
 * (typed arrays cannot be frozen). A loaded model can be shared across concurrent requests.
 */
import {
  closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync,
  rmSync, statSync, writeFileSync, writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DataNotFoundError, LexdisError, ModelFormatError, ModelVersionError, OutputError } from '../errors.js';
import { projectRoot } from '../config.js';
import { assertParentFolder } from '../io/files.js';
import { type ModelHeader, type ModelParts, type Plan, MARKER_FILE, MODEL_FILE, MODEL_MAGIC, UPGRADE_HINT, plan } from './store-format.js';
import { deepFreeze } from './store-decode.js';
import { type Compression, encodeModelFile, fileVersionOf, hasFileSignature, readFileHeader, readModelFile } from './store-file.js';
import { claim, fsyncPath, recoverModelPath, release, serialized, siblingPath, sleep, swapInProgress, swapIntoPlace } from './store-swap.js';

export { MODEL_MAGIC, MODEL_FORMAT_VERSION, MODEL_FILE } from './store-format.js';
export type { BinaryArray, ModelHeader } from './store-format.js';
export type { ModelParts } from './store-format.js';
export { COMPRESSIONS, fileVersionOf, type Compression } from './store-file.js';

/**
 * How a model's chunks are stored when the writer does not say (./store-file.ts COMPRESSIONS):
 * deflated, the smaller file (docs/model-format.md weighs the two).
 */
export const DEFAULT_COMPRESSION: Compression = 'deflate-raw';

let cachedVersion: string | undefined;
/**
 * Returns `lexdis <package version>`, the writer a model's header names (`createdBy`), read
 * from the package's package.json once (`lexdis unknown` when it cannot be). Throws nothing.
 */
export function creatorString(): string {
  if (cachedVersion === undefined) {
    try {
      const pkg = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version?: string };
      cachedVersion = pkg.version ?? 'unknown';
    } catch {
      cachedVersion = 'unknown';
    }
  }
  return `lexdis ${cachedVersion}`;
}

/** How to write a model: how its chunks are stored ({@link DEFAULT_COMPRESSION} when absent). */
export interface WriteOptions { compression?: Compression }

/**
 * Fails before any training work when `dir` cannot take a model: the parent must exist and
 * be writable (with `makeParents`, the nearest folder above it that exists must be, and nothing
 * but folders may stand in the way), and `dir` must be absent, an empty directory, or an existing
 * lexdis model (never an unrelated file or directory). Takes the path and the option; returns
 * nothing. Throws OutputError.
 */
export function assertModelPathWritable(dir: string, options: { makeParents?: boolean } = {}): void {
  const abs = resolve(dir);
  assertParentFolder(abs, { makeable: options.makeParents });
  if (!existsSync(abs)) return;
  if (!statSync(abs).isDirectory()) throw new OutputError('refusing to replace a file with a model', { file: abs });
  if (readdirSync(abs).length > 0 && !hasMarker(abs)) {
    throw new OutputError('refusing to replace a directory that is not a lexdis model', { file: abs });
  }
}

/** A loaded model: its parts (frozen), its size on disk and how long loading took. */
export type StoredModel = ModelParts & { header: ModelHeader; bytesOnDisk: number; loadMs: number };

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

/** Writes `chunks` to a new file at `path` and fsyncs it. */
function writeChunks(path: string, chunks: readonly Uint8Array[]): void {
  const fd = openSync(path, 'wx', 0o644);
  try {
    for (const c of chunks) for (let at = 0; at < c.byteLength; ) at += writeSync(fd, c, at, c.byteLength - at);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes a model directory (model file and marker) at the new path `tmp`. */
function writeModelDir(tmp: string, p: Plan, compression: Compression): void {
  mkdirSync(tmp);
  writeChunks(join(tmp, MODEL_FILE), encodeModelFile(p, compression));
  writeFileSync(join(tmp, MARKER_FILE), JSON.stringify({ magic: MODEL_MAGIC, formatVersion: p.header.formatVersion, kind: p.header.kind }) + '\n');
}

/**
 * Writes a model directory at `dir`, replacing a model already there only once the new one
 * is complete (crash-safe: see ./store-swap.ts). Unusable parts → UsageError; an unwritable
 * path → OutputError, both before anything is written. `opts.compression` says how the chunks
 * are stored. Returns bytes on disk and elapsed ms.
 */
export async function writeModel(
  dir: string,
  parts: ModelParts,
  opts: WriteOptions = {},
): Promise<{ bytes: number; ms: number }> {
  const t0 = performance.now();
  const abs = resolve(dir);
  const compression = opts.compression ?? DEFAULT_COMPRESSION;
  const p = plan(parts, fileVersionOf(compression), creatorString());
  assertModelPathWritable(abs);
  return serialized(abs, async () => {
    const tmp = siblingPath(abs, 'tmp');
    claim(tmp);
    try {
      recoverModelPath(abs);
      writeModelDir(tmp, p, compression);
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

/**
 * Takes a path; returns true when it is a file that starts with the single-file model signature
 * (false for anything else, or nothing there). Throws nothing.
 */
export function isModelFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(16);
    return hasFileSignature(head.subarray(0, readSync(fd, head, 0, 16, 0)));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes a model as one file at `file` (the file a model directory holds), for deployment:
 * written beside it, then renamed into place, so the path holds the old or the new complete
 * file. Only a missing path or an existing single-file model is replaced (OutputError
 * otherwise, and for a missing folder); unusable parts → UsageError. `opts` as {@link writeModel}.
 */
export function writeModelFile(
  file: string,
  parts: ModelParts,
  opts: WriteOptions = {},
): { bytes: number; ms: number } {
  const t0 = performance.now();
  const abs = resolve(file);
  const compression = opts.compression ?? DEFAULT_COMPRESSION;
  const p = plan(parts, fileVersionOf(compression), creatorString());
  if (!existsSync(dirname(abs))) throw new OutputError('output folder does not exist', { file: dirname(abs) });
  if (existsSync(abs) && (!statSync(abs).isFile() || !isModelFile(abs))) {
    throw new OutputError('refusing to replace something that is not a single-file lexdis model', { file: abs });
  }
  const tmp = siblingPath(abs, 'tmp');
  try {
    writeChunks(tmp, encodeModelFile(p, compression));
    renameSync(tmp, abs);
    fsyncPath(dirname(abs));
  } catch (err) {
    rmSync(tmp, { force: true });
    if (err instanceof LexdisError) throw err;
    throw new OutputError(`cannot write model: ${(err as Error).message}`, { file: abs });
  }
  return { bytes: statSync(abs).size, ms: performance.now() - t0 };
}

/** Where the model at `dir` is: its model file, with the bytes of the model on disk. */
interface Located { file: string; bytes: number }

/**
 * Finds the model at `abs`, waiting while another process is swapping a new one in. Throws
 * DataNotFoundError for nothing there, ModelVersionError for a format-1 directory (a LevelDB),
 * ModelFormatError for anything else.
 */
async function locate(abs: string): Promise<Located> {
  for (let waited = 0; ; waited += 20) {
    try {
      recoverModelPath(abs);
    } catch {
      // Best effort: a read-only parent cannot be cleaned, the model may still be readable.
    }
    if (!existsSync(abs)) {
      if (swapInProgress(abs) && waited < 5000) {
        await sleep(20);
        continue;
      }
      throw new DataNotFoundError('model not found', { file: abs });
    }
    const st = statSync(abs);
    if (st.isFile()) return { file: abs, bytes: st.size };
    if (!st.isDirectory()) throw new ModelFormatError('not a lexdis model (neither a model file nor a directory)', { file: abs });
    const file = join(abs, MODEL_FILE);
    if (existsSync(file)) return { file, bytes: diskBytes(abs) };
    if (existsSync(join(abs, 'CURRENT'))) throw new ModelVersionError(`model format version 1 (a LevelDB directory) is no longer read; ${UPGRADE_HINT}`, { file: abs });
    throw new ModelFormatError('not a lexdis model (no model file or database in this directory)', { file: abs });
  }
}

/** Runs `read` on the model file at `abs`; retries once when a concurrent swap removed it meanwhile. */
async function readFormat2<T>(abs: string, read: (file: string, bytes: number) => T): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const where = await locate(abs);
    try {
      return read(where.file, where.bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && attempt < 3) continue;
      if (err instanceof LexdisError) throw err;
      throw new ModelFormatError(`cannot read the model: ${(err as Error).message}`, { file: abs });
    }
  }
}

/**
 * The bytes of a model's file, found as {@link readModel} finds it (a model directory or a single
 * model file), not checked: what Model.fromBytes reads elsewhere. Throws DataNotFoundError for a
 * missing path, ModelFormatError / ModelVersionError for a path that holds no format-2 model.
 */
export async function readModelBytes(dir: string): Promise<Uint8Array> {
  return readFormat2(resolve(dir), (file) => new Uint8Array(readFileSync(file)));
}

/**
 * Loads a whole model from a model directory or a single model file. Checks magic and format
 * version first (ModelFormatError / ModelVersionError naming the path), then every part's
 * checksum; a missing path → DataNotFoundError. `expectKind` refuses a model of another
 * kind. The result is frozen; arrays are fresh and aligned. Writes nothing.
 */
export async function readModel(dir: string, opts: { expectKind?: string } = {}): Promise<StoredModel> {
  const t0 = performance.now();
  const abs = resolve(dir);
  const parts = await readFormat2(abs, (file, bytes) => ({ ...readModelFile(file, opts.expectKind), bytes }));
  const loaded: StoredModel = {
    header: deepFreeze(parts.header),
    json: deepFreeze(parts.json),
    binary: Object.freeze(parts.binary),
    bytesOnDisk: parts.bytes,
    loadMs: performance.now() - t0,
  };
  return Object.freeze(loaded);
}

/** Reads and checks only the header (no parts are checked); errors as {@link readModel}. */
export async function readModelHeader(dir: string): Promise<ModelHeader> {
  const abs = resolve(dir);
  return deepFreeze(await readFormat2(abs, (file) => readFileHeader(file)));
}
