/**
 * Writes a format-version-1 model (a LevelDB directory, as lexdis up to 0.1 did), for the
 * tests of `lexdis upgrade-model`: lexdis itself only reads that format (src/model/upgrade/).
 */
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Level } from 'level';
import { CHUNK_BYTES, MARKER_FILE, MODEL_MAGIC, plan, type ModelParts, type Plan } from '../src/model/store-format.js';
import { ENDIAN, type BinaryMeta, type Db, type Manifest } from '../src/model/upgrade/store-v1.js';

const enc = new TextEncoder();

/** Writes the whole database at `tmp`, closes it and reopens it once to settle its log. */
export async function writeDatabase(tmp: string, p: Plan): Promise<void> {
  const writeId = randomBytes(8).toString('hex');
  const manifest: Manifest = { writeId, headerCrc: crc32(enc.encode(p.headerText)), json: {}, binary: [] };
  const db: Db = new Level(tmp, { createIfMissing: true, errorIfExists: true });
  await db.open();
  try {
    for (const [name, bytes] of p.json) {
      await db.put<string, Uint8Array>(`json/${name}`, bytes, { valueEncoding: 'view' });
      manifest.json[name] = { bytes: bytes.byteLength, crc32: crc32(bytes) };
    }
    for (const [name, dtype, array] of p.binary) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      const sums: number[] = [];
      for (let off = 0, n = 0; off < bytes.byteLength; off += CHUNK_BYTES, n++) {
        const chunk = bytes.subarray(off, off + CHUNK_BYTES);
        sums.push(crc32(chunk));
        await db.put<string, Uint8Array>(`bin/${name}/${n}`, chunk, { valueEncoding: 'view' });
      }
      const meta: BinaryMeta = {
        writeId, dtype, length: array.length, byteLength: bytes.byteLength, chunkBytes: CHUNK_BYTES,
        chunks: sums.length, crc32: sums, endian: ENDIAN,
      };
      await db.put(`binmeta/${name}`, JSON.stringify(meta));
      manifest.binary.push(name);
    }
    await db.put('manifest', JSON.stringify(manifest));
    await db.put('header', p.headerText);
  } finally {
    await db.close();
  }
  const again: Db = new Level(tmp, { createIfMissing: false });
  await again.open();
  await again.close();
  writeFileSync(join(tmp, MARKER_FILE), JSON.stringify({ magic: MODEL_MAGIC, formatVersion: p.header.formatVersion, kind: p.header.kind }) + '\n');
}

/** Writes `parts` as a format-version-1 model at the new path `dir`, as lexdis 0.1.0 did. */
export async function writeModelV1(dir: string, parts: ModelParts): Promise<void> {
  await writeDatabase(dir, plan(parts, 1, 'lexdis 0.1.0'));
}

/** Writes a raw LevelDB at `dir` holding the given string keys (a damaged or foreign format-1 model). */
export async function rawDb(dir: string, entries: Record<string, string>): Promise<void> {
  const db = new Level(dir);
  await db.open();
  for (const [k, v] of Object.entries(entries)) await db.put(k, v);
  await db.close();
}

/** Rewrites (or, when `change` gives undefined, deletes) one value of a format-1 model directly through LevelDB. */
export async function tamperV1(
  dir: string,
  key: string,
  change: (v: Uint8Array | undefined) => Uint8Array | undefined,
): Promise<void> {
  const db = new Level<string, string>(dir);
  await db.open();
  const next = change(await db.get<string, Uint8Array>(key, { valueEncoding: 'view' }));
  if (next === undefined) await db.del(key);
  else await db.put<string, Uint8Array>(key, next, { valueEncoding: 'view' });
  await db.close();
}
