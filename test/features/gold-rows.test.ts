/**
 * Stage one with tokens of several gold labels (Token.golds): each label counts with weight 1/m in
 * β* (in units of 1/unit of a token), the document tables and the seen labels hold every label,
 * any number of worker threads gives the same bytes, and a corpus without such tokens counts as
 * before (unit 1, β* version 1).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BETA_VERSION, BETA_VERSION_UNIT, BetaTable, NONE, groupIndex } from '../../features/beta.js';
import { encodeCorpus } from '../../features/encode.js';
import { MAX_GOLD_UNIT, goldShare, goldUnit } from '../../features/gold-rows.js';
import { countAll } from '../../features/tally.js';
import { resolveFeatureSet } from '../../features/templates.js';
import { Vocab } from '../../features/vocab.js';
import { setGolds, type Corpus } from '../../src/corpus/types.js';
import { ModelFormatError } from '../../src/errors.js';
import { TARGETS } from '../../src/labels/elements.js';
import { Rng } from '../../src/random.js';
import { runStageOne, type StageOneResult } from '../../training/stage1.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';
import { cand, tinyCorpus } from './fixture.js';
import { compareCounts, referenceCounts } from './reference.js';

const templates = resolveFeatureSet('full+prior');

/** A synthetic corpus where a seeded share of the ambiguous gold tokens has two or three gold labels. */
function tiedCorpus(seed: number, tokens: number): Corpus {
  const corpus = syntheticCorpus({ seed, tokens, wordTypes: 300, candidates: 5, docTokens: 60 });
  const rng = new Rng(seed);
  for (const d of corpus.documents)
    for (const s of d.sentences)
      for (const t of s.tokens) {
        if (t.gold < 0 || t.candidates.length < 2 || rng.next() > 0.2) continue;
        const others = t.candidates.map((_, i) => i).filter((i) => i !== t.gold);
        setGolds(t, [t.gold, ...rng.shuffle(others).slice(0, rng.next() < 0.3 ? 2 : 1)]);
      }
  return corpus;
}

/** The tiny corpus with one more sentence: تعلن, gold as she (3FS) or you (2MS), which share every element but two. */
function tinyTied(): Corpus {
  const c = tinyCorpus();
  const she = cand('>aEolan_1', 'tu/IV3FS+Eolin/IV+u/IVSUFF_MOOD:I', { pos: 'VERB', perpos: '3', genpos: 'F', mood: 'I' });
  const you = cand('>aEolan_1', 'tu/IV2MS+Eolin/IV+u/IVSUFF_MOOD:I', { pos: 'VERB', perpos: '2', genpos: 'M', mood: 'I' });
  const passive = cand('>aEolan_1', 'tu/IV3FS+Eolan/IV_PASS+u/IVSUFF_MOOD:I', {
    pos: 'VERB', dpos: 'PASS', perpos: '3', genpos: 'F', mood: 'I',
  });
  const tEln = setGolds({ form: 'tEln', lookup: 'tEln', arabic: true, candidates: [she, passive, you], gold: -1 }, [0, 2]);
  c.documents[2].sentences.push({ id: 'd3s2', tokens: [tEln] });
  return c;
}

test('goldUnit: 1 without ties, the least common multiple of the gold-label numbers, capped', () => {
  assert.equal(goldUnit(tinyCorpus().documents), 1);
  assert.equal(goldUnit(tinyTied().documents), 2);
  assert.equal(goldUnit(tiedCorpus(3, 2000).documents), 6);
  assert.deepEqual([0, 1, 2].map((j) => goldShare(6, 3, j)), [2, 2, 2]);
  // 7 does not divide 2520: the first labels get one unit more, the shares add up to the unit
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6].map((j) => goldShare(10, 7, j)), [2, 2, 2, 1, 1, 1, 1]);
  assert.equal(MAX_GOLD_UNIT % 8, 0);
});

