/**
 * `lexdis site` writes a whole static site: the page's files with the in-browser backend, the
 * browser's bundles, the model byte for byte, the fonts and the licences' texts, site.json naming
 * what the site carries (BAMA 1.0 under GPL-2.0 with its source, the model's treebank with its
 * licence), and a service worker listing every file with the site's version. It replaces a site
 * it wrote before and nothing else; it refuses a model whose compiled tables are not BAMA 1.0's
 * and a corpus whose licence it does not know unless one is named. The page in Chromium: site-page.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { dataDir } from '../../bin/data.js';
import { OutputError, UsageError } from '../../src/errors.js';
import { Model } from '../../src/model/model.js';
import { MODEL_FILE } from '../../src/model/store-format.js';
import { pageFiles, publicDir } from '../../src/service/assets.js';
import { SITE_FILE, writeSite } from '../../src/site/write-site.js';
import { siteCarries } from '../../src/site/carries.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';
import { smallModelDir } from '../helpers/small-model.js';

let dir = '';
let model = '';
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-site-'));
  model = await smallModelDir();
});
after(() => rmSync(dir, { recursive: true, force: true }));

const filesUnder = (root: string, sub = ''): string[] => readdirSync(join(root, sub), { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? filesUnder(root, join(sub, e.name)) : [join(sub, e.name)])).sort();

test('a site: the page with the in-browser backend, the bundles, the model, fonts, licences, site.json and a service worker of every file', async () => {
  const out = join(dir, 'site');
  const report = await writeSite({ model, out, dataDir: dataDir() });
  const files = filesUnder(out);
  assert.deepEqual(files, report.files.map((f) => f.name).sort());
  for (const f of ['index.html', 'app.js', 'backend.js', 'lexdis-browser.js', 'lexdis-worker.js', MODEL_FILE, 'sw.js', SITE_FILE])
    assert.ok(files.includes(f), f);
  assert.equal(readFileSync(join(out, 'backend.js'), 'utf8'), readFileSync(join(publicDir(), 'backend-browser.js'), 'utf8'));
  assert.ok(readFileSync(join(out, MODEL_FILE)).equals(readFileSync(join(model, MODEL_FILE))), 'the model byte for byte');
  for (const f of pageFiles('site').filter((p) => p.use === 'both'))
    assert.equal(readFileSync(join(out, f.name || 'index.html'), 'utf8'), readFileSync(join(publicDir(), f.file), 'utf8'));

  const site = JSON.parse(readFileSync(join(out, SITE_FILE), 'utf8'));
  assert.equal(site.version, report.version);
  assert.equal(site.model.file, MODEL_FILE);
  assert.doesNotMatch(JSON.stringify(site.model.info), /lexdis-small-model|\/tmp\//, 'no folder of the trainer\'s machine');
  const licences = Object.fromEntries(site.carries.map((c: { name: string; licence: string }) => [c.name.split(':')[0], c.licence]));
  assert.match(JSON.stringify(site.carries), /BAMA 1\.0[^}]*GPL-2\.0[^}]*"source":"https:\/\/github\.com\//, 'BAMA 1.0, GPL-2.0, where its source is');
  assert.match(JSON.stringify(site.carries), /UD Arabic-PUD[^}]*CC BY-SA 3\.0/, 'the treebank the model is trained on, its licence');
  assert.equal(Object.values(licences).includes('MIT'), true);
  for (const c of site.carries) if (c.licenceFile) assert.ok(files.includes(c.licenceFile), `${c.licenceFile} is in the site`);

  const sw = readFileSync(join(out, 'sw.js'), 'utf8');
  const listed = JSON.parse(/const SITE = (\{.*\});/.exec(sw)![1]);
  assert.equal(listed.version, report.version);
  assert.deepEqual([...listed.files, 'sw.js'].sort(), files, 'the service worker keeps every file');
});

test('the version follows the content; a site is replaced whole, anything else is refused and left as it was', async () => {
  const out = join(dir, 'again');
  const first = await writeSite({ model, out, dataDir: dataDir() });
  writeFileSync(join(out, 'stray.txt'), 'left by hand');
  const second = await writeSite({ model, out, dataDir: dataDir() });
  assert.equal(second.version, first.version, 'the same content, the same version');
  assert.equal(existsSync(join(out, 'stray.txt')), false, 'the old site replaced whole');
  assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith('.lexdis-tmp')), [], 'no temporary folder left');

  const other = join(dir, 'other');
  mkdirSync(other);
  writeFileSync(join(other, 'notes.txt'), 'mine');
  await assert.rejects(writeSite({ model, out: other, dataDir: dataDir() }), (e: unknown) => e instanceof OutputError && /not a site lexdis wrote/.test(e.message));
  assert.deepEqual(readdirSync(other), ['notes.txt']);
  writeFileSync(join(dir, 'file'), 'x');
  await assert.rejects(writeSite({ model, out: join(dir, 'file'), dataDir: dataDir() }), OutputError);
  assert.equal(readFileSync(join(dir, 'file'), 'utf8'), 'x');
});

test('the licences: tables that are not BAMA 1.0\'s are refused; a corpus lexdis does not know needs its licence named', () => {
  const info = { corpus: { source: '/home/me/corpora/mine.pos', sources: [{ source: '/home/me/corpora/mine.pos' }] } };
  const tables = join(dataDir(), 'bama-1.0');
  const fingerprint = ['tableAB', 'tableAC', 'tableBC', 'dictPrefixes', 'dictStems', 'dictSuffixes']
    .map((f) => `${f}:${readFileSync(join(tables, f)).byteLength}:0`).join(' ');
  assert.throws(() => siteCarries(info, `${fingerprint} caseEndings:true`, dataDir()), (e: unknown) => e instanceof UsageError && /not BAMA 1\.0's/.test(e.message));
  const real = Model.fromBytes(readFileSync(join(model, MODEL_FILE))).analyzerTables!.json.fingerprint;
  assert.throws(() => siteCarries(info, real, dataDir()), (e: unknown) => e instanceof UsageError && /mine\.pos.*--corpus-licence/.test(e.message));
  const named = siteCarries(info, real, dataDir(), 'CC BY 4.0');
  assert.ok(named.some((c) => c.name.includes('mine.pos') && c.licence === 'CC BY 4.0'));
  assert.equal(named.some((c) => c.name.includes('/home/me')), false, 'the corpus by its file name only');
  // the default model's gold corpora, as lexdis setup names them: each set's licence from the manifest
  const setup = { corpus: { sources: ['pud', 'padt-dev', 'aljazeera'].map((c) => ({ source: `/data/corpora/${c}.pos` })) } };
  const licences = siteCarries(setup, real, dataDir()).filter((c) => c.name.startsWith('The model is trained on')).map((c) => c.licence);
  assert.deepEqual(licences, ['CC BY-SA 3.0', 'CC BY-NC-SA 3.0: non-commercial use only', 'GPL-3.0']);
});

test('lexdis site: --help, a usage error without -o (exit 2), a summary naming what the site carries', async () => {
  const help = await lexdisInProcess(['site', '--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /-o, --output <dir>/);
  const missing = await lexdisInProcess(['site', '-m', model]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /--output/);
  const run = await lexdisInProcess(['site', '-m', model, '-o', join(dir, 'cli')]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, '', 'nothing on stdout');
  assert.match(run.stderr, /carries In the model, compiled: BAMA 1\.0[^\n]*GPL-2\.0/);
  assert.ok(existsSync(join(dir, 'cli', 'index.html')));
});
