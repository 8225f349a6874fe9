/**
 * bama-1.0-reference made here (src/data/reference.ts): PUD's sentences, and AraMorph.pl's
 * analyses of them run with the system's Perl, each kept only with the manifest's sha256; the
 * Windows-1256 encoder it feeds the program with. The data folder of each test is made under a
 * scratch folder from the real one (its files linked, never written).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../../bin/data.js';
import { perlCommand } from '../../bin/commands/data-reference.js';
import { sha256File } from '../../src/data/check.js';
import { lockDataFolder } from '../../src/data/lock.js';
import { DATA_SETS } from '../../src/data/manifest.js';
import { perlVersion } from '../../src/data/perl.js';
import { buildReference, conlluSentences, REFERENCE_SET } from '../../src/data/reference.js';
import { DataBuildError, DataBusyError, DataNotFoundError, InputParseError, OutputError } from '../../src/errors.js';
import { encodeWindows1256 } from '../../src/io/encoding.js';

const scratch = mkdtempSync(join(tmpdir(), 'lexdis-reference-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const perl = perlCommand();
const noPerl = perlVersion(perl) === undefined ? `'${perl}' cannot be run here` : false;
const [SENTENCES, ANALYSES] = REFERENCE_SET.files;
let n = 0;

/** A data folder holding links to the real folder's files of the sets the reference is built from. */
function inputsFolder(): string {
  const dir = join(scratch, `data-${++n}`);
  for (const name of REFERENCE_SET.builtFrom!) {
    mkdirSync(join(dir, name), { recursive: true });
    const set = DATA_SETS.find((s) => s.name === name)!;
    for (const f of set.files) symlinkSync(join(dataDir(), name, f.name), join(dir, name, f.name));
  }
  return dir;
}

const referenceFiles = (dir: string): string[] =>
  existsSync(join(dir, REFERENCE_SET.name)) ? readdirSync(join(dir, REFERENCE_SET.name)).sort() : [];

test('conlluSentences: the "# text = " lines in order, nothing else', () => {
  const conllu = '# sent_id = a\n# text = كتب الولد\r\n# text_en = The boy wrote\n1\tكتب\n\n# text = 2017.\n1\t2017\n';
  assert.equal(conlluSentences(conllu), 'كتب الولد\n2017.\n');
  assert.equal(conlluSentences('1\tx\n'), '');
});

test('encodeWindows1256: the inverse of TextDecoder for every byte; a character it lacks names its line', () => {
  const all = Uint8Array.from({ length: 256 }, (_, b) => b);
  assert.deepEqual(encodeWindows1256(new TextDecoder('windows-1256').decode(all)), all);
  assert.deepEqual([...encodeWindows1256('كتب ab')], [0xdf, 0xca, 0xc8, 0x20, 0x61, 0x62]);
  assert.throws(() => encodeWindows1256('ok\nهٰذا', 'in.txt'), (e: unknown) =>
    e instanceof InputParseError && e.file === 'in.txt' && e.line === 2 && /U\+0670 .* no Windows-1256 byte/.test(e.message));
});

test('without Perl: the sentences are made, byte for byte the recorded file; the analyses skipped', async () => {
  const dir = inputsFolder();
  const reports = await buildReference({ dataDir: dir, perl: false });
  assert.deepEqual(reports.map((r) => [r.path, r.status]), [[`${REFERENCE_SET.name}/${SENTENCES.name}`, 'built'], [`${REFERENCE_SET.name}/${ANALYSES.name}`, 'skipped']]);
  assert.equal(await sha256File(join(dir, REFERENCE_SET.name, SENTENCES.name)), SENTENCES.sha256);
  assert.deepEqual(referenceFiles(dir), [SENTENCES.name]);
});

test('with Perl: AraMorph.pl\'s analyses, the recorded bytes; present the second time; PERL_UNICODE has no effect', { skip: noPerl }, async () => {
  const dir = inputsFolder();
  const seen: number[] = [];
  const before = readdirSync(tmpdir()).filter((f) => f.startsWith('lexdis-aramorph-')).length;
  process.env.PERL_UNICODE = 'SDA'; // would make the program print nothing, were it passed on
  try {
    const reports = await buildReference({ dataDir: dir, perl, onProgress: (done, total) => seen.push(done, total) });
    assert.deepEqual(reports.map((r) => r.status), ['built', 'built']);
  } finally {
    delete process.env.PERL_UNICODE;
  }
  assert.equal(await sha256File(join(dir, REFERENCE_SET.name, ANALYSES.name)), ANALYSES.sha256);
  assert.deepEqual(seen.slice(-2), [1000, 1000], 'progress reaches the last of the 1,000 sentences');
  assert.deepEqual(referenceFiles(dir), [ANALYSES.name, SENTENCES.name], 'no temporary file left in the set');
  assert.equal(readdirSync(tmpdir()).filter((f) => f.startsWith('lexdis-aramorph-')).length, before, 'the work folder removed');
  assert.deepEqual((await buildReference({ dataDir: dir, perl })).map((r) => r.status), ['present', 'present']);
});

