import { test } from 'node:test';
import assert from 'node:assert/strict';
import { introducesPronounStem, isPronTag, ivPrefixPng, parsePng, stemInfo, suffixInfo } from '../../src/labels/tags.js';

test('person/number/gender codes', () => {
  assert.deepEqual(parsePng('3FS'), { per: '3', gen: 'F', num: 'S' });
  assert.deepEqual(parsePng('MP'), { per: '', gen: 'M', num: 'P' });
  assert.deepEqual(parsePng('2D'), { per: '2', gen: '', num: 'D' });
  assert.deepEqual(parsePng('F'), { per: '', gen: 'F', num: '' });
  for (const bad of ['', '4S', 'SM', '3X', 'MS3']) assert.equal(parsePng(bad), undefined, bad);
});

test('imperfect prefixes, pronoun tags, stem tags', () => {
  assert.deepEqual(ivPrefixPng('IV2FP'), { per: '2', gen: 'F', num: 'P' });
  assert.equal(ivPrefixPng('IV'), undefined);
  assert.equal(ivPrefixPng('IV_PASS'), undefined);
  assert.ok(isPronTag('PRON_1S'));
  assert.ok(!isPronTag('PRON'));
  assert.ok(!isPronTag('POSS_PRON_1S'));
  assert.deepEqual(stemInfo('DEM_PRON_FD'), { pos: 'PRON', dpos: 'DEM', per: '', gen: 'F', num: 'D' });
  assert.equal(stemInfo('DEM_PRON_XX'), undefined);
  assert.equal(stemInfo('NSUFF_FEM_SG'), undefined);
});

test('suffix tags', () => {
  assert.deepEqual(suffixInfo('IVSUFF_SUBJ:2FS_MOOD:SJ'),
    { kind: 'infl', type: 'IVSUFF_SUBJ', per: '2', gen: 'F', num: 'S', mood: 'SJ', case: '', known: true });
  assert.deepEqual(suffixInfo('NSUFF_MASC_PL_ACCGEN_POSS'),
    { kind: 'infl', type: 'NSUFF_POSS', per: '', gen: 'M', num: 'P', mood: '', case: 'ACCGEN', known: true });
  assert.equal(suffixInfo('CVSUFF_DO:3D')?.kind, 'pron');
  assert.equal(suffixInfo('POSS_PRON_2FP')?.known, true);
  assert.equal(suffixInfo('NSUFF_FEM_FEM')?.known, false);
  assert.equal(suffixInfo('NSUFF_NOM')?.known, false);
  assert.equal(suffixInfo('IVSUFF_MOOD:X')?.known, false);
  assert.equal(suffixInfo('CASE_DEF_VOC')?.known, false);
  assert.equal(suffixInfo('PRON_3MS'), undefined);
  assert.equal(suffixInfo('NOUN'), undefined);
});

test('which segments make a following PRON_ a stem', () => {
  assert.ok(introducesPronounStem({ voc: 'wa', tag: 'CONJ' }));
  assert.ok(introducesPronounStem({ voc: '>a', tag: 'INTERROG_PART' }));
  assert.ok(introducesPronounStem({ voc: '', tag: 'CONJ' }));
  assert.ok(introducesPronounStem({ voc: 'Al', tag: 'DET' }));
  assert.ok(introducesPronounStem({ voc: 'ya', tag: 'IV3MS' }));
  assert.ok(!introducesPronounStem({ voc: 'bi', tag: 'PREP' }));
  assert.ok(!introducesPronounStem({ voc: 'l`kin~a', tag: 'CONJ' }));
  assert.ok(!introducesPronounStem({ voc: 'hi', tag: 'PRON_3MS' }));
});
