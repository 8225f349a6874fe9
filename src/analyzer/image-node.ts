/**
 * The fingerprint of the analyzer's tables in a folder (./image.ts): what lets Analyzer.load use
 * a compiled image only for the very files and code it was made from. It reads the six files and
 * the analyzer's own compiled modules, so it runs in Node only; an analyzer made from an image
 * alone (Analyzer.fromImage) does without it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { TABLE_FILES } from './lexicon.js';

let codeCrc: number | undefined;

/** Besides this module, where the walk of {@link analyzerCodeCrc} starts: reading the files, and the image. */
const WALK_FROM = ['./lexicon-node.js', './image.js'];

/** A relative import of a compiled module: the modules whose code decides what loading the tables makes. */
const IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gm;

/**
 * CRC-32 of the code that makes what an image holds: this module, ./lexicon-node.ts (reading
 * the files) and ./image.ts, and every module they import (the parsing of the tables, the names'
 * vowel model's stems), followed through their relative imports as this process runs them, in a
 * fixed order.
 */
function analyzerCodeCrc(): number {
  if (codeCrc !== undefined) return codeCrc;
  const files = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) visit(join(dirname(file), m[1]));
  };
  for (const start of ['./image-node.js', ...WALK_FROM]) visit(fileURLToPath(new URL(start, import.meta.url)));
  let crc = 0;
  for (const f of [...files].sort())
    crc = crc32(readFileSync(f), crc32(relative(dirname(fileURLToPath(import.meta.url)), f), crc));
  return (codeCrc = crc);
}

/**
 * What identifies the tables an image may stand for: the six files of `dir` (size and CRC-32
 * each), the `caseEndings` option and the analyzer's code that loads them (see ./image.ts). A file
 * that cannot be read gives a fingerprint no image has (loading the files then reports it).
 * Returns the fingerprint. Throws nothing.
 */
export function tablesFingerprint(dir: string, caseEndings: boolean): string {
  const files = TABLE_FILES.map((f) => {
    try {
      const bytes = readFileSync(join(dir, f));
      return `${f}:${bytes.byteLength}:${crc32(bytes).toString(16)}`;
    } catch {
      return `${f}:unreadable`;
    }
  });
  return [...files, `caseEndings:${caseEndings}`, `code:${analyzerCodeCrc().toString(16)}`].join(' ');
}
