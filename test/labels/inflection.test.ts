/**
 * The English names of the label elements `case` and `mood` (src/labels/inflection.ts): every
 * value the factorizer gives over the analyzer's own suffixes has a name, and the tag rules
 * read their codes from the same tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';

import { dataPaths } from '../../bin/data.js';
import { factorize } from '../../src/labels/factorize.js';
import { CASE_NAMES, MOOD_NAMES, caseOrMoodName } from '../../src/labels/inflection.js';

test('caseOrMoodName names the case of a nominal and the mood of an imperfect verb, BAMA and SAMA tags alike', () => {
  const named = (lemma: string, morph: string): string => caseOrMoodName(factorize(lemma, morph));
  assert.equal(named('>azomap_1', 'Al/DET+>azom/NOUN+ap/NSUFF_FEM_SG+i/CASE_DEF_GEN'), 'genitive');
  assert.equal(named('>azomap_1', 'Al/DET+>azom/NOUN+ap/NSUFF_FEM_SG+a/CASE_DEF_ACC'), 'accusative');
  assert.equal(named('madorasap_1', 'madoras/NOUN+ap/NSUFF_FEM_SG+N/CASE_INDEF_NOM'), 'nominative');
  assert.equal(named('mu&al~if_1', 'mu&al~if/NOUN+ayoni/NSUFF_MASC_DU_ACCGEN'), 'accusative or genitive');
  assert.equal(named('*ahab-a_1', 'ya/IV3MS+*ohab/VERB_IMPERFECT+a/IVSUFF_MOOD:S'), 'subjunctive');
  assert.equal(named('*ahab-a_1', 'ya/IV3MS+*ohab/VERB_IMPERFECT+/IVSUFF_MOOD:J'), 'jussive');
  assert.equal(named('katab-u_1', 'ya/IV3MS+kotub/IV+u/IVSUFF_MOOD:I'), 'indicative');
  assert.equal(named('katab-u_1', 'ya/IV3MP+kotub/VERB_IMPERFECT+uwA/IVSUFF_SUBJ:MP_MOOD:SJ'), 'subjunctive or jussive');
  // neither: a perfect verb, a particle, a nominal without a case ending
  for (const [lemma, morph] of [['katab-u_1', 'katab/VERB_PERFECT+a/PVSUFF_SUBJ:3MS'], ['fiy_1', 'fiy/PREP'], ['kitAb_1', 'Al/DET+kitAb/NOUN']])
    assert.equal(named(lemma, morph), '', morph);
  // a code from another tag set is shown as it is, never dropped
  assert.equal(caseOrMoodName({ case: 'VOC', mood: '' }), 'VOC');
  assert.equal(caseOrMoodName({ case: '', mood: 'E' }), 'E');
});

test('the tag rules read the case and mood codes from the named tables', () => {
  for (const [code, name] of Object.entries(CASE_NAMES)) {
    const e = factorize('kitAb_1', `kitAb/NOUN+u/CASE_DEF_${code}`);
    assert.equal(e.case, code);
    assert.equal(caseOrMoodName(e), name);
    assert.equal(factorize('kitAb_1', `kitAb/NOUN+AF/NSUFF_MASC_SG_${code}_INDEF`).case, code);
  }
  for (const [code, name] of Object.entries(MOOD_NAMES)) {
    const e = factorize('katab-u_1', `ya/IV3MS+kotub/IV+u/IVSUFF_MOOD:${code}`);
    assert.equal(e.mood, code);
    assert.equal(caseOrMoodName(e), name);
  }
  assert.equal(factorize('kitAb_1', 'kitAb/NOUN+u/CASE_DEF_XYZ').case, '');
});

test('every case and mood of BAMA 1.0\'s suffixes (with its case endings) has a name', () => {
  const lex = loadLexicon(dataPaths.bama(), { caseEndings: true });
  const seen = new Set<string>();
  for (const form of lex.suffixes.forms()) {
    for (const e of lex.suffixes.get(form)!) {
      const noun = factorize('kitAb_1', `kitAb/NOUN${e.pos}`);
      const verb = factorize('katab-u_1', `ya/IV3MS+kotub/VERB_IMPERFECT${e.pos}`);
      for (const v of [noun.case, noun.mood, verb.case, verb.mood]) if (v) seen.add(v);
    }
  }
  for (const code of seen) assert.ok(Object.hasOwn(CASE_NAMES, code) || Object.hasOwn(MOOD_NAMES, code), code);
  assert.deepEqual([...seen].sort(), [...Object.keys(CASE_NAMES), ...Object.keys(MOOD_NAMES)].sort(), 'BAMA 1.0 uses every code');
});
