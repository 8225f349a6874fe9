/**
 * bench/tag-ab.ts compares two builds' warm tagging in one process: run with this build as both,
 * it finds their outputs the same and reports, for each order of loading, a median and a fastest
 * pass per build, and their paired ratio.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import { projectRoot } from '../../src/config.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

test('tag-ab: the same build as A and B gives the same output, timings and a paired ratio', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-tag-ab-'));
  try {
    const { model } = await train(pudCorpus(60), { workers: 0, seed: 5 });
    await model.save(join(dir, 'm'));
    const text = join(dir, 'text.txt');
    writeFileSync(text, readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 20).join('\n'));
    const root = projectRoot();
    const r = spawnSync(process.execPath, [join(root, 'dist', 'bench', 'tag-ab.js'), '--model', join(dir, 'm'), '--a', root, '--b', root,
      '--text', text, '--rounds', '4', '--warm', '0'], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.equal(out.kind, 'lexdis-bench-tag-ab');
    assert.equal(out.sameOutput, true);
    assert.equal(out.rounds, 4);
    for (const order of [out.orders.aFirst, out.orders.bFirst]) {
      assert.equal(order.sameOutput, true);
      assert.equal(order.a.build, root);
      for (const side of [order.a, order.b])
        for (const k of ['wall', 'cpu']) assert.ok(side[k].fastestMs > 0 && side[k].medianMs >= side[k].fastestMs, JSON.stringify(side));
    }
    for (const k of ['wall', 'cpu']) assert.ok(Number.isFinite(out.pairedRatioBOverA[k]) && out.pairedRatioBOverA[k] > 0, JSON.stringify(out.pairedRatioBOverA));
    const bad = spawnSync(process.execPath, [join(root, 'dist', 'bench', 'tag-ab.js'), '--model', join(dir, 'm'), '--a', root], { encoding: 'utf8' });
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /usage/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
