/**
 * Good inputs for every reader of lexdis, and the faults of issue 7 applied to them: each
 * builder writes one bad input (a file or a directory) into a fresh folder and returns its
 * path. docs/reliability.md names the builders (`input/fault`); the test checks that the
 * table and this registry list the same pairs.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import { writeCandidatesFile } from '../../src/formats/candidates-write.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { projectUd } from '../../src/import/ud-project.js';
import { readTextFile } from '../../src/io/files.js';
import { MODEL_FILE } from '../../src/model/store.js';
import { Rng } from '../../src/random.js';

/** The good inputs a fault starts from (paths). */
export interface GoodInputs {
  dir: string;
  pos: string;
  conllu: string;
  cand: string;
  text: string;
  tables: string;
  /** A trained model (made by the test, with `lexdis train`). */
  model: string;
}

/** First `n` sentences of UD Arabic-PUD as CoNLL-U text (each sentence has its `# newdoc` line). */
function pudSlice(n: number): string {
  const text = readTextFile(dataPaths.pudConllu());
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf('# newdoc', at + 1);
    if (at < 0) return text;
  }
  return text.slice(0, at);
}

/** Writes the good text inputs (pos, CoNLL-U, candidates, raw text) into `dir`; the model comes later. */
export function writeGoodInputs(dir: string, sentences = 60): Omit<GoodInputs, 'model'> {
  const conllu = pudSlice(sentences);
  const { corpus } = projectUd(conllu, Analyzer.load(dataPaths.bama()), { file: 'good.conllu' });
  const paths = {
    dir, pos: join(dir, 'good.pos'), conllu: join(dir, 'good.conllu'), cand: join(dir, 'good.cand'), text: join(dir, 'good.txt'), tables: dataPaths.bama(),
  };
  writeFileSync(paths.conllu, conllu);
  writeFileSync(paths.pos, writePosFile(corpusToPos(corpus)));
  writeFileSync(paths.cand, writeCandidatesFile(corpus));
  writeFileSync(paths.text, readTextFile(dataPaths.referenceSentences()).split('\n').slice(0, 30).join('\n') + '\n');
  return paths;
}

/** Windows-1256 bytes of a text (characters it cannot encode become `?`). */
/** The text in UTF-16LE with a byte-order mark (as Windows Notepad saves "Unicode"). */
export function encodeUtf16(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

export function encodeCp1256(text: string): Buffer {
  const dec = new TextDecoder('windows-1256');
  const map = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) map.set(dec.decode(Uint8Array.of(b)), b);
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out.push(c < 0x80 ? c : map.get(ch) ?? 0x3f);
  }
  return Buffer.from(out);
}

/** 64 KiB of seeded random bytes behind a gzip magic number (a compressed file given by mistake). */
export function binaryJunk(seed = 7): Buffer {
  const rng = new Rng(seed);
  const b = Buffer.alloc(65_536);
  for (let i = 0; i < b.length; i++) b[i] = rng.int(256);
  b[0] = 0x1f;
  b[1] = 0x8b;
  return b;
}

/** A 10 MB line: five million Arabic letters (two bytes each in UTF-8), no space. */
export const longLine = (): string => 'ب'.repeat(5_000_000);

/** The text up to the middle of line n (the first matching `re` after the middle of the file). */
function cutInLine(text: string, re: RegExp, keep = 0.5): string {
  const lines = text.split('\n');
  let n = Math.floor(lines.length * keep);
  while (n < lines.length && !re.test(lines[n])) n++;
  if (n === lines.length) throw new Error(`no line matching ${re} to cut`);
  const cut = lines[n].slice(0, Math.max(1, Math.floor(lines[n].length / 3)));
  return [...lines.slice(0, n), cut].join('\n');
}

/** Inserts a line after line n (the first matching `re` after the start). */
function insertAfter(text: string, re: RegExp, line: string): string {
  const lines = text.split('\n');
  const n = lines.findIndex((l) => re.test(l));
  if (n < 0) throw new Error(`no line matching ${re}`);
  return [...lines.slice(0, n + 1), line, ...lines.slice(n + 1)].join('\n');
}

/** The bytes of a text cut inside its last multi-byte character (a download cut short). */
function cutInCharacter(text: string): Buffer {
  const b = Buffer.from(text, 'utf8');
  let i = b.length - 1;
  while (i > 0 && b[i] < 0xc0) i--;
  return b.subarray(0, i + 1);
}

