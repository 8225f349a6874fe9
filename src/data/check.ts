/**
 * What a data folder holds against the manifest (src/data/manifest.ts): each file present with
 * the recorded size and sha256, missing, or damaged.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../errors.js';
import { DATA_SETS, DATA_SET_NAMES, type DataFile, type DataSet } from './manifest.js';

/** The sha256 of a file's bytes, lowercase hex, read as a stream. Throws what reading throws. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * The sets named, in the manifest's order; all of them for an empty list. Throws UsageError for a
 * name the manifest lacks, listing the names it has.
 */
export function selectSets(names: readonly string[] = [], sets: readonly DataSet[] = DATA_SETS): DataSet[] {
  const known = sets.map((s) => s.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    throw new UsageError(`no data set ${unknown.map((n) => `'${n}'`).join(', ')}: the sets are ${(sets === DATA_SETS ? DATA_SET_NAMES : known).join(', ')}`);
  }
  return names.length === 0 ? [...sets] : sets.filter((s) => names.includes(s.name));
}

/** A file's state in a data folder: `ok` (size and sha256 as recorded), `missing`, or `damaged`. */
export interface FileCheck {
  set: string;
  /** `SET/NAME`, relative to the data folder. */
  path: string;
  status: 'ok' | 'missing' | 'damaged';
  /** What is wrong with a damaged file (size or sha256, expected and found). */
  detail?: string;
  /** True for a file without a public source (only a mirror has it). */
  mirrorOnly: boolean;
}

/** Whether the file at `path` is the manifest's `file`: size first (cheap), then sha256. */
export async function checkFile(path: string, file: DataFile): Promise<Pick<FileCheck, 'status' | 'detail'>> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) return { status: 'damaged', detail: 'not a regular file' };
    size = s.size;
  } catch {
    return { status: 'missing' };
  }
  if (size !== file.bytes) return { status: 'damaged', detail: `${size} bytes, expected ${file.bytes}` };
  const sha = await sha256File(path);
  return sha === file.sha256 ? { status: 'ok' } : { status: 'damaged', detail: `sha256 ${sha}, expected ${file.sha256}` };
}

/**
 * Checks every file of `sets` (default all) in the data folder `dir`, in the manifest's order,
 * calling `onFile` (files checked, of all) after each. Never throws for a missing or damaged file
 * (that is the report); throws what reading throws otherwise.
 */
export async function checkData(
  dir: string,
  sets: readonly DataSet[] = DATA_SETS,
  onFile?: (done: number, total: number) => void,
): Promise<FileCheck[]> {
  const out: FileCheck[] = [];
  const total = sets.reduce((n, s) => n + s.files.length, 0);
  for (const set of sets) {
    for (const file of set.files) {
      const result = await checkFile(join(dir, set.name, file.name), file);
      out.push({
        set: set.name,
        path: `${set.name}/${file.name}`,
        mirrorOnly: file.source === undefined || !set.origin,
        ...result,
      });
      onFile?.(out.length, total);
    }
  }
  return out;
}