test('a tied token counts each gold label 1/m: shared elements whole, the others split (brute force and by hand)', () => {
  const corpus = tinyTied();
  const vocab = new Vocab();
  const enc = encodeCorpus(corpus, vocab, { mode: 'intern' });
  assert.equal(enc.goldUnit, 2);
  const sizes = { word: vocab.size('word'), letter: vocab.size('letter'), values: TARGETS.map((t) => vocab.size(t)) };
  const table = BetaTable.fromBlocks(countAll(enc, templates, sizes), enc.goldUnit);
  assert.deepEqual(compareCounts(table, referenceCounts(corpus, templates), vocab), []);
  const freq = groupIndex('word', 'none');
  const w = vocab.get('word', 'tEln');
  const k = (target: (typeof TARGETS)[number], value: string) =>
    table.count(freq, w, NONE, TARGETS.indexOf(target), vocab.get(target, value)) / table.unit;
  assert.equal(table.marginal(freq, w, NONE) / table.unit, 1, 'one token');
  assert.equal(k('label', '>aEolan_1\ttu/IV3FS+Eolin/IV+u/IVSUFF_MOOD:I'), 0.5);
  assert.equal(k('label', '>aEolan_1\ttu/IV2MS+Eolin/IV+u/IVSUFF_MOOD:I'), 0.5);
  assert.equal(vocab.get('label', '>aEolan_1\ttu/IV3FS+Eolan/IV_PASS+u/IVSUFF_MOOD:I'), -1, 'the candidate that is not gold');
  const shares = [k('pos', 'VERB'), k('mood', 'I'), k('perpos', '3'), k('perpos', '2'), k('genpos', 'F')];
  assert.deepEqual(shares, [1, 1, 0.5, 0.5, 0.5]);
  // the base rates hold the other tokens whole: 14 gold tokens and this one
  assert.equal(table.marginal(groupIndex('none', 'none'), NONE, NONE) / table.unit, 15);
});

test('tied tokens: 0–3 threads give the same bytes, equal to brute force; Ztf and the seen labels hold every gold', async () => {
  const corpus = tiedCorpus(11, 5000);
  const results: StageOneResult[] = [];
  for (const workers of [0, 1, 3])
    results.push(await runStageOne(corpus, { templates, workers, minTokensPerWorker: 0 }));
  const base64 = (a: Int32Array | Uint32Array) =>
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
  const bytes = (r: StageOneResult) =>
    [JSON.stringify(r.counts.toJSON()), ...Object.values(r.counts.toBuffers()).map(base64)];
  for (const r of results.slice(1)) assert.deepEqual(bytes(r), bytes(results[0]));
  const r = results[2];
  assert.equal(r.counts.unit, 6);
  assert.deepEqual(compareCounts(r.counts, referenceCounts(corpus, templates), r.vocab), []);
  const labelPos = r.doc.targetPos('label');
  for (const [di, d] of corpus.documents.entries())
    for (const s of d.sentences)
      for (const t of s.tokens)
        for (const g of t.golds ?? []) {
          const key = t.candidates[g].key;
          const id = r.vocab.get('label', key);
          assert.ok(r.doc.valuePostings(labelPos, id).includes(di), `document ${di} holds ${key}`);
          assert.ok(r.lexicon.seenFor(t.lookup).some((l) => r.lexicon.candidate(l).key === key), `seen ${key}`);
        }
});

test('β* of a corpus with ties saves its unit (version 2); without ties the table is version 1 with no unit', async () => {
  const tied = await runStageOne(tinyTied(), { templates, workers: 0 });
  const json = JSON.parse(JSON.stringify(tied.counts.toJSON()));
  assert.deepEqual([json.version, json.unit], [BETA_VERSION_UNIT, 2]);
  const back = BetaTable.load(json, tied.counts.toBuffers());
  assert.equal(back.unit, 2);
  assert.throws(() => BetaTable.load({ ...json, unit: undefined }, tied.counts.toBuffers()), ModelFormatError);
  assert.throws(() => BetaTable.load({ ...json, version: BETA_VERSION }, tied.counts.toBuffers()), ModelFormatError);
  const plain = await runStageOne(tinyCorpus(), { templates, workers: 0 });
  const pj = plain.counts.toJSON();
  assert.deepEqual([pj.version, 'unit' in pj, plain.counts.unit], [BETA_VERSION, false, 1]);
});
