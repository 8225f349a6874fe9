/**
 * File helpers shared by readers, writers and the model store: read text in UTF-8 or
 * Windows-1256, and write so that a crash never leaves a half-written file (write to a
 * temporary path beside the target, then rename).
 */
import { accessSync, constants, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DataNotFoundError, InputParseError, OutputError } from './errors.js';

export type TextEncoding = 'utf-8' | 'windows-1256';

/** Decodes bytes; UTF-8 must be valid (an error names the file and line of the first bad byte). */
export function decodeText(bytes: Uint8Array, file: string, encoding: TextEncoding = 'utf-8'): string {
  if (encoding === 'windows-1256') return new TextDecoder('windows-1256').decode(bytes);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    const bad = text.indexOf('\ufffd');
    const line = text.slice(0, Math.max(bad, 0)).split('\n').length;
    throw new InputParseError('not valid UTF-8 (use --encoding windows-1256 for Arabic Windows files)', { file, line });
  }
}

/** Reads a whole text file; a missing file is a DataNotFoundError naming it. */
export function readTextFile(file: string, encoding: TextEncoding = 'utf-8'): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new DataNotFoundError(`cannot read file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file });
  }
  return decodeText(bytes, file, encoding);
}

/** Reads standard input to the end, as text. */
export async function readStdin(encoding: TextEncoding = 'utf-8'): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return decodeText(Buffer.concat(chunks), '<stdin>', encoding);
}

/** A temporary path in the same folder as `target`, so that rename is atomic. */
export function tempPathFor(target: string): string {
  const abs = resolve(target);
  return join(dirname(abs), `.lexdis-tmp-${basename(abs)}-${process.pid}-${Date.now().toString(36)}`);
}

/** Fails early (before any work) when `target` cannot be written. */
export function assertWritable(target: string): void {
  const abs = resolve(target);
  const dir = dirname(abs);
  if (!existsSync(dir)) throw new OutputError('output folder does not exist', { file: dir });
  try {
    accessSync(dir, constants.W_OK);
    if (existsSync(abs) && !statSync(abs).isDirectory()) accessSync(abs, constants.W_OK);
  } catch {
    throw new OutputError('output path is not writable', { file: abs });
  }
}

/** Writes a file atomically: temporary file, then rename over the target. */
export function writeFileAtomic(target: string, data: string | Uint8Array): void {
  const tmp = tempPathFor(target);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new OutputError(`cannot write: ${(err as Error).message}`, { file: target });
  }
}

/** Splits text into lines, accepting LF and CRLF. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
