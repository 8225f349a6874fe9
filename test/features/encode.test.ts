import assert from 'node:assert/strict';
import { test } from 'node:test';
import { N_TARGETS, docCount, encodeCorpus } from '../../features/encode.js';
import { BOS, EOS, Vocab } from '../../features/vocab.js';
import { tinyCorpus, tinyTestDocument } from './fixture.js';

test('contexts: words and letters of neighbours, boundaries at sentence edges (not crossed)', () => {
  const v = new Vocab();
  const enc = encodeCorpus(tinyCorpus(), v, { mode: 'intern' });
  assert.equal(enc.nTokens, 18);
  assert.equal(docCount(enc), 3);
  assert.deepEqual(Array.from(enc.docStart), [0, 7, 15, 18]);
  assert.deepEqual(Array.from(enc.sentStart), [0, 5, 7, 11, 12, 15, 18]);
  const w = (s: string) => v.get('word', s);
  const l = (s: string) => v.get('letter', s);
  // doc1 s1: ktb Alktab fy byt .
  assert.deepEqual([enc.prevWord[0], enc.nextWord[0]], [BOS, w('Alktab')]);
  assert.deepEqual([enc.prevILetter[1], enc.prevFLetter[1], enc.nextILetter[1], enc.nextFLetter[1]], [l('k'), l('b'), l('f'), l('y')]);
  assert.deepEqual([enc.nextWord[4], enc.nextILetter[4], enc.nextFLetter[4]], [EOS, EOS, EOS]);
  assert.equal(enc.prevWord[3], w('fy'));
  assert.equal(enc.nextWord[3], w('.'), 'punctuation is a context word');
  // doc1 s2 starts a new sentence: its first token does not see the '.' before it.
  assert.deepEqual([enc.prevWord[5], enc.prevILetter[5]], [BOS, BOS]);
  assert.equal(enc.arabic[4], 0);
  assert.equal(enc.arabic[0], 1);
  // Gold ids: token 5 is ktb with gold kutub.
  assert.equal(v.string('label', enc.gold[5 * N_TARGETS]), 'kitAb_1\tkutub/NOUN+u/CASE_DEF_NOM');
  assert.equal(v.string('case', enc.gold[5 * N_TARGETS + 16]), 'NOM');
  assert.equal(enc.gold[4 * N_TARGETS], -1, 'punctuation has no gold');
  assert.ok(Array.from(enc.gold.subarray(4 * N_TARGETS, 5 * N_TARGETS)).every((x) => x === -1));
});

test('lookup mode maps unseen strings to -1 and leaves the vocabulary alone', () => {
  const v = new Vocab();
  encodeCorpus(tinyCorpus(), v, { mode: 'intern' });
  v.freeze();
  const before = JSON.stringify(v.toJSON());
  const enc = encodeCorpus(tinyTestDocument(), v, { mode: 'lookup' });
  assert.equal(JSON.stringify(v.toJSON()), before);
  assert.equal(enc.word[2], -1); // mdrsp
  assert.equal(enc.nextWord[1], -1);
  assert.equal(enc.nextILetter[1], v.get('letter', 'm'));
  assert.equal(enc.prevWord[3], -1);
  assert.equal(enc.word[0], v.get('word', 'ktb'));
});

test('shared encoding lives in SharedArrayBuffers and equals the plain one', () => {
  const plain = encodeCorpus(tinyCorpus(), new Vocab(), { mode: 'intern' });
  const shared = encodeCorpus(tinyCorpus(), new Vocab(), { mode: 'intern', shared: true });
  assert.ok(shared.word.buffer instanceof SharedArrayBuffer && shared.gold.buffer instanceof SharedArrayBuffer);
  assert.ok(shared.arabic.buffer instanceof SharedArrayBuffer);
  for (const k of Object.keys(plain) as (keyof typeof plain)[])
    assert.deepEqual(Array.from(shared[k] as ArrayLike<number>), Array.from(plain[k] as ArrayLike<number>), k);
});
