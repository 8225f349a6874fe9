import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dataPaths } from '../../bin/data.js';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { joinDaggerAlif } from '../../src/analyzer/dagger.js';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';

import {
  arabicWordSpans, isArabicClassChar, lookupWord, MAX_WORD_CHARS, MAX_WORD_LETTERS, tokenizeLine, withinWordReach,
} from '../../src/analyzer/tokenize.js';
import { MINI_DIR } from './fixtures.js';

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

test('a run longer than any word is data: more than MAX_WORD_LETTERS letters or MAX_WORD_CHARS characters', () => {
  const letters = (n: number) => 'كتب'.repeat(Math.ceil(n / 3)).slice(0, n);
  const longest = letters(MAX_WORD_LETTERS);
  assert.deepEqual(tokenizeLine(`في ${longest} .`), [t('word', 'في'), t('word', longest), t('other', '.')]);
  const over = letters(MAX_WORD_LETTERS + 1);
  assert.deepEqual(tokenizeLine(`في ${over} .`), [t('word', 'في'), t('other', over), t('other', '.')]);
  // marks and tatweel do not count as letters, up to four characters a letter
  const voweled = [...longest].map((c) => `${c}\u0651\u064e`).join('');
  assert.ok(withinWordReach(voweled) && voweled.length === 3 * MAX_WORD_LETTERS);
  assert.deepEqual(tokenizeLine(voweled), [t('word', voweled)]);
  const stretched = `ك${'\u0640'.repeat(MAX_WORD_CHARS)}تب`;
  assert.ok(!withinWordReach(stretched));
  assert.deepEqual(tokenizeLine(stretched), [t('other', stretched)]);
  // a 20,000-letter run is one token of data, and its spans hold no word
  const huge = letters(20_000);
  assert.deepEqual(tokenizeLine(`${huge} كتب`), [t('other', huge), t('word', 'كتب')]);
  assert.deepEqual(arabicWordSpans(`${huge} كتب`), [{ start: 20_001, end: 20_004 }]);
});

test('MAX_WORD_LETTERS is beyond the reach of the BAMA 1.0 tables: the longest prefix + stem + suffix', () => {
  const lex = loadLexicon(dataPaths.bama());
  const longest = (forms: Iterable<string>) => Math.max(...Array.from(forms, (f) => f.length));
  const reach = longest(lex.prefixes.forms()) + longest(lex.stems.forms()) + longest(lex.suffixes.forms());
  assert.equal(reach, 26);
  assert.ok(MAX_WORD_LETTERS >= reach + 10, `${MAX_WORD_LETTERS} letters leave room for names beyond the tables' ${reach}`);
});

test('the analyzer gives a look-up form beyond the reach no analysis and keeps nothing of it', () => {
  const a = Analyzer.load(MINI_DIR);
  const long = 'k'.repeat(MAX_WORD_LETTERS + 1);
  assert.deepEqual(a.analyzeWord(long), { solutions: [], alternatives: [] });
  assert.equal(a.cachedForms, 0);
});

test('a dagger alif joins two words only when the whole stays within a word\'s reach (spans agree)', () => {
  const a = Analyzer.load(MINI_DIR);
  const half = 'كتب'.repeat(6);
  const short = `${half}\u0670${half}`;
  const joined = joinDaggerAlif(a.analyzeLine(short), a);
  assert.deepEqual(joined.map((x) => [x.kind, x.input]), [['word', short]]);
  assert.deepEqual(arabicWordSpans(short), [{ start: 0, end: short.length }]);
  const long = `${half}${half}\u0670${half}`;
  const kept = joinDaggerAlif(a.analyzeLine(long), a);
  assert.deepEqual(kept.map((x) => [x.kind, x.input]), [['word', half + half], ['other', '\u0670'], ['word', half]]);
  assert.deepEqual(arabicWordSpans(long), [{ start: 0, end: 36 }, { start: 37, end: 55 }]);
});
