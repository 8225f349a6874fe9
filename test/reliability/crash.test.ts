/**
 * Crash safety of `lexdis train` (issue 7; docs/reliability.md): SIGKILL at seeded random
 * moments, half of them inside the save and swap, never leaves the model path without a
 * complete model — Model.load gives the old one or the new one, and cleans the leftovers.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { Model } from '../../src/model/model-node.js';
import { Rng } from '../../src/random.js';
import { LEXDIS, leftovers, runLexdis } from './harness.js';
import { writeGoodInputs } from './inputs.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-crash-'));
after(() => rmSync(root, { recursive: true, force: true }));

const KILLS = 8;

/** Corpus hash of the model at `dir` (loading it also runs the store's recovery). */
async function modelHash(dir: string): Promise<string> {
  const m = await Model.load(dir);
  return m.info.corpus.hash;
}

/**
 * Starts `lexdis train corpus -o model` and SIGKILLs it `delayMs` after the start, or, with
 * `afterTmp`, that long after the new model's temporary sibling appears. Resolves to what
 * happened.
 */
function killDuring(
  corpus: string,
  model: string,
  delayMs: number,
  afterTmp: boolean,
): Promise<{ killed: boolean; sawTmp: boolean; status: number | null }> {
  const prefix = `.lexdis-tmp-${basename(model)}-`;
  const parent = dirname(model);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LEXDIS, 'train', corpus, '-o', model, '--seed', '1'], { stdio: 'ignore' });
    let exited = false;
    let sawTmp = false;
    let killed = false;
    const kill = () => {
      if (exited) return;
      killed = child.kill('SIGKILL');
    };
    child.on('error', reject);
    child.on('exit', (status) => {
      exited = true;
      resolve({ killed, sawTmp, status });
    });
    if (!afterTmp) {
      setTimeout(kill, delayMs);
      return;
    }
    const poll = () => {
      if (exited) return;
      if (readdirSync(parent).some((e) => e.startsWith(prefix))) {
        sawTmp = true;
        setTimeout(kill, delayMs);
      } else setTimeout(poll, 2);
    };
    poll();
  });
}

test('kill -9 of lexdis train at random points leaves the model at its path whole and loadable', async (t) => {
  const a = writeGoodInputs(mkdirAndReturn(join(root, 'a')), 40);
  const b = writeGoodInputs(mkdirAndReturn(join(root, 'b')), 30);
  const model = join(root, 'models', 'm');
  mkdirSync(dirname(model));
  // the two complete models the path may hold, and how long a whole run takes
  const t0 = performance.now();
  const first = await runLexdis(['train', a.pos, '-o', model, '--seed', '1'], 120_000);
  const runMs = performance.now() - t0;
  assert.equal(first.status, 0, first.stderr);
  const ref = join(root, 'models', 'ref-b');
  const second = await runLexdis(['train', b.pos, '-o', ref, '--seed', '1'], 120_000);
  assert.equal(second.status, 0, second.stderr);
  const hashes = { [a.pos]: await modelHash(model), [b.pos]: await modelHash(ref) };
  assert.notEqual(hashes[a.pos], hashes[b.pos]);

  const rng = new Rng(20_261_122);
  let current = hashes[a.pos];
  const log: string[] = [];
  for (let k = 0; k < KILLS; k++) {
    // always train the corpus the path does not hold, so old and new differ
    const corpus = current === hashes[a.pos] ? b.pos : a.pos;
    const afterTmp = k % 2 === 1;
    const delay = afterTmp ? rng.int(30) : Math.round(rng.next() * runMs);
    const r = await killDuring(corpus, model, delay, afterTmp);
    const found = await modelHash(model);
    log.push(`kill ${k}: ${afterTmp ? `${delay} ms after the temporary model appeared` : `at ${delay} ms`}; ` +
      `killed ${r.killed}, exit ${r.status}; holds ${found === hashes[a.pos] ? 'a' : found === hashes[b.pos] ? 'b' : '?'}`);
    assert.ok(found === current || found === hashes[corpus], `model at the path is neither the old nor the new one:\n${log.join('\n')}`);
    assert.deepEqual(leftovers(dirname(model)), [], `left beside the model after loading it:\n${log.join('\n')}`);
    current = found;
  }
  t.diagnostic(log.join('\n'));
  // at least one kill hit the save itself
  assert.ok(log.some((l) => /appeared.*killed true/.test(l)), `no kill landed inside the save:\n${log.join('\n')}`);
});

function mkdirAndReturn(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
