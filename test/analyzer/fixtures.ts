/** Paths to the analyzer's test fixtures, and temporary variants of the mini lexicon. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';

/** The six-file mini lexicon (CRLF line endings). */
export const MINI_DIR = join(projectRoot(), 'test', 'fixtures', 'analyzer', 'mini');

/** A temporary copy of the mini lexicon; `edit` may rewrite files in it. Returns the dir and a cleanup. */
export function miniCopy(edit: (dir: string) => void = () => {}): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-analyzer-'));
  cpSync(MINI_DIR, dir, { recursive: true });
  edit(dir);
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Rewrites one file of a directory through `fn`. */
export function rewrite(dir: string, name: string, fn: (text: string) => string): void {
  const file = join(dir, name);
  writeFileSync(file, fn(readFileSync(file, 'utf8')));
}
