import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../../bin/data.js';
import type { AnalyzedToken } from '../../../src/analyzer/types.js';
import { analyzedToPosToken, posTokenToAnalyzed, readPosFile, writePosFile } from '../../../src/formats/pos/pos.js';
import { analysesSkip } from '../../helpers/reference.js';

test('pos token → analyzer token → pos token rebuilds the whole reference file', { skip: analysesSkip() }, () => {
  const file = dataPaths.referenceAnalyses();
  const text = readFileSync(file, 'utf-8');
  const analyzed = readPosFile(text, file).documents[0].tokens.map(posTokenToAnalyzed);
  assert.equal(analyzed.filter((t) => t.kind === 'other').length, 2283);
  const tokens = analyzed.map((t) => analyzedToPosToken(t));
  assert.equal(writePosFile({ leadingBlank: true, documents: [{ tokens }] }), text);
});

test('analyzer token fields: gloss parts, alternatives, INDEX', () => {
  const word: AnalyzedToken = {
    kind: 'word', input: 'تدوينة', lookup: 'tdwynp', solutions: [],
    alternatives: [
      { form: 'tdwynh', solutions: [{ voc: 'tadowiynh', lemma: 'tadowiyn_1', morph: 'tadowiyn/NOUN+hu/POSS_PRON_3MS', gloss: ' + recording + its/his', glossParts: { prefix: '', stem: 'recording', suffix: 'its/his' } }] },
      { form: 'tdwynY', solutions: [] },
    ],
  };
  const pos = analyzedToPosToken(word, { paragraph: 2, word: 5 });
  assert.deepEqual(pos.comments, ['tdwynp NOT FOUND']);
  assert.deepEqual(pos.index, { paragraph: 2, word: 5 });
  assert.deepEqual(pos.alternatives.map((a) => [a.form, a.comments, a.solutions.map((s) => s.n)]), [['tdwynh', [], [1]], ['tdwynY', ['tdwynY NOT FOUND'], []]]);
  assert.deepEqual(posTokenToAnalyzed(pos), word);
  const other = analyzedToPosToken({ kind: 'other', input: '2017' });
  assert.deepEqual(other, { input: '2017', comments: ['Non-Alphabetic Data'], solutions: [], alternatives: [] });
  assert.deepEqual(posTokenToAnalyzed(other), { kind: 'other', input: '2017' });
});
