/**
 * The one output writer behind every command's `-o` (and the library's whole-file writes).
 * What is written depends on what the path is (decided by {@link planOutput} before any work):
 *
 * - `-`, no path, `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N` (or a link to one): written in
 *   place to that file descriptor, streaming (standard output keeps its EPIPE handling);
 * - a FIFO or a character device (or a link to one): opened for writing in place, streaming,
 *   never created, truncated or replaced;
 * - a regular file, or a path that does not exist yet: a temporary file beside it receives the
 *   output and is renamed over it at the end (atomic: on error or interruption the temporary
 *   file is removed and the old file stays as it was). An existing file keeps its permission
 *   bits (set-id and sticky bits dropped, never wider) and, where the process may, its owner
 *   and group; when the group cannot be kept the group bits are cleared;
 * - a symbolic link: the same rules applied to the file it points to; the link stays. A path
 *   and a link's target are resolved as the kernel opens them: each folder on the way followed
 *   (`..` after a linked folder goes up from where that link points, not back up the text);
 * - a directory, a block device, a socket, a missing folder, a path that cannot be written:
 *   an OutputError before anything is written.
 */
/* oxlint-disable max-lines -- one writer: each kind of path has its plan and its commit side by side */
import {
  accessSync, closeSync, constants, createWriteStream, fchmodSync, fchownSync, fsyncSync, lstatSync, openSync,
  readlinkSync, realpathSync, renameSync, writeSync, type Stats, type WriteStream,
} from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { OutputError } from '../errors.js';
import { release, removeStaleTemps, tempPathFor, track } from './output-temp.js';

export { tempPathFor } from './output-temp.js';

/** How a path is written: see the module comment. */
export type OutputPlan =
  | { kind: 'fd'; fd: number; display: string }
  | { kind: 'in-place'; path: string; display: string }
  | { kind: 'replace'; path: string; display: string; existing?: { mode: number; uid: number; gid: number } };

const MAX_LINK_HOPS = 40;
const FD_PATH = /^\/(?:dev\/fd|proc\/self\/fd|proc\/(\d+)\/fd)\/(\d+)$/;
const STANDARD: Record<string, number> = { '/dev/stdout': 1, '/dev/stderr': 2 };

function fdOfPath(path: string): number | undefined {
  if (path in STANDARD) return STANDARD[path];
  const m = FD_PATH.exec(path);
  if (!m || (m[1] !== undefined && Number(m[1]) !== process.pid)) return undefined;
  return Number(m[2]);
}

function lstatOrUndefined(path: string, display: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new OutputError('output folder is not a directory', { file: display });
    throw new OutputError(`cannot inspect output path (${code ?? 'error'})`, { file: display });
  }
}

function checkFolder(path: string, display: string): void {
  const dir = dirname(path);
  const st = lstatOrUndefined(dir, dir);
  if (!st) throw new OutputError('output folder does not exist', { file: dir });
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new OutputError(`output folder is not writable (the file is replaced through a temporary file beside it)`, { file: display });
  }
}

function planFile(path: string, display: string, st: Stats | undefined): OutputPlan {
  checkFolder(path, display);
  if (!st) return { kind: 'replace', path, display };
  try {
    accessSync(path, constants.W_OK);
  } catch {
    throw new OutputError('output file is not writable', { file: display });
  }
  return { kind: 'replace', path, display, existing: { mode: st.mode & 0o777, uid: st.uid, gid: st.gid } };
}

/**
 * The path the kernel opens for `p` (taken from the folder `from` when relative): its folder
 * resolved by realpath(3), which follows each link on the way and applies `..` to where a link
 * led (`sd/../x.txt` with `sd` → `real/inner` is `real/x.txt`), its last component kept as it
 * is (it may be a link, followed by the caller). When the folder cannot be resolved (it does not
 * exist, or a component is not a folder), the textual path, for the caller to report.
 */
