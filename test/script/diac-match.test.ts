import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fromBuckwalter as ar } from '../../src/script/buckwalter.js';
import { matchKey, sameVocalization, vocalizationDifference } from '../../src/script/diac-match.js';
import { vocalizeWord } from '../../src/script/vocalize.js';

/** An analysis rendered as `lexdis diacritize` shows it, on the word typed without marks. */
const render = (word: string, voc: string, morph: string): string => vocalizeWord(word, voc, morph);

test('PADT spellings match the renderer\'s: the article, sun letters, sukun, wasl, tanween on alif', () => {
  const cases: [string, string, string, string][] = [
    // PADT form, typed word, analysis voc, morph
    ['اَلبَصرَةَ', 'البصرة', 'AlbaSorapa', 'Al/DET+baSor/NOUN_PROP+ap/NSUFF_FEM_SG+a/CASE_DEF_ACC'],
    ['اَلسَّبتِ', 'السبت', 'Alsaboti', 'Al/DET+sabot/NOUN+i/CASE_DEF_GEN'],
    ['عَامًا', 'عاما', 'EAmAF', 'EAm/NOUN+AF/NSUFF_MASC_SG_ACC_INDEF'],
    ['لِلحَظرِ', 'للحظر', 'lilHaZori', 'li/PREP+Al/DET+HaZor/NOUN+i/CASE_DEF_GEN'],
    ['اِستِقبَالًا', 'استقبالا', '{isotiqobAlAF', '{isotiqobAl/NOUN+AF/NSUFF_MASC_SG_ACC_INDEF'],
    ['وَاَلعِصيَانِ', 'والعصيان', 'waAloEiSoyAni', 'wa/CONJ+Al/DET+EiSoyAn/NOUN+i/CASE_DEF_GEN'],
    ['يَزُورُ', 'يزور', 'yazuwru', 'ya/IV3MS+zuwr/VERB_IMPERFECT+u/IVSUFF_MOOD:I'],
  ];
  for (const [padt, word, voc, morph] of cases) {
    const r = render(word, voc, morph);
    assert.ok(sameVocalization(r, padt), `${r} should match ${padt}: ${matchKey(r)} vs ${matchKey(padt)}`);
  }
});

test('the dagger alif is set aside: a letter with one reads as a letter with fatha', () => {
  const r = render('هذا', 'ha`*A', 'ha`*A/DEM_PRON_MS');
  assert.equal(r, 'هَٰذَا');
  assert.ok(sameVocalization(r, 'هٰذَا'), 'PADT writes the dagger without the fatha');
  assert.ok(sameVocalization(r, 'هَذَا'), 'a text without the dagger');
  assert.ok(sameVocalization('اللَّٰهِ', 'اَللّٰهِ'));
});

test('a bare letter is no vowel: unlike EvalDiac\'s relaxed scoring, it accepts nothing else', () => {
  assert.ok(!sameVocalization('كَتَبَ', 'كَتَب'), 'a bare last letter (sukun in PADT) is not fatha');
  assert.ok(!sameVocalization('كَتَب', 'كَتَبَ'));
  assert.ok(sameVocalization('كَتَبْتُ', 'كَتَبتُ'), 'sukun written or not is the same');
  assert.ok(!sameVocalization('مِنَ', 'مِن'), 'a helping vowel is a vowel');
  assert.ok(!sameVocalization('مُدَرِّسٌ', 'مُدَرِسٌ'), 'a missing shadda counts');
  assert.ok(!sameVocalization('كُتِبَ', 'كَتَبَ'));
});

test('marks on one letter in any order, tanween on a final alif maqsura on the letter before', () => {
  assert.ok(sameVocalization(ar('d~arosa'), ar('da~rosa')));
  assert.ok(sameVocalization(ar('musotawFY'), ar('musotawYF')));
  assert.ok(sameVocalization(ar('EuDowAF'), ar('EuDowFA')));
});

test('vocalizationDifference names the nearest kind of difference', () => {
  assert.equal(vocalizationDifference('كَتَبَ', 'كَتَبَ'), 'none');
  assert.equal(vocalizationDifference('بَيْتُ', 'بَيتِ'), 'case-ending');
  assert.equal(vocalizationDifference('أُورُوبَّا', 'أُورُوبَا'), 'shadda');
  assert.equal(vocalizationDifference('يَجْدِدُ', 'يُجَدَّدُ'), 'stem');
  assert.equal(vocalizationDifference('كتب', 'كتاب'), 'letters');
});
