/**
 * `lexdis data` as a user runs it, against a mirror on 127.0.0.1 serving the data folder: fetch
 * into the user's data folder (no LEXDIS_DATA), which every command then reads; a corrupted file;
 * check; the order in which the data folder is found; the error that says how to get the data;
 * two fetches at once into one folder, a fetch ended by a signal, a mirror that crawls.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progressMB } from '../../bin/commands/data.js';
import { dataDir } from '../../bin/data.js';
import { LOCK_NAME } from '../../src/data/lock.js';
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
function lexdis(
  args: string[],
  env: Record<string, string> = {},
  input = '',
  started?: (pid: number) => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }> {
  const base: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: xdg, ...env };
  if (!('LEXDIS_DATA' in env)) delete base.LEXDIS_DATA;
  const child = spawn(BIN, args, { env: base, timeout: 120_000 });
  started?.(child.pid!);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, out, err }));
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
  assert.ok(bad.err.includes(`damaged: 1 file missing or damaged; 'lexdis --data ${damaged} data fetch' fetches it again ` +
    '(add --from DIR|URL to take it from a mirror) [DATA_FETCH]'), bad.err);
  const quiet = await lexdis(['data', 'check', '--data', damaged, '-q']);
  assert.equal(quiet.code, 1);
  assert.equal(quiet.out, 'damaged  bama-1.0/tableAB  1 bytes, expected 56259\n', '-q: only the files that are a problem');
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

test('two fetches at once into one folder, 6 rounds: each ends fetched or with DATA_BUSY, never INTERNAL; the data is whole', async () => {
  const mirror = await serveData({ root: dataDir() });
  try {
    for (let round = 1; round <= 6; round++) {
      const to = join(scratch, `twice-${round}`);
      const args = ['data', 'fetch', 'wikinews-max', '--from', mirror.url, '--to', to, '-q'];
      const runs = await Promise.all([lexdis(args), lexdis(args)]);
      for (const r of runs) {
        assert.doesNotMatch(r.err, /INTERNAL/);
        if (r.code === 0) assert.equal(r.err, '', 'quiet and fetched');
        else {
          assert.equal(r.code, 1, r.err);
          assert.match(r.err, new RegExp(`^Error: ${to}: another lexdis data fetch is writing it \\(pid \\d+, since \\S+\\); run again when it has ended \\(if no fetch runs, remove ${join(to, LOCK_NAME)}\\) \\[DATA_BUSY\\]\n$`));
        }
      }
      assert.ok(runs.some((r) => r.code === 0), `round ${round}: one of the two fetched`);
      const check = await lexdis(['data', 'check', 'wikinews-max', '--data', to]);
      assert.equal(check.code, 0, `round ${round}: ${check.out}`);
      assert.deepEqual(readdirSync(to), ['wikinews-max'], 'no lock left');
    }
  } finally {
    await mirror.close();
  }
});

test('a fetch ended by SIGTERM or SIGINT leaves no lock and keeps its part; the next run resumes it', { timeout: 240_000 }, async () => {
  const tsv = 'wikinews-max/WikiNewsMax.tsv';
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const mirror = await serveData({ root: dataDir(), hold: { [tsv]: 300_000 } });
    try {
      const to = join(scratch, `killed-${signal}`);
      const args = ['data', 'fetch', 'wikinews-max', '--from', mirror.url, '--to', to];
      let pid = 0;
      const run = lexdis(args, {}, '', (p) => (pid = p));
      await mirror.requested(tsv);
      // the lock is taken before any request; the part holds what arrived once the size shows it
      while (!existsSync(join(to, `${tsv}.part`)) || statSync(join(to, `${tsv}.part`)).size < 300_000) await new Promise((r) => setTimeout(r, 20));
      process.kill(pid, signal);
      const r = await run;
      assert.equal(r.signal, signal, r.err);
      assert.ok(!existsSync(join(to, LOCK_NAME)), 'the lock is released');
      const again = await lexdis(args);
      assert.equal(again.code, 0, again.err);
      assert.match(again.err, /^fetched  wikinews-max\/WikiNewsMax\.tsv  826 kB \(resumed at byte 300000\)$/m);
    } finally {
      await mirror.close();
    }
  }
});

test('a mirror that crawls: each file given up with its rate, exit 1; bad limits are usage errors', async () => {
  const mirror = await serveData({ root: dataDir(), drip: { bytes: 1, everyMs: 20 } });
  try {
    const to = join(scratch, 'crawl');
    const r = await lexdis(['data', 'fetch', 'wikinews-max', '--from', mirror.url, '--to', to, '--min-rate', '1000', '--rate-window', '0.2']);
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, new RegExp(`^failed   ${join(to, 'wikinews-max', 'WikiNewsMax.tsv')}: too slow: \\d+ bytes in 0\\.2 s \\([\\d.]+ B/s\\), below the minimum of 1 kB/s from ${mirror.url}wikinews-max/WikiNewsMax\\.tsv \\(4 tries\\) \\[DATA_FETCH\\]$`, 'm'));
    assert.match(r.err, /^failed   .*README\.md: not tried: http:\/\/127\.0\.0\.1:\d+ failed every try of the 2 files before/m);
    assert.match(r.err.trimEnd().split('\n').at(-1)!, /^Error: 3 of 3 files could not be fetched .* \[DATA_FETCH\]$/);
  } finally {
    await mirror.close();
  }
  for (const bad of [['--min-rate', '-1'], ['--min-rate', '1.5'], ['--stall', '0'], ['--rate-window', 'x']]) {
    const r = await lexdis(['data', 'fetch', 'wikinews-max', '--to', join(scratch, 'u'), ...bad]);
    assert.equal(r.code, 2, bad.join(' '));
    assert.match(r.err, new RegExp(`^Error: ${bad[0]} must be .*, got "${bad[1]}" \\[USAGE\\]$`, 'm'));
  }
});

test('fetch\'s progress in MB: the total only when all has arrived', () => {
  assert.deepEqual(progressMB(12_345_678, 12_345_678), [12.3, 12.3]);
  assert.deepEqual(progressMB(12_345_678 - 982, 12_345_678), [12.3, 12.4]);
  assert.deepEqual(progressMB(12_299_999, 12_300_000), [12.2, 12.3]);
  assert.deepEqual(progressMB(0, 0), [0, 0]);
});
