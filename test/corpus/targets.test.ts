import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Candidate } from '../../src/corpus/types.js';
import { caselessKey } from '../../src/labels/caseless.js';
import { LABEL_ELEMENTS, TARGETS, labelKey } from '../../src/labels/elements.js';
import { factorize } from '../../src/labels/factorize.js';
import { targetIds, targetValue } from '../../src/corpus/targets.js';
import { Vocab } from '../../features/vocab.js';

const candidate = (lemma: string, morph: string): Candidate => ({
  key: labelKey(lemma, morph), lemma, morph, voc: '', gloss: '', elements: factorize(lemma, morph), source: 'analyzer',
});

test('target values: the label key, each element, the case-less label', () => {
  const nom = candidate('kitAb_1', 'Al/DET+kitAb/NOUN+u/CASE_DEF_NOM');
  const gen = candidate('kitAb_1', 'Al/DET+kitAb/NOUN+i/CASE_DEF_GEN');
  assert.equal(targetValue(nom, 'label'), nom.key);
  for (const e of LABEL_ELEMENTS) assert.equal(targetValue(nom, e), nom.elements[e]);
  // the case variants share their case-less label, which is the label without the case ending
  assert.equal(targetValue(nom, 'caseless'), caselessKey('kitAb_1', 'Al/DET+kitAb/NOUN'));
  assert.equal(targetValue(gen, 'caseless'), targetValue(nom, 'caseless'));
  assert.notEqual(targetValue(gen, 'label'), targetValue(nom, 'label'));
  const seen: string[] = [];
  const ids = targetIds(nom, new Int32Array(TARGETS.length), (k, v) => (seen.push(`${TARGETS[k]}=${v}`), k));
  assert.deepEqual([...ids], TARGETS.map((_, k) => k));
  assert.deepEqual(seen, TARGETS.map((t) => `${t}=${targetValue(nom, t)}`));
});

test('a vocabulary saved before the case-less target loads with that namespace empty; others are refused', () => {
  const v = new Vocab();
  v.intern('label', 'x');
  v.intern('caseless', 'y');
  const json = v.toJSON();
  assert.equal(json.version, 2);
  assert.equal(Vocab.load(json).get('caseless', 'y'), 0);
  const { caseless: _dropped, ...older } = json.namespaces;
  const v1 = Vocab.load({ ...json, version: 1, namespaces: older });
  assert.equal(v1.size('caseless'), 0);
  assert.equal(v1.get('label', 'x'), json.namespaces.label.indexOf('x'));
  assert.throws(() => Vocab.load({ ...json, version: 3 }), /vocabulary version 3/);
  assert.throws(() => Vocab.load({ ...json, version: 'constructor' as unknown as number }), /vocabulary version constructor/);
  assert.throws(() => Vocab.load({ ...json, namespaces: older }), /lacks namespace 'caseless'/);
});
