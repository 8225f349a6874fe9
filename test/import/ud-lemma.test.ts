import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lemmaCore, normalizeLemma, splitSense, vocalizedLemma } from '../../src/script/lemma.js';
import { lidToBuckwalter, matchLemma, senseAmbiguous } from '../../src/import/ud-lemma.js';

test('LIds are transliterated to Buckwalter', () => {
  assert.equal(lidToBuckwalter('كَتَب-ُ_1'), 'katab-u_1');
  assert.equal(lidToBuckwalter('ٱِنْتِقال_1'), '{inotiqAl_1');
  assert.equal(lidToBuckwalter('أَنَّ_1'), '>ana~_1');
});

test('splitSense and the normal forms', () => {
  assert.deepEqual(splitSense('katab-u_1'), { base: 'katab-u', sense: '1' });
  assert.deepEqual(splitSense('AwbAmA'), { base: 'AwbAmA', sense: '' });
  // verb-class marker, sukun, tanween, alif wasla, shadda after its vowel
  assert.equal(vocalizedLemma('sabaq-ui_1'), 'sabaq_1');
  assert.equal(vocalizedLemma('>ana~_1'), '>an~a_1');
  assert.equal(vocalizedLemma('>ano_1'), '>an_1');
  assert.equal(vocalizedLemma('{inotiqAl_1'), 'AintiqAl_1');
  assert.equal(vocalizedLemma('maEAF_1'), 'maE_1');
  assert.equal(normalizeLemma('katab-u_1'), 'ktb_1');
  assert.equal(normalizeLemma('li-_1'), 'l_1');
  assert.equal(normalizeLemma('xAS~_2'), 'xAS_2');
  assert.equal(lemmaCore('mivola_1'), 'mvl');
  assert.equal(lemmaCore('batAtAF_1'), 'btAt');
});

test('matchLemma: exact before vocalized before normalized before sense', () => {
  assert.deepEqual(matchLemma('katab-u_1', ['katab-u_1', 'kitAb_1']), { level: 'exact', lemmas: ['katab-u_1'] });
  // أَنْ finds >an_1 and not >an~a_1
  assert.deepEqual(matchLemma('>ano_1', ['>an~a_1', '>an_1', '<in_1']), { level: 'vocalized', lemmas: ['>an_1'] });
  assert.deepEqual(matchLemma('>ana~_1', ['>an~a_1', '>an_1']), { level: 'vocalized', lemmas: ['>an~a_1'] });
  // only the letters agree: every lemma with them (sense kept) is returned, sorted
  assert.deepEqual(matchLemma('xAS_1', ['xAS~_2', 'xAS~_1', 'xAS~ap_1']), { level: 'normalized', lemmas: ['xAS~_1'] });
  // sense dropped only when that leaves one lemma
  assert.deepEqual(matchLemma('kaviyr_2', ['kaviyr_1', 'kavorap_1']), { level: 'sense', lemmas: ['kaviyr_1'] });
  assert.equal(matchLemma('mA_6', ['mA_1', 'mA_2', 'mA_3']), null);
  assert.equal(matchLemma('ra>aY-a_1', ['rAwanod_1']), null);
  assert.equal(matchLemma('x_1', []), null);
});

test('senseAmbiguous lists the lemmas differing only in sense', () => {
  assert.deepEqual(senseAmbiguous('mA_6', ['mA_2', 'mA_1', 'mA_1', 'man_1']), ['mA_1', 'mA_2']);
  assert.deepEqual(senseAmbiguous('kaviyr_2', ['kaviyr_1']), []);
});
