/**
 * The command's bundle (scripts/bundle.mjs, dist/bundle/): bin/lexdis runs it; every module a
 * thread loads by URL (src/config.ts URL_MODULES) is an entry of it, and is the bundle's when
 * the process runs from the bundle, tsc's otherwise; a bundled module sees its tsc file's URL;
 * the modules a main thread loads by URL share the bundle's chunks (one class of each error).
 * test/bin/diacritize.test.ts checks the analyzer's code fingerprint a bundled `train` writes.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED, moduleUrl, projectRoot, URL_MODULES } from '../../src/config.js';
import { writeModelFile } from '../../src/model/store.js';

const root = projectRoot();
const BIN = join(root, 'bin', 'lexdis');
const work = mkdtempSync(join(tmpdir(), 'lexdis-bundle-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A copy of bin/lexdis beside a dist/ of two stand-in entries that print which one ran, their times set. */
function whichEntryRuns(bundleTime: number, tscTime: number | null): string {
  const dir = mkdtempSync(join(work, 'entry-'));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'lexdis'), readFileSync(BIN));
  const entries: Array<[string, number | null]> = [['bundle', bundleTime], ['bin', tscTime]];
  for (const [sub, time] of entries) {
    if (time === null) continue;
    mkdirSync(join(dir, 'dist', sub), { recursive: true });
    const file = join(dir, 'dist', sub, 'cli.js');
    writeFileSync(file, `export function main() { process.stdout.write(${JSON.stringify(sub)}); }\n`);
    utimesSync(file, time, time);
  }
  const r = spawnSync(process.execPath, [join(dir, 'bin', 'lexdis')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('bin/lexdis runs the bundle unless tsc compiled after it', () => {
  assert.equal(whichEntryRuns(2_000_000, 1_000_000), 'bundle');
  assert.equal(whichEntryRuns(1_000_000, 1_000_000), 'bundle', 'a packed package sets every file the same time');
  assert.equal(whichEntryRuns(1_000_000, 2_000_000), 'bin', 'a stale bundle after a bare tsc');
});

test('the bundle holds an entry for every module loaded by URL', () => {
  assert.equal(BUNDLED, false, 'the tests run tsc\'s modules');
  for (const rel of URL_MODULES) {
    assert.equal(fileURLToPath(moduleUrl(rel)), join(root, 'dist', rel), `${rel}: tsc's module outside the bundle`);
    assert.ok(existsSync(fileURLToPath(moduleUrl(rel))), rel);
    const entry = join(root, 'dist', 'bundle', rel.slice(rel.lastIndexOf('/') + 1));
    assert.ok(existsSync(entry), `${entry} is in the bundle`);
    const text = readFileSync(entry, 'utf8');
    assert.doesNotMatch(text.replaceAll('new URL(', ''), /[^(]import\.meta\.url/, `${rel}: no bare import.meta.url in the bundle`);
  }
});

test('a bundled command sees its modules where tsc put them, and the same errors', () => {
  // a model whose header reads but whose parts are damaged: analyze renders with it on the main
  // thread, through the renderer module it names by URL (src/tagger/candidate-output.ts)
  const file = join(work, 'damaged.lexdis');
  writeModelFile(file, { header: { kind: 'lexdis-model', lexdis: {} }, json: {}, binary: { a: new Float64Array(4096).fill(1) } });
  const bytes = readFileSync(file);
  bytes[bytes.length - 8] ^= 1;
  writeFileSync(file, bytes);
  const r = spawnSync(BIN, ['analyze', '-m', file, '--format', 'jsonl', '--workers', '1'], { input: 'كتب\n', encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /^Error: .*damaged model: binary part "a": chunk 0 is corrupt \(checksum mismatch\) \[MODEL_FORMAT\]$/m);
  assert.doesNotMatch(r.stderr, /INTERNAL|at file:/);
});
