/**
 * The streaming reader (src/io/text-stream.ts): lines from chunks of any size, long lines cut at
 * white space, binary input and bad UTF-8 named by line and byte offset, bounded read-ahead,
 * and transformBatches committing or aborting its output.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DataNotFoundError, InputParseError, InternalError } from '../../src/errors.js';
import { openOutput } from '../../src/io/output-writer.js';
import { readParagraphs, type Paragraph, type ReadParagraphsOptions } from '../../src/io/paragraphs.js';
import { transformBatches, transformText } from '../../src/io/text-stream.js';

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-text-stream-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(bytes: Uint8Array, size: number, o: Partial<ReadParagraphsOptions> = {}): Promise<Paragraph[]> {
  const out: Paragraph[] = [];
  for await (const p of readParagraphs(chunksOf(bytes, size), o)) out.push(p);
  return out;
}

const TEXT = '\ufeffكتبت الطالبة الدرس.\r\n\nline with emoji 😀 and é\nلا نهاية';

test('lines are the same whatever the chunk size (multi-byte characters split across chunks)', async () => {
  const bytes = Buffer.from(TEXT, 'utf8');
  const want = ['كتبت الطالبة الدرس.', '', 'line with emoji 😀 and é', 'لا نهاية'];
  for (const size of [1, 2, 3, 5, 7, 64, 1 << 16]) {
    const got = await collect(bytes, size);
    assert.deepEqual(got.map((p) => p.text), want, `chunk size ${size}`);
    assert.deepEqual(got.map((p) => p.line), [1, 2, 3, 4]);
    assert.ok(got.every((p) => p.last && p.piece === 0));
    assert.equal(got[got.length - 1].bytesRead, bytes.length);
  }
  assert.deepEqual((await collect(Buffer.from('a\nb\n'), 1)).map((p) => p.text), ['a', 'b'], 'a final line end adds no line');
  for (const input of [TEXT, 'a\r\nb\r', 'x\n\n', 'one line, no end', `${'w '.repeat(50)}\r\n`]) {
    for (const size of [1, 3, 1 << 16]) {
      const got = await collect(Buffer.from(input), size, { maxParagraphChars: 16 });
      assert.equal(got.map((p) => p.text + p.eol).join(''), input.replace(/^\ufeff/, ''), `text + eol is the input (${JSON.stringify(input)}, by ${size})`);
    }
  }
  assert.deepEqual(await collect(Buffer.alloc(0), 4), []);
});

test('a line longer than the limit is cut after white space into pieces that keep its line number', async () => {
  const line = 'aaaa bbbb cccc dddd eeee ffff';
  const got = await collect(Buffer.from(`${line}\nshort\n`), 3, { maxParagraphChars: 12 });
  const pieces = got.filter((p) => p.line === 1);
  assert.equal(pieces.map((p) => p.text).join(''), line, 'nothing lost or added');
  assert.ok(pieces.every((p) => p.text.length <= 12));
  assert.deepEqual(pieces.map((p) => p.piece), pieces.map((_, i) => i));
  assert.deepEqual(pieces.map((p) => p.last), pieces.map((_, i) => i === pieces.length - 1));
  for (const p of pieces.slice(0, -1)) assert.match(p.text, / $/, `cut after white space: ${JSON.stringify(p.text)}`);
  assert.deepEqual(got[got.length - 1], { ...got[got.length - 1], text: 'short', line: 2, piece: 0, last: true });
});

test('a line without white space is cut hard at the limit, never inside a surrogate pair', async () => {
  const line = `${'x'.repeat(9)}😀${'y'.repeat(20)}`;
  const got = await collect(Buffer.from(line), 4, { maxParagraphChars: 10 });
  assert.equal(got.map((p) => p.text).join(''), line);
  assert.equal(got[0].text, 'x'.repeat(9), 'the emoji is not split');
  for (const p of got) assert.doesNotMatch(p.text, /[\ud800-\udbff]$|^[\udc00-\udfff]/);
});

test('a NUL byte is binary input: InputParseError with the file, line and byte offset', async () => {
  const bytes = Buffer.concat([Buffer.from('كتب\nab'), Buffer.from([0]), Buffer.from('cd\n')]);
  for (const size of [1, 4, 100]) {
    await assert.rejects(collect(bytes, size, { file: 'in.txt' }), (e: unknown) =>
      e instanceof InputParseError && e.file === 'in.txt' && e.line === 2 && /NUL byte .* at byte offset 9$/.test(e.message));
  }
  await assert.rejects(collect(Buffer.alloc(1 << 20), 1 << 16), /NUL byte .* at byte offset 0$/);
  await assert.rejects(collect(Buffer.from([0x41, 0, 0x42]), 8, { encoding: 'windows-1256' }), /at byte offset 1$/);
});

test('bad UTF-8 names the first bad byte; a character cut by the end of the input is an error too', async () => {
  const cases: [number[], number, number][] = [
    [[0x61, 0x0a, 0x62, 0xff, 0x63], 2, 3],
    [[0x61, 0xc0, 0x80], 1, 1], // overlong
    [[0x0a, 0x0a, 0xed, 0xa0, 0x80], 3, 2], // a UTF-16 surrogate
    [[0x61, 0xd9, 0x61], 1, 1], // lead byte without its continuation
  ];
  for (const [b, line, offset] of cases) {
    for (const size of [1, 2, 64]) {
      await assert.rejects(collect(Buffer.from(b), size), (e: unknown) =>
        e instanceof InputParseError && e.line === line && e.message.endsWith(`at byte offset ${offset}`) && /not valid UTF-8/.test(e.message), `${b} by ${size}`);
    }
  }
  await assert.rejects(collect(Buffer.from([0x61, 0x0a, 0xd9]), 2), (e: unknown) =>
    e instanceof InputParseError && e.line === 2 && e.message.endsWith('cut by the end of the input at byte offset 2'));
});

test('windows-1256 input decodes every byte', async () => {
  const bytes = Buffer.from([0xdf, 0xca, 0xc8, 0x0a, 0x41]);
  const got = await collect(bytes, 1, { encoding: 'windows-1256' });
  assert.deepEqual(got.map((p) => p.text), new TextDecoder('windows-1256').decode(bytes).split('\n'));
});

test('read-ahead is bounded: the first paragraph comes after a chunk or two, even from an endless input', async () => {
  let pulled = 0;
  async function* endless(line: boolean): AsyncGenerator<Uint8Array> {
    const chunk = Buffer.from(line ? `${'word '.repeat(100)}\n`.repeat(100) : 'word '.repeat(10_000));
    for (;;) {
      pulled++;
      yield chunk;
    }
  }
  for await (const p of readParagraphs(endless(true))) {
    assert.equal(p.line, 1);
    break;
  }
  assert.equal(pulled, 1);
  pulled = 0;
  for await (const p of readParagraphs(endless(false), { maxParagraphChars: 200_000 })) {
    assert.equal(p.piece, 0);
    assert.ok(p.text.length <= 200_000);
    break;
  }
  assert.ok(pulled <= 5, `pulled ${pulled} chunks of 50 kB for a 200k-character piece`);
});

test('transformBatches: batches close at the size or at a cut, output is committed to the file', async () => {
  const input = join(dir, 'in.txt');
  writeFileSync(input, 'aa\nbbbb\ncc\n\ndddddddddddddddddddd\n');
  const out = join(dir, 'out.txt');
  const batches: string[][] = [];
  await transformBatches(input, openOutput(out), (b) => {
    batches.push(b.map((p) => p.text));
    return `${b.map((p) => p.text.toUpperCase()).join('|')}\n`;
  }, { batchChars: 6, maxParagraphChars: 8 });
  assert.deepEqual(batches, [['aa', 'bbbb'], ['cc', '', 'dddddddd'], ['dddddddd'], ['dddd']]);
  assert.equal(readFileSync(out, 'utf8'), 'AA|BBBB\nCC||DDDDDDDD\nDDDDDDDD\nDDDD\n');
});

test('an error half-way leaves the old output file and no temporary file; a missing input is DATA_NOT_FOUND', async () => {
  const input = join(dir, 'half-bad.txt');
  writeFileSync(input, Buffer.concat([Buffer.from('good line\n'.repeat(20_000)), Buffer.from([0xff, 0x0a])]));
  const out = join(dir, 'kept.txt');
  writeFileSync(out, 'old output\n');
  await assert.rejects(transformText(input, openOutput(out), (p) => `${p.text}\n`), (e: unknown) =>
    e instanceof InputParseError && e.file === input && e.line === 20_001 && e.message.endsWith(`at byte offset ${20_000 * 10}`));
  assert.equal(readFileSync(out, 'utf8'), 'old output\n');
  await assert.rejects(transformText(join(dir, 'missing.txt'), openOutput(out), (p) => p.text), DataNotFoundError);
  await assert.rejects(transformText(dir, openOutput(out), (p) => p.text), DataNotFoundError);
  assert.equal(readFileSync(out, 'utf8'), 'old output\n');
  assert.deepEqual(readdirSync(dir).filter((e) => e.startsWith('.lexdis-')), []);
});

test('a fault of the transform itself is an InternalError naming the file and the line it was on; the old output stays', async () => {
  const input = join(dir, 'faulty.txt');
  writeFileSync(input, 'one\ntwo\nthree\nfour\n');
  const out = join(dir, 'faulty-out.txt');
  writeFileSync(out, 'old output\n');
  await assert.rejects(transformText(input, openOutput(out), (p) => {
    if (p.text === 'three') throw new RangeError('Invalid string length');
    return `${p.text}\n`;
  }), (e: unknown) => e instanceof InternalError && e.code === 'INTERNAL' && e.describe() === `${input}:3: internal: Invalid string length`
    && e.cause instanceof RangeError);
  assert.equal(readFileSync(out, 'utf8'), 'old output\n');
  assert.deepEqual(readdirSync(dir).filter((e) => e.startsWith('.lexdis-')), []);
});
