/**
 * The streaming commands' worker threads (src/io/worker-stream.ts), with a worker that echoes its
 * lines (test/fixtures/workers/echo-worker.ts): output in input order whatever order the
 * workers finish in, the same as one thread; a worker that dies or runs out of memory ends the
 * run with a WorkerError naming the lines, the output file left as it was; a LexdisError thrown
 * in a worker arrives as its own class; 'auto' by the input's size; read-ahead bounded.
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, test } from 'node:test';
import { InternalError, UsageError, WorkerError } from '../../src/errors.js';
import { openOutput } from '../../src/io/output-writer.js';
import type { Paragraph } from '../../src/io/paragraphs.js';
import type { TextInput } from '../../src/io/text-stream.js';
import {
  IN_FLIGHT_PER_THREAD,
  maxWorkers,
  streamBatches,
  threadHeap,
  THREAD_HEAP_BASE_MB,
  unlessAborted,
  type StreamPlan,
  type WindowText,
  type WorkersOption,
} from '../../src/io/worker-stream.js';
import { echo } from '../fixtures/workers/echo-worker.js';
import { memorySink } from '../helpers/memory-sink.js';

const WORKER = new URL('../fixtures/workers/echo-worker.js', import.meta.url).href;
const dir = mkdtempSync(join(tmpdir(), 'lexdis-worker-stream-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A plan over the echo worker; `oneThread` records that it was asked for. */
function plan(
  workers: WorkersOption,
  extra: Partial<StreamPlan<WindowText[], string>> = {},
): StreamPlan<WindowText[], string> & { usedOneThread: boolean } {
  const p = {
    workers,
    autoMinBytes: 1000,
    usedOneThread: false,
    oneThread: async () => {
      p.usedOneThread = true;
      return (batch: Paragraph[]) => echo(batch);
    },
    pool: () => ({ filename: WORKER, workerData: null, cacheBytes: 0 }),
    task: (batch: Paragraph[]) => batch.map((x) => ({ text: x.text, eol: x.eol, line: x.line })),
    output: (out: string) => out,
    doing: 'echoing',
    ...extra,
  };
  return p;
}

const BATCH = { batchChars: 20, maxParagraphChars: 20 };

test('worker threads write in input order, the same as one thread, whatever order they finish in', async () => {
  const lines = Array.from({ length: 60 }, (_, i) => (i % 7 === 3 ? `sleep ${(i * 37) % 50}` : `line ${i} with some words`));
  const input = join(dir, 'in.txt');
  writeFileSync(input, `${lines.join('\r\n')}\nlast line without end, cut into pieces at the limit`);
  const one = memorySink();
  await streamBatches(input, one, BATCH, plan(1));
  const two = memorySink();
  await streamBatches(input, two, BATCH, plan(3));
  assert.equal(two.state, 'committed');
  assert.equal(two.text, one.text);
  assert.ok(one.text.includes('4:SLEEP 11\r\n') && one.text.endsWith('61:PIECES AT THE LIMIT'), one.text.slice(-80));
});

test('a worker that dies ends the run with a WorkerError naming its lines; the output file keeps its old contents', async () => {
  const input = join(dir, 'dies.txt');
  writeFileSync(input, ['one', 'two', 'three', 'exit', 'five', 'six'].join('\n'));
  const out = join(dir, 'out.txt');
  writeFileSync(out, 'old contents\n');
  await assert.rejects(
    streamBatches(input, openOutput(out), { batchChars: 6, maxParagraphChars: 6 }, plan(2)),
    (err: unknown) => {
      assert.ok(err instanceof WorkerError, String(err));
      assert.equal(err.code, 'WORKER');
      assert.match(err.message, /died \(.*code: 7\) while echoing lines 3–4/);
      assert.equal(err.file, input);
      assert.equal(err.line, 3);
      return true;
    },
  );
  assert.equal(readFileSync(out, 'utf8'), 'old contents\n');
  assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('.lexdis-tmp')), []);
});

test('a worker out of memory (its heap is bounded: threadHeap) ends the run with a WorkerError, not a hang', async () => {
  const input = join(dir, 'oom.txt');
  writeFileSync(input, 'a\nb\noom\nc\n');
  const sink = memorySink();
  const p = plan(2);
  await assert.rejects(streamBatches(input, sink, { batchChars: 1, maxParagraphChars: 10 }, p), (err: unknown) =>
    err instanceof WorkerError && /ran out of memory while echoing line 3/.test(err.message));
  assert.equal(sink.state, 'aborted');
});

