/**
 * fetchData against a mirror on 127.0.0.1 serving the data folder: the layout written, files
 * already there kept, a corrupted file refused, a dropped or stalled transfer resumed (in the
 * run and across runs), a missing file, a server that is down, and bad requests.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../../bin/data.js';
import { checkData, selectSets } from '../../src/data/check.js';
import { fetchData, type FetchDataOptions } from '../../src/data/fetch.js';
import { DATA_SETS, publicUrl } from '../../src/data/manifest.js';
import { DataFetchError, UsageError } from '../../src/errors.js';
import { serveData } from '../helpers/data-server.js';

const scratch = mkdtempSync(join(tmpdir(), 'lexdis-fetch-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let n = 0;
const emptyDir = (): string => join(scratch, `to-${++n}`);
const STEMS = 'bama-1.0/dictStems';
const quick: Partial<FetchDataOptions> = { retryDelayMs: 0, stallMs: 5_000 };

test('fetched from a mirror URL into an empty folder: the data folder\'s layout and bytes, then nothing fetched again', async () => {
  const server = await serveData({ root: dataDir() });
  try {
    const to = emptyDir();
    const reports = await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0', 'wikinews-max'] });
    assert.deepEqual(reports.filter((r) => r.status !== 'fetched'), []);
    for (const set of ['bama-1.0', 'wikinews-max']) {
      assert.deepEqual(readdirSync(join(to, set)).sort(), readdirSync(join(dataDir(), set)).sort(), `${set}: same files, no .part left`);
    }
    for (const f of ['bama-1.0/tableAB', 'wikinews-max/LICENSE']) assert.ok(readFileSync(join(to, f)).equals(readFileSync(join(dataDir(), f))), f);
    assert.deepEqual((await checkData(to, selectSets(['bama-1.0', 'wikinews-max']))).filter((c) => c.status !== 'ok'), []);
    const asked = server.requests.length;
    const again = await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0', 'wikinews-max'] });
    assert.ok(again.every((r) => r.status === 'present'));
    assert.equal(server.requests.length, asked, 'nothing asked for again');
  } finally {
    await server.close();
  }
});

test('a corrupted file is refused with its sha256 and not kept; the other files still arrive', async () => {
  const server = await serveData({ root: dataDir(), corrupt: ['bama-1.0/tableAC'] });
  try {
    const to = emptyDir();
    const reports = await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0'] });
    const bad = reports.find((r) => r.path === 'bama-1.0/tableAC')!;
    assert.equal(bad.status, 'failed');
    assert.ok(bad.error instanceof DataFetchError);
    assert.equal(bad.error.file, join(to, 'bama-1.0', 'tableAC'));
    assert.match(bad.error.message, /^sha256 [0-9a-f]{64}, expected 62f60935.* \(from http:\/\/127\.0\.0\.1:\d+\/bama-1\.0\/tableAC\): not kept$/);
    assert.ok(!existsSync(join(to, 'bama-1.0', 'tableAC')) && !existsSync(join(to, 'bama-1.0', 'tableAC.part')));
    assert.equal(reports.filter((r) => r.status === 'fetched').length, 7);
  } finally {
    await server.close();
  }
});

test('a dropped connection is resumed from the byte it stopped at (HTTP Range)', async () => {
  const server = await serveData({ root: dataDir(), dropAfter: { [STEMS]: 1_000_000 } });
  try {
    const to = emptyDir();
    const [stems] = (await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0'] })).filter((r) => r.path === STEMS);
    assert.equal(stems.status, 'fetched', stems.error?.message);
    assert.equal(stems.resumedAt.length, 1);
    assert.ok(stems.resumedAt[0] > 0 && stems.resumedAt[0] <= 1_000_000, `resumed at ${stems.resumedAt[0]}`);
    assert.deepEqual(server.requests.filter((r) => r.path === STEMS).map((r) => r.range), [undefined, `bytes=${stems.resumedAt[0]}-`]);
    assert.ok(readFileSync(join(to, STEMS)).equals(readFileSync(join(dataDir(), STEMS))));
  } finally {
    await server.close();
  }
});

test('a server that ignores Range: the file fetched whole, and no resume reported', async () => {
  const server = await serveData({ root: dataDir(), dropAfter: { [STEMS]: 1_000_000 }, noRange: true });
  try {
    const to = emptyDir();
    const [stems] = (await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0'] })).filter((r) => r.path === STEMS);
    assert.equal(stems.status, 'fetched', stems.error?.message);
    assert.deepEqual(stems.resumedAt, [], 'the second answer started at byte 0');
    assert.equal(server.requests.filter((r) => r.path === STEMS).length, 2);
    assert.ok(readFileSync(join(to, STEMS)).equals(readFileSync(join(dataDir(), STEMS))));
  } finally {
    await server.close();
  }
});

test('a stalled transfer is given up after stallMs and resumed', async () => {
  const server = await serveData({ root: dataDir(), pauseAfter: { 'bama-1.0/tableAB': [20_000, 3_000] } });
  try {
    const to = emptyDir();
    const reports = await fetchData({ ...quick, stallMs: 300, to, from: server.url, sets: ['bama-1.0'] });
    const ab = reports.find((r) => r.path === 'bama-1.0/tableAB')!;
    assert.equal(ab.status, 'fetched', ab.error?.message);
    assert.equal(ab.resumedAt[0], 20_000);
    assert.deepEqual(server.requests.filter((r) => r.path === 'bama-1.0/tableAB').map((r) => r.range), [undefined, 'bytes=20000-']);
  } finally {
    await server.close();
  }
  const once = await serveData({ root: dataDir(), pauseAfter: { 'wikinews-max/LICENSE': [5_000, 3_000] } });
  try {
    const to = emptyDir();
    const license = (await fetchData({ ...quick, tries: 1, stallMs: 300, to, from: once.url, sets: ['wikinews-max'] }))[1];
    assert.equal(license.status, 'failed');
    assert.equal(license.error!.describe(), `${join(to, 'wikinews-max', 'LICENSE')}: no data for 0.3 s from ${once.url}wikinews-max/LICENSE`);
    assert.equal(readFileSync(join(to, 'wikinews-max', 'LICENSE.part')).length, 5_000, 'what arrived is kept, to resume');
  } finally {
    await once.close();
  }
});

test('a part left by an earlier run is resumed; a wrong one is fetched whole again', async () => {
  const server = await serveData({ root: dataDir() });
  try {
    const to = emptyDir();
    const full = readFileSync(join(dataDir(), STEMS));
    await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0'] }); // makes the folder
    rmSync(join(to, STEMS));
    writeFileSync(join(to, `${STEMS}.part`), full.subarray(0, 500_000));
    server.requests.length = 0;
    let [stems] = (await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0'] })).filter((r) => r.path === STEMS);
    assert.equal(stems.status, 'fetched');
    assert.deepEqual(stems.resumedAt, [500_000]);
    assert.deepEqual(server.requests.map((r) => r.range), ['bytes=500000-']);

    rmSync(join(to, STEMS));
    writeFileSync(join(to, `${STEMS}.part`), Buffer.alloc(500_000, 0x41));
    server.requests.length = 0;
    [stems] = (await fetchData({ ...quick, to, from: server.url, sets: ['bama-1.0'] })).filter((r) => r.path === STEMS);
    assert.equal(stems.status, 'fetched', stems.error?.message);
    assert.deepEqual(server.requests.map((r) => r.range), ['bytes=500000-', undefined]);
    assert.ok(readFileSync(join(to, STEMS)).equals(full));
  } finally {
    await server.close();
  }
});

test('a file the mirror lacks fails at once (HTTP 404, one request); a server that is down: its tries, one for the next file, then none', async () => {
  const server = await serveData({ root: join(scratch, 'empty-mirror') });
  const to = emptyDir();
  try {
    const [first] = await fetchData({ ...quick, to, from: server.url, sets: ['wikinews-max'] });
    assert.equal(first.status, 'failed');
    assert.match(first.error!.message, /^HTTP 404 Not Found from http:\/\/127\.0\.0\.1:\d+\/wikinews-max\/WikiNewsMax\.tsv$/);
    assert.equal(server.requests.filter((r) => r.path === 'wikinews-max/WikiNewsMax.tsv').length, 1);
  } finally {
    await server.close();
  }
  const [down, next, last] = await fetchData({ ...quick, tries: 2, to, from: server.url, sets: ['wikinews-max'] });
  assert.equal(down.status, 'failed');
  assert.match(down.error!.message, /^cannot reach http:\/\/127\.0\.0\.1:\d+\/wikinews-max\/WikiNewsMax\.tsv \(ECONNREFUSED\) \(2 tries\)$/);
  // the server found unreachable, the next file gets one try
  assert.match(next.error!.message, /^cannot reach http:\/\/127\.0\.0\.1:\d+\/wikinews-max\/LICENSE \(ECONNREFUSED\)$/);
  // and when that one fails too, the rest are not tried
  assert.match(last.error!.message, /^not tried: http:\/\/127\.0\.0\.1:\d+ failed every try of the 2 files before \(the last: cannot reach .*\/LICENSE \(ECONNREFUSED\)\)$/);
});

test('a local folder is a mirror too, with the files that have no public source', async () => {
  const to = emptyDir();
  const reports = await fetchData({ to, from: dataDir(), sets: ['wikinews-max', 'bama-1.0-reference'] });
  assert.deepEqual(reports.map((r) => r.status), ['fetched', 'fetched', 'fetched', 'fetched', 'fetched']);
  assert.deepEqual((await checkData(to, selectSets(['wikinews-max', 'bama-1.0-reference']))).map((c) => c.status), ['ok', 'ok', 'ok', 'ok', 'ok']);
});

test('without a mirror: files with no public source are skipped, a set with none named is refused, unknown sets too', async () => {
  await assert.rejects(fetchData({ to: emptyDir(), sets: ['bama-1.0-reference'] }), (e: unknown) => e instanceof UsageError && /bama-1\.0-reference: no public source/.test(e.message));
  await assert.rejects(fetchData({ to: emptyDir(), sets: ['bama-2.0'] }), (e: unknown) => e instanceof UsageError && /no data set 'bama-2\.0': the sets are bama-1\.0, /.test(e.message));
  await assert.rejects(fetchData({ to: emptyDir(), tries: 0 }), UsageError);
});

test('every file with a public source is read at a full commit of its repository', () => {
  for (const set of DATA_SETS) {
    for (const file of set.files) {
      const url = publicUrl(set, file);
      if (file.source === undefined) assert.equal(url, undefined);
      else assert.equal(url, `https://raw.githubusercontent.com/${set.origin!.repo}/${set.origin!.commit}/${file.source}`);
    }
    if (set.origin) assert.match(set.origin.commit, /^[0-9a-f]{40}$/);
  }
});

test('the manifest lists every file of the data folder with its size and sha256 (a set only training reads may be absent)', async () => {
  const sets = readdirSync(dataDir());
  const present = DATA_SETS.filter((s) => !s.trainingOnly || sets.includes(s.name));
  const listed = present.flatMap((s) => s.files.map((f) => `${s.name}/${f.name}`)).sort();
  const there = sets.flatMap((set) => readdirSync(join(dataDir(), set)).map((f) => `${set}/${f}`)).sort();
  assert.deepEqual(listed, there);
  assert.deepEqual((await checkData(dataDir(), present)).filter((c) => c.status !== 'ok'), []);
});
