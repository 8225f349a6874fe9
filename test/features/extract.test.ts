import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FeatureExtractor } from '../../features/extract.js';
import { candidatesFor } from '../../features/seen-labels.js';
import { resolveFeatureSet, templateName, type Template } from '../../features/templates.js';
import { VALUE_TRANSFORMS } from '../../features/transform.js';
import type { Corpus } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { partitionCorpus } from '../../training/partition.js';
import { tinyCorpus, tinyTestDocument, stageOne } from './fixture.js';
import { referenceFeatures } from './reference.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';


function compare(d1: Corpus, test: Corpus, templates: Template[]) {
  const parts = stageOne(d1, templates);
  for (const transform of VALUE_TRANSFORMS) {
    const fx = new FeatureExtractor({ ...parts, templates, transform });
    assert.equal(fx.p, templates.length);
    for (const doc of test.documents) {
      const df = fx.document(doc);
      const cands = (s: number, i: number) => candidatesFor(doc.sentences[s].tokens[i], parts.lexicon);
      const ref = referenceFeatures(d1, doc, templates, transform, cands);
      doc.sentences.forEach((sent, s) => {
        const got = df.sentence(s, sent.tokens.map((_, i) => cands(s, i)));
        got.forEach((z, i) => {
          assert.equal(z.length, ref[s][i].length);
          for (let x = 0; x < z.length; x++)
            if (z[x] !== ref[s][i][x])
              assert.fail(`${transform} doc ${doc.id} s${s} t${i} cand ${Math.floor(x / fx.p)} ${templateName(templates[x % fx.p])}: ${z[x]} ≠ ${ref[s][i][x]}`);
        });
      });
    }
  }
}

test('tiny corpus: z equals the slow reference for every transform (full+prior, unseen words and values)', () => {
  compare(tinyCorpus(), tinyTestDocument(), resolveFeatureSet('full+prior'));
  // D1 documents themselves too (their own counts included, as the definition says).
  compare(tinyCorpus(), tinyCorpus(), resolveFeatureSet('full'));
});

test('synthetic corpus: z on D2 equals the slow reference (full+prior)', () => {
  const corpus = syntheticCorpus({ seed: 11, tokens: 1500, wordTypes: 300, candidates: 6, docTokens: 100 });
  const { d1, d2 } = partitionCorpus(corpus, { d2Share: 0.2, seed: 1 });
  compare(d1, d2, resolveFeatureSet('full+prior'));
});

test('rows are per candidate, deterministic, and a repeated value is the same number', () => {
  const templates = resolveFeatureSet('aggr');
  const parts = stageOne(tinyCorpus(), templates);
  const fx = new FeatureExtractor({ ...parts, templates, transform: 'log1p' });
  const doc = tinyTestDocument().documents[0];
  const a = fx.document(doc).sentence(0);
  const b = fx.document(doc).sentence(0);
  assert.deepEqual(a, b);
  assert.equal(a[0].length, 3 * 119);
  assert.equal(a[3].length, 0, 'punctuation without candidates');
  // Candidates 0 (katab) and 1 (katob) share no label but the lemma-prefix LEs are equal.
  const pre1 = templates.findIndex((t) => t.target === 'pre1');
  assert.equal(a[0][pre1], a[0][fx.p + pre1]);
  assert.throws(() => fx.document(doc).token(0, 9, doc.sentences[0].tokens[0].candidates), UsageError);
  assert.throws(() => new FeatureExtractor({ ...parts, doc: null, templates: resolveFeatureSet('tf'), transform: 'raw' }), UsageError);
  assert.throws(() => new FeatureExtractor({ ...parts, templates, transform: 'cube' as 'raw' }), UsageError);
});