function kernelPath(p: string, from: string): string {
  const full = isAbsolute(p) ? p : `${from}/${p}`;
  const slash = full.lastIndexOf('/');
  const folder = full.slice(0, slash) || '/';
  const last = full.slice(slash + 1);
  try {
    const real = realpathSync.native(folder);
    // a last component `.`, `..` or none names a folder: `real` has no link left, so the text resolves it
    return last === '' || last === '.' || last === '..' ? resolve(real, last) : join(real, last);
  } catch {
    return resolve(full);
  }
}

/**
 * Decides how `target` will be written (following symbolic links as the kernel does), checking it can be, and
 * writes nothing. `undefined` and `-` mean standard output.
 * Throws OutputError for a directory, a block device, a socket, a missing or read-only folder,
 * a read-only file, or a loop of links.
 */
export function planOutput(target: string | undefined): OutputPlan {
  if (target === undefined || target === '-') return { kind: 'fd', fd: 1, display: '<stdout>' };
  const display = target;
  let path = kernelPath(target, process.cwd());
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const fd = fdOfPath(path);
    if (fd !== undefined) return { kind: 'fd', fd, display };
    const st = lstatOrUndefined(path, display);
    if (!st || st.isFile()) return planFile(path, display, st);
    if (st.isSymbolicLink()) {
      path = kernelPath(readlinkSync(path), dirname(path));
      continue;
    }
    if (st.isDirectory()) throw new OutputError('output path is a directory (give a file name)', { file: display });
    if (st.isFIFO() || st.isCharacterDevice()) {
      try {
        accessSync(path, constants.W_OK);
      } catch {
        throw new OutputError('output is not writable', { file: display });
      }
      return { kind: 'in-place', path, display };
    }
    throw new OutputError('output path is a block device or socket; write to a file, FIFO or character device', { file: display });
  }
  throw new OutputError('too many levels of symbolic links', { file: display });
}


/**
 * Creates the temporary file for a 'replace' plan (after removing those killed runs left for the
 * same target, {@link removeStaleTemps}) with the old file's mode, and its owner and
 * group where allowed (group bits cleared when the group cannot be kept). Returns its fd.
 */
function createTemp(plan: Extract<OutputPlan, { kind: 'replace' }>, tmp: string): number {
  removeStaleTemps(plan.path);
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  track(tmp);
  const old = plan.existing;
  if (!old) {
    const mask = process.umask();
    fchmodSync(fd, 0o666 & ~mask);
    return fd;
  }
  let mode = old.mode;
  try {
    fchownSync(fd, old.uid, old.gid);
  } catch {
    try {
      fchownSync(fd, -1 as number, old.gid);
    } catch {
      mode &= ~0o070;
    }
  }
  fchmodSync(fd, mode);
  return fd;
}

function outputError(plan: OutputPlan, err: unknown): OutputError {
  if (err instanceof OutputError) return err;
  return new OutputError(`cannot write: ${(err as Error).message}`, { file: plan.display });
}

/** Writes a whole output at once (see {@link planOutput}); throws OutputError, leaving no temporary file. */
export function writeOutputSync(target: string | OutputPlan, data: string | Uint8Array): void {
  const plan = typeof target === 'string' ? planOutput(target) : target;
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  if (plan.kind !== 'replace') {
    const fd = plan.kind === 'fd' ? plan.fd : openSync(plan.path, constants.O_WRONLY);
    try {
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
    } catch (err) {
      throw outputError(plan, err);
    } finally {
      if (plan.kind === 'in-place') closeSync(fd);
    }
    return;
  }
  const tmp = tempPathFor(plan.path);
  try {
    const fd = createTemp(plan, tmp);
    try {
      for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, plan.path);
    release(tmp, false);
  } catch (err) {
    release(tmp, true);
    throw outputError(plan, err);
  }
}

