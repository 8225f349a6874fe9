/**
 * The one output writer (src/output-writer.ts), case by case in a scratch folder: a new file, a
 * 640 file, a file owned by someone else, a symbolic link (and a dangling one), a FIFO, a
 * character device, standard output, a directory; streaming output that fails half-way.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { OutputError } from '../../src/errors.js';
import { openOutput, planOutput, writeOutputSync } from '../../src/output-writer.js';

let dir = '';
const isRoot = process.getuid?.() === 0;
const leftovers = () => readdirSync(dir).filter((e) => e.startsWith('.lexdis-'));

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-output-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Streams `chunks` to `target` through openOutput and commits. */
async function stream(target: string, chunks: string[]): Promise<void> {
  const sink = openOutput(target);
  for (const c of chunks) await sink.write(c);
  await sink.commit();
}

test('a new file is created with the umask mode, atomically (no temporary file left)', async () => {
  const p = join(dir, 'new.txt');
  await stream(p, ['a', 'b\n']);
  assert.equal(readFileSync(p, 'utf8'), 'ab\n');
  assert.equal(statSync(p).mode & 0o777, 0o666 & ~process.umask());
  assert.deepEqual(leftovers(), []);
});

test('a 640 file is replaced (new inode, atomic) and stays 640; the sync writer does the same', async () => {
  const p = join(dir, 'secret.txt');
  writeFileSync(p, 'old\n');
  chmodSync(p, 0o640);
  const ino = statSync(p).ino;
  await stream(p, ['new\n']);
  assert.equal(readFileSync(p, 'utf8'), 'new\n');
  assert.equal(statSync(p).mode & 0o777, 0o640);
  assert.notEqual(statSync(p).ino, ino, 'replaced by rename, not rewritten in place');
  chmodSync(p, 0o600);
  writeOutputSync(p, 'sync\n');
  assert.equal(statSync(p).mode & 0o777, 0o600);
  assert.equal(readFileSync(p, 'utf8'), 'sync\n');
  assert.deepEqual(leftovers(), []);
});

test('set-id bits are not carried over (never wider)', async () => {
  const p = join(dir, 'setuid.txt');
  writeFileSync(p, 'old\n');
  chmodSync(p, 0o4750);
  await stream(p, ['x']);
  assert.equal(statSync(p).mode & 0o7777, 0o750);
});

test('a file owned by another user keeps its owner and group', { skip: isRoot ? false : 'needs root (chown to another user)' }, async () => {
  const p = join(dir, 'theirs.txt');
  writeFileSync(p, 'old\n');
  chownSync(p, 4321, 4322);
  chmodSync(p, 0o640);
  await stream(p, ['new\n']);
  const st = statSync(p);
  assert.deepEqual([st.uid, st.gid, st.mode & 0o777], [4321, 4322, 0o640]);
});

test('a symbolic link: its target is written atomically and keeps its mode; the link stays a link', async () => {
  mkdirSync(join(dir, 'real'));
  const target = join(dir, 'real', 'target.txt');
  writeFileSync(target, 'old\n');
  chmodSync(target, 0o640);
  symlinkSync('real/target.txt', join(dir, 'link1'));
  symlinkSync('link1', join(dir, 'link2'));
  await stream(join(dir, 'link2'), ['through two links\n']);
  assert.ok(lstatSync(join(dir, 'link2')).isSymbolicLink() && lstatSync(join(dir, 'link1')).isSymbolicLink());
  assert.equal(readlinkSync(join(dir, 'link1')), 'real/target.txt');
  assert.equal(readFileSync(target, 'utf8'), 'through two links\n');
  assert.equal(statSync(target).mode & 0o777, 0o640);
  assert.deepEqual(readdirSync(join(dir, 'real')), ['target.txt'], 'no temporary file beside the target');
});

test('a dangling link: the file it names is created, the link stays', async () => {
  symlinkSync('made-by-link.txt', join(dir, 'dangling'));
  await stream(join(dir, 'dangling'), ['created\n']);
  assert.ok(lstatSync(join(dir, 'dangling')).isSymbolicLink());
  assert.equal(readFileSync(join(dir, 'made-by-link.txt'), 'utf8'), 'created\n');
});

test('a FIFO is written in place, streaming, and stays a FIFO', async () => {
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const reader = spawn('cat', [fifo]);
  let got = '';
  reader.stdout.on('data', (b: Buffer) => (got += b.toString()));
  const done = new Promise((ok) => reader.on('close', ok));
  const big = 'x'.repeat(200_000);
  await stream(fifo, ['first\n', big, '\nlast\n']);
  await done;
  assert.equal(got, `first\n${big}\nlast\n`);
  assert.ok(lstatSync(fifo).isFIFO());
  assert.equal(planOutput(fifo).kind, 'in-place');
});

test('a character device is written in place, not replaced', { skip: isRoot ? false : 'mknod needs root; /dev/null is checked instead' }, async () => {
  const dev = join(dir, 'null-device');
  execFileSync('mknod', [dev, 'c', '1', '3']);
  await stream(dev, ['into the device\n']);
  writeOutputSync(dev, 'again\n');
  assert.ok(lstatSync(dev).isCharacterDevice());
  assert.deepEqual(leftovers(), []);
});

test('/dev/null (a character device everyone has) is written in place', async () => {
  assert.equal(planOutput('/dev/null').kind, 'in-place');
  await stream('/dev/null', ['gone\n']);
  assert.ok(lstatSync('/dev/null').isCharacterDevice());
});

test('-, /dev/stdout and /proc/self/fd/1 are standard output, never a file to replace', () => {
  for (const p of ['-', '/dev/stdout', '/proc/self/fd/1', '/dev/fd/1']) assert.deepEqual(planOutput(p), { kind: 'fd', fd: 1, display: p === '-' ? '<stdout>' : p });
  assert.deepEqual(planOutput(undefined), { kind: 'fd', fd: 1, display: '<stdout>' });
  assert.equal((planOutput('/dev/stderr') as { fd: number }).fd, 2);
  symlinkSync('/dev/stdout', join(dir, 'to-stdout'));
  assert.deepEqual(planOutput(join(dir, 'to-stdout')), { kind: 'fd', fd: 1, display: join(dir, 'to-stdout') });
});

test('a directory, a missing folder and a read-only file are clear OutputErrors, checked before writing', () => {
  mkdirSync(join(dir, 'a-dir'));
  assert.throws(() => planOutput(join(dir, 'a-dir')), (e: unknown) => e instanceof OutputError && /is a directory/.test(e.message) && e.file === join(dir, 'a-dir'));
  assert.throws(() => openOutput(join(dir, 'no', 'out.txt')), (e: unknown) => e instanceof OutputError && /folder does not exist/.test(e.message));
  if (!isRoot) {
    writeFileSync(join(dir, 'ro.txt'), 'ro');
    chmodSync(join(dir, 'ro.txt'), 0o444);
    assert.throws(() => planOutput(join(dir, 'ro.txt')), OutputError);
  }
  assert.deepEqual(leftovers(), []);
});

test('streaming that stops half-way: abort leaves the old file and no temporary file', async () => {
  const p = join(dir, 'keep.txt');
  writeFileSync(p, 'precious\n');
  const sink = openOutput(p);
  await sink.write('half of a new ');
  assert.equal(leftovers().length, 1, 'the output goes to a temporary file beside the target');
  assert.equal(readFileSync(p, 'utf8'), 'precious\n');
  await sink.abort();
  assert.equal(readFileSync(p, 'utf8'), 'precious\n');
  assert.deepEqual(leftovers(), []);
});