/** CoNLL-U with every annotation blanked (LEMMA, UPOS, XPOS, FEATS, HEAD, DEPREL, MISC): words only. */
function unannotated(text: string): string {
  return text.split('\n').map((l) => {
    const c = l.split('\t');
    if (c.length !== 10) return l;
    const space = /SpaceAfter=No/.test(c[9]) ? 'SpaceAfter=No' : '_';
    return [c[0], c[1], '_', '_', '_', '_', '_', '_', '_', space].join('\t');
  }).join('\n');
}

/**
 * The text up to the end of a SOLUTION line past the middle of the file, its GLOSS line gone (a
 * cut at a line end, inside a token).
 */
function cutAfterSolution(text: string): string {
  const at = text.indexOf('\n  SOLUTION ', text.length >> 1) + 1;
  return text.slice(0, text.indexOf('\n', at) + 1);
}

/** The text with a NUL byte in the middle of line n (binary data inside a text file). */
function withNul(text: string, n: number): string {
  const lines = text.split('\n');
  const l = lines[n - 1];
  lines[n - 1] = `${l.slice(0, l.length >> 1)}\0${l.slice(l.length >> 1)}`;
  return lines.join('\n');
}

type Build = (good: GoodInputs, dir: string) => string;
const read = (p: string) => readFileSync(p, 'utf8');
const file = (name: string, data: string | Buffer): Build => (_g, dir) => {
  writeFileSync(join(dir, name), data);
  return join(dir, name);
};
const fromGood = (kind: 'pos' | 'conllu' | 'cand' | 'text', ext: string, f: (text: string) => string | Buffer): Build => (g, dir) =>
  file(`bad.${ext}`, f(read(g[kind])))(g, dir);

/** A copy of the analyzer tables in which `name` is replaced by `data` (the others are links). */
const tables = (name: string, data: (orig: string) => string | Buffer | null): Build => (g, dir) => {
  const out = join(dir, 'tables');
  mkdirSync(out);
  for (const f of readdirSync(g.tables)) {
    if (f === name) {
      const d = data(read(join(g.tables, f)));
      if (d !== null) writeFileSync(join(out, f), d);
    } else symlinkSync(join(g.tables, f), join(out, f));
  }
  return out;
};

/** A copy of the good model, then `damage` applied to it. */
const model = (damage: (dir: string) => void): Build => (g, dir) => {
  const out = join(dir, 'model');
  mkdirSync(out);
  for (const f of readdirSync(g.model))
    if (statSync(join(g.model, f)).isFile()) copyFileSync(join(g.model, f), join(out, f));
  damage(out);
  return out;
};

