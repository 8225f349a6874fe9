#!/usr/bin/env node
// Bundles what tsc compiled into dist/ for the `lexdis` command (bin/lexdis): dist/bin/cli.js
// and the modules threads load by URL (src/config.ts URL_MODULES) as entries, in ES module
// chunks side by side in dist/bundle/ (each command's modules one chunk or a few, loaded when
// it runs). A score of chunks in place of ~100 files saves Node's per-module work at every start
// (docs/bench.md, "Start-up of a one-sentence run"). Every bundled module's `import.meta.url` is its tsc file's,
// so what a module finds beside itself (data, package.json, the analyzer's code fingerprint) is
// what it finds unbundled; a module loaded by URL is the bundle's entry (src/config.ts moduleUrl).
// Packages stay imports of node_modules, but for those on every command's path (BUNDLED_PACKAGES).
// Also the browser's two files, each whole, minified, for the browser platform, in dist/browser/:
// lexdis-browser.js (`lexdis/browser`'s BrowserTagger, an ES module a page imports) and
// lexdis-worker.js (the module worker it starts, with the core): what `lexdis site` copies.
// Usage: node scripts/bundle.mjs (after tsc; `npm run build` runs both).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  const lines = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1);
  process.stdout.write(`${lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).map((l) => l.slice(3)).join('\n')}\n`);
  process.exit(0);
}

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'dist');
const outdir = join(dist, 'bundle');
/**
 * Packages bundled in: commander parses every command line (13 ms of modules alone); every model
 * load reaches the template hash (@noble/hashes) and the portable codec (fflate, crc-32; Node
 * reads with zlib's, src/model/store-file.ts), some 40 ms of CPU as modules of their own.
 */
const BUNDLED_PACKAGES = ['commander', '@noble/hashes', 'fflate', 'crc-32'];

const { URL_MODULES } = await import(join(dist, 'src', 'config.js'));
const entryPoints = ['bin/cli.js', ...URL_MODULES].map((rel) => join(dist, rel));
const names = entryPoints.map((e) => basename(e));
const twice = names.find((n, i) => names.indexOf(n) !== i);
if (twice) throw new Error(`scripts/bundle.mjs: two entries named ${twice}: the bundle is flat`);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** `import.meta.url` in a module of dist/ → its tsc file's URL, from a file of dist/bundle/. */
const tscUrls = {
  name: 'tsc-urls',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, (args) => {
      const rel = relative(dist, args.path);
      if (rel.startsWith('..') || rel.startsWith(`bundle${sep}`)) return undefined;
      const url = `new URL(${JSON.stringify(`../${rel.split(sep).join('/')}`)}, import.meta.url).href`;
      return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', url), loader: 'js' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints,
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // the package's dependencies, and its optional peers (level, which only upgrade-model loads), stay imports
  external: [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})]
    .filter((p) => !BUNDLED_PACKAGES.includes(p)),
  define: { LEXDIS_BUNDLE: 'true' },
  // commander is CommonJS: its require() of Node's modules needs a require in an ES module
  banner: { js: "import { createRequire as lexdisCreateRequire } from 'node:module';\nconst require = lexdisCreateRequire(import.meta.url);" },
  plugins: [tscUrls],
  logLevel: 'warning',
});

/** The browser's files: entry in dist/ → file in dist/browser/. */
const BROWSER_FILES = { 'src/browser/index.js': 'lexdis-browser.js', 'src/browser/worker.js': 'lexdis-worker.js' };
/** Where BrowserTagger finds its default worker from dist/src/browser/, and from beside it in dist/browser/. */
const WORKER_FROM = ['../../browser/lexdis-worker.js', './lexdis-worker.js'];
const workerBeside = {
  name: 'worker-beside',
  setup(b) {
    b.onLoad({ filter: /browser[\\/]index\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(WORKER_FROM[0])) throw new Error(`scripts/bundle.mjs: ${args.path} no longer names ${WORKER_FROM[0]}`);
      return { contents: text.replace(WORKER_FROM[0], WORKER_FROM[1]), loader: 'js' };
    });
  },
};
rmSync(join(dist, 'browser'), { recursive: true, force: true });
for (const [entry, file] of Object.entries(BROWSER_FILES)) {
  await build({
    entryPoints: [join(dist, entry)],
    outfile: join(dist, 'browser', file),
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'eof',
    plugins: [workerBeside],
    logLevel: 'warning',
  });
}
