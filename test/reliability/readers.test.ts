/**
 * Readers never write (issue 15): 16 processes load one trained model at the same moment,
 * for several rounds. None may fail, and the model's files must stay byte for byte (and
 * mtime for mtime) as they were, with nothing created beside them. The readers call
 * `Model.load`, which is how `lexdis tag`, `eval` and `serve` load a model.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../src/config.js';
import { runLexdis, treeDigest } from './harness.js';
import { writeGoodInputs } from './inputs.js';

const READERS = 16;
const ROUNDS = 6;
const root = mkdtempSync(join(tmpdir(), 'lexdis-readers-'));
after(() => rmSync(root, { recursive: true, force: true }));

const modelUrl = pathToFileURL(join(projectRoot(), 'dist', 'src', 'model', 'model-node.js')).href;
const READER = `
const { Model } = await import(${JSON.stringify(modelUrl)});
const m = await Model.load(process.argv[1]);
process.stdout.write(m.info.corpus.hash);`;

/** One reader process; resolves with its exit status, output and error text. */
function reader(dir: string): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', READER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => { out += b; });
    child.stderr.on('data', (b: Buffer) => { err += b; });
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

/** File name → mtime of every file in `dir`. */
const mtimes = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, statSync(join(dir, f)).mtimeMs]),
  );

test(`${READERS} processes loading one model at once, ${ROUNDS} rounds: no failure, no file changed`, async (t) => {
  mkdirSync(join(root, 'in'));
  const inputs = writeGoodInputs(join(root, 'in'), 30);
  mkdirSync(join(root, 'models'));
  const model = join(root, 'models', 'm');
  const trained = await runLexdis(['train', inputs.pos, '-o', model, '--seed', '1'], 180_000);
  assert.equal(trained.status, 0, trained.stderr);
  const digest = treeDigest(join(root, 'models'));
  const times = mtimes(model);
  const hashes = new Set<string>();
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const runs = await Promise.all(Array.from({ length: READERS }, () => reader(model)));
    for (const r of runs) {
      if (r.status !== 0) failures++;
      else hashes.add(r.out);
    }
    const failed = runs.filter((r) => r.status !== 0).map((r) => r.err.trim().split('\n').slice(-1)[0]);
    assert.deepEqual(failed, [], `round ${round}: readers failed`);
    assert.deepEqual(treeDigest(join(root, 'models')), digest, `round ${round}: the model's files changed`);
    assert.deepEqual(mtimes(model), times, `round ${round}: a model file was rewritten`);
  }
  assert.equal(failures, 0);
  assert.equal(hashes.size, 1, 'every reader read the same model');
  t.diagnostic(`${READERS * ROUNDS} loads, 0 failures; files: ${Object.keys(digest).join(', ')}`);
});
