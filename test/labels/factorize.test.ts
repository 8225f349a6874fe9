import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { factorize, factorizeDetailed } from '../../src/labels/factorize.js';

/** Only the non-empty elements, for compact expectations. */
function nonEmpty(lemma: string, morph: string): Record<string, string> {
  const el = factorize(lemma, morph);
  return Object.fromEntries(Object.entries(el).filter(([, v]) => v !== ''));
}

test('the examples of the brief, BAMA 1.0', () => {
  assert.deepEqual(nonEmpty('katab-u_1', 'wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'), {
    lemma: 'katab-u_1', pre1: 'CONJ', pos: 'VERB', dpos: 'PERFECT', suf: 'PVSUFF_SUBJ', persuf: '3', numsuf: 'S', gensuf: 'F',
  });
  assert.deepEqual(nonEmpty('kAn-u_1', 'sa/FUT+ya/IV3MS+kuwn/VERB_IMPERFECT'), {
    lemma: 'kAn-u_1', pre1: 'FUT', pos: 'VERB', dpos: 'IMPERFECT', perpos: '3', numpos: 'S', genpos: 'M',
  });
  assert.deepEqual(nonEmpty('dAwaY_1', 'ta/IV2FP+dowiy/VERB_IMPERFECT+na/IVSUFF_SUBJ:FP+hu/IVSUFF_DO:3MS'), {
    lemma: 'dAwaY_1', pos: 'VERB', dpos: 'IMPERFECT', perpos: '2', numpos: 'P', genpos: 'F',
    suf: 'IVSUFF_SUBJ', numsuf: 'P', gensuf: 'F', pron: 'IVSUFF_DO:3MS',
  });
  assert.deepEqual(nonEmpty('fiy_1', 'fiy/PREP+~a/PRON_1S'), { lemma: 'fiy_1', pos: 'PREP', pron: 'PRON_1S' });
  assert.deepEqual(nonEmpty('Eamal_1', 'Eamal/NOUN+ayoni/NSUFF_MASC_DU_ACCGEN'), {
    lemma: 'Eamal_1', pos: 'NOUN', suf: 'NSUFF', numsuf: 'D', gensuf: 'M', case: 'ACCGEN',
  });
  assert.deepEqual(nonEmpty('qAl-u_1', 'ta/IV2MP+quwl/VERB_IMPERFECT+uwna/IVSUFF_SUBJ:MP_MOOD:I'), {
    lemma: 'qAl-u_1', pos: 'VERB', dpos: 'IMPERFECT', perpos: '2', numpos: 'P', genpos: 'M',
    suf: 'IVSUFF_SUBJ', numsuf: 'P', gensuf: 'M', mood: 'I',
  });
});

test('the examples of the brief, SAMA 3.1', () => {
  assert.deepEqual(nonEmpty('kitAb_1', 'Al/DET+kitAb/NOUN+u/CASE_DEF_NOM'), {
    lemma: 'kitAb_1', det: 'DET', pos: 'NOUN', suf: 'CASE_DEF', case: 'NOM',
  });
  assert.deepEqual(nonEmpty('kitAb_1', 'kitAb/NOUN+N/CASE_INDEF_NOM'), { lemma: 'kitAb_1', pos: 'NOUN', suf: 'CASE_INDEF', case: 'NOM' });
  assert.deepEqual(nonEmpty('kitAb_1', 'wa/CONJ+li/PREP+Al/DET+kitAb/NOUN+i/CASE_DEF_GEN'), {
    lemma: 'kitAb_1', pre1: 'PREP', pre2: 'CONJ', det: 'DET', pos: 'NOUN', suf: 'CASE_DEF', case: 'GEN',
  });
  assert.deepEqual(nonEmpty('katab-u_1', '>a/IV1S+kotub/IV+u/IVSUFF_MOOD:I'), {
    lemma: 'katab-u_1', pos: 'VERB', dpos: 'IMPERFECT', perpos: '1', numpos: 'S', suf: 'IVSUFF_MOOD', mood: 'I',
  });
  assert.deepEqual(nonEmpty('hA*A_1', 'h*A/DEM_PRON_MS'), { lemma: 'hA*A_1', pos: 'PRON', dpos: 'DEM', numpos: 'S', genpos: 'M' });
  assert.deepEqual(nonEmpty('>akal-u_1', '>akal/PV+uwA/PVSUFF_SUBJ:3MP'), {
    lemma: '>akal-u_1', pos: 'VERB', dpos: 'PERFECT', suf: 'PVSUFF_SUBJ', persuf: '3', numsuf: 'P', gensuf: 'M',
  });
  assert.deepEqual(nonEmpty('mu&al~if_1', 'mu&al~if/NOUN+At/NSUFF_FEM_PL+i/CASE_DEF_GEN'), {
    lemma: 'mu&al~if_1', pos: 'NOUN', suf: 'NSUFF+CASE_DEF', numsuf: 'P', gensuf: 'F', case: 'GEN',
  });
});

