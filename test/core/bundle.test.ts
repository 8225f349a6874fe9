/**
 * The platform-neutral core (src/core/index.ts) and `lexdis/browser` (src/browser/) bundle with
 * esbuild for the browser platform with no Node built-in (imported as `node:x` or bare `x`) and
 * no Node global (Buffer, process…) in what they bundle; a Node wrapper bundled the same way is caught, so the check
 * can fail. The lint keeps `node:*` imports out of the core's folders file by file
 * (.oxlintrc.json); this test follows every import the entry really reaches.
 */
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { build, type Plugin } from 'esbuild';
import { projectRoot } from '../../src/config.js';

/** Node's globals a browser lacks, each defined as a marker that must not reach the output. */
const NODE_GLOBALS = ['Buffer', 'process', 'global', '__dirname', '__filename', 'setImmediate'];
const MARKER = 'LEXDIS_NODE_GLOBAL_';
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** What a bundle for the browser brings in: its modules, Node's built-ins (with their importer), Node's globals. */
interface Bundled { inputs: string[]; builtins: string[]; globals: string[] }

/** Bundles `entry` (a module of dist/) for the browser; returns what it brings in. */
async function nodeOf(entry: string): Promise<Bundled> {
  const builtins: string[] = [];
  const catchBuiltins: Plugin = {
    name: 'node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
        builtins.push(`${args.path} (imported by ${args.importer.slice(projectRoot().length + 1)})`);
        return { path: args.path, external: true };
      });
    },
  };
  const out = await build({
    entryPoints: [join(projectRoot(), 'dist', entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
    define: Object.fromEntries(NODE_GLOBALS.map((g) => [g, `${MARKER}${g}`])),
    plugins: [catchBuiltins],
  });
  const text = out.outputFiles[0].text;
  return {
    builtins,
    globals: NODE_GLOBALS.filter((g) => text.includes(`${MARKER}${g}`)),
    inputs: Object.keys(out.metafile.inputs),
  };
}

test('the core bundles for the browser with no Node built-in and no Node global', async () => {
  const core = await nodeOf('src/core/index.js');
  assert.deepEqual(core.builtins, []);
  assert.deepEqual(core.globals, []);
  for (const part of ['dist/src/model/model.js', 'dist/src/analyzer/engine.js', 'dist/src/tagger/diacritize.js', 'dist/src/model/case-pass.js'])
    assert.ok(core.inputs.includes(part), `the core bundles ${part}`);
});

test('lexdis/browser, its page side and its worker, bundles for the browser with no Node built-in and no Node global', async () => {
  for (const entry of ['src/browser/index.js', 'src/browser/worker.js']) {
    const bundled = await nodeOf(entry);
    assert.deepEqual(bundled.builtins, [], entry);
    assert.deepEqual(bundled.globals, [], entry);
  }
  assert.ok((await nodeOf('src/browser/worker.js')).inputs.includes('dist/src/tagger/diacritize.js'), 'the worker carries the core');
});

test('a Node wrapper bundled the same way is caught', async () => {
  const node = await nodeOf('src/model/model-node.js');
  assert.ok(node.builtins.some((b) => b.startsWith('node:fs ')), node.builtins.join(', '));
  assert.ok(node.globals.includes('Buffer') && node.globals.includes('process'), node.globals.join(', '));
});
