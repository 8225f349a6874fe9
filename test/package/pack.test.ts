/**
 * The package as a user gets it: `npm pack` the repository (compiled by `npm test` first),
 * install the tarball into a scratch project (its dependencies from npm's cache when there,
 * else the registry) with no engine warning on this Node and no dependency narrower than
 * lexdis's own `engines`, then from that project (a) type-check and run a TypeScript program that
 * tags and diacritizes a sentence through the API (the root and the subpaths), with fastify and
 * piscina removed to prove that the package root loads neither, (b) run the installed `lexdis`
 * command on the same sentence, (c) with no data anywhere, see where lexdis looks (never inside
 * node_modules), fetch the tables into the user's data folder and diacritize with LEXDIS_DATA
 * unset, and (d) as a stranger would: `lexdis setup` (from the data folder as a mirror), then
 * `diacritize` with no model, then the README's TypeScript example compiled as the README says,
 * with no @types/node, and run.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync, type ExecFileSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { dataDir, dataPaths } from '../../bin/data.js';
import { projectRoot, URL_MODULES } from '../../src/config.js';
import { pudCorpus } from '../helpers/pud.js';
import { train } from '../../training/train.js';

const SENTENCE = 'كتبت الطالبة الدرس.';
const root = projectRoot();
let work: string;
let app: string;
let tarball: string;
/** What `npm install` of the tarball printed on stderr (warnings included). */
let installWarnings: string;

function run(cmd: string, args: string[], options: ExecFileSyncOptions = {}): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options }) as string;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
}

const npm = (args: string[], cwd: string) => run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd });

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'lexdis-pack-'));
  // dist/ is already built by `npm test`: pack without running prepare again.
  npm(['pack', '--ignore-scripts', '--pack-destination', work], root);
  tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
  app = join(work, 'app');
  run('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'lexdis-user', version: '1.0.0', private: true, type: 'module' }));
  const install = spawnSync('npm', ['install', '--prefer-offline', tarball, '--no-audit', '--no-fund', '--loglevel=warn'], { cwd: app, encoding: 'utf8' });
  assert.equal(install.status, 0, install.stderr);
  installWarnings = install.stderr;
  const { model } = await train(pudCorpus(120), { seed: 7, workers: 0 });
  await model.save(join(work, 'model'));
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds compiled code and declarations, no tests, benches or TypeScript sources', () => {
  const files = run('tar', ['-tzf', tarball]).split('\n').filter(Boolean);
  const bundle = ['cli.js', ...URL_MODULES.map((m) => m.slice(m.lastIndexOf('/') + 1))].map((f) => `package/dist/bundle/${f}`);
  for (const f of ['package/dist/src/index.js', 'package/dist/src/index.d.ts', 'package/dist/training/index.js', 'package/dist/src/service/index.d.ts', 'package/bin/lexdis', ...bundle])
    assert.ok(files.includes(f), `${f} is in the package`);
  const stray = files.filter((f) => /\/(test|bench)\/|fixtures|\.ts$(?<!\.d\.ts)|\.map$/.test(f));
  assert.deepEqual(stray, []);
});

