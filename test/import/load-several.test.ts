/**
 * Several corpora in one: documents of different files never merge (ids carry their file's
 * name), a file named twice is refused, each file is a part of the corpus, and a model trained
 * on them records its sources.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/import/load.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

let dir = '';
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-several-'));
  const pud = pudCorpus(250);
  const half = Math.floor(pud.documents.length / 2);
  // two files whose documents have the same ids
  const a = { documents: pud.documents.slice(0, half).map((d, i) => ({ ...d, id: `d${i}` })) };
  const b = { documents: pud.documents.slice(half, 2 * half).map((d, i) => ({ ...d, id: `d${i}` })) };
  writeFileSync(join(dir, 'a.pos'), writePosFile(corpusToPos(a)));
  writeFileSync(join(dir, 'b.pos'), writePosFile(corpusToPos(b)));
  symlinkSync(join(dir, 'a.pos'), join(dir, 'link.pos'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('documents of different files keep apart: their ids carry the file', () => {
  const [a, b] = [join(dir, 'a.pos'), join(dir, 'b.pos')];
  const c = loadCorpus([a, b]);
  const ids = c.documents.map((d) => d.id);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes(`${a}#d0`) && ids.includes(`${b}#d0`));
  assert.deepEqual(c.parts?.map((p) => p.source), [a, b]);
  assert.equal(c.parts!.reduce((s, p) => s + p.documents, 0), c.documents.length);
  assert.equal(loadCorpus([a]).documents[0].id, 'd0', 'one file keeps its ids');
});

test('a file named twice, or through a link, is refused', () => {
  const a = join(dir, 'a.pos');
  for (const twice of [[a, a], [a, join(dir, '.', 'a.pos')], [a, join(dir, 'link.pos')]]) {
    assert.throws(() => loadCorpus(twice), (e: unknown) => e instanceof UsageError && /the same corpus file as .*given twice/.test(e.message), twice.join(' '));
  }
});

test('a model trained on several corpora records each in its header', async () => {
  const [a, b] = [join(dir, 'a.pos'), join(dir, 'b.pos')];
  const { model } = await train(loadCorpus([a, b]), { workers: 0, featureSet: 'aggr', sequence: false });
  const sources = model.info.corpus.sources;
  assert.deepEqual(sources?.map((s) => s.source), [a, b]);
  assert.ok(sources!.every((s) => s.documents > 0 && s.goldTokens > 0 && s.tokens >= s.goldTokens));
  assert.equal(sources!.reduce((n, s) => n + s.goldTokens, 0), model.info.corpus.goldTokens);
});
