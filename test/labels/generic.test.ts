import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { UsageError } from '../../src/errors.js';
import { LABEL_ELEMENTS, type LabelElement } from '../../src/labels/elements.js';
import { defaultGenericOptions, makeGenericFactorizer } from '../../src/labels/generic.js';

test('default options: UD-style features to their elements, the rest to dpos', () => {
  const r = makeGenericFactorizer()('Buch/NOUN+Case=Acc+Gender=Neut+Number=Sing+Foreign=Yes');
  assert.equal(r.lemma, 'Buch');
  assert.equal(r.morph, 'NOUN+Case=Acc+Gender=Neut+Number=Sing+Foreign=Yes');
  assert.deepEqual(Object.fromEntries(Object.entries(r.elements).filter(([, v]) => v !== '')), {
    lemma: 'Buch', pos: 'NOUN', case: 'Acc', gensuf: 'Neut', numsuf: 'Sing', dpos: 'Foreign=Yes',
  });
  assert.equal(defaultGenericOptions.separator, '+');
  assert.equal(defaultGenericOptions.lemmaSeparator, '/');
});

test('custom separators and map: exact names give the tag, prefixes the rest, longest prefix wins', () => {
  const tagElements: Record<string, LabelElement> = { PL: 'numsuf', 'P:': 'pron', 'P:POSS:': 'pron', 'DEF': 'det', 'N:': 'case' };
  const factor = makeGenericFactorizer({ separator: ' ', lemmaSeparator: '\t', tagElements });
  const r = factor('talo\tN PL P:POSS:1S DEF N:ine Extra');
  assert.equal(r.lemma, 'talo');
  assert.equal(r.elements.pos, 'N');
  assert.equal(r.elements.numsuf, 'PL');
  assert.equal(r.elements.pron, '1S');
  assert.equal(r.elements.det, 'DEF');
  assert.equal(r.elements.case, 'ine');
  assert.equal(r.elements.dpos, 'Extra');
  // 'PL' is an exact key, not a prefix: 'PLX' is unmapped.
  assert.equal(factor('x\tN PLX').elements.dpos, 'PLX');
});

test('several tags for one element are joined with |; a pos-mapped tag follows the first tag', () => {
  const factor = makeGenericFactorizer({ tagElements: { 'Case=': 'case', SUB: 'pos' } });
  const r = factor('w/V+Case=A+Case=B+SUB+x+y');
  assert.equal(r.elements.case, 'A|B');
  assert.equal(r.elements.pos, 'V|SUB');
  assert.equal(r.elements.dpos, 'x|y');
});

test('whitespace, empty tags, a missing lemma separator and empty input', () => {
  const factor = makeGenericFactorizer();
  assert.equal(factor('  cat / NOUN ++ Number=Plur ').elements.numsuf, 'Plur');
  assert.equal(factor('  cat / NOUN ++ Number=Plur ').lemma, 'cat');
  assert.deepEqual(factor('bare').elements, { ...factor('').elements, lemma: 'bare' });
  for (const e of LABEL_ELEMENTS) assert.equal(factor('').elements[e], '');
});

test('bad options are a UsageError', () => {
  assert.throws(() => makeGenericFactorizer({ separator: '' }), UsageError);
  assert.throws(() => makeGenericFactorizer({ lemmaSeparator: '' }), UsageError);
  assert.throws(() => makeGenericFactorizer({ tagElements: { X: 'nonsense' as LabelElement } }), UsageError);
  assert.throws(() => makeGenericFactorizer({ tagElements: { X: 'lemma' } }), UsageError);
  assert.throws(() => makeGenericFactorizer({ tagElements: { '': 'case' } }), UsageError);
});

test('the factorizer never throws and is deterministic', () => {
  const factor = makeGenericFactorizer();
  fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => {
    const a = factor(s);
    assert.deepEqual(factor(s), a);
    for (const e of LABEL_ELEMENTS) assert.equal(typeof a.elements[e], 'string');
  }), { seed: 7, numRuns: 2000 });
});
