/** Nouns and adjectives in alif maqsura (src/analyzer/rules/maqsur.ts, docs/case-endings.md rule 15). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/analyzer/index.js';
import { MAQSUR_CLASS, maqsurCategory } from '../../../src/analyzer/rules/maqsur.js';
import { vocalizeWord } from '../../../src/script/vocalize.js';
import { fromBuckwalter } from '../../../src/script/buckwalter.js';
import { dataPaths } from '../../../bin/data.js';

let on: Analyzer | undefined;
const withCase = (): Analyzer => (on ??= Analyzer.load(dataPaths.bama(), { caseEndings: true }));
const morphs = (word: string) => withCase().analyzeWord(word).solutions.map((s) => s.morph);

test('which stems: three letters (CvCaY) or a derived participle in mu-, not the feminine alif, not a name, only the invariable class', () => {
  for (const voc of ['fataY', 'hudaY', 'SadaY', 'musotawaY', 'musota$ofaY', 'mulotaqaY', 'musam~aY', 'mu&ad~aY']) {
    assert.equal(maqsurCategory(MAQSUR_CLASS, voc, 'level;standard'), `${MAQSUR_CLASS}-aY`, voc);
  }
  // the feminine alif (a diptote: ذكرى, أخرى, مثلى), a loan word (موسيقى), muCoCaY (both kinds), another class, a name
  for (const voc of ['*ikoraY', '>uxoraY', 'muvolaY', 'muwsiyqaY', 'muEoTaY', 'mabonaY']) assert.equal(maqsurCategory(MAQSUR_CLASS, voc, 'x'), MAQSUR_CLASS, voc);
  assert.equal(maqsurCategory('N0_L', 'fataY', 'young man'), 'N0_L');
  assert.equal(maqsurCategory(MAQSUR_CLASS, 'nadaY', 'Nada'), MAQSUR_CLASS, 'a name (capitalized gloss)');
  assert.equal(maqsurCategory(MAQSUR_CLASS, 'nadaY', 'dew <pos>nadaY/NOUN_PROP</pos>'), MAQSUR_CLASS, 'a name (POS)');
  assert.equal(maqsurCategory(MAQSUR_CLASS, 'musam~aY', 'called;named     <pos>musam~aY/ADJ</pos>'), `${MAQSUR_CLASS}-aY`, 'an adjective');
});

test('فتى: three definite endings without a vowel and three indefinite with the tanween, rendered on the letter before the alif', () => {
  const sols = withCase().analyzeWord('ftY').solutions.filter((s) => s.lemma === 'fataY_1');
  assert.deepEqual(sols.map((s) => [s.voc, s.morph]), [
    ['fataY', 'fataY/NOUN+/CASE_DEF_NOM'], ['fataY', 'fataY/NOUN+/CASE_DEF_ACC'], ['fataY', 'fataY/NOUN+/CASE_DEF_GEN'],
    ['fataYF', 'fataY/NOUN+F/CASE_INDEF_NOM'], ['fataYF', 'fataY/NOUN+F/CASE_INDEF_ACC'], ['fataYF', 'fataY/NOUN+F/CASE_INDEF_GEN'],
  ]);
  assert.equal(vocalizeWord(fromBuckwalter('ftY'), 'fataYF'), 'فَتًى');
  assert.equal(vocalizeWord(fromBuckwalter('ftY'), 'fataY'), 'فَتَى');
  const plain = Analyzer.load(dataPaths.bama()).analyzeWord('ftY').solutions.filter((s) => s.lemma === 'fataY_1');
  assert.deepEqual(plain.map((s) => s.morph), ['fataY/NOUN'], 'without the option: the reference program\'s one analysis');
});

test('never tanween after the article; after a preposition the genitive only; the feminine alif keeps its one analysis', () => {
  assert.deepEqual(morphs('AlmstwY'), ['Al/DET+musotawaY/NOUN+/CASE_DEF_NOM', 'Al/DET+musotawaY/NOUN+/CASE_DEF_ACC', 'Al/DET+musotawaY/NOUN+/CASE_DEF_GEN']);
  assert.deepEqual(morphs('bmstwY'), ['bi/PREP+musotawaY/NOUN+/CASE_DEF_GEN', 'bi/PREP+musotawaY/NOUN+F/CASE_INDEF_GEN']);
  assert.deepEqual(morphs('*krY').filter((m) => m.includes('*ikoraY/')), ['*ikoraY/NOUN']);
});