/** The largest file of a directory. */
function largest(dir: string): string {
  return readdirSync(dir).map((f) => join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/** Rewrites the format version in the model file's fixed prefix (docs/model-format.md: bytes 16–19). */
export function setModelFormatVersion(dir: string, version: number): void {
  const file = join(dir, MODEL_FILE);
  const bytes = readFileSync(file);
  bytes.writeUInt32LE(version, 16);
  writeFileSync(file, bytes);
}

/** A link named `name` to /dev/zero: an input that never ends (and holds no line end), with the format's extension. */
const endless = (name: string): Build => (_g, dir) => {
  symlinkSync('/dev/zero', join(dir, name));
  return join(dir, name);
};

/** `input/fault` → builder. Async ones return their path after awaiting. */
export const FAULTS: Record<string, Build | ((g: GoodInputs, dir: string) => Promise<string>)> = {
  'pos/truncated': fromGood('pos', 'pos', (t) => cutInLine(t, /^[ *] SOLUTION \d+: /)),
  'pos/cp1256': fromGood('pos', 'pos', encodeCp1256),
  'pos/utf16': fromGood('pos', 'pos', encodeUtf16),
  'pos/binary': file('bad.pos', binaryJunk()),
  'pos/no-gold': fromGood('pos', 'pos', (t) => t.replace(/^\* SOLUTION/gm, '  SOLUTION')),
  'pos/duplicate-index': fromGood('pos', 'pos', (t) => t.replace(/^( {2}INDEX: P1W)2$/m, '$11')),
  'pos/empty-document': fromGood('pos', 'pos', (t) => insertAfter(t, /^$/, ';;; DOCUMENT: empty\n')),
  'pos/empty-file': file('bad.pos', ''),
  'pos/10mb-line': fromGood('pos', 'pos', (t) => insertAfter(t, /^$/, `${longLine()}\n`)),
  'pos/huge-number': fromGood('pos', 'pos', (t) => t.replace(/^( {2}SOLUTION )\d+:/m, '$1100000000000000000000:')),
  'pos/dev-zero': endless('bad.pos'),
  'pos/cut-record': fromGood('pos', 'pos', cutAfterSolution),
  'pos/unsafe-number': fromGood('pos', 'pos', (t) => t.replace(/^( {2}SOLUTION )\d+:/m, '$19007199254740993:')),
  'conllu/truncated': fromGood('conllu', 'conllu', (t) => cutInLine(t, /^\d+\t/)),
  'conllu/cp1256': fromGood('conllu', 'conllu', encodeCp1256),
  'conllu/binary': file('bad.conllu', binaryJunk()),
  'conllu/no-gold': fromGood('conllu', 'conllu', unannotated),
  'conllu/duplicate-index': fromGood('conllu', 'conllu', (t) => t.replace(/^2\t/m, '1\t')),
  'conllu/empty-document': fromGood('conllu', 'conllu', (t) => `# newdoc id = empty\n${t}`),
  'conllu/empty-file': file('bad.conllu', ''),
  'conllu/dev-zero': endless('bad.conllu'),
  'conllu/10mb-line': fromGood('conllu', 'conllu', (t) => insertAfter(t, /^# text = /, longLine())),
  'cand/truncated': fromGood('cand', 'cand', (t) => cutInLine(t, /\t/)),
  'cand/cp1256': fromGood('cand', 'cand', encodeCp1256),
  'cand/binary': file('bad.cand', binaryJunk()),
  // The good file is in the starred layout (the analyzer's order, `* ` before the gold): drop the
  // marks, then mark every line "no gold".
  'cand/no-gold': fromGood('cand', 'cand', (t) => t.replace(/\t\* /g, '\t').replace(/^([^\t<#\n][^\t\n]*)\t(?!\?(\t|$))/gm, '$1\t?\t')),
  'cand/duplicate-index': fromGood('cand', 'cand', (t) => `<DOC twice>\n<S>\nx\t?\n</S>\n</DOC>\n<DOC twice>\n<S>\nx\t?\n</S>\n</DOC>\n${t}`),
  'cand/empty-document': fromGood('cand', 'cand', (t) => `<DOC empty>\n</DOC>\n${t}`),
  'cand/dev-zero': endless('bad.cand'),
  'cand/10mb-line': fromGood('cand', 'cand', (t) => insertAfter(t, /^<S/, longLine())),
  'text/truncated': fromGood('text', 'txt', cutInCharacter),
  'text/cp1256': fromGood('text', 'txt', encodeCp1256),
  'text/utf16': fromGood('text', 'txt', encodeUtf16),
  'text/binary': file('bad.txt', binaryJunk()),
  'text/empty-file': file('bad.txt', ''),
  'text/nul-byte': fromGood('text', 'txt', (t) => withNul(t, 15)),
  'text/dev-zero': endless('bad.txt'),
  'text/10mb-line': file('bad.txt', `${'x'.repeat(10_000_000)}\n`),
  'tables/truncated': tables('dictStems', (t) => cutInLine(t, /^[^;].*\t/)),
  'tables/cp1256': tables('dictStems', (t) => Buffer.concat([encodeCp1256(';; كتب\n'), Buffer.from(t)])),
  'tables/binary': tables('tableAB', () => binaryJunk()),
  'tables/missing-file': tables('dictSuffixes', () => null),
  'tables/empty-file': tables('dictPrefixes', () => ''),
  'tables/10mb-line': tables('dictPrefixes', (t) => `${t}${'x'.repeat(10_000_000)}\n`),
  'model/truncated': model((d) => truncateSync(largest(d), Math.floor(statSync(largest(d)).size / 2))),
  'model/binary': model((d) => writeFileSync(largest(d), binaryJunk())),
  'model/wrong-version': model((d) => setModelFormatVersion(d, 99)),
  'model/not-a-model': (_g, dir) => {
    mkdirSync(join(dir, 'model'));
    writeFileSync(join(dir, 'model', 'README'), 'not a model\n');
    return join(dir, 'model');
  },
  'model/missing': (_g, dir) => join(dir, 'no-such-model'),
  'output/no-folder': (_g, dir) => join(dir, 'no-such-folder', 'out'),
  'output/is-a-file': file('out-file', 'a file, not a folder\n'),
  'output/is-a-dir': (_g, dir) => {
    mkdirSync(join(dir, 'out-dir'));
    writeFileSync(join(dir, 'out-dir', 'keep.txt'), 'a folder, not a file\n');
    return join(dir, 'out-dir');
  },
  'output/not-a-model-dir': (_g, dir) => {
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'keep.txt'), 'my notes\n');
    return join(dir, 'notes');
  },
};
