/**
 * Proper names declined as diptotes or triptotes (src/analyzer/rules/name-declension.ts,
 * docs/case-endings.md rule 10): the rule on stems, the transformation of a word's analyses,
 * and the analyzer with the option on the BAMA 1.0 tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/analyzer/index.js';
import { declineNames, nameDeclension, stemTemplate, TRIPTOTE_EXAMPLES, TRIPTOTE_TEMPLATES } from '../../../src/analyzer/rules/name-declension.js';
import type { Solution } from '../../../src/analyzer/types.js';
import { dataPaths } from '../../../bin/data.js';
import { lookupForm } from '../../../src/script/buckwalter.js';

let on: Analyzer | undefined;
let off: Analyzer | undefined;
const withCase = (): Analyzer => (on ??= Analyzer.load(dataPaths.bama(), { caseEndings: true }));
const reference = (): Analyzer => (off ??= Analyzer.load(dataPaths.bama()));
const names = (a: Analyzer, word: string): string[] =>
  a.analyzeWord(word).solutions.filter((s) => s.morph.includes('NOUN_PROP')).map((s) => s.morph);

function solution(voc: string, morph: string, lemma = 'x_1'): Solution {
  return Object.freeze({ voc, lemma, morph, gloss: ' + X + ', glossParts: Object.freeze({ prefix: '', stem: 'X', suffix: '' }) });
}

test('stem templates: consonants C, short vowels, shadda and long vowels kept', () => {
  assert.equal(stemTemplate('saEiyd'), 'CaCiIC');
  assert.equal(stemTemplate('Husayon'), 'CuCaCoC');
  assert.equal(stemTemplate('muHam~ad'), 'CuCaC~aC');
  assert.equal(stemTemplate('maHomuwd'), 'CaCoCuUC');
  // a y or w before a vowel is a consonant
  assert.equal(stemTemplate('ziyAd'), 'CiCAC');
  assert.equal(TRIPTOTE_TEMPLATES.size, new Set(TRIPTOTE_EXAMPLES.map(stemTemplate)).size);
});

test('declension: Arabic masculine name patterns and nisba names are triptotes; feminine, foreign, -An, afʿal and fuʿal names diptotes', () => {
  for (const t of [...TRIPTOTE_EXAMPLES, 'xAlid', 'Ealiy~', 'HAzimiy~']) assert.equal(nameDeclension(t, false), 'triptote', t);
  for (const d of ['>aHomad', 'Eumar', 'sulayomAn', 'ramaDAn', '<iyrAn', 'bagodAd', 'dima$oq', '<iborAhiym', 'miSor'])
    assert.equal(nameDeclension(d, false), 'diptote', d);
  assert.equal(nameDeclension('fATim', true), 'diptote', 'ta marbuta');
  assert.equal(nameDeclension('suwriyA', false), 'none');
  assert.equal(nameDeclension('>amiyrikA', false), 'none');
});

test('declineNames: a bare diptote name gets u, a and the genitive a; after a preposition the genitive only', () => {
  const got = declineNames([solution('>aHomad', '>aHomad/NOUN_PROP')]);
  assert.deepEqual(got.map((s) => [s.voc, s.morph]), [
    ['>aHomadu', '>aHomad/NOUN_PROP+u/CASE_DEF_NOM'],
    ['>aHomada', '>aHomad/NOUN_PROP+a/CASE_DEF_ACC'],
    ['>aHomada', '>aHomad/NOUN_PROP+a/CASE_INDEF_GEN'],
  ]);
  assert.deepEqual(got.map((s) => s.glossParts.suffix), ['[def.nom.]', '[def.acc.]', '[indef.gen.]']);
  assert.ok(got.every((s) => Object.isFrozen(s)) && Object.isFrozen(got));
  assert.deepEqual(declineNames([solution('bi>aHomad', 'bi/PREP+>aHomad/NOUN_PROP')]).map((s) => s.morph), ['bi/PREP+>aHomad/NOUN_PROP+a/CASE_INDEF_GEN']);
});

test('declineNames: a triptote gets tanween and the construct endings; the kasra and tanween a diptote lacks go; ta marbuta keeps its gloss', () => {
  const trip = declineNames([solution('Hasan', 'Hasan/NOUN_PROP')]).map((s) => s.voc);
  assert.deepEqual(trip, ['HasanN', 'Hasanu', 'Hasana', 'HasanK', 'Hasani'], 'no accusative tanween without its written alif');
  const iran = ['u', 'a', 'i', 'N', 'K'].map((v) => solution(`<iyrAn${v}`, `<iyrAn/NOUN_PROP+${v}/CASE_${'NK'.includes(v) ? 'INDEF' : 'DEF'}_${{ u: 'NOM', N: 'NOM', a: 'ACC', i: 'GEN', K: 'GEN' }[v]}`));
  assert.deepEqual(declineNames(iran).map((s) => s.voc), ['<iyrAnu', '<iyrAna', '<iyrAna']);
  assert.equal(declineNames(iran)[0], iran[0], "an analysis the declension keeps is the tables' own");
  const gazza = declineNames([{ ...solution('gaz~apK', 'gaz~/NOUN_PROP+ap/NSUFF_FEM_SG+K/CASE_INDEF_GEN'), glossParts: { prefix: '', stem: 'Gaza', suffix: '[fem.sg.]' } }]);
  assert.deepEqual(gazza.map((s) => s.voc), ['gaz~apu', 'gaz~apa', 'gaz~apa']);
  assert.ok(gazza.every((s) => s.glossParts.suffix === '[fem.sg.]'));
});

test('declineNames: other analyses, names with a pronoun, and vowel-final names are left as they are, in order; after the article u, a, i', () => {
  const noun = solution('kitAbu', 'kitAb/NOUN+u/CASE_DEF_NOM');
  const input = [noun, solution('Hasanuhu', 'Hasan/NOUN_PROP+u/CASE_DEF_NOM+hu/POSS_PRON_3MS'), solution('suwriyA', 'suwriyA/NOUN_PROP')];
  assert.equal(declineNames(input), input, 'the same array when nothing changes');
  assert.deepEqual(declineNames([solution('AlHasan', 'Al/DET+Hasan/NOUN_PROP')]).map((s) => s.voc), ['AlHasanu', 'AlHasana', 'AlHasani']);
  assert.deepEqual(declineNames([solution('bAl>aHomad', 'bi/PREP+Al/DET+>aHomad/NOUN_PROP')]).map((s) => s.voc), ['bAl>aHomadi'], 'a diptote after the article takes the kasra');
  const mixed = [noun, solution('>aHomad', '>aHomad/NOUN_PROP'), solution('>aHomadu', '>a/IV1S+Homad/VERB_IMPERFECT+u/IVSUFF_MOOD:I')];
  const got = declineNames(mixed);
  assert.equal(got[0], noun);
  assert.equal(got[got.length - 1], mixed[2]);
  assert.equal(got.length, 5);
});

test('declineNames: a stem that spells the article itself (الله) declines as after it; an ending spelled without a case segment, or Al that is no article, stays', () => {
  assert.deepEqual(declineNames([solution('All~`h', 'All~`h/NOUN_PROP')]).map((s) => s.voc), ['All~`hu', 'All~`ha', 'All~`hi']);
  assert.deepEqual(declineNames([solution('Alojaziyrap', 'Alojaziyrap/NOUN_PROP')]).map((s) => s.morph), [
    'Alojaziyrap/NOUN_PROP+u/CASE_DEF_NOM', 'Alojaziyrap/NOUN_PROP+a/CASE_DEF_ACC', 'Alojaziyrap/NOUN_PROP+i/CASE_DEF_GEN',
  ]);
  const fixed = [solution('lil~`hi', 'li/PREP+All~`h/NOUN_PROP'), solution('Alwst', 'Alwst/NOUN_PROP')];
  assert.equal(declineNames(fixed), fixed);
  assert.deepEqual(
    withCase().analyzeWord('Allh').solutions.map((s) => s.voc),
    ['All~`hu', 'All~`ha', 'All~`hi'],
    'the analyzer: الله with the three endings of a definite noun',
  );
});

test('declineNames on backoff analyses: every name is a diptote (a word the lexicon lacks is mostly a foreign name), with its caseless reading', () => {
  assert.deepEqual(declineNames([solution('bakor', 'bakor/NOUN_PROP')], true).map((s) => s.voc), ['bakoru', 'bakora', 'bakora', 'bakoro']);
});

test('the analyzer with the option declines N0 names, which the tables leave bare; the letters never change; without the option nothing changes', () => {
  assert.deepEqual(names(reference(), '>Hmd'), ['>aHomad/NOUN_PROP']);
  assert.deepEqual(names(withCase(), '>Hmd'), ['>aHomad/NOUN_PROP+u/CASE_DEF_NOM', '>aHomad/NOUN_PROP+a/CASE_DEF_ACC', '>aHomad/NOUN_PROP+a/CASE_INDEF_GEN']);
  assert.deepEqual(names(withCase(), 'Hsyn'), ['Husayon/NOUN_PROP+N/CASE_INDEF_NOM', 'Husayon/NOUN_PROP+u/CASE_DEF_NOM', 'Husayon/NOUN_PROP+a/CASE_DEF_ACC', 'Husayon/NOUN_PROP+K/CASE_INDEF_GEN', 'Husayon/NOUN_PROP+i/CASE_DEF_GEN']);
  assert.deepEqual(names(withCase(), 'bdm$q'), ['bi/PREP+dima$oq/NOUN_PROP+a/CASE_INDEF_GEN'], 'the construct kasra of a diptote name goes');
  for (const w of ['>Hmd', 'Hsyn', 'mHmd', 'Ely', '<yrAn', 'gzp', 'bgzp', 'wbgdAd'])
    for (const s of withCase().analyzeWord(w).solutions.filter((x) => x.morph.includes('NOUN_PROP'))) assert.equal(lookupForm(s.voc), w, `${w}: ${s.voc}`);
});
