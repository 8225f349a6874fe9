import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  fromBuckwalter, hasArabic, lookupForm, normalizeInput, stripArabicDiacritics, stripBwDiacritics, toBuckwalter,
} from '../../src/script/buckwalter.js';

const BW_TABLE = "'|>&<}AbptvjHxd*rzs$SDTZEg_fqklmnhwYyFNKaui~o`{PJRVG";

test('every table character round-trips and maps to a distinct Arabic code point', () => {
  const seen = new Set<string>();
  for (const ch of BW_TABLE) {
    const ar = fromBuckwalter(ch);
    assert.notEqual(ar, ch, `${ch} has no Arabic counterpart`);
    assert.ok(!seen.has(ar), `${ch} collides`);
    seen.add(ar);
    assert.equal(toBuckwalter(ar), ch);
  }
  assert.equal(seen.size, BW_TABLE.length);
});

test('known words', () => {
  assert.equal(toBuckwalter('كَتَبَتْ'), 'katabato');
  assert.equal(fromBuckwalter('{lmu&min'), '\u0671\u0644\u0645\u064f\u0624\u0645\u0650\u0646');
  assert.equal(toBuckwalter('مختلفاً'), 'mxtlfAF');
  assert.equal(toBuckwalter('ـ'), '_');
});

test('non-Arabic characters pass through in both directions', () => {
  assert.equal(toBuckwalter('Obama 2016, "x"'), 'Obama 2016, "x"');
  assert.equal(fromBuckwalter('123 .,!'), '123 .,!');
});

test('look-up form strips diacritics, tatweel and wasla, from either script', () => {
  assert.equal(lookupForm('كَتَبَـتْ'), 'ktbt');
  assert.equal(lookupForm('katabato'), 'ktbt');
  assert.equal(lookupForm('{lqds'), 'Alqds');
  assert.equal(stripBwDiacritics('mu&am~aruN'), 'm&mr');
  assert.equal(stripArabicDiacritics('مُؤَتَمَرٌ'), 'مؤتمر');
});

test('input in either script is accepted', () => {
  assert.equal(normalizeInput('ktb'), 'كتب');
  assert.equal(normalizeInput('كتب'), 'كتب');
  assert.equal(normalizeInput('ktb', 'arabic'), 'ktb');
  assert.ok(hasArabic('a كتب'));
  assert.ok(!hasArabic('ktb'));
});

test('property: Arabic text round-trips exactly (10k cases)', () => {
  const arabicChar = fc.constantFrom(...[...BW_TABLE].map((c) => fromBuckwalter(c)), ' ', '.', '1', '#');
  fc.assert(
    fc.property(fc.array(arabicChar, { maxLength: 40 }), (chars) => {
      const s = chars.join('');
      return fromBuckwalter(toBuckwalter(s)) === s;
    }),
    { numRuns: 10_000, seed: 42 },
  );
});

test('property: Buckwalter text round-trips exactly (10k cases)', () => {
  const bwChar = fc.constantFrom(...BW_TABLE, ' ', '.', '1');
  fc.assert(
    fc.property(fc.array(bwChar, { maxLength: 40 }), (chars) => {
      const s = chars.join('');
      return toBuckwalter(fromBuckwalter(s)) === s;
    }),
    { numRuns: 10_000, seed: 42 },
  );
});