test('a TypeScript program type-checks against the installed package and tags through its API without fastify or piscina', () => {
  writeFileSync(join(app, 'tag.ts'), [
    "import { Tagger, UsageError, diacritizeText, type TaggedSentence } from 'lexdis';",
    "import type { TrainOptions } from 'lexdis/training';",
    "import type { ServiceOptions } from 'lexdis/service';",
    "import { toBuckwalter } from 'lexdis/formats';",
    "import type { DiacReport } from 'lexdis/eval';",
    'const [modelDir, tables, text] = process.argv.slice(2);',
    'const tagger = await Tagger.load(modelDir, { tables });',
    'const sentences: TaggedSentence[] = tagger.tagText(text, { top: 1 });',
    "let refused = '';",
    'try { tagger.tagText(text, { top: -1 }); } catch (err) { if (err instanceof UsageError) refused = err.code; }',
    "const unused: Partial<TrainOptions & ServiceOptions & DiacReport> = {};",
    'const vocalized = diacritizeText(tagger, text).map((p) => p.text).join(\'\\n\');',
    'console.log(JSON.stringify({ refused, unused, vocalized, bw: toBuckwalter(text), words: sentences.flatMap((s) => s.tokens.filter((t) => t.arabic).map((t) => [t.input, t.analyses[0]?.voc ?? null])) }));',
  ].join('\n'));
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, outDir: 'out', skipLibCheck: false,
      types: ['node'], typeRoots: [join(root, 'node_modules', '@types')],
    },
    files: ['tag.ts'],
  }));
  // The repository's own compiler; the user's project has nothing but lexdis installed.
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: app });
  // The package root must not need the service's or the trainer's heavy dependencies.
  const hidden = ['fastify', 'piscina'].map((d) => join(app, 'node_modules', d)).filter(existsSync);
  assert.equal(hidden.length, 2, 'fastify and piscina are installed as the package\'s dependencies');
  for (const d of hidden) renameSync(d, `${d}.hidden`);
  let out: { refused: string; vocalized: string; bw: string; words: [string, string | null][] };
  try {
    out = JSON.parse(run(process.execPath, [join('out', 'tag.js'), join(work, 'model'), dataPaths.bama(), SENTENCE], { cwd: app }));
  } finally {
    for (const d of hidden) renameSync(`${d}.hidden`, d);
  }
  assert.equal(out.refused, 'USAGE');
  assert.equal(out.bw, 'ktbt AlTAlbp Aldrs.');
  assert.deepEqual(out.words.map(([w]) => w), ['كتبت', 'الطالبة', 'الدرس']);
  for (const [w, voc] of out.words) assert.ok(voc && voc.length > 0, `${w} has a vocalization`);
  // diacritized through the API: the typed letters unchanged, vowels added
  assert.equal(out.vocalized.replace(/[\u064B-\u0652\u0670]/g, ''), SENTENCE);
  assert.notEqual(out.vocalized, SENTENCE);
});

test('no install script (lexdis builds before it is packed); level, which only upgrade-model uses, is not installed: upgrade-model says how to get it', () => {
  assert.ok(!existsSync(join(app, 'node_modules', 'level')) && !existsSync(join(app, 'node_modules', 'classic-level')), 'no LevelDB, no native build');
  assert.doesNotMatch(installWarnings, /classic-level|install scripts/, 'no install script awaits approval: ' + installWarnings);
  const bin = join(app, 'node_modules', '.bin', 'lexdis');
  const v1 = join(root, 'test', 'fixtures', 'model', 'v1-small');
  const r = spawnSync(bin, ['upgrade-model', v1, '-o', join(work, 'upgraded')], { cwd: app, encoding: 'utf8' });
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^Error: .*version-1 model.*optional package 'level': install it \(npm install level\) and run again \[USAGE\]$/m);
  assert.ok(!existsSync(join(work, 'upgraded')));
});

test('the installed lexdis command tags the same sentence', () => {
  const bin = join(app, 'node_modules', '.bin', 'lexdis');
  assert.match(run(bin, ['--help'], { cwd: app }), /Usage: lexdis/);
  const lines = run(bin, ['tag', '-m', join(work, 'model'), '--tables', dataPaths.bama(), '--format', 'jsonl'], { cwd: app, input: SENTENCE, stdio: ['pipe', 'pipe', 'pipe'] });
  const tokens = JSON.parse(lines.trim()).tokens as { input: string; arabic: boolean }[];
  assert.deepEqual(tokens.filter((t) => t.arabic).map((t) => t.input), ['كتبت', 'الطالبة', 'الدرس']);
});

/** name@version → engines.node of every package installed under `dir`/node_modules. */
function installedEngines(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (modules: string): void => {
    for (const e of readdirSync(modules, { withFileTypes: true })) {
      if (!e.isDirectory() || e.name.startsWith('.')) continue;
      const path = join(modules, e.name);
      if (e.name.startsWith('@')) {
        walk(path);
        continue;
      }
      const pkg = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as { name: string; version: string; engines?: { node?: string } };
      if (pkg.engines?.node) out.set(`${pkg.name}@${pkg.version}`, pkg.engines.node);
      if (existsSync(join(path, 'node_modules'))) walk(join(path, 'node_modules'));
    }
  };
  walk(join(dir, 'node_modules'));
  return out;
}

