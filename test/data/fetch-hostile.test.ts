/**
 * fetchData against what a hostile or broken mirror, or a planted file, does to it: links, a
 * FIFO and a hard link planted where fetch writes (never followed, never written, their targets
 * unchanged), a second fetch into a folder being fetched (DATA_BUSY), a stale lock, a server
 * that crawls (the minimum rate, the server given up), and progress when a file fails.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../../bin/data.js';
import { checkData, selectSets } from '../../src/data/check.js';
import { fetchData, type FetchDataOptions, type FetchReport } from '../../src/data/fetch.js';
import { LOCK_NAME } from '../../src/data/lock.js';
import { DataBusyError, DataFetchError, OutputError } from '../../src/errors.js';
import { serveData } from '../helpers/data-server.js';

const scratch = mkdtempSync(join(tmpdir(), 'lexdis-fetch-hostile-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const fresh = (): string => join(scratch, `case-${++n}`);
const quick: Partial<FetchDataOptions> = { retryDelayMs: 0, stallMs: 5_000 };
const TSV = 'wikinews-max/WikiNewsMax.tsv';
const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');
const byPath = (reports: FetchReport[], path: string): FetchReport => reports.find((r) => r.path === path)!;
/** A safety limit for a test that could hang if a FIFO were opened: far above what it takes. */
const SAFETY = { timeout: 120_000 };

/** A folder with a `victim` file outside the data folder, and the data folder `to` beside it. */
function victim(): { dir: string; to: string; file: string; before: string } {
  const dir = fresh();
  mkdirSync(join(dir, 'outside'), { recursive: true });
  const file = join(dir, 'outside', 'victim.txt');
  writeFileSync(file, 'not lexdis data: must stay as it is\n');
  const to = join(dir, 'data');
  mkdirSync(join(to, 'wikinews-max'), { recursive: true });
  return { dir, to, file, before: sha(file) };
}

test('a .part planted as a link to a file outside: not followed, not written, not removed; the file keeps its bytes', async () => {
  const server = await serveData({ root: dataDir() });
  try {
    const v = victim();
    symlinkSync(v.file, join(v.to, `${TSV}.part`));
    const reports = await fetchData({ ...quick, to: v.to, from: server.url, sets: ['wikinews-max'] });
    const tsv = byPath(reports, TSV);
    assert.equal(tsv.status, 'failed');
    assert.ok(tsv.error instanceof OutputError, String(tsv.error));
    assert.equal(tsv.error.file, join(v.to, `${TSV}.part`));
    assert.match(tsv.error.message, /^a symbolic link where fetch writes: not followed or written; remove it and run again$/);
    assert.equal(sha(v.file), v.before, 'the link\'s target is unchanged');
    assert.ok(lstatSync(join(v.to, `${TSV}.part`)).isSymbolicLink(), 'the link stays');
    assert.ok(!existsSync(join(v.to, TSV)), 'no file, and no link, at the name');
    assert.deepEqual(reports.filter((r) => r.status === 'fetched').map((r) => r.path), ['wikinews-max/LICENSE', 'wikinews-max/README.md']);
    assert.equal(server.requests.filter((r) => r.path === TSV).length, 0, 'nothing asked for a file that cannot be written');
  } finally {
    await server.close();
  }
});

test('a .part planted as a FIFO is refused without opening it; a hard-linked .part is not written', SAFETY, async () => {
  const server = await serveData({ root: dataDir() });
  try {
    const v = victim();
    execFileSync('mkfifo', [join(v.to, `${TSV}.part`)]);
    linkSync(v.file, join(v.to, 'wikinews-max', 'LICENSE.part'));
    const reports = await fetchData({ ...quick, to: v.to, from: server.url, sets: ['wikinews-max'] });
    assert.match(byPath(reports, TSV).error!.describe(), /WikiNewsMax\.tsv\.part: a FIFO where fetch writes: not followed or written; remove it/);
    const license = byPath(reports, 'wikinews-max/LICENSE');
    assert.ok(license.error instanceof OutputError);
    assert.match(license.error.message, /^a file with 2 links where fetch writes: not written; remove it and run again$/);
    assert.equal(sha(v.file), v.before, 'the other name of the hard link keeps its bytes');
    assert.equal(byPath(reports, 'wikinews-max/README.md').status, 'fetched');
  } finally {
    await server.close();
  }
});

