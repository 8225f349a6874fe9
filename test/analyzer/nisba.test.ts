import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';

import { mayBeName, nisbaStems, NISBA_CATEGORY, NISBA_GLOSS, MIN_BASE } from '../../src/analyzer/nisba.js';
import { dataPaths } from '../../bin/data.js';

const strip = (v: string) => v.replace(/[aiuoFNK~`]/g, '');

test('a nisba stem per base noun vocalization: base + iy~, class Nall, ADJ, sense-0 lemma, gloss of the base', () => {
  const lex = loadLexicon(dataPaths.bama());
  const got = nisbaStems('dmAgy', lex);
  assert.deepEqual(got.map((e) => [e.voc, e.category, e.pos, e.lemma]), [['dimAgiy~', NISBA_CATEGORY, 'dimAgiy~/ADJ', 'dimAgiy~_0']]);
  assert.equal(got[0].cat, lex.categoryNames.indexOf(NISBA_CATEGORY));
  assert.ok(got[0].gloss.startsWith(`${NISBA_GLOSS} `) && got[0].gloss.includes('brain'));
  // two nouns with the letters of سرطان (crab, cancer): two stems
  assert.deepEqual(nisbaStems('srTAny', lex).map((e) => e.voc).sort(), ['saraTAniy~', 'saroTAniy~']);
  assert.deepEqual(nisbaStems('dmAg', lex), [], 'no final y');
  assert.deepEqual(nisbaStems('mny', lex), [], `a base of fewer than ${MIN_BASE} letters`);
});

test('bases: nouns and names ending in a consonant only', () => {
  const lex = loadLexicon(dataPaths.bama());
  for (const form of ['dmAgy', 'twAfqy', 'yAsry', 'jbAly']) {
    for (const e of nisbaStems(form, lex)) {
      const bases = lex.stems.get(form.slice(0, -1))!.filter((b) => `${b.voc}iy~` === e.voc);
      assert.ok(bases.some((b) => /\/(NOUN|NOUN_PROP)$/.test(b.pos)), `${e.voc} comes from a noun or name`);
      assert.equal(strip(e.voc), form, 'the letters are the form\'s');
    }
  }
  assert.deepEqual(nisbaStems('mbny', lex), [], 'mabonaY ends in alif maqsura: no nisba is formed by adding iy~');
});

test('with backoff: a word the lexicon lacks is analyzed as a nisba of a lexicon noun; a nisba in ية is not taken for a name', () => {
  const a = Analyzer.load(dataPaths.bama(), { backoff: true, caseEndings: true });
  const { solutions } = a.analyzeWord('AlsrTAnyp');
  const nisba = solutions.filter((s) => s.morph.includes('/ADJ'));
  assert.ok(nisba.some((s) => s.voc === 'AlsaraTAniy~api' && s.morph === 'Al/DET+saraTAniy~/ADJ+ap/NSUFF_FEM_SG+i/CASE_DEF_GEN' && s.lemma === 'saraTAniy~_0'));
  assert.ok(nisba.every((s) => s.source === 'backoff'));
  assert.ok(!nisba.some((s) => /CASE_INDEF/.test(s.morph)), 'no tanween after the article');
  assert.ok(!solutions.some((s) => s.morph.includes('/NOUN_PROP')), 'no name analysis for a word in ية');
  // a word in ي may be a name too (آندي): both, the nisba first
  const andy = a.analyzeWord('|ndy').solutions;
  assert.ok(andy.some((s) => s.morph.includes('/NOUN_PROP')) && andy.some((s) => s.morph.includes('/ADJ')));
  assert.ok(andy.findIndex((s) => s.morph.includes('/ADJ')) < andy.findIndex((s) => s.morph.includes('/NOUN_PROP')), 'nisba first');
  // every suffix the class takes: the sound plural after wa + the article
  assert.ok(a.analyzeWord('wAldmAgyyn').solutions.some((s) => s.voc === 'waAldimAgiy~iyna'));
});

test('a nisba is found before any spelling is changed; without backoff the reference program\'s alternatives stay', () => {
  const a = Analyzer.load(dataPaths.bama(), { backoff: true, caseEndings: true });
  const genetic = a.analyzeWord('jynyp');
  assert.ok(genetic.solutions.some((s) => s.voc === 'jiyniy~apN'), 'جينية is جِينِيَّةٌ');
  assert.deepEqual(genetic.alternatives, []);
  const plain = Analyzer.load(dataPaths.bama());
  const ref = plain.analyzeWord('jynyp');
  assert.deepEqual(ref.solutions, []);
  assert.ok(ref.alternatives.some((alt) => alt.form === 'jynyh' && alt.solutions.length > 0), 'ة read as ه (his two genes)');
  // a word with an analysis of its own gets no nisba: عربية
  assert.ok(a.analyzeWord('Erbyp').solutions.every((s) => s.source === undefined));
});

test('a word may be a name unless each of its nisba analyses ends in a suffix of gender or number', () => {
  const m = (...morphs: string[]) => mayBeName(morphs.map((morph) => ({ morph })));
  assert.equal(m('Al/DET+saraTAniy~/ADJ+ap/NSUFF_FEM_SG+i/CASE_DEF_GEN'), false, 'ية');
  assert.equal(m('Al/DET+tanofiy*iy~/ADJ+uwna/NSUFF_MASC_PL_NOM'), false, 'يون');
  assert.equal(m('|nodiy~/ADJ+u/CASE_DEF_NOM'), true, 'ي: آندي');
  assert.equal(m('mylAniy~/ADJ+AF/NSUFF_MASC_SG_ACC_INDEF'), true, 'يًّا: ميلانيا');
  assert.equal(m('jariymiy~/ADJ+uw/NSUFF_MASC_PL_NOM_POSS'), true, 'a construct plural: جريميو');
  assert.equal(m('hayoliy~/ADJ+nA/POSS_PRON_1P'), true, 'a pronoun: هيلينا');
  assert.equal(m('gar~Afiy~/ADJ+ap/NSUFF_FEM_SG+iy/POSS_PRON_1S', 'gar~Afiy~/ADJ+atayo/NSUFF_FEM_DU_ACCGEN_POSS'), true, 'one analysis that may be a name suffices');
});
