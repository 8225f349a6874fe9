/**
 * Tagger.warmUp tags the model's own training words before a first real text: it fills the
 * caches and changes no answer; nor does emptying the word types (WordTypeCache.clear).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { UsageError } from '../../src/errors.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { train } from '../../training/train.js';
import { bamaAnalyzer, pudCorpus } from '../helpers/pud.js';

test('warmUp tags the model\'s training words, and the answers after it are those of a fresh tagger', async () => {
  const { model } = await train(pudCorpus(60), { workers: 0, seed: 5 });
  const text = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(200, 230).join('\n');
  const fresh = new Tagger(model, bamaAnalyzer());
  const expected = JSON.stringify(fresh.tagText(text, { top: 3 }));

  const warmed = new Tagger(model, bamaAnalyzer());
  assert.deepEqual(warmed.warmUp(0).words, 0);
  assert.equal(warmed.words.size, 0, 'no word tagged for a warm-up of 0 words');
  const w = warmed.warmUp(300);
  assert.equal(w.words, 300, 'the model saw more than 300 words with labels');
  assert.ok(warmed.words.size > 100, `word types kept: ${warmed.words.size}`);
  assert.equal(JSON.stringify(warmed.tagText(text, { top: 3 })), expected);
  warmed.words.clear();
  assert.equal(warmed.words.size, 0, 'clear forgets every word type');
  assert.equal(JSON.stringify(warmed.tagText(text, { top: 3 })), expected, 'the same answers after clear');
  assert.throws(() => warmed.warmUp(-1), UsageError);
  assert.throws(() => warmed.warmUp(1.5), UsageError);
});
