/**
 * `-o` and streaming input through the real command line (`lexdis analyze`, which needs no
 * model): a FIFO, a symbolic link, a 640 file, /dev/stdout, a device node made with mknod
 * (root only), a directory; 300 MB of NUL bytes on stdin; binary data half-way through.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { projectRoot } from '../../src/config.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const TEXT = 'كتبت الطالبة الدرس.\nذهب الولد إلى المدرسة\n';
const isRoot = process.getuid?.() === 0;
let dir = '';
let expected = '';

function lexdis(args: string[], input?: string | Buffer) {
  const r = spawnSync(BIN, args, { input, timeout: 60_000, env: { ...process.env, CI: 'true' } });
  return { code: r.status, out: r.stdout.toString('utf8'), err: r.stderr.toString('utf8') };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-output-paths-'));
  writeFileSync(join(dir, 'in.txt'), TEXT);
  const r = lexdis(['analyze', join(dir, 'in.txt')]);
  assert.equal(r.code, 0, r.err);
  expected = r.out;
  assert.match(expected, /\tanalyzer\n/);
});
after(() => rmSync(dir, { recursive: true, force: true }));

const leftovers = (d = dir) => readdirSync(d).filter((e) => e.startsWith('.lexdis-'));

test('-o onto a 640 file: replaced with the output, still 640', () => {
  const out = join(dir, 'mode640.txt');
  writeFileSync(out, 'old\n');
  chmodSync(out, 0o640);
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', out]);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, '', 'nothing on stdout');
  assert.equal(readFileSync(out, 'utf8'), expected);
  assert.equal(statSync(out).mode & 0o777, 0o640);
  assert.deepEqual(leftovers(), []);
});

test('-o onto a symbolic link: the target gets the output, the link stays', () => {
  mkdirSync(join(dir, 'real'));
  writeFileSync(join(dir, 'real', 'target.txt'), 'old\n');
  symlinkSync('real/target.txt', join(dir, 'link.txt'));
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', join(dir, 'link.txt')]);
  assert.equal(r.code, 0, r.err);
  assert.ok(lstatSync(join(dir, 'link.txt')).isSymbolicLink());
  assert.equal(readFileSync(join(dir, 'real', 'target.txt'), 'utf8'), expected);
});

test('-o onto a FIFO: a reader gets the output, the FIFO stays', async () => {
  const fifo = join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const reader = spawn('cat', [fifo]);
  let got = '';
  reader.stdout.on('data', (b: Buffer) => (got += b.toString('utf8')));
  const closed = new Promise((ok) => reader.on('close', ok));
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', fifo]);
  await closed;
  assert.equal(r.code, 0, r.err);
  assert.equal(got, expected);
  assert.ok(lstatSync(fifo).isFIFO());
});

test('-o /dev/stdout writes to standard output and leaves /dev/stdout a link', () => {
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', '/dev/stdout']);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, expected);
  assert.ok(lstatSync('/dev/stdout').isSymbolicLink());
  assert.equal(lexdis(['analyze', '-o', '-'], TEXT).out, expected);
});

test('-o onto a character device made with mknod: written in place, not replaced', { skip: isRoot ? false : 'mknod needs root' }, () => {
  const dev = join(dir, 'null-device');
  execFileSync('mknod', [dev, 'c', '1', '3']);
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', dev]);
  assert.equal(r.code, 0, r.err);
  assert.ok(lstatSync(dev).isCharacterDevice());
  assert.deepEqual(leftovers(), []);
});

test('-o onto a directory: one-line OUTPUT error, the directory untouched', () => {
  mkdirSync(join(dir, 'a-dir'));
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', join(dir, 'a-dir')]);
  assert.equal(r.code, 1);
  assert.equal(r.err, `Error: ${join(dir, 'a-dir')}: output path is a directory (give a file name) [OUTPUT]\n`);
  assert.deepEqual(readdirSync(join(dir, 'a-dir')), []);
});

test('300 MB of NUL bytes on stdin: a one-line INPUT_PARSE error naming byte offset 0, no V8 abort', () => {
  const r = spawnSync('sh', ['-c', `head -c 300000000 /dev/zero | "${BIN}" analyze`], { timeout: 60_000, env: { ...process.env, CI: 'true' } });
  assert.equal(r.status, 1, r.stderr.toString());
  assert.equal(r.stderr.toString(), 'Error: <stdin>:1: NUL byte (binary input, not text) at byte offset 0 [INPUT_PARSE]\n');
  assert.equal(r.stdout.length, 0);
});

test('binary data half-way: a one-line error naming the line and byte offset; -o keeps the old file', () => {
  const good = 'كتبت الطالبة\n'.repeat(3);
  const bytes = Buffer.concat([Buffer.from(good), Buffer.from([0x41, 0x00, 0x0a])]);
  const offset = Buffer.byteLength(good) + 1;
  const r = lexdis(['analyze'], bytes);
  assert.equal(r.code, 1);
  assert.equal(r.err, `Error: <stdin>:4: NUL byte (binary input, not text) at byte offset ${offset} [INPUT_PARSE]\n`);
  const out = join(dir, 'keep.txt');
  writeFileSync(out, 'old\n');
  const o = lexdis(['analyze', '-o', out], bytes);
  assert.equal(o.code, 1);
  assert.equal(readFileSync(out, 'utf8'), 'old\n');
  assert.deepEqual(leftovers(), []);
});

test('-o through the issue\'s link (sd/../x.txt, sd a linked folder): the file the kernel opens gets the output', () => {
  mkdirSync(join(dir, 'kreal', 'inner'), { recursive: true });
  symlinkSync('kreal/inner', join(dir, 'sd'));
  symlinkSync('sd/../x.txt', join(dir, 'L3'));
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', join(dir, 'L3')]);
  assert.equal(r.code, 0, r.err);
  assert.equal(readFileSync(join(dir, 'kreal', 'x.txt'), 'utf8'), expected);
  assert.throws(() => lstatSync(join(dir, 'x.txt')), /ENOENT/);
});

test('a run killed mid-output (SIGKILL) leaves its temporary file; the next run to the same output removes it', async () => {
  const out = join(dir, 'killed.txt');
  writeFileSync(out, 'old\n');
  // analyze reading a stdin kept open: its temporary file exists while it waits for more
  const child = spawn(BIN, ['analyze', '-', '-o', out], { stdio: ['pipe', 'ignore', 'ignore'] });
  child.stdin.write(TEXT);
  const exited = new Promise((ok) => child.on('exit', ok));
  const deadline = Date.now() + 30_000;
  while (leftovers().length === 0 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
  assert.equal(leftovers().length, 1, 'the output goes to a temporary file');
  child.kill('SIGKILL');
  await exited;
  assert.equal(leftovers().length, 1, 'SIGKILL gives no chance to remove it');
  assert.equal(readFileSync(out, 'utf8'), 'old\n', 'the output is as it was');
  const r = lexdis(['analyze', join(dir, 'in.txt'), '-o', out]);
  assert.equal(r.code, 0, r.err);
  assert.equal(readFileSync(out, 'utf8'), expected);
  assert.deepEqual(leftovers(), [], 'the killed run\'s file is gone');
});
