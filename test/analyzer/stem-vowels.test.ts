import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StemVowels, MIN_EVIDENCE, stemVowelsOf } from '../../src/analyzer/stem-vowels.js';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';

import { dataPaths } from '../../bin/data.js';

const strip = (v: string) => v.replace(/[aiuoFNK~`]/g, '');

test('learns marks per letter context, most specific context with enough evidence first; the last letter gets none', () => {
  const m = StemVowels.fromVocalizations(['kariym', 'kariym', 'kalob', 'kalob', 'kalob']);
  assert.equal(m.vocalize('kAryl'), 'kaAriyl', 'k alone: a (five times); r before y: i (twice, in kariym)');
  assert.equal(m.vocalize('klb'), 'kalob');
  assert.equal(m.vocalize('qx'), 'qx', 'letters never seen: no marks');
  assert.equal(MIN_EVIDENCE, 1);
  const once = StemVowels.fromVocalizations(['qudos', 'qadar']);
  assert.equal(once.vocalize('qds'), 'qudos', 'the most specific context wins over the letter alone');
});

test('only marks are inserted: stripping them gives back the stem, for every name of the real tables', () => {
  const lex = loadLexicon(dataPaths.bama());
  const m = stemVowelsOf(lex);
  assert.equal(stemVowelsOf(lex), m, 'built once per lexicon');
  let n = 0;
  for (const form of lex.stems.forms()) {
    for (const e of lex.stems.get(form) ?? []) {
      if (e.category !== 'Nprop') continue;
      const stem = strip(e.voc);
      const out = m.vocalize(stem);
      assert.equal(strip(out), stem);
      assert.ok(!/[aiuoFNK~`]$/.test(out), `${out}: the last letter is the suffix's`);
      n++;
    }
  }
  assert.ok(n > 2000);
  // names the tables lack, voweled as its names are: أُوبَامَا, كْلِينْتُون
  assert.equal(m.vocalize('>wbAmA'), '>uwbAmA');
});

test('ties go to the marks first counted; contexts holding a letter never seen give way to less specific ones', () => {
  assert.equal(StemVowels.fromVocalizations(['bat', 'bit']).vocalize('bt'), 'bat');
  assert.equal(StemVowels.fromVocalizations(['bit', 'bat']).vocalize('bt'), 'bit');
  const m = StemVowels.fromVocalizations(['bat', 'bit', 'bit']);
  assert.equal(m.vocalize('bq'), 'biq', 'b alone: i (twice)');
  assert.equal(m.vocalize('qt'), 'qt', 'q never seen: no marks');
  assert.equal(m.vocalize('b\u{1F600}t'), 'bi\u{1F600}t', 'a letter of two code units is kept whole');
});
