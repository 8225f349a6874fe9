import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMorph, parseMorph } from '../../src/labels/morph.js';

const seg = (voc: string, tag: string) => ({ voc, tag });

test('plain BAMA and SAMA strings', () => {
  assert.deepEqual(parseMorph('wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS'),
    [seg('wa', 'CONJ'), seg('katab', 'VERB_PERFECT'), seg('at', 'PVSUFF_SUBJ:3FS')]);
  assert.deepEqual(parseMorph('ya/IV3MS+kotub/IV+u/IVSUFF_MOOD:I'),
    [seg('ya', 'IV3MS'), seg('kotub', 'IV'), seg('u', 'IVSUFF_MOOD:I')]);
  assert.deepEqual(parseMorph("taEoliym/NOUN.VN"), [seg('taEoliym', 'NOUN.VN')]);
});

test('Buckwalter punctuation-like letters stay in the vocalization', () => {
  assert.deepEqual(parseMorph("{i$otirAk/NOUN+|/X+<i*A/CONJ+}/Y+&/Z+'/W+*/V+$/U"),
    [seg('{i$otirAk', 'NOUN'), seg('|', 'X'), seg('<i*A', 'CONJ'), seg('}', 'Y'), seg('&', 'Z'), seg("'", 'W'), seg('*', 'V'), seg('$', 'U')]);
  assert.deepEqual(parseMorph('l`kin~a/CONJ+hu/PRON_3MS'), [seg('l`kin~a', 'CONJ'), seg('hu', 'PRON_3MS')]);
});

test('vocalizations containing + or /', () => {
  assert.deepEqual(parseMorph('+/PUNC'), [seg('+', 'PUNC')]);
  assert.deepEqual(parseMorph('//PUNC'), [seg('/', 'PUNC')]);
  assert.deepEqual(parseMorph('C++/NON_ARABIC'), [seg('C++', 'NON_ARABIC')]);
  assert.deepEqual(parseMorph('http://x.org/a/NON_ARABIC'), [seg('http://x.org/a', 'NON_ARABIC')]);
  assert.deepEqual(parseMorph('x/PUNC++/PUNC'), [seg('x', 'PUNC'), seg('+', 'PUNC')]);
  assert.deepEqual(parseMorph('1/2/NOUN_NUM+-/PUNC'), [seg('1/2', 'NOUN_NUM'), seg('-', 'PUNC')]);
});

test('a leading + of a suffix is a join', () => {
  assert.deepEqual(parseMorph('+atayo/NSUFF_FEM_DU_ACCGEN_POSS+hu/POSS_PRON_3MS'),
    [seg('atayo', 'NSUFF_FEM_DU_ACCGEN_POSS'), seg('hu', 'POSS_PRON_3MS')]);
  assert.deepEqual(parseMorph('musAEad/NOUN++ap/NSUFF_FEM_SG'), [seg('musAEad', 'NOUN'), seg('ap', 'NSUFF_FEM_SG')]);
  assert.deepEqual(parseMorph('wa/CONJ+'), [seg('wa', 'CONJ')]);
});

test('empty vocalizations and tag-only strings', () => {
  assert.deepEqual(parseMorph('kitAb/NOUN+/CASE_DEF_NOM'), [seg('kitAb', 'NOUN'), seg('', 'CASE_DEF_NOM')]);
  assert.deepEqual(parseMorph('IV3MS + IV + IVSUFF_MOOD:I'), [seg('', 'IV3MS'), seg('', 'IV'), seg('', 'IVSUFF_MOOD:I')]);
  assert.deepEqual(parseMorph('NSUFF_MASC_DU_ACCGEN'), [seg('', 'NSUFF_MASC_DU_ACCGEN')]);
  assert.deepEqual(parseMorph(''), []);
  assert.deepEqual(parseMorph('  '), []);
});

test('malformed input never throws and keeps every character', () => {
  assert.deepEqual(parseMorph('katab/VERB_PERFECT+foo'), [seg('katab', 'VERB_PERFECT'), seg('foo', '')]);
  assert.deepEqual(parseMorph('katab/VERB_PERFECT+FOO'), [seg('katab', 'VERB_PERFECT'), seg('', 'FOO')]);
  assert.deepEqual(parseMorph('katab/verb'), [seg('katab', 'verb')]);
  assert.deepEqual(parseMorph('wa+katab/VERB'), [seg('wa+katab', 'VERB')]);
  for (const s of ['/', '+', '++', '/+/', 'a/', '/a', '///', '+/+']) assert.doesNotThrow(() => parseMorph(s));
});

test('formatMorph inverts parseMorph', () => {
  const m = 'wa/CONJ+bi/PREP+Al/DET+kitAb/NOUN+/CASE_DEF_GEN';
  assert.equal(formatMorph(parseMorph(m)), m);
});
