import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBuckwalter as ar } from '../../src/script/buckwalter.js';
import { compareWord, parseDiacritized, relaxLetters } from '../../src/script/diac-compare.js';

/** Word verdict in one convention, words written in Buckwalter for readability. */
const ok = (sys: string, ref: string, c: 'strict' | 'relaxed' = 'relaxed') => compareWord(ar(sys), ref.split('/').map(ar), c);

test('identical words are right in both conventions; the order of marks on a letter is free', () => {
  assert.equal(ok('kataba', 'kataba', 'strict').correct, true);
  assert.equal(ok('d~arosa', 'da~rosa', 'strict').correct, true);
});

test('relaxed: sukun ignored', () => {
  assert.equal(ok('katabat', 'katabato').correct, true);
  assert.equal(ok('katabat', 'katabato', 'strict').correct, false);
});

test('relaxed: fatha before alif, kasra before ya, damma before waw implied', () => {
  assert.equal(ok('ktAb', 'kitaAb').correct, false, 'the kasra on k is still missing');
  assert.equal(ok('kitAb', 'kitaAb').correct, true);
  assert.equal(ok('kabiyr', 'kabyr').correct, true);
  assert.equal(ok('yaquwl', 'yaqwl').correct, true);
  assert.equal(ok('kitAb', 'kitaAb', 'strict').correct, false);
});

test('relaxed: fatha and kasra on a bare alif, kasra on lam before alif ignored; damma on alif is not', () => {
  assert.equal(ok('Aixotitaam', 'Axotitaam').correct, true);
  assert.equal(ok('Aaxotitaam', 'Axotitaam').correct, true);
  assert.equal(ok('Auxotitaam', 'Axotitaam').correct, true, 'a bare reference letter accepts anything');
  assert.equal(ok('Axotitaam', 'Auxotitaam').correct, false);
  assert.equal(ok('liAEotimaAd', 'lAEotimaAd').correct, true);
});

test('relaxed: tanween fatha written on the alif counts on the letter before', () => {
  assert.equal(ok('EuDowAF', 'EuDowFA').correct, true);
  assert.equal(ok('EuDowFA', 'EuDowAF').correct, true);
  assert.equal(ok('EuDowAF', 'EuDowFA', 'strict').correct, false);
  assert.deepEqual(relaxLetters(parseDiacritized(ar('EuDowAF'))).map((l) => l.vowel), ['u', '', 'F', '']);
});

test('relaxed: a bare reference letter accepts anything; a reference shadda alone accepts shadda with a vowel', () => {
  assert.equal(ok('kataba', 'ktb').correct, true);
  assert.equal(ok('kataba', 'ktb', 'strict').correct, false);
  assert.equal(ok('d~ara', 'd~r').correct, true);
  assert.equal(ok('dara', 'd~r').correct, false);
});

test('the case ending is the last letter; a different number of letters is wrong throughout', () => {
  const v = ok('kitaAbu', 'kitaAbi');
  assert.equal(v.correct, false);
  assert.equal(v.correctNoCase, true);
  assert.equal(v.errors, 1);
  assert.equal(v.letters, 4);
  const bad = ok('kitAbu', 'kitaAbuhu');
  assert.equal(bad.correct, false);
  assert.equal(bad.correctNoCase, false);
  assert.equal(bad.errors, bad.letters);
});

test('accepted variants: the best one counts', () => {
  assert.equal(ok('Alobiriy', 'Alobiriy/Alobriy').correct, true);
  assert.equal(ok('Alobriy', 'Alobiriy/Alobriy', 'strict').correct, true);
  assert.equal(ok('Alobariy', 'Alobiriy/Alobriy', 'strict').correct, false);
});

test('dagger alif is a mark of its letter', () => {
  assert.equal(ok('ha`*aA', 'ha`*aA', 'strict').correct, true);
  assert.equal(ok('ha*aA', 'ha`*aA').correct, false);
});
