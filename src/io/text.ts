/**
 * Text from bytes and into lines, with no file system: what the analyzer and the tagger need of
 * text wherever they run (a browser too). Reading files is ./files.ts.
 */
import { InputParseError } from '../errors.js';
import { refuseUtf16, requireEncoding, type TextEncoding } from './encoding.js';

/**
 * Decodes bytes; UTF-8 must be valid (an error names the file and line of the first bad byte).
 * UTF-16 text (a byte-order mark, or NUL bytes every other byte) is refused with its own hint.
 */
export function decodeText(bytes: Uint8Array, file: string, encoding: TextEncoding = 'utf-8'): string {
  requireEncoding('encoding', encoding);
  refuseUtf16(bytes, file);
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

/** Splits text into lines, accepting LF and CRLF. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
