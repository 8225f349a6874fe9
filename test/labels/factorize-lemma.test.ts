import { test } from 'node:test';
import assert from 'node:assert/strict';
import { factorize } from '../../src/labels/factorize.js';
import { pudCorpus } from '../helpers/pud.js';

// src/formats/pos/pos-corpus.ts factors each morphology once and sets the lemma: that relies on this.
test('the lemma enters the built-in factorization only as the lemma element', () => {
  const labels = new Map<string, string>();
  for (const d of pudCorpus(100).documents)
    for (const s of d.sentences) for (const t of s.tokens) for (const c of t.candidates) labels.set(c.morph, c.lemma);
  assert.ok(labels.size > 100, `${labels.size} morphologies`);
  for (const [morph, lemma] of [...labels, ['ta/IV3FS+kotub/VERB_IMPERFECT+u/IVSUFF_MOOD:I', 'katab-u_1'] as const]) {
    assert.deepEqual(factorize(lemma, morph), { ...factorize('', morph), lemma }, `${lemma} ${morph}`);
    assert.deepEqual(factorize(`${lemma}x`, morph), { ...factorize(lemma, morph), lemma: `${lemma}x` });
  }
});
