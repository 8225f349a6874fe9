#!/usr/bin/env node
// Runs the compiled tests (dist/test/**/*.test.js) with node's test runner, on the Node that
// runs this script. It passes the files by name: Node 20 takes a folder for `--test`, Node 22
// and later take glob patterns instead, and a list of files works on both. A compiled test
// whose source (test/**/*.test.ts) is gone is left out: tsc does not delete what it compiled
// before a file was moved or deleted. First the open data the tests read is made ready
// (scripts/test-data.mjs): fetched when missing, or the run stops with the command that fixes it.
// Usage: node scripts/run-tests.mjs [extra node --test options]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const files = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path);
    else if (e.name.endsWith('.test.js') && existsSync(path.slice('dist/'.length).replace(/\.js$/, '.ts'))) files.push(path);
  }
};
walk(join('dist', 'test'));
files.sort();
if (files.length === 0) {
  console.error('no compiled test under dist/test: run npm run build first');
  process.exit(1);
}
// after the check above: test-data.mjs imports the compiled lexdis from dist/
await (await import('./test-data.mjs')).ensureTestData();
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...process.argv.slice(2), ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
