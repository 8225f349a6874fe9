/**
 * `lexdis upgrade-model`: converts a format-1 model (a LevelDB directory, what lexdis wrote up
 * to 0.1) to format 2 (one immutable file, ../store-file.ts), the only format inference reads.
 * Every part is read and checked as format 1 stored it, then written whole through the store's
 * crash-safe writer (../store.ts writeModel): in place, the path holds the old or the new
 * complete model at every instant. The header keeps every field but the format version.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { requireString } from '../../args.js';
import { MODEL_FILE, type ModelHeader } from '../store-format.js';
import { assertModelPathWritable, readModel, writeModel } from '../store.js';
import { withModelDb } from './leveldb.js';
import { readerFor } from './store-v1.js';

/** What {@link upgradeModel} did. */
export interface UpgradeResult {
  /** False when the model was already format 2 (checked whole; nothing is written then). */
  upgraded: boolean;
  /** The format version the model had. */
  fromVersion: number;
  /** Where the format-2 model is. */
  dir: string;
  /** Its size on disk, when written. */
  bytes?: number;
}

/** True when `abs` is a format-1 model directory: a LevelDB and no format-2 model file. */
function isLevelDbModel(abs: string): boolean {
  return existsSync(join(abs, 'CURRENT')) && !existsSync(join(abs, MODEL_FILE));
}

/**
 * Converts the model at `dir` to format 2. Takes the model's path and where to write the
 * result (`out`, default `dir` itself: replaced in place); returns what was done. A model
 * already of format 2 is checked whole (every part's checksum) and left as it is: nothing is
 * written. The output path is checked first either way. Throws UsageError for a bad
 * argument, DataNotFoundError for a missing model, ModelFormatError / ModelVersionError for
 * something that is not a model this lexdis can convert (a damaged part is found before
 * anything is written), OutputError for an output path that cannot take a model.
 */
export async function upgradeModel(dir: string, out: string = dir): Promise<UpgradeResult> {
  requireString('dir', dir);
  requireString('out', out);
  const abs = resolve(dir);
  if (resolve(out) !== abs) assertModelPathWritable(out);
  if (!isLevelDbModel(abs)) {
    const model = await readModel(abs);
    return { upgraded: false, fromVersion: model.header.formatVersion, dir: abs };
  }
  const v1 = await withModelDb(abs, async (db) => (await readerFor(db, abs)).parts(db, abs));
  const { magic: _magic, formatVersion, ...header } = v1.header as ModelHeader;
  const written = await writeModel(out, { header, json: v1.json, binary: v1.binary });
  return { upgraded: true, fromVersion: formatVersion, dir: resolve(out), bytes: written.bytes };
}
