/**
 * `tag`, `diacritize` and `analyze` on worker threads give one thread's output byte for byte
 * (src/io/worker-stream.ts, src/tagger/stream-worker.ts): small windows, so that many are in flight and
 * sentence and token numbers run across them (a line cut into pieces too); a tagger made of
 * parts cannot be sent to workers; a missing model is the workers' DATA_NOT_FOUND, not a hang.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dataPaths } from '../../bin/data.js';
import { analyzeStream, type AnalyzeStreamOptions } from '../../src/analyzer/stream.js';
import { DataNotFoundError, UsageError } from '../../src/errors.js';
import type { OutputSink } from '../../src/io/output-writer.js';
import { diacritizeStream, type DiacritizeStreamOptions } from '../../src/tagger/diacritize-stream.js';
import { tagTextStream, type TagStreamOptions } from '../../src/tagger/tag-stream.js';
import { Tagger, type TaggerSource } from '../../src/tagger/tagger-node.js';
import { train } from '../../training/train.js';
import { bamaAnalyzer, pudCorpus } from '../helpers/pud.js';
import { memorySink } from '../helpers/memory-sink.js';

let dir = '';
let input = '';
let source: TaggerSource;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-stream-workers-'));
  const { model } = await train(pudCorpus(150), { workers: 0, featureSet: 'aggr', seed: 3 });
  await model.save(join(dir, 'model'));
  source = { model: join(dir, 'model'), options: { tables: dataPaths.bama() } };
  const lines = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 40);
  input = join(dir, 'in.txt');
  writeFileSync(input, `${lines.slice(0, 20).join('\n')}\n\n  Latin, 1,234.\r\n${lines.slice(20).join('\n')}`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** The output of `run` with one thread and with two, which must be the same and not empty. */
async function bothWays(run: (sink: OutputSink, workers: number) => Promise<void>): Promise<string> {
  const one = memorySink();
  await run(one, 1);
  const two = memorySink();
  await run(two, 2);
  assert.equal(two.state, 'committed');
  assert.ok(one.text.length > 0);
  assert.equal(two.text, one.text);
  return one.text;
}

test('tag: text, jsonl and pos the same on two worker threads, sentences numbered across windows', async () => {
  for (const format of ['text', 'jsonl', 'pos'] as const) {
    const o: Partial<TagStreamOptions> = { format, top: 2, documentChars: 400 };
    const out = await bothWays((sink, workers) => tagTextStream(source, input, sink, { ...o, workers }));
    if (format === 'jsonl') assert.ok(out.split('\n').filter(Boolean).at(-1)!.startsWith('{"sentence":4'), 'numbered on past the first windows');
    if (format === 'pos') assert.equal(out.match(/;;; DOCUMENT/g)?.length, 1);
  }
});

test('diacritize: text and jsonl the same on two worker threads, from a tagger or its source', async () => {
  const tagger = await Tagger.load(source.model, source.options);
  for (const format of ['text', 'jsonl'] as const) {
    const o: Partial<DiacritizeStreamOptions> = { format, documentChars: 300 };
    await bothWays((sink, workers) =>
      diacritizeStream(workers === 1 ? source : tagger, input, sink, { ...o, workers }),
    );
  }
  const parts = new Tagger(tagger.model, tagger.analyzer);
  const sink = memorySink();
  await assert.rejects(diacritizeStream(parts, input, sink, { workers: 2 }), UsageError);
  assert.equal(sink.state, 'aborted');
});

test('analyze: jsonl token numbers run across the pieces of a cut line, the same on two worker threads', async () => {
  const text = readFileSync(input, 'utf8');
  const long = join(dir, 'long.txt');
  // a line of some 90,000 characters: cut into pieces of at most ANALYZE_WINDOW_CHARS, each its own window
  writeFileSync(long, `${text}\n${text.replace(/\r?\n/g, ' ').repeat(20)}\n${text}`);
  for (const o of [{ format: 'jsonl' }, { format: 'pos', script: 'arabic' }] as Array<Partial<AnalyzeStreamOptions>>) {
    const out = await bothWays((sink, workers) =>
      analyzeStream({ tables: dataPaths.bama(), options: {} }, long, sink, { ...o, workers }),
    );
    if (o.format === 'jsonl') assert.ok(out.includes('"token":15000,'), 'the long line numbered on across its pieces');
  }
  const sink = memorySink();
  await assert.rejects(analyzeStream(bamaAnalyzer(), long, sink, { workers: 2 }), UsageError);
});

test('a model the workers cannot load is their DATA_NOT_FOUND, the output aborted', async () => {
  const sink = memorySink();
  await assert.rejects(diacritizeStream({ model: join(dir, 'no-model'), options: source.options }, input, sink, { workers: 2 }), DataNotFoundError);
  assert.equal(sink.state, 'aborted');
});