test('an error thrown in a worker arrives as its own class; another as an INTERNAL error naming the input and line, as on one thread', async () => {
  for (const [line, check] of [['usage', (e: unknown) => e instanceof UsageError && e.message === 'a usage error in a worker'],
    ['internal', (e: unknown) => e instanceof InternalError && e.message === 'internal: an internal error in a worker' && e.line === 2 && (e.file ?? '').endsWith('internal.txt')]] as const) {
    const input = join(dir, `${line}.txt`);
    writeFileSync(input, `a\n${line}\nb\n`);
    const sink = memorySink();
    await assert.rejects(streamBatches(input, sink, { batchChars: 1, maxParagraphChars: 10 }, plan(2)), check);
    assert.equal(sink.state, 'aborted');
  }
});

test("'auto' takes the cores for an input of autoMinBytes or more (a file's size, or a pipe read until then), else one thread", async () => {
  const small = join(dir, 'small.txt');
  writeFileSync(small, 'a few words\n');
  const big = join(dir, 'big.txt');
  writeFileSync(big, 'words enough for threads\n'.repeat(100));
  const cases: Array<[string | TextInput, boolean]> = [
    [small, true],
    [big, availableParallelism() < 2],
    [pipe(['a few words\n']), true],
    [pipe(Array.from({ length: 100 }, () => 'words enough for threads\n')), availableParallelism() < 2],
  ];
  for (const [input, oneThread] of cases) {
    const p = plan('auto');
    const sink = memorySink();
    await streamBatches(input, sink, BATCH, p);
    assert.equal(p.usedOneThread, oneThread);
    assert.equal(sink.state, 'committed');
  }
  const sink = memorySink();
  await assert.rejects(streamBatches(small, sink, BATCH, plan(0)), UsageError);
  assert.equal(sink.state, 'aborted');
});

/** An opened input of unknown size (a pipe) giving `chunks`. */
function pipe(chunks: string[]): TextInput {
  return { chunks: Readable.from(chunks.map((c) => Buffer.from(c))), file: '<stdin>', close: async () => undefined };
}

test('read-ahead is bounded: at most IN_FLIGHT_PER_THREAD batches a thread are read before one is written', async () => {
  let tasks = 0;
  let atFirstWrite = -1;
  const sink = memorySink();
  sink.write = async function (c: string) {
    if (atFirstWrite < 0) atFirstWrite = tasks;
    this.text += c;
  };
  const lines = ['sleep 200', ...Array.from({ length: 40 }, (_, i) => `line ${i}`)];
  const p = plan(2, { task: (batch) => (tasks++, batch.map((x) => ({ text: x.text, eol: x.eol, line: x.line }))) });
  await streamBatches(pipe(lines.map((l) => `${l}\n`)), sink, { batchChars: 1, maxParagraphChars: 20 }, p);
  assert.equal(tasks, lines.length);
  assert.ok(atFirstWrite <= 2 * IN_FLIGHT_PER_THREAD, `${atFirstWrite} batches read before the first was written`);
});

test('more workers than cores are taken as the machine\'s cores', async () => {
  const input = join(dir, 'many.txt');
  writeFileSync(input, Array.from({ length: 40 }, (_, i) => (i % 2 ? `line ${i}` : 'sleep 20\nthread')).join('\n'));
  const many = memorySink();
  await streamBatches(input, many, BATCH, plan(16));
  const threads = new Set(many.text.match(/THREAD \d+/g));
  assert.ok(threads.size >= 1 && threads.size <= maxWorkers(), `${threads.size} threads for ${maxWorkers()} cores`);
  assert.equal(many.text.split('\n').length, 60);
});

test('a thread\'s heap is bounded by its caches\' budget, not by the machine', () => {
  assert.equal(threadHeap(0).maxOldGenerationSizeMb, THREAD_HEAP_BASE_MB);
  assert.equal(threadHeap(64 * 2 ** 20).maxOldGenerationSizeMb, THREAD_HEAP_BASE_MB + 128);
});

test('unlessAborted keeps nothing of the values it waited for while its signal stays unaborted', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const run = new AbortController();
  const refs: Array<WeakRef<object>> = [];
  const waitFor = async (i: number): Promise<void> => {
    const value = { payload: new Array(1000).fill(i) };
    refs.push(new WeakRef(value));
    assert.ok((await unlessAborted(Promise.resolve(value), run.signal)) === value);
  };
  for (let i = 0; i < 20; i++) await waitFor(i);
  for (let i = 0; i < 2; i++) {
    await new Promise((ok) => setImmediate(ok));
    gc();
  }
  assert.deepEqual(refs.filter((r) => r.deref() !== undefined).length, 0, 'a value waited for is still held');
  const failed = new Error('the run failed');
  const never = new Promise<never>(() => undefined);
  const waiting = unlessAborted(never, run.signal);
  run.abort(failed);
  await assert.rejects(waiting, (e) => e === failed);
  await assert.rejects(unlessAborted(Promise.resolve(1), run.signal), (e) => e === failed);
});
