/**
 * A model that deploys (issue 12): `lexdis serve --workers 2` runs two server processes on
 * one port and one model, replaces a worker that dies and stops with status 0 on SIGTERM;
 * a bad model is reported once; and a model on a read-only file system (a read-only bind
 * mount in a private mount namespace, made with unshare) is tagged and served.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

const LEXDIS = join(projectRoot(), 'bin', 'lexdis');
let root: string;
let model: string;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'lexdis-cluster-'));
  model = join(root, 'models', 'pud');
  mkdirSync(join(root, 'models'));
  await (await train(pudCorpus(60), { workers: 0, seed: 5 })).model.save(model);
});
after(() => rmSync(root, { recursive: true, force: true }));

/** Starts a command and resolves once its stderr shows the service URL (or it exits first). */
function startServe(
  cmd: string,
  args: string[],
): Promise<{ child: ChildProcess; url: string; stderr: () => string; exited: Promise<number | null> }> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /serving (http:\/\/\S+)/.exec(err);
      if (m) resolve({ child, url: m[1], stderr: () => err, exited });
    });
    void exited.then((code) => reject(new Error(`exited ${code} before serving: ${err}`)));
  });
}

const workersOf = (pid: number) => spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);

async function analyze(url: string): Promise<number> {
  const res = await fetch(`${url}/v1/analyze`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'ذهب الطالب إلى المكتبة.', top: 1 }) });
  await res.arrayBuffer();
  return res.status;
}

test('serve --workers 2: two processes answer on one port; a dead worker is replaced; SIGTERM exits 0', { timeout: 120_000 }, async () => {
  const s = await startServe(process.execPath, [LEXDIS, 'serve', '-m', model, '--port', '0', '--quiet', '--workers', '2']);
  try {
    const pids = workersOf(s.child.pid!);
    assert.equal(pids.length, 2, `worker processes: ${pids}`);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => analyze(s.url)));
    assert.deepEqual([...new Set(statuses)], [200]);
    process.kill(pids[0], 'SIGKILL');
    const died = new RegExp(`worker ${pids[0]} died \\(SIGKILL\\); starting another`);
    for (
      let i = 0;
      i < 600 &&
      !(died.test(s.stderr()) && workersOf(s.child.pid!).length === 2 && !workersOf(s.child.pid!).includes(pids[0]));
      i++
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(workersOf(s.child.pid!).length, 2, 'a new worker replaced the dead one');
    assert.match(s.stderr(), died, s.stderr());
    assert.equal(await analyze(s.url), 200);
  } finally {
    s.child.kill('SIGTERM');
  }
  assert.equal(await s.exited, 0, s.stderr());
});

test('serve --workers 2 with a bad model: one error line, exit 1', async () => {
  const bad = join(root, 'bad');
  mkdirSync(bad, { recursive: true });
  writeFileSync(join(bad, 'model.lexdis'), 'not a model');
  const r = spawnSync(process.execPath, [LEXDIS, 'serve', '-m', bad, '--port', '0', '--quiet', '--workers', '2'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^Error: .*not a lexdis model .*\[MODEL_FORMAT\]$/);
});

/** `sh -c` arguments that mount `dir` read-only in a private mount namespace, then run `script`. */
const readOnlyArgs = (dir: string, script: string) => ['--user', '--map-root-user', '--mount', 'sh', '-c',
  `mount --bind "${dir}" "${dir}" && mount -o remount,ro,bind "${dir}" && ${script}`];

const probe = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'true']);
test('a model on a read-only file system is tagged, and served by two workers',
  { skip: probe.status !== 0 ? 'this kernel refuses user and mount namespaces (unshare)' : false, timeout: 120_000 }, async () => {
    const text = join(root, 'text.txt');
    writeFileSync(text, 'ذهب الطالب إلى المكتبة.\n');
    const before = readFileSync(join(model, 'model.lexdis'));
    const models = join(root, 'models');
    const tag = spawnSync('unshare', readOnlyArgs(models,
      `touch "${model}/x" 2>/dev/null && echo WRITABLE; "${process.execPath}" "${LEXDIS}" tag "${text}" -m "${model}" --top 1`), { encoding: 'utf8', timeout: 90_000 });
    assert.equal(tag.status, 0, tag.stderr);
    assert.doesNotMatch(tag.stdout, /WRITABLE/, 'the mount is read-only');
    assert.match(tag.stdout, /المكتبة\t1\t/);
    const s = await startServe('unshare', readOnlyArgs(models,
      `exec "${process.execPath}" "${LEXDIS}" serve -m "${model}" --port 0 --quiet --workers 2`));
    try {
      const statuses = await Promise.all(Array.from({ length: 4 }, () => analyze(s.url)));
      assert.deepEqual([...new Set(statuses)], [200]);
    } finally {
      s.child.kill('SIGTERM');
    }
    assert.equal(await s.exited, 0, s.stderr());
    assert.deepEqual(readFileSync(join(model, 'model.lexdis')), before);
  });
