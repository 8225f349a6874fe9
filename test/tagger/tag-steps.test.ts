/**
 * Tagging in steps (src/tagger/tag-steps.ts) gives exactly the sentences of tagging the text in
 * one go (analyzeText → analyzedToCorpus → rankCorpus), also for a line longer than a piece,
 * and no step is unbounded: between two yields at most one piece, one group or one sentence.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { textToCorpus } from '../../src/formats/text.js';
import { PIECE_CHARS, cutAtWhitespace } from '../../src/tagger/tag-steps.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { taggedSentence } from '../../src/tagger/tagged.js';
import { train } from '../../training/train.js';
import { bamaAnalyzer, pudCorpus } from '../helpers/pud.js';

test('cutAtWhitespace cuts only at whitespace and keeps every character', () => {
  const line = 'ab cd\tef  gh ' + 'x'.repeat(30) + ' ij';
  const pieces = cutAtWhitespace(line, 6);
  assert.ok(pieces.every((p) => p.length <= 6 || !/\s/.test(p)), JSON.stringify(pieces));
  assert.equal(pieces.join(' ').replace(/\s+/g, ' '), line.replace(/\s+/g, ' '));
  assert.deepEqual(cutAtWhitespace('short'), ['short']);
});

test('tagSteps = tagging in one go, for many lines and for one long line', async () => {
  const { model } = await train(pudCorpus(120), { workers: 0, seed: 3 });
  const tagger = new Tagger(model, bamaAnalyzer());
  // PUD's sentences, with a word written with a dagger alif and typed diacritics (kataba: one reading of كتب)
  const sentences = [...readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 60), 'هٰذا كَتَبَ الطالب.'];
  for (const text of [sentences.join('\n'), sentences.join(' ')]) {
    const oneGo = tagger.rankCorpus(textToCorpus(tagger.analyzer, text))
      .flatMap((doc) => doc.map((sent) => taggedSentence(sent, 3)));
    const steps = [...tagger.tagSteps(text, { top: 3 })];
    const got = steps.filter((s) => s !== null);
    assert.deepEqual(got, oneGo);
    // again, with the tagger's word-type, plan, memo and render caches warm
    assert.deepEqual([...tagger.tagSteps(text, { top: 3 })].filter((s) => s !== null), oneGo);
    assert.ok(got.length > 30);
    const pieces = Math.ceil(text.length / PIECE_CHARS);
    assert.ok(steps.length >= got.length + pieces, `${steps.length} steps for ${got.length} sentences and ≥ ${pieces} pieces`);
  }
  assert.deepEqual([...tagger.tagSteps('  \n ', { top: 3 })].filter(Boolean), []);
});
