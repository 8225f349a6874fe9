import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEFAULT_FEATURE_SET,
  FEATURE_SETS, TF_TARGETS, featureSetNames, isDocTemplate, isLocalTemplate, parseTemplate, resolveFeatureSet,
  templateName, templateSetHash, validateTemplates, type Template,
} from '../../features/templates.js';
import { UsageError } from '../../src/errors.js';
import { LABEL_ELEMENTS, TARGETS } from '../../src/labels/elements.js';

test('named sets have the paper’s sizes', () => {
  assert.equal(resolveFeatureSet('baseline').length, 7);
  assert.ok(resolveFeatureSet('baseline').every((t) => t.target === 'label' && t.word === 'word'));
  for (const e of LABEL_ELEMENTS) {
    const z = resolveFeatureSet(e);
    assert.equal(z.length, 7);
    assert.ok(z.every((t) => t.target === e));
  }
  assert.equal(resolveFeatureSet('aggr').length, 17 * 7);
  assert.equal(resolveFeatureSet('uni').length, 17);
  assert.deepEqual(resolveFeatureSet('tf'), TF_TARGETS.map((target) => ({ target, word: 'doc' })));
  assert.equal(resolveFeatureSet('full').length, 17 * 7 + TF_TARGETS.length);
  assert.equal(resolveFeatureSet('full+prior').length, 17 * 7 + TF_TARGETS.length + 17 * 3);
  assert.equal(resolveFeatureSet('baseline+prior').length, 10);
  // the case-less label's Table 3 statistics after the set, its base rates last; the paper's sets stay without it
  const def = resolveFeatureSet(DEFAULT_FEATURE_SET);
  assert.equal(DEFAULT_FEATURE_SET, 'full+caseless+prior');
  assert.equal(def.length, 17 * 7 + TF_TARGETS.length + 7 + 18 * 3);
  assert.deepEqual(def.slice(17 * 7 + TF_TARGETS.length, 17 * 7 + TF_TARGETS.length + 7).map(templateName), resolveFeatureSet('baseline').map((t) => templateName({ ...t, target: 'caseless' } as Template)));
  assert.deepEqual(def.slice(-3).map(templateName), ['caseless:none:none', 'caseless:none:prevWord', 'caseless:none:nextWord']);
  assert.ok(!resolveFeatureSet('full+prior').some((t) => t.target === 'caseless'));
  assert.equal(resolveFeatureSet('baseline+caseless').length, 14);
  assert.equal(resolveFeatureSet('tf+prior').length, TF_TARGETS.length);
  assert.ok(featureSetNames().includes('lemma+prior'));
  for (const name of featureSetNames()) validateTemplates(resolveFeatureSet(name));
});

test('resolveFeatureSet returns copies and rejects unknown names', () => {
  const a = resolveFeatureSet('baseline');
  (a[0] as { target: string }).target = 'pos';
  assert.equal(FEATURE_SETS.baseline[0].target, 'label');
  assert.throws(() => resolveFeatureSet('nope'), UsageError);
  assert.throws(() => resolveFeatureSet('toString'), UsageError);
});

test('template names round trip and are unique', () => {
  const all = [...resolveFeatureSet('full+prior')];
  const names = new Set<string>();
  for (const t of all) {
    assert.deepEqual(parseTemplate(templateName(t)), t);
    names.add(templateName(t));
  }
  assert.equal(names.size, all.length);
  assert.throws(() => parseTemplate('label:word:sideways'), UsageError);
  assert.throws(() => parseTemplate('nolabel:doc'), UsageError);
  assert.throws(() => validateTemplates([...all, all[0]]), UsageError);
  assert.ok(isDocTemplate(parseTemplate('lemma:doc')));
  assert.equal(TARGETS.length, 18);
  assert.equal(TARGETS[TARGETS.length - 1], 'caseless');
});

test('templateSetHash is stable, order-sensitive and set-sensitive', () => {
  const full = resolveFeatureSet('full');
  assert.match(templateSetHash(full), /^[0-9a-f]{64}$/);
  assert.equal(templateSetHash(full), templateSetHash(resolveFeatureSet('full')));
  assert.notEqual(templateSetHash(full), templateSetHash(resolveFeatureSet('aggr')));
  assert.notEqual(templateSetHash(full), templateSetHash([...full].reverse()));
  // Key order inside a template object does not matter.
  const t = full.map((x) =>
    isLocalTemplate(x) ? { context: x.context, word: x.word, target: x.target } : { word: x.word, target: x.target },
  );
  assert.equal(templateSetHash(t as typeof full), templateSetHash(full));
});
