import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { renderAnalyses, tokenJson } from '../../src/analyzer/output.js';
import { formatAnalyses } from '../../src/analyzer/print.js';
import { MINI_DIR } from './fixtures.js';

const mini = Analyzer.load(MINI_DIR);

test('pos format: the reference layout, one chunk per line with tokens', () => {
  const chunks = [...renderAnalyses(mini, 'كتبت\n\nمدرسه .\n')];
  assert.equal(chunks.length, 2);
  assert.equal(chunks.join(''), formatAnalyses(mini.analyzeText('كتبت\n\nمدرسه .').flat()));
});

test('jsonl format: one object per token with sentence and token numbers', () => {
  const lines = [...renderAnalyses(mini, 'كتبت\r\n\r\nمدرسه 7', { format: 'jsonl' })].join('').trimEnd().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(lines.map((o) => [o.sentence, o.token, o.kind, o.input]), [[1, 1, 'word', 'كتبت'], [3, 1, 'word', 'مدرسه'], [3, 2, 'other', '7']]);
  assert.equal(lines[0].lookup, 'ktbt');
  assert.deepEqual(lines[0].solutions[0], { voc: 'katabat', lemma: 'katab-u_1', morph: 'katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS', gloss: ' + write + it/they/she <verb>' });
  assert.deepEqual(lines[1].solutions, []);
  assert.deepEqual(lines[1].alternatives, [{ form: 'mdrsp', solutions: [{ voc: 'madorasap', lemma: 'madorasap_1', morph: 'madoras/NOUN+ap/NSUFF_FEM_SG', gloss: ' + school + [fem.sg.]' }] }]);
  assert.deepEqual(lines[2], { sentence: 3, token: 2, kind: 'other', input: '7' });
});

test('jsonl in Arabic script converts forms but not glosses or input', () => {
  const [tok] = mini.analyzeLine('مدرسه');
  const o = tokenJson(tok, 1, 1, 'arabic') as { lookup: string; alternatives: Array<{ form: string; solutions: Array<Record<string, string>> }> };
  assert.equal(o.lookup, 'مدرسه');
  assert.equal(o.alternatives[0].form, 'مدرسة');
  assert.deepEqual(o.alternatives[0].solutions[0], { voc: 'مَدْرَسَة', lemma: 'مَدْرَسَة_1', morph: 'مَدْرَس/NOUN+َة/NSUFF_FEM_SG', gloss: ' + school + [fem.sg.]' });
});

test('empty input: no output', () => {
  assert.deepEqual([...renderAnalyses(mini, '')], []);
  assert.deepEqual([...renderAnalyses(mini, '\n \n', { format: 'jsonl' })], []);
});
