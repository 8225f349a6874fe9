/**
 * File helpers shared by readers, writers and the model store: read text in UTF-8 or
 * Windows-1256 (decoded by ./text.ts), and write whole files through the one output writer
 * (src/io/output-writer.ts).
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { OutputError } from '../errors.js';
import { requireEncoding, type TextEncoding } from './encoding.js';
import { decodeText } from './text.js';
import { planOutput, writeOutputSync } from './output-writer.js';

export { tempPathFor } from './output-writer.js';
export { TEXT_ENCODINGS, requireEncoding, type TextEncoding } from './encoding.js';
export { readTextFile } from './text-file.js';
export { decodeText, splitLines } from './text.js';

/** Reads standard input to the end, as text. */
export async function readStdin(encoding: TextEncoding = 'utf-8'): Promise<string> {
  requireEncoding('encoding', encoding);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return decodeText(Buffer.concat(chunks), '<stdin>', encoding);
}

/**
 * Fails early (OutputError naming the folder) when the folder of an output path does not
 * exist, is not a directory or is not writable. Every command treats its output alike: the
 * output itself may be created, its folder never; but for `makeable` (a model `lexdis train`
 * writes): then the folder may be missing, to be made, and the nearest folder above it that
 * exists is checked instead. Takes the path and the option; returns nothing.
 */
export function assertParentFolder(target: string, options: { makeable?: boolean } = {}): void {
  let dir = dirname(resolve(target));
  if (options.makeable) while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  if (!existsSync(dir)) throw new OutputError('output folder does not exist', { file: dir });
  if (!statSync(dir).isDirectory()) throw new OutputError('output folder is not a directory', { file: dir });
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new OutputError('output folder is not writable', { file: dir });
  }
}

/**
 * Makes the folder `dir` with its missing parents (nothing when it is there). Takes the path;
 * returns it. Throws OutputError naming it when it cannot be made (a file in the way, no right
 * to write).
 */
export function makeFolders(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new OutputError(`cannot make the folder (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { file: dir });
  }
  return dir;
}

/**
 * Fails early (before any work) when `target` cannot be written; see planOutput in
 * src/io/output-writer.ts for what each kind of path means. Throws OutputError.
 */
export function assertWritable(target: string): void {
  planOutput(target);
}

/**
 * Writes a whole file through the one output writer (src/io/output-writer.ts): a regular file is
 * replaced atomically keeping its mode, a link's target is written, a FIFO or device in place.
 * Takes the path and the data; returns nothing. Throws OutputError; on error the old file
 * stays and no temporary file is left.
 */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
  writeOutputSync(target, data);
}
