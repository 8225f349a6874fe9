import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocTables, intersectCount } from '../../features/ztf-tables.js';
import { encodeCorpus } from '../../features/encode.js';
import { Vocab } from '../../features/vocab.js';
import { ModelFormatError } from '../../src/errors.js';
import { TARGETS } from '../../src/labels/elements.js';
import { Rng } from '../../src/random.js';
import { tinyCorpus } from './fixture.js';
import { valueOf } from './reference.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

test('intersectCount equals a naive count (merge and galloping paths)', () => {
  const rng = new Rng(7);
  const r = () => rng.next();
  const sorted = (n: number, range: number) =>
    Int32Array.from(new Set(Array.from({ length: n }, () => Math.floor(r() * range)))).sort();
  for (let k = 0; k < 200; k++) {
    const a = sorted(Math.floor(r() * 40), 300);
    const b = sorted(Math.floor(r() * (k % 2 ? 400 : 40)), 300);
    const naive = Array.from(a).filter((x) => b.includes(x)).length;
    assert.equal(intersectCount(a, b), naive);
    assert.equal(intersectCount(b, a), naive);
  }
});

test('postings, df and C(w, e, v) equal brute force on D1; buffers round trip', () => {
  for (const corpus of [tinyCorpus(), syntheticCorpus({ seed: 3, tokens: 4000, wordTypes: 300, docTokens: 80 })]) {
    const vocab = new Vocab();
    const enc = encodeCorpus(corpus, vocab, { mode: 'intern' });
    const tables = DocTables.build(enc, vocab, ['label', 'lemma', 'pos']);
    const words = corpus.documents.map(
      (d) => new Set(d.sentences.flatMap((s) => s.tokens.filter((t) => t.arabic).map((t) => t.lookup))),
    );
    for (const target of tables.targets) {
      const pos = tables.targetPos(target);
      const values = corpus.documents.map(
        (d) =>
          new Set(
            d.sentences.flatMap((s) =>
              s.tokens.filter((t) => t.gold >= 0).map((t) => valueOf(t.candidates[t.gold], target)),
            ),
          ),
      );
      for (let w = 0; w < vocab.size('word'); w++) {
        const ws = vocab.string('word', w)!;
        assert.equal(tables.df(w), words.filter((x) => x.has(ws)).length);
        if (w % 7 !== 0) continue; // C for a sample of words × all values
        for (let v = 0; v < vocab.size(target); v++) {
          const vs = vocab.string(target, v)!;
          const c = corpus.documents.filter((_, d) => words[d].has(ws) && values[d].has(vs)).length;
          assert.equal(tables.cooccurrence(w, pos, v), c);
        }
      }
    }
    const json = JSON.parse(JSON.stringify(tables.toJSON()));
    const back = DocTables.load(json, tables.toBuffers());
    assert.deepEqual(back.toJSON(), tables.toJSON());
    assert.deepEqual(back.toBuffers(), tables.toBuffers());
    assert.throws(() => DocTables.load({ ...json, kind: 'x' }, tables.toBuffers()), ModelFormatError);
    const b = tables.toBuffers();
    assert.throws(() => DocTables.load(json, { ...b, wordDocs: b.wordDocs.map((x) => x + 1000) }), ModelFormatError);
    assert.throws(() => DocTables.load(json, { ...b, valueDocs: b.valueDocs.slice(1) }), ModelFormatError);
  }
  assert.equal(TARGETS[0], 'label');
});

test('unknown ids have empty postings', () => {
  const vocab = new Vocab();
  const tables = DocTables.build(encodeCorpus(tinyCorpus(), vocab, { mode: 'intern' }), vocab, ['lemma']);
  assert.equal(tables.wordPostings(-1).length, 0);
  assert.equal(tables.valuePostings(0, -1).length, 0);
  assert.equal(tables.valuePostings(0, 10_000).length, 0);
  assert.equal(tables.df(-1), 0);
  assert.equal(tables.targetPos('label'), -1);
});
