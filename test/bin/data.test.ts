/**
 * `lexdis data` as a user runs it, against a mirror on 127.0.0.1 serving the data folder: fetch
 * into the user's data folder (no LEXDIS_DATA), which every command then reads; a corrupted file;
 * check; the order in which the data folder is found; the error that says how to get the data.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir } from '../../bin/data.js';
import { projectRoot } from '../../src/config.js';
import { serveData, type DataServer } from '../helpers/data-server.js';

const BIN = join(projectRoot(), 'bin', 'lexdis');
const scratch = mkdtempSync(join(tmpdir(), 'lexdis-data-cli-'));
const xdg = join(scratch, 'xdg');
const userDir = join(xdg, 'lexdis');
let server: DataServer;

/**
 * lexdis with the user's data folder under `scratch` and LEXDIS_DATA unset (unless `env` sets
 * it); run asynchronously, since the mirror answers from this process.
 */
function lexdis(args: string[], env: Record<string, string> = {}, input = ''): Promise<{ code: number | null; out: string; err: string }> {
  const base: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: xdg, ...env };
  if (!('LEXDIS_DATA' in env)) delete base.LEXDIS_DATA;
  const child = spawn(BIN, args, { env: base, timeout: 120_000 });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

before(async () => {
  server = await serveData({ root: dataDir(), corrupt: ['wikinews-max/LICENSE'] });
});
after(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('fetch writes into the user\'s data folder, which check, path and every command then use', async () => {
  const r = await lexdis(['data', 'fetch', 'bama-1.0', '--from', server.url]);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, '', 'logs go to stderr');
  assert.match(r.err, new RegExp(`^fetching into ${userDir} from ${server.url}$`, 'm'));
  assert.match(r.err, /^fetched  bama-1\.0\/dictStems  3\.9 MB$/m);
  assert.match(r.err, /^8 fetched, 0 already there, 0 skipped, 0 failed: /m);
  assert.equal((await lexdis(['data', 'path'])).out, `${userDir}\n`, 'the user\'s folder comes before the checkout\'s');
  const check = await lexdis(['data', 'check', 'bama-1.0']);
  assert.equal(check.code, 0, check.err);
  assert.match(check.out, /^ok {7}bama-1\.0\/tableBC$/m);
  // every command reads the tables from there
  const analyzed = await lexdis(['analyze'], {}, 'كتب\n');
  assert.equal(analyzed.code, 0, analyzed.err);
  assert.match(analyzed.out, /katab/);
});

test('check: a damaged file fails with its size; other sets absent are listed, not failures', async () => {
  const check = await lexdis(['data', 'check']);
  assert.equal(check.code, 0, check.err);
  assert.match(check.out, /^missing  ud-arabic-pud\/ar_pud-ud-test\.conllu$/m);
  assert.match(check.out, /^missing  bama-1\.0-reference\/pud-analyses\.txt  \(no public source: only from a mirror\)$/m);
  const damaged = join(scratch, 'damaged');
  cpSync(userDir, damaged, { recursive: true });
  writeFileSync(join(damaged, 'bama-1.0', 'tableAB'), 'x');
  const bad = await lexdis(['data', 'check', '--data', damaged]);
  assert.equal(bad.code, 1);
  assert.match(bad.out, /^damaged  bama-1\.0\/tableAB  1 bytes, expected 56259$/m);
  assert.match(bad.err, /^Error: .*damaged: 1 file missing or damaged; 'lexdis data fetch' fetches it again \[DATA_FETCH\]$/m);
  // --data is the folder every command reads: analyze meets the damaged table
  assert.notEqual((await lexdis(['analyze', '--data', damaged], {}, 'ktb\n')).code, 0);
});

test('a corrupted file: one line naming it and its sha256, not kept, exit status 1', async () => {
  const to = join(scratch, 'corrupt');
  const r = await lexdis(['data', 'fetch', 'wikinews-max', '--from', server.url, '--to', to]);
  assert.equal(r.code, 1);
  assert.match(r.err, new RegExp(`^failed   ${join(to, 'wikinews-max', 'LICENSE')}: sha256 [0-9a-f]{64}, expected 23ee78c8[0-9a-f]+ \\(from ${server.url}wikinews-max/LICENSE\\): not kept \\[DATA_FETCH\\]$`, 'm'));
  assert.match(r.err, /^fetched  wikinews-max\/WikiNewsMax\.tsv/m);
  assert.match(r.err.trimEnd().split('\n').at(-1)!, /^Error: 1 of 3 files could not be fetched \(listed above\); run the same command again to resume \[DATA_FETCH\]$/);
  assert.equal((await lexdis(['data', 'check', 'wikinews-max', '--data', to])).code, 1);
});

test('the data folder: --data before LEXDIS_DATA before the user\'s folder; a missing one says how to get the data', async () => {
  const env = { LEXDIS_DATA: join(scratch, 'from-env') };
  assert.equal((await lexdis(['data', 'path'], env)).out, `${env.LEXDIS_DATA}\n`);
  assert.equal((await lexdis(['--data', userDir, 'data', 'path'], env)).out, `${userDir}\n`);
  assert.equal((await lexdis(['data', 'path', '--data', userDir], env)).out, `${userDir}\n`, '--data after the command too');
  const r = await lexdis(['analyze'], env, 'ktb\n');
  assert.equal(r.code, 1);
  const lines = r.err.trimEnd().split('\n');
  assert.equal(lines[0], `Error: ${join(env.LEXDIS_DATA, 'bama-1.0')}: analyzer table directory not found [DATA_NOT_FOUND]`);
  assert.match(lines[1], /^The data folder \(LEXDIS_DATA=.*from-env\) does not exist\.$/);
  assert.match(lines[2], /'lexdis data fetch' \(into .*from-env\), set LEXDIS_DATA to a folder that has it, or give the analyzer tables with --tables DIR\.$/);
  // a path the user gave is not the data folder's business
  const own = await lexdis(['analyze', '--tables', join(scratch, 'nowhere')], env, 'ktb\n');
  assert.equal(own.err.trimEnd().split('\n').length, 1, own.err);
});

test('an unknown set, or the reference without Perl to build it nor a mirror, is a usage error', async () => {
  assert.match((await lexdis(['data', 'fetch', 'bama-2.0', '--to', join(scratch, 'u')])).err, /^Error: no data set 'bama-2\.0': the sets are bama-1\.0, .* \[USAGE\]$/m);
  const noPerl = await lexdis(['data', 'fetch', 'bama-1.0-reference', '--to', join(scratch, 'u')], { LEXDIS_PERL: join(scratch, 'no-perl') });
  assert.equal(noPerl.code, 2);
  assert.match(noPerl.err, /^Error: bama-1\.0-reference: its analyses are built with Perl, and '.*no-perl' cannot be run .*--from DIR\|URL\) \[USAGE\]$/m);
});
