/**
 * The analyzer's six tables read from a folder of files (./lexicon.ts parses them): each file's
 * text checked as UTF-8, a missing folder or file a DataNotFoundError naming it.
 */
import { isUtf8 } from 'node:buffer';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DataNotFoundError } from '../errors.js';
import { decodeText } from '../io/text.js';
import { parseLexicon, type Lexicon, type LexiconOptions } from './lexicon.js';

/**
 * A table file's text: UTF-8 checked natively (fast for the 4 MB stem lexicon); invalid
 * UTF-8 falls back to {@link decodeText} for an error naming the line.
 */
function readUtf8(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new DataNotFoundError(`cannot read table file (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { file });
  }
  if (!isUtf8(bytes)) return decodeText(bytes, file);
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Loads the six files from `dir`, tables first as the reference program does (./lexicon.ts
 * parseLexicon). A missing directory or file is a DataNotFoundError naming it; a malformed line
 * is an InputParseError with file and line. Returns the lexicon.
 */
export function loadLexicon(dir: string, options: Partial<LexiconOptions> = {}): Lexicon {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new DataNotFoundError('analyzer table directory not found', { file: dir });
  }
  return parseLexicon((name) => ({ file: join(dir, name), text: readUtf8(join(dir, name)) }), dir, options);
}
