import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BETA_KIND, BetaTable, NONE, SEARCHES_BEFORE_INDEX, VALUE_LIMIT, entryKey, groupIndex, type BetaBuffers } from '../../features/beta.js';
import { encodeCorpus } from '../../features/encode.js';
import { countAll } from '../../features/tally.js';
import { resolveFeatureSet } from '../../features/templates.js';
import { Vocab } from '../../features/vocab.js';
import { ModelFormatError, UsageError } from '../../src/errors.js';
import { TARGETS } from '../../src/labels/elements.js';
import { tinyCorpus } from './fixture.js';

function tinyTable() {
  const vocab = new Vocab();
  const enc = encodeCorpus(tinyCorpus(), vocab, { mode: 'intern' });
  const sizes = { word: vocab.size('word'), letter: vocab.size('letter'), values: TARGETS.map((t) => vocab.size(t)) };
  return { vocab, table: BetaTable.fromBlocks(countAll(enc, resolveFeatureSet('full+prior'), sizes)) };
}

test('look-ups: counts, marginals, absent keys, counted groups', () => {
  const { vocab, table } = tinyTable();
  const freq = groupIndex('word', 'none');
  const ktb = vocab.get('word', 'ktb');
  const katab = vocab.get('label', 'katab-u_1\tkatab/PV+a/PVSUFF_SUBJ:3MS');
  assert.equal(table.count(freq, ktb, NONE, 0, katab), 2);
  assert.equal(table.marginal(freq, ktb, NONE), 4);
  assert.equal(table.count(freq, ktb, NONE, 0, vocab.get('label', 'fiy_1\tfiy/PREP')), 0);
  assert.equal(table.marginal(freq, vocab.get('word', '.'), NONE), 0, 'punctuation has no gold');
  const base = groupIndex('none', 'none');
  assert.equal(table.marginal(base, NONE, NONE), 14);
  assert.equal(table.count(base, NONE, NONE, TARGETS.indexOf('pos'), vocab.get('pos', 'NOUN')), 7);
  assert.ok(table.has(freq, 0) && table.has(base, 16));
  assert.ok(!table.has(groupIndex('none', 'prevILetter'), 0));
  assert.equal(entryKey(2, 5), 2 * VALUE_LIMIT + 5);
});

test('toJSON / toBuffers / load round trip; damage is a ModelFormatError', () => {
  const { vocab, table } = tinyTable();
  const json = JSON.parse(JSON.stringify(table.toJSON()));
  assert.equal(json.kind, BETA_KIND);
  const copy = (b: BetaBuffers): BetaBuffers =>
    Object.fromEntries(Object.entries(b).map(([k, a]) => [k, a.slice()])) as unknown as BetaBuffers;
  const back = BetaTable.load(json, copy(table.toBuffers()));
  assert.deepEqual(back.toBuffers(), table.toBuffers());
  assert.deepEqual(back.toJSON(), table.toJSON());
  const freq = groupIndex('word', 'prevWord');
  const w = vocab.get('word', 'fy');
  const c = vocab.get('word', 'Alktab');
  assert.equal(back.marginal(freq, w, c), table.marginal(freq, w, c));
  assert.throws(() => BetaTable.load({ ...json, kind: 'x' }, table.toBuffers()), ModelFormatError);
  assert.throws(() => BetaTable.load({ ...json, version: 2 }, table.toBuffers()), ModelFormatError);
  const b = table.toBuffers();
  assert.throws(() => BetaTable.load(json, { ...b, entKey: b.entKey.slice(1) }), ModelFormatError);
  const unsorted = copy(b);
  [unsorted.ctxWord[0], unsorted.ctxWord[1]] = [unsorted.ctxWord[1] + 5, unsorted.ctxWord[0]];
  assert.throws(() => BetaTable.load(json, unsorted), ModelFormatError);
  const badKeys = copy(b);
  const e = badKeys.ctxRunEnd[0];
  if (e >= 2) {
    [badKeys.entKey[0], badKeys.entKey[1]] = [badKeys.entKey[1], badKeys.entKey[0]];
    assert.throws(() => BetaTable.load(json, badKeys), ModelFormatError);
  }
  const swapped = { ...json, groups: [json.groups[1], json.groups[0], ...json.groups.slice(2)] };
  assert.throws(() => BetaTable.load(swapped, b), ModelFormatError);
  assert.throws(() => BetaTable.fromBlocks([...countAll(encodeCorpus(tinyCorpus(), new Vocab(), { mode: 'intern' }), resolveFeatureSet('baseline'), { word: 99, letter: 99, values: TARGETS.map(() => 99) }), ...countAll(encodeCorpus(tinyCorpus(), new Vocab(), { mode: 'intern' }), resolveFeatureSet('baseline'), { word: 99, letter: 99, values: TARGETS.map(() => 99) })]), UsageError);
});

test('the runs\' layout: each context\'s run starts where the last ended, with its marginal; a block whose runs miss entries is a UsageError', () => {
  const { table } = tinyTable();
  const runs = table.runLayout;
  assert.equal(runs.length, 2 * table.contexts + 2);
  assert.equal(runs[2 * table.contexts], table.size);
  const b = table.toBuffers();
  for (let k = 0; k < table.contexts; k++) {
    assert.equal(table.runStart(k), k === 0 ? 0 : b.ctxRunEnd[k - 1]);
    assert.equal(table.runEnd(k), b.ctxRunEnd[k]);
    assert.equal(table.marginalAt(k), b.ctxMarginal[k]);
    for (let e = table.runStart(k); e < table.runEnd(k); e++)
      assert.equal(table.countAt(k, table.entryKeys[e]), table.entryCounts[e]);
  }
  const vocab = new Vocab();
  const blocks = countAll(encodeCorpus(tinyCorpus(), vocab, { mode: 'intern' }), resolveFeatureSet('baseline'), { word: 99, letter: 99, values: TARGETS.map(() => 99) });
  const short = { ...blocks[0], runEnd: blocks[0].runEnd.map((e, k, a) => (k === a.length - 1 ? e - 1 : e)) };
  assert.throws(() => BetaTable.fromBlocks([short, ...blocks.slice(1)]), /runs do not cover its entries/);
});

test('look-ups by binary search (before the hash is built) and by the hash give the same contexts, present or absent', () => {
  const { vocab, table } = tinyTable();
  const fresh = BetaTable.load(JSON.parse(JSON.stringify(table.toJSON())), table.toBuffers());
  const b = table.toBuffers();
  const groups = table.toJSON().groups.map((g) => groupIndex(g.word, g.context));
  const queries: Array<[number, number, number]> = [];
  for (const g of [...groups, 99, -1]) {
    for (let k = 0; k < b.ctxWord.length; k += 3)
      queries.push([g, b.ctxWord[k], b.ctxCtx[k]], [g, b.ctxWord[k], b.ctxCtx[k] + 1]);
    queries.push([g, NONE, NONE], [g, vocab.size('word'), 0]);
  }
  assert.ok(queries.length < SEARCHES_BEFORE_INDEX, 'every query below is answered by search');
  const bySearch = queries.map(([g, w, c]) => fresh.find(g, w, c));
  fresh.buildIndex();
  assert.deepEqual(queries.map(([g, w, c]) => fresh.find(g, w, c)), bySearch);
  assert.ok(bySearch.some((k) => k >= 0) && bySearch.some((k) => k < 0));
});