/** A script standing in for Perl: `body` is its shell code. */
function fakePerl(body: string): string {
  const path = join(scratch, `perl-${++n}`);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

test('a Perl that fails or prints other bytes: DATA_BUILD, and no analyses file', async () => {
  const dir = inputsFolder();
  await assert.rejects(buildReference({ dataDir: dir, perl: fakePerl('echo "cannot open: dictStems" >&2; exit 3') }), (e: unknown) =>
    e instanceof DataBuildError && e.message.endsWith('exited with status 3: cannot open: dictStems'));
  await assert.rejects(buildReference({ dataDir: dir, perl: fakePerl('cat') }), (e: unknown) =>
    e instanceof DataBuildError && e.file === join(dir, REFERENCE_SET.name, ANALYSES.name) &&
    new RegExp(`sha256 [0-9a-f]{64}; expected ${ANALYSES.bytes} bytes, sha256 ${ANALYSES.sha256}: not kept$`).test(e.message));
  await assert.rejects(buildReference({ dataDir: dir, perl: join(scratch, 'no-such-perl') }), (e: unknown) =>
    e instanceof DataBuildError && /cannot run .*no-such-perl \(ENOENT\)/.test(e.message));
  assert.deepEqual(referenceFiles(dir), [SENTENCES.name]);
});

test('an input missing or damaged: an error naming it and the fetch that fixes it, nothing written', async () => {
  const dir = inputsFolder();
  rmSync(join(dir, 'bama-1.0-program', 'AraMorph.pl'));
  await assert.rejects(buildReference({ dataDir: dir, perl: 'perl' }), (e: unknown) =>
    e instanceof DataNotFoundError && e.file === join(dir, 'bama-1.0-program', 'AraMorph.pl') && e.message.endsWith("'lexdis data fetch bama-1.0-program' fetches it"));
  assert.deepEqual(referenceFiles(dir), []);
  const other = inputsFolder();
  const stems = join(other, 'bama-1.0', 'dictStems');
  rmSync(stems);
  writeFileSync(stems, readFileSync(join(dataDir(), 'bama-1.0', 'dictStems')).subarray(1));
  await assert.rejects(buildReference({ dataDir: other, perl: 'perl' }), (e: unknown) =>
    e instanceof DataBuildError && e.file === stems && /^damaged \(\d+ bytes, expected \d+\); 'lexdis data fetch bama-1\.0' fetches it again$/.test(e.message));
  assert.deepEqual(referenceFiles(other), []);
});

test('a link planted where a file of the reference goes is not followed nor replaced', async () => {
  const dir = inputsFolder();
  const target = join(scratch, `outside-${++n}.txt`);
  writeFileSync(target, 'mine\n');
  mkdirSync(join(dir, REFERENCE_SET.name));
  symlinkSync(target, join(dir, REFERENCE_SET.name, SENTENCES.name));
  await assert.rejects(buildReference({ dataDir: dir, perl: false }), (e: unknown) =>
    e instanceof OutputError && e.file === join(dir, REFERENCE_SET.name, SENTENCES.name) && e.message.startsWith('a symbolic link where fetch writes: not replaced'));
  assert.equal(readFileSync(target, 'utf8'), 'mine\n');
});

test('a data folder a fetch is writing: DATA_BUSY, nothing written', async () => {
  const dir = inputsFolder();
  const lock = await lockDataFolder(dir);
  try {
    await assert.rejects(buildReference({ dataDir: dir, perl: false }), (e: unknown) => e instanceof DataBusyError);
  } finally {
    lock.release();
  }
  assert.deepEqual(referenceFiles(dir), []);
  assert.equal((await buildReference({ dataDir: dir, perl: false }))[0].status, 'built', 'the lock released, the build goes');
});
