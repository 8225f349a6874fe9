import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isArabicClassChar, lookupWord, tokenizeLine } from '../../src/analyzer/tokenize.js';

const t = (kind: 'word' | 'other', input: string) => ({ kind, input });

test('words and non-alphabetic runs; non-Arabic runs split on white space', () => {
  assert.deepEqual(tokenizeLine('  كتبت كوري،  2017 "فيما" .'), [
    t('word', 'كتبت'), t('word', 'كوري'), t('other', '،'), t('other', '2017'), t('other', '"'), t('word', 'فيما'), t('other', '"'), t('other', '.'),
  ]);
  assert.deepEqual(tokenizeLine('abcكتبdef ghi'), [t('other', 'abc'), t('word', 'كتب'), t('other', 'def'), t('other', 'ghi')]);
});

test('tatweel alone is not a word, but diacritics alone are (with an empty look-up form)', () => {
  assert.deepEqual(tokenizeLine('x ـــ y'), [t('other', 'x'), t('other', 'ـــ'), t('other', 'y')]);
  assert.deepEqual(tokenizeLine('aـb'), [t('other', 'a'), t('other', 'ـ'), t('other', 'b')]);
  assert.deepEqual(tokenizeLine('مـدرسة'), [t('word', 'مـدرسة')]);
  assert.deepEqual(tokenizeLine('ً'), [t('word', 'ً')]);
  assert.equal(lookupWord('ً'), '');
});

test('only ASCII white space separates; NBSP and characters outside Windows-1256 Arabic are data', () => {
  assert.deepEqual(tokenizeLine('a\u00a0b\tc\r'), [t('other', 'a\u00a0b'), t('other', 'c')]);
  // alif wasla and Arabic-Indic digits are not in the class: they split words
  assert.deepEqual(tokenizeLine('\u0671لكتاب ١٢'), [t('other', '\u0671'), t('word', 'لكتاب'), t('other', '١٢')]);
  assert.ok(isArabicClassChar('\u0698') && isArabicClassChar('\u0640') && isArabicClassChar('\u0652'));
  assert.ok(!isArabicClassChar('\u0670') && !isArabicClassChar('\u060c') && !isArabicClassChar('a'));
});

test('empty and blank lines give no tokens', () => {
  assert.deepEqual(tokenizeLine(''), []);
  assert.deepEqual(tokenizeLine(' \t \r'), []);
});

test('look-up form: diacritics and tatweel removed, Buckwalter, jeh as R', () => {
  assert.equal(lookupWord('كَتَبَتْ'), 'ktbt');
  assert.equal(lookupWord('مـدرسةٌ'), 'mdrsp');
  assert.equal(lookupWord('مختلفاً'), 'mxtlfA');
  assert.equal(lookupWord('ژپچگ'), 'RPJG');
  assert.equal(lookupWord('شدّة'), '$dp');
});

const CLASS_RUNS = /[\u0621-\u063a\u0640-\u0652\u067e\u0686\u0698\u06af]+/g;

test('property: tokens are the line without its ASCII white space, words hold a letter, data holds no space', () => {
  const unit = fc.constantFrom('ك', 'ت', 'ب', 'ة', 'ژ', 'ـ', 'َ', 'ً', 'ّ', ' ', '\t', '\r', '\u00a0', 'a', '7', '.', '،', '\u0670', '\u0671');
  fc.assert(fc.property(fc.string({ unit, maxLength: 40 }), (line) => {
    const tokens = tokenizeLine(line);
    assert.equal(tokens.map((t) => t.input).join(''), line.replace(/[ \t\n\r\f\v]/g, ''));
    for (const t of tokens) {
      assert.ok(t.input !== '' && !/[ \t\n\r\f\v]/.test(t.input));
      if (t.kind === 'word') assert.ok([...t.input].every(isArabicClassChar) && /[^\u0640]/.test(t.input));
      else assert.ok((t.input.match(CLASS_RUNS) ?? []).every((run) => /^\u0640+$/.test(run)), 'only tatweel runs in data');
    }
  }), { seed: 2010, numRuns: 500 });
});