test('no engine warning: every installed dependency runs on every Node lexdis supports (20, 22, 24)', () => {
  assert.doesNotMatch(installWarnings, /EBADENGINE/, installWarnings);
  const ours = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
  const engines = installedEngines(app);
  assert.ok(engines.size > 10, `engines read from ${engines.size} packages`);
  const narrower = [...engines].filter(([, range]) => !semver.subset(ours, range));
  assert.deepEqual(narrower, [], `dependencies that need more than node ${ours}`);
  for (const major of ['20.0.0', '22.0.0', '24.0.0']) assert.ok(semver.satisfies(major, ours));
});

test('the installed command finds no data inside node_modules, says how to get it, and works once it is fetched', () => {
  const home = join(work, 'home');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'xdg') };
  delete env.LEXDIS_DATA;
  const userDir = join(home, 'xdg', 'lexdis');
  const lexdis = (args: string[]) => spawnSync('npx', ['--no-install', 'lexdis', ...args], { cwd: app, env, input: SENTENCE, encoding: 'utf8' });
  const missing = lexdis(['diacritize', '-m', join(work, 'model')]);
  assert.equal(missing.status, 1);
  assert.doesNotMatch(missing.stderr, /node_modules/);
  assert.match(missing.stderr, new RegExp(`^Error: ${join(userDir, 'bama-1.0')}: analyzer table directory not found \\[DATA_NOT_FOUND\\]$`, 'm'));
  assert.match(missing.stderr, /--data DIR, then \$LEXDIS_DATA \(unset\), then .*xdg\/lexdis, then \.\.\/shared\/data beside a checkout/);
  assert.match(missing.stderr, /'lexdis data fetch' \(into .*xdg\/lexdis\), set LEXDIS_DATA .* --tables DIR/);
  const fetched = lexdis(['data', 'fetch', 'bama-1.0', '--from', dataDir()]);
  assert.equal(fetched.status, 0, fetched.stderr);
  assert.match(fetched.stderr, /^8 fetched, 0 already there, 0 skipped, 0 failed: /m);
  const run = lexdis(['diacritize', '-m', join(work, 'model')]);
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim().replace(/[\u064B-\u0652\u0670]/g, ''), SENTENCE);
  assert.notEqual(run.stdout.trim(), SENTENCE);
});

