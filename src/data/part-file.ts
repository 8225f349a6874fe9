/**
 * The files fetch writes in a data folder, and the rule it keeps there: it writes only files it
 * created. A set's folder is made by fetch or is a real folder (a link in its place is not
 * written through); `NAME.part` is opened without following a link and without blocking, and is
 * resumed only when it is a regular file with one link and this user's (anything else in its
 * place is refused, never followed or removed); `NAME` is replaced only when it is missing or a
 * regular file, and the part is renamed over it only while the name still holds the file opened.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { OutputError } from '../errors.js';

/** A part file opened for reading and writing. */
export interface PartFile {
  readonly path: string;
  readonly fh: FileHandle;
  /** Its size when opened. */
  readonly size: number;
}

/** What a thing that is not a regular file is, in words. */
function kind(s: Stats): string {
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isDirectory()) return 'a folder';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** The error for something fetch did not make in the place of `path`. */
function inTheWay(path: string, what: string, done: string): OutputError {
  return new OutputError(`${what} where fetch writes: ${done}; remove it and run again`, { file: path });
}

const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? 'error';

/** `lstat` of `path`, undefined when nothing is there. Throws OutputError for any other failure. */
async function lstatOrNone(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return undefined;
    throw new OutputError(`cannot look at it (${codeOf(err)})`, { file: path });
  }
}

/**
 * Makes the folder `dir` (one level: its parent exists) when it is missing. Throws OutputError
 * when it cannot be made or something other than a folder is there: a link to a folder is not
 * written through.
 */
export async function ensureFolder(dir: string): Promise<void> {
  let s = await lstatOrNone(dir);
  if (s === undefined) {
    try {
      await mkdir(dir);
      return;
    } catch (err) {
      if (codeOf(err) !== 'EEXIST') throw new OutputError(`cannot create the folder (${codeOf(err)})`, { file: dir });
      s = await lstatOrNone(dir);
    }
  }
  if (!s?.isDirectory()) throw inTheWay(dir, s ? kind(s) : 'something that came and went', 'not written through');
}

/** Throws OutputError when something other than a regular file is at `target` (fetch does not replace it). */
export async function checkReplaceable(target: string): Promise<void> {
  const s = await lstatOrNone(target);
  if (s && !s.isFile()) throw inTheWay(target, kind(s), 'not replaced');
}

const OPEN_FLAGS = constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** The refusal of a part that is a regular file fetch may not write (several links, another user's), or undefined. */
function notResumable(s: Stats): string | undefined {
  if (s.nlink > 1) return `a file with ${s.nlink} links`;
  const uid = process.getuid?.();
  if (uid !== undefined && s.uid !== uid) return `a file of another user (uid ${s.uid})`;
  return undefined;
}

/**
 * Opens the part at `path` to resume it, or creates it (exclusively) when there is none.
 * Throws OutputError when it cannot, or when what is there is not a part fetch may write: a
 * link (not followed), a FIFO, folder, socket or device (never opened), a file with more than
 * one link or of another user (not written).
 */
export async function openPart(path: string): Promise<PartFile> {
  const before = await lstatOrNone(path);
  if (before && !before.isFile()) throw inTheWay(path, kind(before), 'not followed or written');
  const refused = before && notResumable(before);
  if (refused) throw inTheWay(path, refused, 'not written');
  let fh: FileHandle;
  try {
    fh = await open(path, before ? OPEN_FLAGS : OPEN_FLAGS | constants.O_CREAT | constants.O_EXCL, 0o644);
  } catch (err) {
    const code = codeOf(err);
    if (code === 'ELOOP') throw inTheWay(path, 'a symbolic link', 'not followed or written');
    if (code === 'EEXIST') throw inTheWay(path, 'something made meanwhile', 'not written');
    throw new OutputError(`cannot open the download (${code})`, { file: path });
  }
  const s = await fh.stat();
  if (!s.isFile() || (before && (s.ino !== before.ino || s.dev !== before.dev))) {
    await fh.close();
    throw inTheWay(path, s.isFile() ? 'a file that changed while it was opened' : kind(s), 'not written');
  }
  return { path, fh, size: s.size };
}

/** Whether `path` still names the file `part` holds open. Throws nothing. */
async function stillNames(part: PartFile): Promise<boolean> {
  const [now, mine] = await Promise.all([lstatOrNone(part.path).catch(() => undefined), part.fh.stat()]);
  return now !== undefined && now.isFile() && now.ino === mine.ino && now.dev === mine.dev;
}

/** The sha256 of the part's bytes, lowercase hex. Throws OutputError when it cannot be read. */
export async function sha256Part(part: PartFile): Promise<string> {
  const hash = createHash('sha256');
  const buf = Buffer.alloc(1 << 16);
  try {
    for (let at = 0; ;) {
      const { bytesRead } = await part.fh.read(buf, 0, buf.length, at);
      if (bytesRead === 0) break;
      hash.update(buf.subarray(0, bytesRead));
      at += bytesRead;
    }
  } catch (err) {
    throw new OutputError(`cannot read the download (${codeOf(err)})`, { file: part.path });
  }
  return hash.digest('hex');
}

/** Removes the part's name when it still names the file opened. Throws nothing. */
export async function discardPart(part: PartFile): Promise<void> {
  if (await stillNames(part)) await unlink(part.path).catch(() => undefined);
}

/**
 * Flushes the part to disk and renames it over `target`. Throws OutputError when it cannot, or
 * when the part's name or `target` no longer hold what fetch may replace.
 */
export async function commitPart(part: PartFile, target: string): Promise<void> {
  try {
    await part.fh.sync();
  } catch (err) {
    throw new OutputError(`cannot write the file (${codeOf(err)})`, { file: target });
  }
  await checkReplaceable(target);
  if (!(await stillNames(part))) throw inTheWay(part.path, 'something else than the download', 'not renamed');
  try {
    await rename(part.path, target);
  } catch (err) {
    throw new OutputError(`cannot write the file (${codeOf(err)})`, { file: target });
  }
}
