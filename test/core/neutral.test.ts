/**
 * The platform-neutral core (src/core/index.ts) does what the Node path does: a tagger made from
 * a model's bytes tags and diacritizes PUD sentences as Tagger.load does, with the analyzer
 * from the tables the model carries compiled or from the tables' text; Model.fromBytes reads
 * what model.save wrote (deflated or stored) as Model.load does, and refuses damaged bytes with
 * the errors Model.load gives a damaged file; an analyzer from the tables' text, or from their
 * image, analyzes as the one that read the files.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dataPaths } from '../../bin/data.js';
import * as core from '../../src/core/index.js';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { LexdisError } from '../../src/errors.js';
import { Model, modelAnalyzerOptions } from '../../src/model/model-node.js';
import { MODEL_FILE } from '../../src/model/store-format.js';
import type { Toc } from '../../src/model/store-decode.js';
import { diacritizeText } from '../../src/tagger/diacritize.js';
import { Tagger } from '../../src/tagger/tagger-node.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

/** Thirty PUD sentences the model was not trained on (it saw the first 60). */
const TEXT = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(300, 330).join('\n');
const MARKS = /[\u064b-\u0652]/;
let dir = '';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-core-'));
  const { model } = await train(pudCorpus(60), { workers: 0, featureSet: 'aggr', seed: 3 });
  const tables = Analyzer.load(dataPaths.bama(), modelAnalyzerOptions(model.info)).tablesImage();
  await model.save(join(dir, 'deflated'), { analyzerTables: tables });
  await model.save(join(dir, 'stored'), { analyzerTables: tables, compression: 'none' });
});
after(() => rmSync(dir, { recursive: true, force: true }));

const bytesOf = (name: string): Uint8Array => readFileSync(join(dir, name, MODEL_FILE));

/** The six tables of BAMA 1.0 as text. */
function tableTexts(): core.TableTexts {
  return Object.fromEntries(core.TABLE_FILES.map((f) => [f, readFileSync(join(dataPaths.bama(), f), 'utf8')])) as core.TableTexts;
}

test('a tagger from the model\'s bytes tags and diacritizes PUD sentences as Tagger.load does', async () => {
  const node = await Tagger.load(join(dir, 'deflated'), { tables: dataPaths.bama() });
  const fromImage = core.Tagger.fromModel(core.Model.fromBytes(bytesOf('deflated')));
  const fromText = core.Tagger.fromModel(core.Model.fromBytes(bytesOf('stored')), { tables: tableTexts() });
  assert.equal(node.analyzer.stats.compiled, true);
  assert.equal(fromImage.analyzer.stats.compiled, true, 'the analyzer from the tables the model carries');
  assert.equal(fromText.analyzer.stats.compiled, false, 'the analyzer from the tables\' text');
  const expected = node.tagText(TEXT, { top: 3 });
  assert.equal(expected.length >= 30, true);
  const vocalized = diacritizeText(node, TEXT);
  assert.ok(vocalized.some((p) => MARKS.test(p.text)), 'the text is vocalized');
  for (const tagger of [fromImage, fromText]) {
    assert.deepEqual(tagger.tagText(TEXT, { top: 3 }), expected);
    assert.deepEqual(core.diacritizeText(tagger, TEXT), vocalized);
  }
});

test('Model.fromBytes reads what model.save wrote, deflated or stored, as Model.load does', async () => {
  for (const name of ['deflated', 'stored']) {
    const loaded = await Model.load(join(dir, name));
    const bytes = bytesOf(name);
    const read = core.Model.fromBytes(bytes, { name });
    assert.deepEqual(read.storeHeader, loaded.storeHeader, name);
    assert.equal(read.bytesOnDisk, bytes.byteLength);
    const parts = (m: core.LoadedModel) => m.toParts({ analyzerTables: m.analyzerTables });
    assert.deepEqual(parts(read), parts(loaded), name);
    assert.ok(read.analyzerTables, 'the compiled tables come along');
  }
  assert.throws(() => core.Model.fromBytes('model' as never), (e: unknown) =>
    e instanceof core.UsageError && /bytes must be a Uint8Array/.test(e.message));
  assert.throws(
    () => core.Model.fromBytes(bytesOf('stored'), { expect: { featureSet: 'full' } }),
    (e: unknown) => e instanceof core.ModelVersionError && /feature set 'aggr', not 'full'/.test(e.message),
  );
});