/** An output being written as it is produced; `commit` ends it, `abort` drops it. */
export interface OutputSink {
  /** What the user named (for messages). */
  readonly display: string;
  /** Bytes written so far. */
  readonly bytesWritten: number;
  /** Writes a chunk, waiting while the destination is full. Throws OutputError. */
  write(chunk: string): Promise<void>;
  /** Finishes: flushes, and for a replaced file renames the temporary file over it. Throws OutputError. */
  commit(): Promise<void>;
  /** Gives up: a replaced file's temporary file is removed (the old file stays); in-place output stays as written. */
  abort(): Promise<void>;
}

class StreamSink implements OutputSink {
  bytesWritten = 0;
  private failure: unknown;
  private readonly stream: NodeJS.WritableStream;

  constructor(readonly plan: OutputPlan, private readonly tmp?: string, private readonly tmpFd?: number) {
    this.stream = this.open();
    this.stream.on('error', (err: unknown) => {
      this.failure ??= err;
    });
  }

  get display(): string {
    return this.plan.display;
  }

  private open(): NodeJS.WritableStream {
    const plan = this.plan;
    if (plan.kind === 'fd' && plan.fd === 1) return process.stdout;
    if (plan.kind === 'fd' && plan.fd === 2) return process.stderr;
    if (plan.kind === 'fd') return createWriteStream('', { fd: plan.fd, autoClose: false });
    if (plan.kind === 'in-place') return createWriteStream(plan.path, { flags: constants.O_WRONLY as unknown as string });
    return createWriteStream('', { fd: this.tmpFd!, autoClose: false });
  }

  async write(chunk: string): Promise<void> {
    if (this.failure) throw outputError(this.plan, this.failure);
    if (chunk === '') return;
    this.bytesWritten += Buffer.byteLength(chunk);
    if (this.stream.write(chunk)) return;
    await new Promise<void>((ok, fail) => {
      const onDrain = () => {
        this.stream.off('error', onError);
        ok();
      };
      const onError = (err: unknown) => {
        this.stream.off('drain', onDrain);
        fail(outputError(this.plan, err));
      };
      this.stream.once('drain', onDrain);
      this.stream.once('error', onError);
    });
  }

  private async finish(): Promise<void> {
    const s = this.stream;
    if (s === process.stdout || s === process.stderr) {
      if (!(s as WriteStream).writableNeedDrain) return;
      await new Promise<void>((ok) => s.once('drain', ok));
      return;
    }
    await new Promise<void>((ok, fail) => {
      s.once('error', fail);
      s.end(() => ok());
    });
  }

  async commit(): Promise<void> {
    try {
      if (this.failure) throw this.failure;
      await this.finish();
      if (this.plan.kind !== 'replace') return;
      fsyncSync(this.tmpFd!);
      await closeStream(this.stream as WriteStream);
      renameSync(this.tmp!, this.plan.path);
      release(this.tmp!, false);
    } catch (err) {
      await this.abort();
      throw outputError(this.plan, err);
    }
  }

  async abort(): Promise<void> {
    if (this.plan.kind === 'fd') return;
    // the stream closes its file descriptor once the write in progress (if any) is done
    await closeStream(this.stream as WriteStream);
    if (this.plan.kind === 'replace') release(this.tmp!, true);
  }
}

/** Destroys a file stream and waits until its descriptor is closed (never while a write is in progress). */
function closeStream(stream: WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.destroy();
  });
}

/**
 * Opens an output for streaming (see {@link planOutput}; give a plan made earlier to check the
 * path before long work). For a replaced file the temporary file is created now.
 * Throws OutputError.
 */
export function openOutput(target: string | undefined | OutputPlan): OutputSink {
  const plan = typeof target === 'object' ? target : planOutput(target);
  if (plan.kind !== 'replace') return new StreamSink(plan);
  const tmp = tempPathFor(plan.path);
  let fd: number;
  try {
    fd = createTemp(plan, tmp);
  } catch (err) {
    release(tmp, true);
    throw outputError(plan, err);
  }
  return new StreamSink(plan, tmp, fd);
}
