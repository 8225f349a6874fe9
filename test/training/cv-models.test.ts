import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../../src/errors.js';
import { LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { displayName, modelGroups, parseModel, parseModelList, trainingsOf } from '../../training/cv-models.js';

const d = { transform: 'log1p', solver: 'svr', recount: false, sequence: false, casePass: false } as const;

test('model names: groups, canonical names, shared trainings', () => {
  const names = parseModelList('full,baselines,full/log1p/svr,lemma', d).map((m) => m.name);
  assert.deepEqual(names, ['full', 'first-solution', 'random', 'most-frequent', 'lemma']);
  const g = modelGroups(d);
  assert.deepEqual(g.table5, ['baseline', 'ind', 'uni', 'cheat', '2pass', 'full', 'full+prior', 'full+caseless+prior']);
  assert.deepEqual(g.table4, [...LABEL_ELEMENTS, 'full']);
  assert.deepEqual(g.solvers, ['full', 'full/linreg', 'full/ridge', 'full/svc']);
  assert.equal(g.transforms.length, 8);
  assert.ok(g.transforms.includes('full+prior/rel'));
  for (const name of g.all) assert.equal(parseModel(name, d).name, name);
  const key = (n: string) => trainingsOf(parseModel(n, d), d).map((t) => t.key);
  assert.equal(key('2pass')[0], key('full')[0]);
  assert.equal(key('curve:100')[0], key('full')[0]);
  assert.notEqual(key('curve:50')[0], key('full')[0]);
  assert.equal(key('ind')[0], key('lemma')[0]);
  assert.notEqual(key('cheat')[0], key('2pass')[1]);
  assert.deepEqual(trainingsOf(parseModel('random', d), d), []);
  // With recount, M2pass's first pass on D2 is Mfull without the recount (the model θ was fitted with).
  const r = { ...d, recount: true };
  const two = trainingsOf(parseModel('2pass', r), r);
  assert.deepEqual(two.map((t) => [t.featureSet, t.recount, t.contexts]), [['full', true, 'none'], ['full', false, 'none'], ['full+nbr', true, 'first-pass']]);
  assert.equal(two[0].key, trainingsOf(parseModel('full', r), r)[0].key);
  assert.equal(displayName('full+prior/rel'), 'Mfull+prior (rel)');
  assert.equal(displayName('lemma'), 'Mlemma');
});

test('model names: unknown names are usage errors', () => {
  assert.throws(() => parseModelList('full,nonsense', d), (e: unknown) => e instanceof UsageError && /unknown model 'nonsense'/.test(e.message));
  assert.throws(() => parseModel('full/raw/rel', d), UsageError);
  assert.throws(() => parseModel('curve:0', d), UsageError);
  assert.throws(() => parseModelList(' , ', d), UsageError);
});