test('a link planted at a file\'s name, or in place of a set\'s folder, is not replaced nor written through', async () => {
  const server = await serveData({ root: dataDir() });
  try {
    const v = victim();
    symlinkSync(v.file, join(v.to, 'wikinews-max', 'LICENSE'));
    symlinkSync(join(v.dir, 'outside'), join(v.to, 'bama-1.0'));
    const reports = await fetchData({ ...quick, to: v.to, from: server.url, sets: ['bama-1.0', 'wikinews-max'] });
    const license = byPath(reports, 'wikinews-max/LICENSE');
    assert.ok(license.error instanceof OutputError);
    assert.equal(license.error.describe(), `${join(v.to, 'wikinews-max', 'LICENSE')}: a symbolic link where fetch writes: not replaced; remove it and run again`);
    assert.ok(lstatSync(join(v.to, 'wikinews-max', 'LICENSE')).isSymbolicLink());
    assert.equal(sha(v.file), v.before);
    const bama = reports.filter((r) => r.set === 'bama-1.0');
    assert.equal(bama.length, 8);
    for (const r of bama) {
      assert.equal(r.status, 'failed', r.path);
      assert.equal(r.error!.describe(), `${join(v.to, 'bama-1.0')}: a symbolic link where fetch writes: not written through; remove it and run again`);
    }
    assert.deepEqual(readdirSync(join(v.dir, 'outside')), ['victim.txt'], 'nothing written into the linked folder');
    assert.equal(byPath(reports, TSV).status, 'fetched');
  } finally {
    await server.close();
  }
});

test('a second fetch into a folder being fetched stops with DATA_BUSY; the first ends whole, and its lock goes', async () => {
  const server = await serveData({ root: dataDir(), hold: { [TSV]: 100_000 } });
  try {
    const to = fresh();
    const first = fetchData({ ...quick, to, from: server.url, sets: ['wikinews-max'] });
    await server.requested(TSV); // the first holds the lock: it asks for files only once it has it
    await assert.rejects(fetchData({ ...quick, to, from: server.url, sets: ['wikinews-max'] }), (e: unknown) => {
      assert.ok(e instanceof DataBusyError && e instanceof DataFetchError);
      assert.equal(e.code, 'DATA_BUSY');
      assert.equal(e.file, to);
      assert.match(e.message, new RegExp(`^another lexdis data fetch is writing it \\(pid ${process.pid}, since \\S+\\); run again when it has ended \\(if no fetch runs, remove ${join(to, LOCK_NAME)}\\)$`));
      return true;
    });
    assert.equal(server.requests.filter((r) => r.path === TSV).length, 1, 'the second asked for nothing');
    server.release();
    assert.deepEqual((await first).map((r) => r.status), ['fetched', 'fetched', 'fetched']);
    assert.deepEqual(readdirSync(to), ['wikinews-max'], 'the lock is gone');
    assert.deepEqual((await fetchData({ ...quick, to, from: server.url, sets: ['wikinews-max'] })).map((r) => r.status), ['present', 'present', 'present']);
  } finally {
    await server.close();
  }
});

