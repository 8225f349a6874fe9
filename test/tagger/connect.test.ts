import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Candidate, Token } from '../../src/corpus/types.js';
import { factorize } from '../../src/labels/factorize.js';
import { labelKey } from '../../src/labels/elements.js';
import { helpingVowelOf, startsWithWasl } from '../../src/corpus/wasl.js';
import { waslContexts } from '../../src/tagger/connect.js';
import { taggedSentence } from '../../src/tagger/tagged.js';
import { fromBuckwalter } from '../../src/script/buckwalter.js';
import { vocalizeWord } from '../../src/script/vocalize.js';
import type { RankedToken } from '../../src/tagger/types.js';

const ar = fromBuckwalter;
function cand(lemma: string, voc: string, morph: string): Candidate {
  return { key: labelKey(lemma, morph), lemma, morph, voc, gloss: '', elements: factorize(lemma, morph), source: 'analyzer' };
}
function ranked(bw: string, c: Candidate | null): RankedToken {
  const token: Token = { form: ar(bw), lookup: bw, arabic: c !== null, candidates: c ? [c] : [], gold: -1 };
  return { token, ranked: c ? [{ index: 0, candidate: c, score: 0, confidence: 1 }] : [] };
}
const MIN = cand('min_1', 'min', 'min/PREP');
const EAN = cand('Ean_1', 'Ean', 'Ean/PREP');
const ALAYHIM = cand('EalaY_1', 'Ealayhim', 'Ealay/PREP+him/PRON_3MP');
const AEALANAT = cand('>aEolan_1', '>aEolanat', '>aEolan/VERB_PERFECT+at/PVSUFF_SUBJ:3FS');
const ALBAYT = cand('bayt_1', 'Albayoti', 'Al/DET+bayot/NOUN+i/CASE_DEF_GEN');
const INTIKHAB = cand('{inotixAb_1', '{inotixAbK', '{inotixAb/NOUN+K/CASE_INDEF_GEN');
const WALBAYT = cand('bayt_1', 'waAlbayoti', 'wa/CONJ+Al/DET+bayot/NOUN+i/CASE_DEF_GEN');

test('what starts the next word: the article with nothing before it, a wasl stem, or neither', () => {
  assert.equal(startsWithWasl(ALBAYT, ar('Albyt')), 'article');
  assert.equal(startsWithWasl(INTIKHAB, ar('AntxAb')), 'wasl');
  assert.equal(startsWithWasl(WALBAYT, ar('wAlbyt')), null, 'a proclitic before the article');
  assert.equal(startsWithWasl(INTIKHAB, ar('<ntxAb')), null, 'typed with a hamza seat: not read as wasl');
});

test('the helping vowel: fatha for min before the article, damma for the plural mim, kasra otherwise', () => {
  assert.equal(helpingVowelOf(MIN, 'article'), 'a');
  assert.equal(helpingVowelOf(MIN, 'wasl'), 'i');
  assert.equal(helpingVowelOf(cand('min_1', 'wamin', 'wa/CONJ+min/PREP'), 'article'), 'a', 'with a proclitic before it too');
  assert.equal(helpingVowelOf(ALAYHIM, 'article'), 'u');
  assert.equal(helpingVowelOf(EAN, 'article'), 'i');
  assert.equal(helpingVowelOf(EAN, null), undefined);
  assert.equal(vocalizeWord(ar('mn'), 'min', 'min/PREP', { helpingVowel: 'a' }), ar('mina'));
  assert.equal(vocalizeWord(ar('mn'), 'min', 'min/PREP', { helpingVowel: 'a', sukun: false }), ar('mina'));
  assert.equal(vocalizeWord(ar('fy'), 'fiy', 'fiy/PREP', { helpingVowel: 'i' }), ar('fiy'), 'a long vowel takes none');
  assert.equal(vocalizeWord(ar('ktAb'), 'kitAb', 'kitAb/NOUN', { helpingVowel: 'i' }), ar('kitaAb'), 'an unknown case ending stays bare');
});

test('taggedSentence writes the helping vowel before the article and a wasl stem, not before punctuation or a proclitic', () => {
  const first = (s: RankedToken[]) => taggedSentence(s, 1).tokens[0].analyses[0].vocalized;
  assert.equal(first([ranked('mn', MIN), ranked('Albyt', ALBAYT)]), ar('mina'));
  assert.equal(first([ranked('En', EAN), ranked('AntxAb', INTIKHAB)]), ar('Eani'));
  assert.equal(first([ranked('Elyhm', ALAYHIM), ranked('Albyt', ALBAYT)]), ar('Ealayohimu'));
  assert.ok(first([ranked('AElnt', AEALANAT), ranked('Albyt', ALBAYT)]).endsWith(ar('ti')), 'the perfect\'s -at takes kasra');
  assert.equal(first([ranked('mn', MIN), ranked('wAlbyt', WALBAYT)]), ar('mino'), 'a proclitic before the article: no helping vowel');
  assert.equal(first([ranked('mn', MIN), ranked('.', null), ranked('Albyt', ALBAYT)]), ar('mino'), 'nor across punctuation');
  assert.deepEqual(waslContexts([ranked('mn', MIN), ranked('.', null), ranked('Albyt', ALBAYT)]), [null, 'article', null]);
});