/** The README's first TypeScript example (its library section) and the sentence it diacritizes. */
function readmeExample(): { code: string; sentence: string } {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const code = /```ts\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## The library')))?.[1];
  assert.ok(code, 'the README\'s library section has a TypeScript example');
  const sentence = /diacritizeText\(tagger, '([^']+)'\)/.exec(code)?.[1];
  assert.ok(sentence, 'the example diacritizes a sentence');
  return { code, sentence };
}

test('a stranger with no data: lexdis setup, then diacritize with no -m, then the README\'s example compiled with tsc --strict and no @types/node', () => {
  const home = join(work, 'home');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'xdg') };
  delete env.LEXDIS_DATA;
  const userDir = join(home, 'xdg', 'lexdis');
  const lexdis = (args: string[]) => spawnSync('npx', ['--no-install', 'lexdis', ...args], { cwd: app, env, input: SENTENCE, encoding: 'utf8' });
  const missing = lexdis(['diacritize']);
  assert.equal(missing.status, 1);
  assert.doesNotMatch(missing.stderr, /node_modules/);
  assert.match(missing.stderr, new RegExp(`^Error: ${join(userDir, 'models', 'lexdis')}: no default model here: 'lexdis setup' trains it into the data folder \\[DATA_NOT_FOUND\\]$`, 'm'));
  assert.match(missing.stderr, /^'lexdis setup' fetches the open data into .*xdg\/lexdis and trains the default models there/m);
  // the PUD-only model, the quicker to train: the path is the same for both
  const setup = lexdis(['setup', '--models', 'pud', '--from', dataDir()]);
  assert.equal(setup.status, 0, setup.stderr);
  assert.match(setup.stderr, new RegExp(`^trained  ${join(userDir, 'models', 'pud')}$`, 'm'));
  const diacritized = lexdis(['diacritize']);
  assert.equal(diacritized.status, 0, diacritized.stderr);
  assert.equal(diacritized.stdout.trim().replace(/[\u064B-\u0652\u0670]/g, ''), SENTENCE);
  assert.notEqual(diacritized.stdout.trim(), SENTENCE);

  // the README's example, exactly as written, compiled as the README says, in a project without @types/node
  const { code, sentence } = readmeExample();
  writeFileSync(join(app, 'example.ts'), code);
  // a fresh project has no tsconfig.json (the one here is the API test's, above)
  rmSync(join(app, 'tsconfig.json'), { force: true });
  assert.ok(!existsSync(join(app, 'node_modules', '@types', 'node')), 'the user\'s project has no @types/node');
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--strict', '--module', 'nodenext', 'example.ts'], { cwd: app });
  const printed = run(process.execPath, ['example.js'], { cwd: app, env }).split('\n');
  assert.equal(printed[0].replace(/[\u064B-\u0652\u0670]/g, ''), sentence);
  assert.notEqual(printed[0], sentence);
  // each word's two best analyses, ranked
  const words = printed.slice(1, 7).map((l) => l.split(' ').slice(0, 2).join(' '));
  assert.deepEqual(words, ['كتبت 1', 'كتبت 2', 'الطالبة 1', 'الطالبة 2', 'الدرس 1', 'الدرس 2']);
});

test('in a browser project: lexdis/browser and the root type-check with no @types/node, skipLibCheck off; lexdis/browser bundles for the browser with no Node built-in', async () => {
  const web = join(work, 'web');
  run('mkdir', ['-p', web]);
  writeFileSync(join(web, 'package.json'), JSON.stringify({ name: 'reading-page', private: true, type: 'module' }));
  writeFileSync(join(web, 'page.ts'), [
    "import { BrowserTagger, LexdisError, type TextAnalysis } from 'lexdis/browser';",
    "import type { TaggedSentence } from 'lexdis';",
    "const tagger = await BrowserTagger.load({ model: 'model.lexdis', onProgress: (loaded, total) => console.log(loaded, total) });",
    "const analysis: TextAnalysis = await tagger.analyze('كتبت الطالبة الدرس', { top: 2 });",
    'const first: TaggedSentence = analysis.sentences[0];',
    "try { await tagger.diacritize('كتب'); } catch (err) { if (err instanceof LexdisError) console.log(err.code); }",
    'console.log(analysis.vocalized, first.tokens.length);',
    'export {};',
  ].join('\n'));
  writeFileSync(join(web, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], strict: true,
      skipLibCheck: false, noEmit: true, types: [], typeRoots: [join(app, 'node_modules', '@types')],
    },
    files: ['page.ts'],
  }));
  // the page's project resolves lexdis from the scratch project's node_modules
  run('ln', ['-s', join(app, 'node_modules'), join(web, 'node_modules')]);
  run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: web });
  const { build } = await import('esbuild');
  const builtins: string[] = [];
  await build({
    entryPoints: [join(web, 'page.ts')], absWorkingDir: web, bundle: true, write: false, format: 'esm', platform: 'browser', logLevel: 'silent',
    plugins: [{ name: 'node', setup: (b) => b.onResolve({ filter: /^node:/ }, (a) => { builtins.push(a.path); return { path: a.path, external: true }; }) }],
  });
  assert.deepEqual(builtins, []);
  const tarFiles = run('tar', ['-tzf', tarball]);
  for (const f of ['package/dist/browser/lexdis-worker.js', 'package/dist/browser/lexdis-browser.js', 'package/LICENSE', 'package/src/service/public/sw.js'])
    assert.ok(tarFiles.includes(f), `${f} is in the package`);
});
