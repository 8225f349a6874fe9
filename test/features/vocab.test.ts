import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BOS, BOUNDARY_STRINGS, EOS, NAMESPACES, Vocab, wordLetters } from '../../features/vocab.js';
import { ModelFormatError, UsageError } from '../../src/errors.js';
import { TARGETS } from '../../src/labels/elements.js';

test('ids are dense per namespace, boundaries first in word and letter', () => {
  const v = new Vocab();
  assert.deepEqual([v.get('word', BOUNDARY_STRINGS[0]), v.get('word', BOUNDARY_STRINGS[1])], [BOS, EOS]);
  assert.equal(v.get('letter', BOUNDARY_STRINGS[1]), EOS);
  assert.equal(v.intern('word', 'ktb'), 2);
  assert.equal(v.intern('word', 'fy'), 3);
  assert.equal(v.intern('word', 'ktb'), 2);
  assert.equal(v.intern('lemma', 'kitAb_1'), 0);
  assert.equal(v.intern('lemma', ''), 1);
  assert.equal(v.size('word'), 4);
  assert.equal(v.size('pos'), 0);
  assert.equal(v.string('word', 3), 'fy');
  assert.equal(v.get('word', '<s>'), -1, 'a word spelled <s> is not the boundary');
  assert.deepEqual(NAMESPACES, ['word', 'letter', ...TARGETS]);
});

test('frozen vocabulary answers -1 and refuses to grow', () => {
  const v = new Vocab();
  v.intern('word', 'ktb');
  v.freeze();
  assert.equal(v.get('word', 'mdrsp'), -1);
  assert.equal(v.intern('word', 'ktb'), 2);
  assert.throws(() => v.intern('word', 'mdrsp'), UsageError);
});

test('toJSON / load round trip, kind tag and damage checked', () => {
  const v = new Vocab();
  for (const w of ['ktb', 'fy', '2010', '.']) v.intern('word', w);
  v.intern('label', 'kitAb_1\tkutub/NOUN');
  v.intern('case', '');
  const json = JSON.parse(JSON.stringify(v.toJSON()));
  const back = Vocab.load(json);
  assert.ok(back.frozen);
  assert.deepEqual(back.toJSON(), v.toJSON());
  assert.equal(back.get('word', '2010'), 4);
  assert.throws(() => Vocab.load({ ...json, kind: 'other' }), ModelFormatError);
  assert.throws(() => Vocab.load({ ...json, version: 99 }), ModelFormatError);
  assert.throws(() => Vocab.load({ ...json, namespaces: { ...json.namespaces, word: [...json.namespaces.word, 'fy'] } }), ModelFormatError);
  const { pos: _pos, ...missing } = json.namespaces;
  assert.throws(() => Vocab.load({ ...json, namespaces: missing }), ModelFormatError);
});

test('wordLetters: first and last code points', () => {
  assert.deepEqual(wordLetters('ktb'), ['k', 'b']);
  assert.deepEqual(wordLetters('>'), ['>', '>']);
  assert.deepEqual(wordLetters(''), ['', '']);
  assert.deepEqual(wordLetters('a\u{1F600}'), ['a', '\u{1F600}']);
});
