/**
 * The one output writer (src/io/output-writer.ts), case by case in a scratch folder: a new file, a
 * 640 file, a file owned by someone else, a symbolic link (and a dangling one), a FIFO, a
 * character device, standard output, a directory; streaming output that fails half-way.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { OutputError } from '../../src/errors.js';
import { openOutput, planOutput, writeOutputSync } from '../../src/io/output-writer.js';

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

test('links are followed as the kernel follows them: `..` after a linked folder goes up from where the link points', async () => {
  mkdirSync(join(dir, 'kreal', 'inner'), { recursive: true });
  symlinkSync('kreal/inner', join(dir, 'sd'));
  // the case: L3 → sd/../x.txt is kreal/x.txt, not ./x.txt
  symlinkSync('sd/../x.txt', join(dir, 'L3'));
  await stream(join(dir, 'L3'), ['through sd/..\n']);
  assert.equal(readFileSync(join(dir, 'kreal', 'x.txt'), 'utf8'), 'through sd/..\n');
  assert.throws(() => lstatSync(join(dir, 'x.txt')), /ENOENT/, 'nothing written where the text of the link points');
  assert.ok(lstatSync(join(dir, 'L3')).isSymbolicLink());
  // the same path given to -o directly, and a link whose target is absolute
  // (path.join would take `sd/..` away as text: the paths are written out)
  await stream(`${dir}/sd/../y.txt`, ['direct\n']);
  assert.equal(readFileSync(join(dir, 'kreal', 'y.txt'), 'utf8'), 'direct\n');
  symlinkSync(`${dir}/sd/../inner/z.txt`, join(dir, 'L4'));
  await stream(join(dir, 'L4'), ['absolute\n']);
  assert.equal(readFileSync(join(dir, 'kreal', 'inner', 'z.txt'), 'utf8'), 'absolute\n');
  // a link to `sd/..` names a folder
  symlinkSync('sd/..', join(dir, 'L5'));
  assert.throws(() => planOutput(join(dir, 'L5')), (e: unknown) => e instanceof OutputError && /is a directory/.test(e.message));
  for (const d of [dir, join(dir, 'kreal'), join(dir, 'kreal', 'inner')]) assert.deepEqual(readdirSync(d).filter((e) => e.startsWith('.lexdis-')), []);
});

test('a temporary file a killed run left for the same target is removed by the next run; a live run\'s and another target\'s stay', async () => {
  const target = join(dir, 'after-kill.txt');
  const dead = spawn(process.execPath, ['-e', '']);
  const deadPid = await new Promise<number>((ok) => dead.on('exit', () => ok(dead.pid!)));
  const live = spawn('sleep', ['30']);
  try {
    const names = [`.lexdis-tmp-after-kill.txt-${deadPid}-k1ll3d`, `.lexdis-tmp-after-kill.txt-${live.pid}-runn1ng`, `.lexdis-tmp-other.txt-${deadPid}-k1ll3d`];
    for (const n of names) writeFileSync(join(dir, n), 'half an output');
    await stream(target, ['whole\n']);
    assert.equal(readFileSync(target, 'utf8'), 'whole\n');
    const left = leftovers();
    assert.ok(!left.includes(names[0]), 'the dead run\'s file is gone');
    assert.ok(left.includes(names[1]) && left.includes(names[2]), JSON.stringify(left));
    for (const n of names.slice(1)) rmSync(join(dir, n));
  } finally {
    live.kill();
  }
});
