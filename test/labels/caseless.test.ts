/**
 * The case-less label (src/labels/caseless.ts) and the `case`/`mood` label elements it leaves
 * out, for the BAMA 1.0 tag set (with the analyzer's case endings) and SAMA 3.1's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CASE_MOOD_ELEMENTS, caselessKey, caselessMorph, isCaseOrMoodTag, mayHaveCaseOrMood } from '../../src/labels/caseless.js';
import { formatMorph, parseMorph } from '../../src/labels/morph.js';
import { labelKey } from '../../src/labels/elements.js';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';
import { withoutCaseOrMood } from '../../src/analyzer/lexicon.js';
import { dataPaths } from '../../bin/data.js';
import { factorize } from '../../src/labels/factorize.js';

test('the factorizer fills case and mood from case endings and mood suffixes, BAMA and SAMA tags alike', () => {
  const bama = factorize('ra}iys_1', 'Al/DET+ra}iys/NOUN+i/CASE_DEF_GEN');
  assert.equal(bama.case, 'GEN');
  assert.equal(bama.suf, 'CASE_DEF');
  assert.equal(bama.det, 'DET');
  const indef = factorize('madorasap_1', 'madoras/NOUN+ap/NSUFF_FEM_SG+N/CASE_INDEF_NOM');
  assert.deepEqual([indef.case, indef.suf, indef.gensuf, indef.numsuf], ['NOM', 'NSUFF+CASE_INDEF', 'F', 'S']);
  assert.equal(factorize('katab-u_1', 'ya/IV3MS+kotub/IV+a/IVSUFF_MOOD:S').mood, 'S');
  assert.equal(factorize('katab-u_1', 'ya/IV3MS+kotub/IV+u/IVSUFF_MOOD:I').mood, 'I');
  assert.equal(factorize('katab-u_1', 'ya/IV3MP+kotub/VERB_IMPERFECT+uwA/IVSUFF_SUBJ:MP_MOOD:SJ').mood, 'SJ');
  assert.equal(factorize('kitAb_1', 'kitAb/NOUN+u/CASE_DEF_NOM+hu/POSS_PRON_3MS').case, 'NOM');
});

test('isCaseOrMoodTag: only suffixes that fill nothing but case or mood', () => {
  for (const tag of ['CASE_DEF_NOM', 'CASE_INDEF_ACC', 'CASE_DEF_GEN', 'IVSUFF_MOOD:S', 'IVSUFF_MOOD:J']) assert.ok(isCaseOrMoodTag(tag), tag);
  for (const tag of ['NSUFF_MASC_DU_ACCGEN', 'IVSUFF_SUBJ:MP_MOOD:I', 'NSUFF_FEM_SG', 'POSS_PRON_3MS', 'NOUN', 'DET', 'CASE_FOO'])
    assert.ok(!isCaseOrMoodTag(tag), tag);
  assert.deepEqual([...CASE_MOOD_ELEMENTS], ['case', 'mood']);
});

test('the case-less label drops the case ending and mood vowel, and nothing else', () => {
  assert.equal(caselessMorph('Al/DET+ra}iys/NOUN+u/CASE_DEF_NOM'), 'Al/DET+ra}iys/NOUN');
  assert.equal(caselessMorph('kitAb/NOUN+a/CASE_DEF_ACC+hu/POSS_PRON_3MS'), 'kitAb/NOUN+hu/POSS_PRON_3MS');
  assert.equal(caselessMorph('madoras/NOUN+ap/NSUFF_FEM_SG+F/CASE_INDEF_ACC'), 'madoras/NOUN+ap/NSUFF_FEM_SG');
  assert.equal(caselessMorph('ya/IV3MS+kotub/IV+a/IVSUFF_MOOD:S'), 'ya/IV3MS+kotub/IV');
  // labels without case-ending segments are their own case-less labels, character for character
  for (const m of ['kitAb/NOUN+AF/NSUFF_MASC_SG_ACC_INDEF', 'ya/IV3MP+kotub/VERB_IMPERFECT+uwna/IVSUFF_SUBJ:MP_MOOD:I', 'fiy/PREP', '']) {
    assert.equal(caselessMorph(m), m);
    assert.equal(caselessKey('x_1', m), labelKey('x_1', m));
  }
  // the case variants of one analysis share it; other analyses do not
  const variants = ['u/CASE_DEF_NOM', 'a/CASE_DEF_ACC', 'i/CASE_DEF_GEN'].map((c) => caselessKey('ra}iys_1', `Al/DET+ra}iys/NOUN+${c}`));
  assert.equal(new Set(variants).size, 1);
  assert.notEqual(variants[0], caselessKey('ra}iys_2', 'Al/DET+ra}iys/NOUN+u/CASE_DEF_NOM'));
});

test('caselessMorph agrees with the analyzer\'s withoutCaseOrMood on every case suffix of BAMA 1.0', () => {
  const lex = loadLexicon(dataPaths.bama(), { caseEndings: true });
  let n = 0;
  for (const form of lex.suffixes.forms()) {
    for (const e of lex.suffixes.get(form)!.filter((x) => x.commented)) {
      assert.equal(caselessMorph(`kitAb/NOUN${e.pos}`), `kitAb/NOUN${withoutCaseOrMood(e.pos)}`, e.pos);
      n++;
    }
  }
  assert.ok(n > 150);
});

test('a morphology without CASE_ or MOOD: has no case-or-mood segment: the quick path of caselessMorph, over every affix of BAMA 1.0', () => {
  const lex = loadLexicon(dataPaths.bama(), { caseEndings: true });
  const slow = (m: string): string => {
    const segments = parseMorph(m);
    const kept = segments.filter((s) => !isCaseOrMoodTag(s.tag));
    return kept.length === segments.length ? m : formatMorph(kept);
  };
  let n = 0;
  for (const [table, around] of [[lex.prefixes, (pos: string) => `${pos}kitAb/NOUN`], [lex.suffixes, (pos: string) => `kitAb/NOUN${pos}`]] as const)
    for (const form of table.forms())
      for (const e of table.get(form)!) {
        const morph = around(e.pos);
        for (const s of parseMorph(morph)) if (isCaseOrMoodTag(s.tag)) assert.ok(mayHaveCaseOrMood(s.tag), s.tag);
        assert.equal(caselessMorph(morph), slow(morph), morph);
        n++;
      }
  assert.ok(n > 300);
  assert.equal(mayHaveCaseOrMood('wa/CONJ+qAl/VERB_PERFECT+a/PVSUFF_SUBJ:3MS'), false);
  assert.equal(mayHaveCaseOrMood('ya/IV3MS+qUl/VERB_IMPERFECT+u/IVSUFF_MOOD:I'), true);
});

test('caselessMorph gives what the segments give, for morphologies read without parsing and for odd ones', () => {
  const slow = (m: string): string => {
    const segments = parseMorph(m);
    const kept = segments.filter((s) => !isCaseOrMoodTag(s.tag));
    return kept.length === segments.length ? m : formatMorph(kept);
  };
  const odd = ['u/CASE_DEF_NOM', 'a/CASE_DEF_ACC+u/CASE_DEF_NOM', 'kitAb/NOUN++u/CASE_DEF_NOM', ' Al/DET+x/NOUN+u/CASE_DEF_NOM',
    'Al/DET+x/NOUN+u/CASE_DEF_NOM+', 'x/NOUN+/CASE_DEF_NOM', '+u/CASE_DEF_NOM', 'x/NOUN+u/CASE_DEF_NOM\t', 'C++/NON_ARABIC+u/CASE_DEF_NOM',
    '//PUNC+u/CASE_DEF_NOM', 'a/b/NOUN+u/CASE_DEF_NOM', 'x/NOUN+u/case_def_nom', 'NOUN + CASE_DEF_NOM', 'ya/IV3MS+kotub/IV+u/IVSUFF_MOOD:I',
    '(null)/NOUN+u/CASE_DEF_NOM+hu/POSS_PRON_3MS', 'x/NOUN+u/CASE_DEF_NOM+a/CASE_DEF_ACC+hu/POSS_PRON_3MS'];
  for (const m of odd) assert.equal(caselessMorph(m), slow(m), JSON.stringify(m));
  assert.equal(caselessMorph('a/CASE_DEF_ACC+u/CASE_DEF_NOM'), '');
  assert.equal(caselessMorph('x/NOUN+u/CASE_DEF_NOM+a/CASE_DEF_ACC+hu/POSS_PRON_3MS'), 'x/NOUN+hu/POSS_PRON_3MS');
});
