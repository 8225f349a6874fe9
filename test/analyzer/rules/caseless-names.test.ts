/**
 * The caseless reading of a name the lexicon lacks (src/analyzer/rules/caseless-names.ts,
 * docs/case-endings.md rule 11): offered beside the diptote endings, rendered with sukun.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../../src/analyzer/index.js';
import { declineNames } from '../../../src/analyzer/rules/name-declension.js';
import type { Solution } from '../../../src/analyzer/types.js';
import { dataPaths } from '../../../bin/data.js';
import { vocalizeWord } from '../../../src/script/vocalize.js';

let analyzer: Analyzer | undefined;
const tagging = (): Analyzer => (analyzer ??= Analyzer.load(dataPaths.bama(), { caseEndings: true, backoff: true }));

function solution(voc: string, morph: string, lemma = 'x_0'): Solution {
  return Object.freeze({
    voc, lemma, morph, gloss: ' + X + ', glossParts: Object.freeze({ prefix: '', stem: 'X', suffix: '' }), source: 'backoff' as const,
  });
}

test('a backoff name gets its caseless reading after its endings: no case segment, sukun on the last consonant', () => {
  const got = declineNames([solution('fiysobuwk', 'fysbwk/NOUN_PROP')], true);
  assert.deepEqual(got.map((s) => [s.voc, s.morph]), [
    ['fiysobuwku', 'fysbwk/NOUN_PROP+u/CASE_DEF_NOM'],
    ['fiysobuwka', 'fysbwk/NOUN_PROP+a/CASE_DEF_ACC'],
    ['fiysobuwka', 'fysbwk/NOUN_PROP+a/CASE_INDEF_GEN'],
    ['fiysobuwko', 'fysbwk/NOUN_PROP'],
  ]);
  assert.equal(got[3].glossParts.suffix, '');
  assert.equal(got[3].source, 'backoff');
  assert.ok(got.every((s) => Object.isFrozen(s)) && Object.isFrozen(got));
  assert.equal(vocalizeWord('فيسبوك', got[3].voc, got[3].morph), 'فِيسْبُوكْ', 'rendered with sukun, as vocalized news writes it');
  assert.deepEqual(declineNames(got, true).map((s) => s.voc), got.map((s) => s.voc), 'declining again changes nothing');
});

test('after a preposition the genitive and the caseless reading; a stem in a long vowel keeps its letters bare; with the article none', () => {
  assert.deepEqual(declineNames([solution('bifiysobuwk', 'bi/PREP+fysbwk/NOUN_PROP')], true).map((s) => s.morph), [
    'bi/PREP+fysbwk/NOUN_PROP+a/CASE_INDEF_GEN', 'bi/PREP+fysbwk/NOUN_PROP',
  ]);
  assert.equal(declineNames([solution('biyruwjiy', 'byrwjy/NOUN_PROP')], true).at(-1)?.voc, 'biyruwjiy');
  assert.deepEqual(declineNames([solution('AlkAbiytuwl', 'Al/DET+kAbytwl/NOUN_PROP')], true).map((s) => s.voc), [
    'AlkAbiytuwlu', 'AlkAbiytuwla', 'AlkAbiytuwli',
  ]);
});

test("the lexicon's own names take no caseless reading: their endings only", () => {
  assert.deepEqual(declineNames([solution('>aHomad', '>aHomad/NOUN_PROP')]).map((s) => s.morph), [
    '>aHomad/NOUN_PROP+u/CASE_DEF_NOM', '>aHomad/NOUN_PROP+a/CASE_DEF_ACC', '>aHomad/NOUN_PROP+a/CASE_INDEF_GEN',
  ]);
  const george = tagging().analyzeWord('jwrj').solutions.filter((s) => s.morph.includes('NOUN_PROP'));
  assert.ok(george.length > 0 && george.every((s) => s.morph.includes('/CASE_')), 'جورج, a lexicon name');
});

test('the analyzer: a foreign name the lexicon lacks has its bare reading among its candidates, rendered as the gold writes it', () => {
  const rendered = tagging().analyzeWord('$wlmAn').solutions.map((s) => vocalizeWord('شولمان', s.voc, s.morph));
  assert.ok(rendered.some((r) => r.endsWith('انْ')), rendered.join(' '));
  assert.ok(rendered.some((r) => r.endsWith('انُ')), 'beside the case endings');
  // the name reading of a word the lexicon knows otherwise (فيسبوك as fa + yasubbūka), as the UD projection matches it
  const names = tagging().nameAnalyses('fysbwk').map((s) => vocalizeWord('فيسبوك', s.voc, s.morph));
  assert.ok(names.includes('فِيسْبُوكْ') && names.includes('فِيسْبُوكُ'), names.join(' '));
});
