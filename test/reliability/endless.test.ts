/**
 * An input that never ends is refused after a bounded read (docs/reliability.md, "Lines and
 * endless input"): every reader of the command line is given a named pipe (a FIFO with the
 * format's extension) that the test keeps writing to, either what /dev/zero gives (NUL bytes)
 * or one line of Arabic letters that never ends, and counts the bytes the pipe took. The
 * command must fail with one INPUT_PARSE line naming the input and its line 1 before the pipe
 * has taken more than the line limit, a read chunk and a pipe's buffer: a reader that held its
 * input whole, or a line past the limit, would pass that bound and be stopped there. No clock
 * and no memory figure is read.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { CHUNK_BYTES } from '../../src/formats/pos/pos-stream.js';
import { MAX_PARAGRAPH_CHARS, READ_CHUNK_BYTES } from '../../src/io/paragraphs.js';
import { LEXDIS } from './harness.js';
import { writeGoodInputs } from './inputs.js';

const LETTER = 'ب';
/** What the test writes at a time. */
const WRITE_BYTES = READ_CHUNK_BYTES;
/** The largest buffer a Linux pipe may have (pipe-max-size by default): what the pipe may hold unread. */
const PIPE_BYTES = 1 << 20;
/**
 * Bytes a reader may take before it refuses: the line limit in UTF-8 (a letter of two bytes),
 * the largest chunk a reader asks for, what the pipe and the test's own stream hold.
 */
const BOUND = MAX_PARAGRAPH_CHARS * Buffer.byteLength(LETTER) + CHUNK_BYTES + PIPE_BYTES + 2 * WRITE_BYTES;

const STREAMS: Record<string, Buffer> = {
  'NUL bytes (/dev/zero)': Buffer.alloc(WRITE_BYTES),
  'an endless line': Buffer.from(LETTER.repeat(WRITE_BYTES / Buffer.byteLength(LETTER))),
};

const root = mkdtempSync(join(tmpdir(), 'lexdis-endless-'));
let goodText: string;
let goodCand: string;
before(() => {
  ({ text: goodText, cand: goodCand } = writeGoodInputs(root, 4));
});
after(() => rmSync(root, { recursive: true, force: true }));

/** Each reader: the command line reading `input` (a FIFO named with the extension given). */
const READERS: Record<string, [string, (input: string, out: string) => string[]]> = {
  'pos (train)': ['pos', (input, out) => ['train', input, '-o', out]],
  'candidates (train)': ['cand', (input, out) => ['train', input, '-o', out]],
  'CoNLL-U (import-ud)': ['conllu', (input, out) => ['import-ud', input, '-o', out, '-q']],
  'vocalized text (import-diac)': ['txt', (input, out) => ['import-diac', input, '-o', out, '-q']],
  'reference text (eval-diac)': ['txt', (input) => ['eval-diac', goodText, input, '--reference-format', 'text']],
  'label scheme (train --scheme)': ['json', (input, out) => ['train', goodCand, '--scheme', input, '-o', out]],
};

/**
 * Runs lexdis with `args` reading the FIFO `fifo`, writing `chunk` to it until the command ends
 * or the FIFO took more than BOUND bytes (then the command is killed).
 */
async function feed(
  args: string[],
  fifo: string,
  chunk: Buffer,
): Promise<{ status: number | null; stderr: string; written: number }> {
  const child = spawn(process.execPath, [LEXDIS, ...args, '--progress', 'none'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const err: Buffer[] = [];
  child.stderr.on('data', (b: Buffer) => err.push(b));
  let ended = false;
  const closed = once(child, 'close').then(([status]) => {
    ended = true;
    return status as number | null;
  });
  const pipe = createWriteStream(fifo);
  pipe.on('error', () => {}); // EPIPE once the command has stopped reading
  let written = 0;
  while (!ended && written <= BOUND) {
    written += chunk.length;
    if (!pipe.write(chunk)) await Promise.race([once(pipe, 'drain').catch(() => undefined), closed]);
  }
  if (!ended) child.kill('SIGKILL');
  const status = await closed;
  pipe.destroy();
  return { status, stderr: Buffer.concat(err).toString('utf8'), written };
}

let runs = 0;
for (const [stream, chunk] of Object.entries(STREAMS)) {
  test(`${stream}: every reader refuses it after a bounded read, naming the input's line 1 [INPUT_PARSE]`, { concurrency: 2 }, async (t) => {
    await Promise.all(Object.entries(READERS).map(([reader, [ext, args]]) => t.test(reader, async () => {
      const fifo = join(root, `in-${++runs}.${ext}`);
      execFileSync('mkfifo', [fifo]);
      const run = await feed(args(fifo, join(root, `out-${runs}`)), fifo, chunk);
      assert.ok(run.written <= BOUND, `${reader} took more than ${BOUND} bytes of ${stream} (stopped)`);
      assert.equal(run.status, 1, run.stderr);
      const named = new RegExp(`^Error: ${fifo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: .* at byte offset \\d+ \\[INPUT_PARSE\\]$`);
      assert.match(run.stderr.trim(), named, reader);
    })));
  });
}
