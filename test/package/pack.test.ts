/**
 * The package as a user gets it: `npm pack` the repository (compiled by `npm test` first),
 * install the tarball into a scratch project (its dependencies from npm's cache when there,
 * else the registry), then from that project (a) type-check and run a TypeScript program that
 * tags and diacritizes a sentence through the API, with fastify and piscina removed to prove that the package
 * root loads neither, and (b) run the installed `lexdis` command on the same sentence.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import { projectRoot } from '../../src/config.js';
import { pudCorpus } from '../helpers/pud.js';
import { train } from '../../training/train.js';

const SENTENCE = 'كتبت الطالبة الدرس.';
const root = projectRoot();
let work: string;
let app: string;
let tarball: string;

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
  npm(['install', '--prefer-offline', tarball], app);
  const { model } = await train(pudCorpus(120), { seed: 7, workers: 0 });
  await model.save(join(work, 'model'));
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds compiled code and declarations, no tests, benches or TypeScript sources', () => {
  const files = run('tar', ['-tzf', tarball]).split('\n').filter(Boolean);
  for (const f of ['package/dist/src/index.js', 'package/dist/src/index.d.ts', 'package/dist/training/index.js', 'package/dist/src/service/index.d.ts', 'package/bin/lexdis'])
    assert.ok(files.includes(f), `${f} is in the package`);
  const stray = files.filter((f) => /\/(test|bench)\/|fixtures|\.ts$(?<!\.d\.ts)|\.map$/.test(f));
  assert.deepEqual(stray, []);
});

test('a TypeScript program type-checks against the installed package and tags through its API without fastify or piscina', () => {
  writeFileSync(join(app, 'tag.ts'), [
    "import { Tagger, UsageError, diacritizeText, type TaggedSentence } from 'lexdis';",
    "import type { TrainOptions } from 'lexdis/training';",
    "import type { ServiceOptions } from 'lexdis/service';",
    'const [modelDir, tables, text] = process.argv.slice(2);',
    'const tagger = await Tagger.load(modelDir, { tables });',
    'const sentences: TaggedSentence[] = tagger.tagText(text, { top: 1 });',
    "let refused = '';",
    'try { tagger.tagText(text, { top: -1 }); } catch (err) { if (err instanceof UsageError) refused = err.code; }',
    "const unused: Partial<TrainOptions & ServiceOptions> = {};",
    'const vocalized = diacritizeText(tagger, text).map((p) => p.text).join(\'\\n\');',
    'console.log(JSON.stringify({ refused, unused, vocalized, words: sentences.flatMap((s) => s.tokens.filter((t) => t.arabic).map((t) => [t.input, t.analyses[0]?.voc ?? null])) }));',
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
  let out: { refused: string; vocalized: string; words: [string, string | null][] };
  try {
    out = JSON.parse(run(process.execPath, [join('out', 'tag.js'), join(work, 'model'), dataPaths.bama(), SENTENCE], { cwd: app }));
  } finally {
    for (const d of hidden) renameSync(`${d}.hidden`, d);
  }
  assert.equal(out.refused, 'USAGE');
  assert.deepEqual(out.words.map(([w]) => w), ['كتبت', 'الطالبة', 'الدرس']);
  for (const [w, voc] of out.words) assert.ok(voc && voc.length > 0, `${w} has a vocalization`);
  // diacritized through the API: the typed letters unchanged, vowels added
  assert.equal(out.vocalized.replace(/[\u064B-\u0652\u0670]/g, ''), SENTENCE);
  assert.notEqual(out.vocalized, SENTENCE);
});

test('the installed lexdis command tags the same sentence', () => {
  const bin = join(app, 'node_modules', '.bin', 'lexdis');
  assert.match(run(bin, ['--help'], { cwd: app }), /Usage: lexdis/);
  const lines = run(bin, ['tag', '-m', join(work, 'model'), '--tables', dataPaths.bama(), '--format', 'jsonl'], { cwd: app, input: SENTENCE, stdio: ['pipe', 'pipe', 'pipe'] });
  const tokens = JSON.parse(lines.trim()).tokens as { input: string; arabic: boolean }[];
  assert.deepEqual(tokens.filter((t) => t.arabic).map((t) => t.input), ['كتبت', 'الطالبة', 'الدرس']);
});