/** An offset inside the stored bytes of the first binary part's first chunk (not in the padding between chunks). */
function insideAChunk(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const toc = JSON.parse(new TextDecoder().decode(bytes.subarray(32, 32 + view.getUint32(20, true)))) as Toc;
  const chunk = toc.binary[0].chunks[0];
  return toc.dataStart + chunk.at + (chunk.stored >> 1);
}

test('damaged bytes are refused by Model.fromBytes with the error Model.load gives the damaged file', async () => {
  const damages: Array<[string, (b: Uint8Array) => Uint8Array]> = [
    ['a flipped byte in a chunk', (b) => { const c = b.slice(); c[insideAChunk(b)] ^= 0xff; return c; }],
    ['truncated', (b) => b.slice(0, b.length - 100)],
    ['not a model', (b) => b.slice(16)],
    ['a flipped byte in the table of contents', (b) => { const c = b.slice(); c[40] ^= 0x01; return c; }],
  ];
  for (const name of ['deflated', 'stored']) {
    for (const [what, damage] of damages) {
      const bad = damage(bytesOf(name));
      const file = join(dir, `${name}-damaged.lexdis`);
      writeFileSync(file, bad);
      const fromFile = await Model.load(file).then(() => null, (e: unknown) => e);
      assert.ok(fromFile instanceof LexdisError, `${name}, ${what}: Model.load refuses it`);
      assert.throws(() => core.Model.fromBytes(bad, { name: file }), (e: unknown) =>
        e instanceof LexdisError && e.code === fromFile.code && e.message === fromFile.message, `${name}, ${what}`);
    }
  }
});

test('an analyzer from the tables\' text, or from their image, analyzes as the one that read the files', () => {
  const texts = tableTexts();
  for (const options of [{}, { caseEndings: true, backoff: true }]) {
    const files = Analyzer.load(dataPaths.bama(), options);
    const image = files.tablesImage();
    for (const other of [core.Analyzer.fromTables(texts, options), core.Analyzer.fromImage(image, options)]) {
      assert.deepEqual({ ...other.stats, loadMs: 0, compiled: false }, { ...files.stats, loadMs: 0, compiled: false });
      assert.deepEqual(other.analyzeText(TEXT), files.analyzeText(TEXT));
      for (const w of ['klyntwn', 'wbwtyn']) assert.deepEqual(other.analyzeWord(w), files.analyzeWord(w), w);
    }
  }
});

test('the tables\' text and the image are checked as the files are', () => {
  const texts = tableTexts();
  const malformed = { ...texts, tableAC: `${texts.tableAC}\nonly-one-category\n` };
  assert.throws(() => core.Analyzer.fromTables(malformed), (e: unknown) =>
    e instanceof core.InputParseError && e.file === 'tableAC' && e.line === texts.tableAC.split('\n').length + 1);
  const { dictStems: _, ...missing } = texts;
  assert.throws(() => core.Analyzer.fromTables(missing as never), (e: unknown) =>
    e instanceof core.UsageError && /tables\.dictStems must be a string/.test(e.message));
  const image = Analyzer.load(dataPaths.bama()).tablesImage();
  assert.throws(() => core.Analyzer.fromImage(image, { caseEndings: true }), core.UsageError);
  assert.throws(() => core.Analyzer.fromImage({ json: {}, binary: {} } as never), core.ModelFormatError);
  const noImage = core.Model.fromBytes(bytesOf('stored'));
  noImage.analyzerTables = undefined;
  assert.throws(() => core.Tagger.fromModel(noImage), core.DataNotFoundError);
});