test('a lock whose process is gone, or whose pid a later process took, is taken over; a link in its place is refused', async () => {
  const to = fresh();
  mkdirSync(to);
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number(gone.stdout);
  writeFileSync(join(to, LOCK_NAME), JSON.stringify({ pid, host: hostname(), since: 'then', token: 'ab' }));
  writeFileSync(join(to, `${LOCK_NAME}.${pid}-cd`), 'a killed fetch\'s lock, half made');
  const reports = await fetchData({ to, from: dataDir(), sets: ['wikinews-max'] });
  assert.deepEqual(reports.map((r) => r.status), ['fetched', 'fetched', 'fetched']);
  assert.deepEqual(readdirSync(to), ['wikinews-max'], 'the stale lock and its leftover are gone, and so is this run\'s');
  if (existsSync(`/proc/${process.pid}/stat`)) {
    // this very pid, but a process that started at another time: a pid reused after the holder died
    writeFileSync(join(to, LOCK_NAME), JSON.stringify({ pid: process.pid, host: hostname(), started: '1', since: 'then', token: 'ef' }));
    assert.deepEqual((await fetchData({ to, from: dataDir(), sets: ['wikinews-max'] })).map((r) => r.status), ['present', 'present', 'present']);
  }
  const v = victim();
  symlinkSync(v.file, join(v.to, LOCK_NAME));
  await assert.rejects(fetchData({ to: v.to, from: dataDir(), sets: ['wikinews-max'] }), (e: unknown) =>
    e instanceof OutputError && /^a symbolic link where the data folder's lock goes: not followed; remove it$/.test(e.message));
  assert.equal(sha(v.file), v.before);
});

test('a server that crawls: each try given up under the minimum rate, naming the file and the rate; its later files tried once, then not', async () => {
  const server = await serveData({ root: dataDir(), drip: { bytes: 1, everyMs: 20 } });
  try {
    const to = fresh();
    // 1 byte every 20 ms is at most 50 bytes a second, whatever the machine's load: always under 1,000
    const reports = await fetchData({ ...quick, tries: 2, minRate: 1_000, rateWindowMs: 200, to, from: server.url, sets: ['wikinews-max'] });
    assert.deepEqual(reports.map((r) => r.status), ['failed', 'failed', 'failed']);
    const [tsv, license, readme] = reports.map((r) => r.error!);
    assert.ok(tsv instanceof DataFetchError);
    assert.equal(tsv.file, join(to, TSV));
    assert.match(tsv.message, /^too slow: \d+ bytes in 0\.2 s \(\d+(\.\d)? B\/s\), below the minimum of 1 kB\/s from http:\/\/127\.0\.0\.1:\d+\/wikinews-max\/WikiNewsMax\.tsv \(2 tries\)$/);
    assert.match(license.message, /^too slow: .* from http:\/\/127\.0\.0\.1:\d+\/wikinews-max\/LICENSE$/);
    assert.match(readme.message, /^not tried: http:\/\/127\.0\.0\.1:\d+ failed every try of the 2 files before \(the last: too slow: /);
    const asked = (path: string) => server.requests.filter((r) => r.path === path).length;
    assert.deepEqual([asked(TSV), asked('wikinews-max/LICENSE'), asked('wikinews-max/README.md')], [2, 1, 0]);
    assert.ok(!existsSync(join(to, TSV)), 'nothing at the name');
  } finally {
    await server.close();
  }
});

test('progress never shows a failed file as done: done reaches the total only when every file was fetched', async () => {
  const server = await serveData({ root: dataDir(), corrupt: ['wikinews-max/README.md'] });
  try {
    const events: Array<[number, number]> = [];
    const reports = await fetchData({ ...quick, to: fresh(), from: server.url, sets: ['wikinews-max'], onProgress: (d, t) => events.push([d, t]) });
    assert.deepEqual(reports.map((r) => r.status), ['fetched', 'fetched', 'failed']);
    const total = reports.reduce((s, r) => s + r.bytes, 0);
    assert.ok(events.length > 0 && events.every(([d, t]) => t === total && d < total), 'never the total');
    assert.equal(events.at(-1)![0], total - reports[2].bytes, 'the last: the files fetched');
    const whole: Array<[number, number]> = [];
    await fetchData({ ...quick, to: fresh(), from: dataDir(), sets: ['wikinews-max'], onProgress: (d, t) => whole.push([d, t]) });
    assert.deepEqual(whole.at(-1), [total, total]);
    assert.deepEqual((await checkData(join(scratch, `case-${n}`), selectSets(['wikinews-max']))).map((c) => c.status), ['ok', 'ok', 'ok']);
  } finally {
    await server.close();
  }
});

test('two fetches started together into a folder that does not exist yet: both may make it; each ends fetched or DATA_BUSY', async () => {
  const to = fresh();
  const both = await Promise.allSettled([0, 1].map(() => fetchData({ to, from: dataDir(), sets: ['wikinews-max'] })));
  for (const r of both) {
    if (r.status === 'rejected') assert.ok(r.reason instanceof DataBusyError, String(r.reason));
    else assert.deepEqual(r.value.map((x) => x.status).filter((s) => s !== 'fetched' && s !== 'present'), []);
  }
  assert.ok(both.some((r) => r.status === 'fulfilled'));
  assert.deepEqual((await checkData(to, selectSets(['wikinews-max']))).map((c) => c.status), ['ok', 'ok', 'ok']);
});
