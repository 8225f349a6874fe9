/**
 * `lexdis upgrade-model` (src/model/upgrade/): a format-1 model (LevelDB) is read whole, every
 * part checked, and written as format 2 with the same header fields and parts; a damaged or
 * foreign one is refused naming it, before anything is written; a format-2 model is checked
 * and left alone; the command line says what it did.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { ModelVersionError, OutputError } from '../../src/errors.js';
import {
  DEFAULT_COMPRESSION, MODEL_FILE, MODEL_FORMAT_VERSION, MODEL_MAGIC, fileVersionOf, readModel, writeModel,
} from '../../src/model/store.js';
import { upgradeModel } from '../../src/model/upgrade/upgrade.js';
import { rawDb, tamperV1, writeModelV1 } from '../../testkit/model-v1.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';
import { treeDigest } from '../reliability/harness.js';
import { modelFormatError } from '../helpers/errors.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-upgrade-'));
after(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (label: string) => join(root, `${label}-${counter++}`);


test('the committed format-1 fixture converts in place to the same parts, and then loads', async () => {
  const copy = join(mkdtempSync(join(root, 'fixture-')), 'v1-small');
  cpSync(join(projectRoot(), 'test', 'fixtures', 'model', 'v1-small'), copy, { recursive: true });
  await assert.rejects(readModel(copy), ModelVersionError);
  const r = await upgradeModel(copy);
  assert.deepEqual(
    { upgraded: r.upgraded, fromVersion: r.fromVersion, dir: r.dir },
    { upgraded: true, fromVersion: 1, dir: copy },
  );
  assert.ok(existsSync(join(copy, MODEL_FILE)) && !existsSync(join(copy, 'CURRENT')), 'the directory now holds the format-2 file only');
  const m = await readModel(copy, { expectKind: 'lexdis-fixture' });
  assert.equal(m.header.formatVersion, fileVersionOf(DEFAULT_COMPRESSION));
  assert.equal(m.header.magic, MODEL_MAGIC);
  assert.equal(m.header.seed, 42);
  assert.deepEqual(m.json, { 'vocab/lemma': ['kitAb', 'qalam', 'مكتب'], theta: [0.5, -1.25] });
  assert.deepEqual(m.binary.i32, new Int32Array([-7, 0, 2147483647]));
  assert.ok(Object.is(m.binary.f64[1], -0));
  const again = await upgradeModel(copy);
  assert.equal(again.upgraded, false, 'a format-2 model is left alone');
});

test('a large format-1 model converts to another path with every part the same, and its header fields kept', async () => {
  const big = new Float64Array(2_500_000).map((_, i) => i * 0.5); // 20 MB: two chunks
  const parts = { header: { seed: 1, createdAt: '2020-01-01T00:00:00.000Z' }, json: { theta: [1, 2, 3] }, binary: { big, u8: new Uint8Array([1, 2]) } };
  const from = fresh('big');
  await writeModelV1(from, parts);
  const to = fresh('big-out');
  const r = await upgradeModel(from, to);
  assert.equal(r.dir, to);
  assert.ok(existsSync(join(from, 'CURRENT')), 'the format-1 model stays where it was');
  const m = await readModel(to);
  assert.equal(m.header.seed, 1);
  assert.equal(m.header.createdAt, '2020-01-01T00:00:00.000Z');
  assert.deepEqual(m.json, parts.json);
  assert.deepEqual(m.binary, parts.binary);
});

test('a damaged format-1 model is refused naming the part, and nothing is written', async () => {
  const parts = {
    header: { seed: 1 },
    json: { theta: [1, 2, 3] },
    binary: { big: new Float64Array(2_500_000).map((_, i) => i) },
  };
  const cases: [string, string, (v: Uint8Array | undefined) => Uint8Array | undefined, RegExp][] = [
    ['flip', 'bin/big/1', (v) => { const c = Uint8Array.from(v!); c[12345] ^= 0x10; return c; }, /"big": chunk 1 is corrupt \(checksum/],
    ['json', 'json/theta', () => new TextEncoder().encode('[1,2,4]'), /JSON part "theta" is corrupt/],
    ['header', 'header', (v) => new TextEncoder().encode(new TextDecoder().decode(v).replace('"seed":1', '"seed":2')), /header does not match/],
    ['missing', 'bin/big/0', () => undefined, /chunk 0 is missing/],
    ['short', 'bin/big/1', (v) => v!.subarray(8), /chunk 1 has \d+ bytes/],
  ];
  for (const [label, key, change, pattern] of cases) {
    const dir = fresh(`corrupt-${label}`);
    await writeModelV1(dir, parts);
    await tamperV1(dir, key, change);
    const out = fresh(`corrupt-${label}-out`);
    await assert.rejects(upgradeModel(dir, out), modelFormatError(dir, pattern), label);
    assert.equal(existsSync(out), false, label);
    assert.ok(!readdirSync(dir).includes(MODEL_FILE), label);
  }
});

test('a foreign LevelDB, a future or too old version are refused; a bad output path before anything is read', async () => {
  const magic = fresh('magic');
  await rawDb(magic, { header: JSON.stringify({ magic: 'SOMETHING-ELSE', formatVersion: 1, kind: 'x' }) });
  await assert.rejects(upgradeModel(magic), modelFormatError(magic, /not a lexdis model.*magic/));
  const noHeader = fresh('noheader');
  await rawDb(noHeader, { other: '1' });
  await assert.rejects(upgradeModel(noHeader), modelFormatError(noHeader, /no header/));
  const future = fresh('future');
  await rawDb(future, { header: JSON.stringify({ magic: MODEL_MAGIC, formatVersion: MODEL_FORMAT_VERSION + 1, kind: 'lexdis-model' }) });
  await assert.rejects(upgradeModel(future), (e: unknown) => e instanceof ModelVersionError && /is newer than this lexdis can read/.test(e.message));
  const old = fresh('old');
  await rawDb(old, { header: JSON.stringify({ magic: MODEL_MAGIC, formatVersion: 0, kind: 'lexdis-model' }) });
  await assert.rejects(upgradeModel(old), (e: unknown) => e instanceof ModelVersionError && /version 0 is no longer read .*converts version 1\); retrain the model/.test(e.message));
  const v2 = fresh('v2');
  await writeModel(v2, { header: {}, json: {}, binary: {} });
  await assert.rejects(upgradeModel(v2, join(root, 'no', 'such', 'out')), OutputError);
});

test('lexdis upgrade-model: in place, then "nothing written"; a format-1 model given to tag is refused with the hint', async () => {
  const dir = fresh('cli');
  await writeModelV1(dir, { header: { seed: 3 }, json: { a: 1 }, binary: {} });
  const text = join(root, 'text.txt');
  writeFileSync(text, 'كتب\n');
  const tag = await lexdisInProcess(['tag', text, '-m', dir, '--progress', 'none']);
  assert.equal(tag.status, 1);
  assert.match(tag.stderr, /^Error: .*: model format version 1 \(a LevelDB directory\) is no longer read; convert it with `lexdis upgrade-model DIR` \(or retrain it\) \[MODEL_VERSION\]$/m);
  const first = await lexdisInProcess(['upgrade-model', dir]);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stderr, /format version 1 converted to format 2 \(\d+ bytes\)/);
  assert.equal((await readModel(dir)).header.seed, 3);
  const second = await lexdisInProcess(['upgrade-model', dir]);
  assert.equal(second.status, 0, second.stderr);
  assert.match(second.stderr, /already format version 2, checked; nothing written/);
  assert.equal((await lexdisInProcess(['upgrade-model', dir, '-q'])).stderr, '');
});

test('upgrade-model writes nothing into the folder it reads: not a LevelDB, a damaged one, a good one converted elsewhere', async () => {
  const fixture = join(projectRoot(), 'test', 'fixtures', 'model', 'v1-small');
  const copy = (label: string) => {
    const dir = fresh(label);
    cpSync(fixture, dir, { recursive: true });
    return dir;
  };
  const noDb = fresh('no-leveldb');
  cpSync(fixture, noDb, { recursive: true, filter: (src) => src === fixture || src.endsWith('LEXDIS-MODEL') });
  writeFileSync(join(noDb, 'CURRENT'), 'not a manifest name\n');
  writeFileSync(join(noDb, 'README'), 'a folder that is not a LevelDB\n');
  const noManifest = copy('no-manifest');
  for (const e of readdirSync(noManifest)) if (e.startsWith('MANIFEST-')) unlinkSync(join(noManifest, e));
  const cutTable = copy('cut-table');
  for (const e of readdirSync(cutTable)) if (e.endsWith('.ldb')) truncateSync(join(cutTable, e), 100);
  const cases: Array<[string, string, RegExp]> = [
    ['not a LevelDB', noDb, /not a lexdis model .*CURRENT file names no MANIFEST/],
    ['no MANIFEST', noManifest, /not a lexdis model .*MANIFEST-\d+, which CURRENT names, is missing/],
    ['a table file cut short', cutTable, /model is damaged or unreadable: .*000005\.ldb/],
  ];
  for (const [what, dir, pattern] of cases) {
    const before = treeDigest(dir);
    const out = fresh(`${what}-out`);
    await assert.rejects(upgradeModel(dir, out), modelFormatError(dir, pattern), what);
    assert.deepEqual(treeDigest(dir), before, `${what}: the folder's listing and bytes are unchanged`);
    assert.equal(existsSync(out), false, what);
  }
  const beforeCli = treeDigest(noDb);
  const cli = await lexdisInProcess(['upgrade-model', noDb, '-o', fresh('cli-out')]);
  assert.equal(cli.status, 1);
  assert.match(cli.stderr, /^Error: .*no-leveldb.*: not a lexdis model .* \[MODEL_FORMAT\]\n$/);
  assert.deepEqual(treeDigest(noDb), beforeCli, 'the command line: the folder unchanged');
  const good = copy('good');
  const before = treeDigest(good);
  assert.equal((await upgradeModel(good, fresh('good-out'))).upgraded, true);
  assert.deepEqual(treeDigest(good), before, 'a good format-1 model converted to another path is left as it was');
});