test('every element is present and a string, even for empty or garbage input', () => {
  for (const morph of ['', '+', '/', 'foo', 'a/b/c', '++//++', 'NSUFF_FEM_SG']) {
    const el = factorize('x', morph);
    assert.deepEqual(Object.keys(el), [...LABEL_ELEMENTS]);
    for (const v of Object.values(el)) assert.equal(typeof v, 'string');
  }
});

test('unknown tags are reported once and never thrown', () => {
  const f = factorizeDetailed('x_1', 'wa/CONJ+zz/ODD_PREFIX+x/NEW_STEM+a/NSUFF_BOGUS_SG+b/POSS_PRON_9X');
  assert.equal(f.elements.pos, 'NEW_STEM');
  assert.equal(f.elements.pre1, 'ODD_PREFIX');
  assert.equal(f.elements.pre2, 'CONJ');
  assert.deepEqual(f.unknownTags, ['ODD_PREFIX', 'NEW_STEM', 'NSUFF_BOGUS_SG', 'POSS_PRON_9X']);
  assert.equal(f.stem, 2);
  assert.deepEqual(factorizeDetailed('k', 'kitAb/NOUN+u/CASE_DEF_NOM').unknownTags, []);
});

test('the stem is the last segment that is not a suffix or clitic', () => {
  assert.equal(factorizeDetailed('zAl_1', 'mA/NEG_PART+>a/IV1S+zAl/VERB_IMPERFECT').stem, 2);
  assert.equal(factorizeDetailed('x', '+ap/NSUFF_FEM_SG').stem, -1);
  assert.equal(factorizeDetailed('x', 'huwa/PRON_3MS').stem, 0);
  assert.equal(factorizeDetailed('x', 'ladayo/PREP+hi/PRON_3MS+hA/PRON_3FS').stem, 0);
});

test('PRON_ after one-letter proclitics is the stem; after hosts a clitic', () => {
  assert.equal(factorize('x', 'fa/CONJ+hiya/PRON_3FS').pos, 'PRON');
  assert.equal(factorize('x', '>a/INTERROG_PART+huwa/PRON_3MS').pos, 'PRON');
  assert.equal(factorize('x', 'la/EMPHATIC_PARTICLE+huwa/PRON_3MS').pos, 'PRON');
  assert.equal(factorize('x', '>ay~/INTERROG_PART+humA/PRON_3D').pron, 'PRON_3D');
  assert.equal(factorize('x', 'li>an~a/CONJ+nA/PRON_1P').pron, 'PRON_1P');
  assert.equal(factorize('x', 'wa/CONJ+ka>an~a/CONJ+hu/PRON_3MS').pre1, 'CONJ');
  assert.equal(factorize('x', 'wa/CONJ+ka>an~a/CONJ+hu/PRON_3MS').pron, 'PRON_3MS');
  assert.equal(factorize('x', '<in~a/FUNC_WORD+hu/PRON_3MS').pron, 'PRON_3MS');
  assert.equal(factorize('x', 'li/PREP+hu/PRON_3MS').pos, 'PREP');
});

test('labels differing only in vocalization get equal elements (BAMA has no passive tag)', () => {
  assert.deepEqual(factorize('katab-u_1', 'katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'),
    factorize('katab-u_1', 'kutib/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'));
});
