import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusToPos, loadPosCorpus, loadPosFile, posToCorpus, writePosFile } from '../../src/formats/pos/pos.js';
import { posConversion } from '../../src/formats/pos/pos-corpus.js';
import { readPosFast } from '../../src/formats/pos/fast/pos-fast.js';
import type { Model } from '../../src/model/model.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

/** Everything a model holds except where its corpus was read from. */
function content(m: Model) {
  const beta = m.counts.toBuffers();
  return {
    beta: Object.entries(beta).map(([k, a]) => `${k}:${Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64')}`),
    vocab: JSON.stringify(m.vocab.toJSON()),
    lexicon: JSON.stringify(m.lexicon.toJSON()),
    doc: JSON.stringify(m.doc.toJSON()),
    theta: [...m.theta.weights, m.theta.bias],
    temperature: m.info.temperature,
    hash: m.info.corpus.hash,
  };
}

test('a corpus streamed from its pos file (the fast path) trains the same model as the corpus in memory (recount on and off)', async () => {
  const corpus = pudCorpus(300);
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-stream-train-'));
  try {
    const file = join(dir, 'pud.pos');
    writeFileSync(file, writePosFile(corpusToPos(corpus)));
    const streamed = loadPosCorpus(file, { chunkBytes: 4096 });
    // the fast path read it (a repeated token block converted once), not the full parser
    assert.equal(readPosFast(file, posConversion(file), () => {}, 4096), true);
    // and it is the corpus the full parser reads (the path before the fast one)
    assert.deepEqual(streamed.documents, posToCorpus(loadPosFile(file)).documents);
    for (const recount of [true, false]) {
      const a = await train(corpus, { workers: 0, seed: 3, recount });
      const b = await train(streamed, { workers: 2, seed: 3, recount });
      assert.deepEqual(content(b.model), content(a.model), `recount ${recount}`);
      assert.equal(b.summary.betaKeys, a.summary.betaKeys);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
