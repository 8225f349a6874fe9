/**
 * Crash safety with real processes: a child node process writes models to one path and is
 * killed with SIGKILL, either at each rename step of the swap (by wrapping fs.renameSync in
 * the child) or at seeded random moments. After every kill the model at the path must load
 * and be one of the complete versions written, never a mix or a half.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { readModel, writeModel } from '../../src/model/store.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-crash-'));
after(() => rmSync(root, { recursive: true, force: true }));
const storeUrl = pathToFileURL(fileURLToPath(new URL('../../src/model/store.js', import.meta.url))).href;

/** Version `v` of the test model (about 22 MB, two chunks for `a`). Self-contained: sent to the child as source. */
function partsFor(v: number) {
  const a = new Float64Array(2_500_000);
  for (let i = 0; i < a.length; i++) a[i] = v * 1e7 + i;
  const b = new Uint32Array(500_000);
  for (let i = 0; i < b.length; i++) b[i] = (Math.imul(i, 2654435761) + v) >>> 0;
  const words: string[] = [];
  for (let i = 0; i < 1000; i++) words.push(`w${v}-${i}`);
  return { header: { version: v }, json: { meta: { version: v, words } }, binary: { a, b } };
}

const CHILD = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const { writeModel } = await import(process.env.STORE_URL);
const partsFor = ${partsFor.toString()};
const killAt = process.env.KILL_AT;
if (killAt) {
  const [when, k] = killAt.split(':');
  const orig = fs.renameSync;
  let n = 0;
  fs.renameSync = (from, to) => {
    n++;
    if (when === 'before' && n === Number(k)) process.kill(process.pid, 'SIGKILL');
    orig(from, to);
    if (when === 'after' && n === Number(k)) process.kill(process.pid, 'SIGKILL');
  };
  syncBuiltinESMExports();
}
for (let v = Number(process.env.FIRST); ; v++) {
  process.stdout.write('begin ' + v + '\\n');
  await writeModel(process.env.MODEL_DIR, partsFor(v));
  process.stdout.write('done ' + v + '\\n');
}
`;

interface ChildRun {
  begun: number[];
  done: number[];
  signal: NodeJS.Signals | null;
}

/** Runs the writer child from version `first`; kills it `delayMs` after its first write began (if given). */
function runChild(dir: string, first: number, env: Record<string, string>, delayMs?: number): Promise<ChildRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], {
      env: { ...process.env, ...env, STORE_URL: storeUrl, MODEL_DIR: dir, FIRST: String(first) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let armed = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (delayMs !== undefined && !armed && out.includes('begin')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`child ended with ${code ?? signal}: ${err}`));
      const lines = out.split('\n');
      const nums = (word: string) => lines.filter((l) => l.startsWith(word + ' ')).map((l) => Number(l.split(' ')[1]));
      resolvePromise({ begun: nums('begin'), done: nums('done'), signal });
    });
  });
}

/** Loads the model and checks it is exactly version `v` for some `v` in `allowed`; returns v. */
async function checkComplete(dir: string, allowed: number[]): Promise<number> {
  const before = readdirSync(join(dir, '..'));
  const m = await readModel(dir);
  const v = m.header.version as number;
  assert.ok(allowed.includes(v), `found version ${v}, expected one of ${allowed.join(', ')} (beside it: ${before.join(' ')})`);
  const want = partsFor(v);
  assert.deepEqual(m.json, want.json);
  for (const name of ['a', 'b'] as const) {
    const got = m.binary[name];
    const exp = want.binary[name];
    assert.ok(Buffer.from(got.buffer, got.byteOffset, got.byteLength).equals(Buffer.from(exp.buffer)), `part ${name} of v${v}`);
  }
  assert.deepEqual(readdirSync(join(dir, '..')), ['model'], 'leftovers were cleaned up');
  return v;
}

test('SIGKILL at each step of the swap leaves the old or the new complete model', async () => {
  const cases: [string, 'old' | 'new'][] = [
    ['before:1', 'old'], // new model complete in tmp, nothing moved yet
    ['before:2', 'old'], // old model moved to backup, path empty
    ['before:3', 'new'], // new model in place, backup not yet removed
    ['after:3', 'new'], // backup renamed for deletion, not yet deleted
  ];
  for (const [killAt, expect] of cases) {
    const dir = join(mkdtempSync(join(root, 'step-')), 'model');
    await writeModel(dir, partsFor(1));
    const run = await runChild(dir, 2, { KILL_AT: killAt });
    assert.deepEqual(run.begun, [2], killAt);
    assert.deepEqual(run.done, [], killAt);
    const leftovers = readdirSync(join(dir, '..')).filter((e) => e.startsWith('.lexdis-'));
    assert.ok(leftovers.length > 0, `${killAt}: the kill left the swap unfinished`);
    assert.equal(await checkComplete(dir, [1, 2]), expect === 'old' ? 1 : 2, killAt);
  }
});

test('SIGKILL at 6 seeded random moments of repeated writes never leaves a half model', async (t) => {
  let s = 2010;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const dir = join(mkdtempSync(join(root, 'random-')), 'model');
  await writeModel(dir, partsFor(0));
  let found = 0; // the version at the path now
  let nextVersion = 1; // versions are never reused, so a half-written one cannot pass for another
  const seen: string[] = [];
  for (let round = 0; round < 6; round++) {
    const delay = Math.floor(next() * 900);
    const run = await runChild(dir, nextVersion, {}, delay);
    const lastDone = run.done.length ? run.done[run.done.length - 1] : found;
    const lastBegun = run.begun.length ? run.begun[run.begun.length - 1] : found;
    const leftovers = readdirSync(join(dir, '..')).some((e) => e.startsWith('.lexdis-'));
    const v = await checkComplete(dir, [lastDone, lastBegun]);
    seen.push(`${delay}ms: wrote ${run.done.length}, found v${v}${v === lastDone ? '' : ' (in flight)'}${leftovers ? ', recovered' : ''}`);
    found = v;
    nextVersion = lastBegun + 1;
  }
  for (const line of seen) t.diagnostic(line);
});
