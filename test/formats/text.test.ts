import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzedToCorpus, splitSentences } from '../../src/formats/text.js';
import { bamaAnalyzer } from '../helpers/pud.js';

test('raw text becomes sentences split after final punctuation, lines never joined', () => {
  const lines = bamaAnalyzer().analyzeText('ذهب الولد. هل جاء؟ نعم\nكتب');
  const sents = splitSentences(lines);
  assert.deepEqual(sents.map((s) => s.map((t) => t.input).join(' ')), ['ذهب الولد .', 'هل جاء ؟', 'نعم', 'كتب']);
  const corpus = analyzedToCorpus(lines, { docId: 'x' });
  assert.equal(corpus.documents.length, 1);
  assert.equal(corpus.documents[0].sentences.length, 4);
  const first = corpus.documents[0].sentences[0].tokens;
  assert.equal(first[0].lookup, 'ehb'.replace('e', '*'));
  assert.ok(first[0].arabic && first[0].candidates.length > 0 && first[0].gold === -1);
  assert.ok(!first[2].arabic && first[2].candidates.length === 0);
});

test('empty text gives an empty corpus', () => {
  const corpus = analyzedToCorpus(bamaAnalyzer().analyzeText(''));
  assert.equal(corpus.documents[0].sentences.length, 0);
});
