import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { readModel, writeModel } from '../../src/model/store.js';
import { recoverModelPath, swapInProgress } from '../../src/model/store-swap.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-recovery-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has exited (and been reaped): its leftovers are stale. */
const deadPid = spawnSync(process.execPath, ['-e', '']).pid as number;
const sibling = (parent: string, kind: string, name: string, pid: number) => join(parent, `.lexdis-${kind}-${name}-${pid}-0a1b2c`);
const version = (n: number) => ({ header: { n }, json: { n }, binary: { a: new Int32Array(300).fill(n) } });

async function expectModel(dir: string, n: number): Promise<void> {
  const m = await readModel(dir);
  assert.equal(m.header.n, n);
  assert.equal(m.json.n, n);
  assert.ok(m.binary.a.every((x) => x === n));
}

test('crash between moving the old model aside and moving the new one in: the old one is restored', async () => {
  const parent = mkdtempSync(join(root, 'b-'));
  const dir = join(parent, 'model');
  await writeModel(dir, version(1));
  await writeModel(join(parent, 'next'), version(2));
  renameSync(dir, sibling(parent, 'bak', 'model', deadPid));
  renameSync(join(parent, 'next'), sibling(parent, 'tmp', 'model', deadPid));
  await expectModel(dir, 1);
  assert.deepEqual(readdirSync(parent), ['model']);
});

test('crash after the new model moved in: the backup is removed, the new model stays', async () => {
  const parent = mkdtempSync(join(root, 'c-'));
  const dir = join(parent, 'model');
  await writeModel(join(parent, 'old'), version(1));
  await writeModel(dir, version(2));
  renameSync(join(parent, 'old'), sibling(parent, 'bak', 'model', deadPid));
  const del = sibling(parent, 'del', 'model', deadPid);
  mkdirSync(del);
  writeFileSync(join(del, '000005.ldb'), 'half deleted');
  await expectModel(dir, 2);
  assert.deepEqual(readdirSync(parent), ['model']);
});

test('a write also recovers first, and a crash-time backup is never lost to a new write', async () => {
  const parent = mkdtempSync(join(root, 'w-'));
  const dir = join(parent, 'model');
  await writeModel(dir, version(1));
  renameSync(dir, sibling(parent, 'bak', 'model', deadPid));
  const r = recoverModelPath(dir);
  assert.deepEqual(r, { restored: true, removed: 0 });
  renameSync(dir, sibling(parent, 'bak', 'model', deadPid));
  await writeModel(dir, version(3));
  await expectModel(dir, 3);
  assert.deepEqual(readdirSync(parent), ['model']);
});

test("leftovers of a live process and of other models' names are left alone", () => {
  const parent = mkdtempSync(join(root, 'live-'));
  const dir = join(parent, 'a');
  const live = [sibling(parent, 'tmp', 'a', process.ppid), sibling(parent, 'bak', 'a', process.ppid)];
  const otherName = [sibling(parent, 'tmp', 'a-1', deadPid), sibling(parent, 'bak', 'a-b', deadPid)];
  for (const p of [...live, ...otherName]) mkdirSync(p);
  assert.deepEqual(recoverModelPath(dir), { restored: false, removed: 0 });
  for (const p of [...live, ...otherName]) assert.ok(existsSync(p), p);
  assert.equal(swapInProgress(dir), true);
  assert.equal(existsSync(dir), false);
});

test('a reader waits while a live process is between the two renames of a swap', async () => {
  const parent = mkdtempSync(join(root, 'wait-'));
  const dir = join(parent, 'model');
  await writeModel(dir, version(5));
  const bak = sibling(parent, 'bak', 'model', process.ppid);
  renameSync(dir, bak);
  setTimeout(() => renameSync(bak, dir), 150);
  await expectModel(dir, 5);
});

for (const version of [2, 3]) test(`the committed format-version-${version} fixture still loads exactly (version 1's converts: test/model/upgrade.test.ts)`, async () => {
  const copy = join(mkdtempSync(join(root, 'fixture-')), `v${version}-small`);
  cpSync(join(projectRoot(), 'test', 'fixtures', 'model', `v${version}-small`), copy, { recursive: true });
  const m = await readModel(copy, { expectKind: 'lexdis-fixture' });
  assert.equal(m.header.formatVersion, version);
  assert.equal(m.header.seed, 42);
  assert.deepEqual(m.header.templates, ['Freq:label', 'NextWord:lemma']);
  assert.deepEqual(m.json, { 'vocab/lemma': ['kitAb', 'qalam', 'مكتب'], theta: [0.5, -1.25] });
  assert.deepEqual(m.binary, {
    u8: new Uint8Array([1, 2, 255]),
    i32: new Int32Array([-7, 0, 2147483647]),
    u32: new Uint32Array([4294967295, 3]),
    f32: new Float32Array([0.25, -3.5]),
    f64: new Float64Array([Math.PI, -0, 1e-300]),
    empty: new Float64Array(0),
  });
  assert.ok(Object.is(m.binary.f64[1], -0));
});
