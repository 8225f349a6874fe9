/**
 * A lemma ID's vocalized citation form (src/script/lemma.ts): a verb's perfect third person
 * masculine singular, a nominal without a case ending, spelled by the word renderer's rules.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lemmaVocalized } from '../../src/script/lemma.js';
import { fromBuckwalter, stripArabicDiacritics } from '../../src/script/buckwalter.js';

test('lemmaVocalized: the citation form a reader looks up', () => {
  // expected in Buckwalter: the marks in the renderer's order (shadda before its vowel)
  const cases: Array<[lemma: string, pos: string, expected: string]> = [
    ['Eaqad-i_1', 'VERB', 'Eaqada'], // the imperfect vowel mark and the sense number go; the perfect's fatha comes
    ['Eaq~ad_1', 'VERB', 'Eaq~ada'],
    ['qAl-u_1', 'VERB', 'qaAla'], // the fatha before a long alif, which the ID leaves out
    ['{isotamar~_1', 'VERB', 'Asotamar~a'], // alif wasla as a bare alif, no vowel on it
    ['daEA-u_1', 'VERB', 'daEaA'], // a stem ending in a long vowel takes no fatha
    ['ramaY-i_1', 'VERB', 'ramaY'],
    ['baqiy-a_1', 'VERB', 'baqiya'],
    ['>azomap_1', 'NOUN', '>azomap'], // a nominal: no case ending, no sukun on its last letter
    ['kitAb_1', 'NOUN', 'kitaAb'],
    ['{ijotimAE_1', 'NOUN', 'AjotimaAE'],
    ['Al~a*iy_1', 'PRON', 'Al~a*iy'], // not read as the article
    ['lan_1', 'PART', 'lano'],
    ['fiy_1', 'PREP', 'fiy'],
    ['AwbAmA_0', 'NOUN', 'AwbAmA'], // a name the lexicon lacks: its letters, no vowel guessed
  ];
  for (const [lemma, pos, expected] of cases) assert.equal(lemmaVocalized(lemma, pos), fromBuckwalter(expected), `${lemma} ${pos}`);
  assert.equal(lemmaVocalized('Eaqad-i_1', 'VERB'), 'عَقَدَ');
});

test('lemmaVocalized adds marks only: the letters are the lemma ID\'s (alif wasla written as alif)', () => {
  const cases: Array<[lemma: string, pos: string, letters: string]> = [
    ['Eaqad-i_1', 'VERB', 'عقد'], ['mu&al~if_1', 'NOUN', 'مؤلف'], ['>a*ohab_1', 'VERB', 'أذهب'], ['h`*A_1', 'PRON', 'هذا'],
    ['{ijotimAE_1', 'NOUN', 'اجتماع'], ['', 'NOUN', ''],
  ];
  for (const [lemma, pos, letters] of cases)
    assert.equal(stripArabicDiacritics(lemmaVocalized(lemma, pos)), letters, lemma);
});
