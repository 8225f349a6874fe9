/**
 * Streaming tagging (src/tagger/tag-stream.ts) against the whole-input path it replaces: the
 * same output for input within one document window; across windows, sentences numbered on
 * and one pos document; a pos file re-ranked a document at a time exactly as read whole, with
 * errors naming the file's line.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dataPaths } from '../../bin/data.js';
import { InputParseError } from '../../src/errors.js';
import { corpusToPos, posToCorpus, readPosFile, writePosFile } from '../../src/formats/pos/pos.js';
import { tagPosStream, tagTextStream } from '../../src/tagger/tag-stream.js';
import { rerankedPos } from '../../src/tagger/tag-output.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { train } from '../../training/train.js';
import { bamaAnalyzer, pudCorpus } from '../helpers/pud.js';
import { memorySink } from '../helpers/memory-sink.js';

let dir = '';
let tagger: Tagger;
let text = '';

/** An in-memory sink that records whether it was committed or aborted. */
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-tag-stream-'));
  const { model } = await train(pudCorpus(150), { workers: 0, featureSet: 'aggr', seed: 3 });
  tagger = new Tagger(model, bamaAnalyzer());
  text = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 14).join('\n') + '\n';
  writeFileSync(join(dir, 'in.txt'), text);
});
after(() => rmSync(dir, { recursive: true, force: true }));

async function tagged(format: 'text' | 'jsonl' | 'pos', documentChars?: number): Promise<string> {
  const sink = memorySink();
  await tagTextStream(tagger, join(dir, 'in.txt'), sink, { format, top: 2, ...(documentChars ? { documentChars } : {}) });
  assert.equal(sink.state, 'committed');
  return sink.text;
}

test('within one window the streamed output is the whole-input output', async () => {
  const whole = tagger.tagText(text, { top: 2 });
  const jsonl = (await tagged('jsonl')).trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(jsonl, whole.map((s, i) => JSON.parse(JSON.stringify({ sentence: i + 1, ...s }))));
  const pos = readPosFile(await tagged('pos'), 'out');
  assert.deepEqual(pos.documents.map((d) => d.id), ['text']);
  assert.equal(pos.documents[0].tokens.filter((t) => t.lookup !== undefined && t.solutions.length).length,
    whole.flatMap((s) => s.tokens).filter((t) => t.arabic && t.found).length);
});

test('across windows: sentences numbered through the input, one pos document, every token once', async () => {
  const whole = tagger.tagText(text, { top: 2 });
  const small = (await tagged('jsonl', 300)).trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(small.map((s) => s.sentence), small.map((_, i) => i + 1));
  assert.deepEqual(
    small.flatMap((s) => s.tokens.map((t: { input: string }) => t.input)),
    whole.flatMap((s) => s.tokens.map((t) => t.input)),
  );
  const pos = readPosFile(await tagged('pos', 300), 'out');
  assert.deepEqual(pos.documents.map((d) => d.id), ['text']);
  const ps = pos.documents[0].tokens.map((t) => t.index!.paragraph);
  assert.deepEqual([...new Set(ps)], small.map((s) => s.sentence), 'INDEX paragraphs go on across windows');
  const lines = (await tagged('text', 300)).split('\n');
  assert.equal(lines.filter((l) => l === '').length - 1, small.length, 'a blank line after each sentence');
});

test('a window is tagged as its own document (the documented meaning of documentChars)', async () => {
  const lines = text.trim().split('\n');
  const first = lines.slice(0, 1).join('\n');
  const streamed = (await tagged('jsonl', first.length)).trim().split('\n').map((l) => JSON.parse(l));
  const alone = tagger.tagText(first, { top: 2 });
  assert.deepEqual(
    streamed.slice(0, alone.length).map((s) => s.tokens),
    JSON.parse(JSON.stringify(alone.map((s) => s.tokens))),
  );
});

test('a pos file is re-ranked a document at a time exactly as when read whole', async () => {
  const pos = writePosFile(corpusToPos(pudCorpus(40)));
  assert.ok((pos.match(/^;;; DOCUMENT/gm) ?? []).length > 3);
  writeFileSync(join(dir, 'in.pos'), pos);
  const o = { markTop: true, order: 'file' as const };
  const sink = memorySink();
  await tagPosStream(tagger, join(dir, 'in.pos'), sink, { ...o, format: 'pos' });
  assert.equal(sink.text, rerankedPos(tagger, posToCorpus(readPosFile(pos, 'x')), { ...o, candidates: 'file' }));
});

test('pos errors name the line of the file; a document id repeated across documents is refused', async () => {
  const pos = writePosFile(corpusToPos(pudCorpus(40)));
  const lines = pos.split('\n');
  const bad = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('  SOLUTION'));
  writeFileSync(join(dir, 'bad.pos'), [...lines.slice(0, bad), '  SOLUTION x: broken', ...lines.slice(bad + 1)].join('\n'));
  const sink = memorySink();
  await assert.rejects(tagPosStream(tagger, join(dir, 'bad.pos'), sink, { format: 'jsonl' }), (e: unknown) =>
    e instanceof InputParseError && e.file === join(dir, 'bad.pos') && e.line === bad + 1);
  assert.equal(sink.state, 'aborted');
  const first = lines.findIndex((l) => l.startsWith(';;; DOCUMENT'));
  // the repeated document's first token, whole (up to a GLOSS line: a file ending inside a token is cut, pos-end.ts)
  const end = lines.findIndex((l, i) => i > first + 2 && l.startsWith('     (GLOSS)'));
  writeFileSync(join(dir, 'dup.pos'), `${pos}\n${lines[first]}\n\n${lines.slice(first + 2, end + 1).join('\n')}\n`);
  await assert.rejects(tagPosStream(tagger, join(dir, 'dup.pos'), memorySink(), { format: 'pos' }), (e: unknown) =>
    e instanceof InputParseError && /duplicate document id/.test(e.message) && e.line === lines.length + 1);
});
