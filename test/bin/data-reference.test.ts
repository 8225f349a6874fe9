/**
 * bama-1.0-reference as a user gets it: `lexdis data fetch` builds it with Perl from a mirror that
 * lacks it, and `npm test`'s data step (scripts/test-data.mjs) builds it, or, without Perl, says
 * in one line that the tests reading it are skipped. Every data folder here holds links to the
 * real folder's files (never written); nothing is asked of the network.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dataDir } from '../../bin/data.js';
import { perlCommand } from '../../bin/commands/data-reference.js';
import { checkData } from '../../src/data/check.js';
import { DATA_SETS } from '../../src/data/manifest.js';
import { perlVersion } from '../../src/data/perl.js';
import { REFERENCE_SET } from '../../src/data/reference.js';
import { projectRoot } from '../../src/config.js';
import { analysesSkip } from '../helpers/reference.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const scratch = mkdtempSync(join(tmpdir(), 'lexdis-data-reference-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const noPerl = perlVersion(perlCommand()) === undefined ? `'${perlCommand()}' cannot be run here` : false;
let n = 0;

/** A data folder of every set the tests read but the reference, each file linked to the real one. */
function withoutReference(): string {
  const dir = join(scratch, `data-${++n}`);
  for (const set of DATA_SETS.filter((s) => s !== REFERENCE_SET && !s.trainingOnly)) {
    mkdirSync(join(dir, set.name), { recursive: true });
    for (const f of set.files) symlinkSync(join(dataDir(), set.name, f.name), join(dir, set.name, f.name));
  }
  return dir;
}

/** Runs `args` with node and LEXDIS_DATA unset unless `env` sets it. */
function run(args: string[], env: Record<string, string> = {}): { status: number | null; stderr: string } {
  const base: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: join(scratch, 'xdg'), ...env };
  if (!('LEXDIS_DATA' in env)) delete base.LEXDIS_DATA;
  const r = spawnSync(process.execPath, args, { cwd: projectRoot(), env: base, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stderr: r.stderr };
}

const reference = async (dir: string) => (await checkData(dir, [REFERENCE_SET])).map((c) => c.status);

test('data fetch bama-1.0-reference from a mirror without it: its sets fetched, the set built with Perl', { skip: noPerl }, async () => {
  const to = join(scratch, `to-${++n}`);
  const r = run([BIN, 'data', 'fetch', REFERENCE_SET.name, '--from', withoutReference(), '--to', to]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^fetched  bama-1\.0-program\/AraMorph\.pl/m);
  assert.match(r.stderr, /^built    bama-1\.0-reference\/pud-analyses\.txt  4\.9 MB \(AraMorph\.pl, perl v5\.\d+\.\d+\)$/m);
  assert.match(r.stderr, /^\d+ fetched, 2 built, 0 already there, 0 skipped, 0 failed: /m);
  assert.doesNotMatch(r.stderr, /wikinews-max/, 'only the sets it is built from');
  assert.deepEqual(await reference(to), ['ok', 'ok']);
});

const DATA_STEP = `import(${JSON.stringify(pathToFileURL(join(projectRoot(), 'scripts', 'test-data.mjs')).href)}).then((m) => m.ensureTestData())`;

test('npm test\'s data step: the reference missing is built with Perl, offline', { skip: noPerl }, async () => {
  const dir = withoutReference();
  const r = run(['-e', DATA_STEP], { LEXDIS_DATA: dir });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^npm test: the data folder \(LEXDIS_DATA=.*\) lacks bama-1\.0-reference\/pud-sentences\.txt \(missing\), bama-1\.0-reference\/pud-analyses\.txt \(missing\): \.\/bin\/lexdis data fetch --to /m);
  assert.match(r.stderr, /^built    bama-1\.0-reference\/pud-analyses\.txt /m);
  assert.doesNotMatch(r.stderr, /^(skipped  bama-1\.0-reference|failed )/m);
  assert.deepEqual(await reference(dir), ['ok', 'ok']);
});

test('npm test\'s data step without Perl: the sentences made, one line saying the tests that read the analyses are skipped', async () => {
  const dir = withoutReference();
  const r = run(['-e', DATA_STEP], { LEXDIS_DATA: dir, LEXDIS_PERL: join(scratch, 'no-perl') });
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('npm test: '));
  assert.equal(lines.length, 2, r.stderr);
  assert.match(lines[1], /^npm test: bama-1\.0-reference\/pud-analyses\.txt is not there and '.*no-perl' cannot be run to build it: the tests that read it are skipped$/);
  assert.deepEqual(await reference(dir), ['ok', 'missing']);
});

test('npm test\'s data step with every file there: nothing run, nothing said', { skip: analysesSkip() }, () => {
  const r = run(['-e', DATA_STEP], { LEXDIS_DATA: dataDir() });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
});
