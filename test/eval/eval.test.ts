import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import type { Candidate, Document, Token } from '../../src/corpus/types.js';
import { evaluateItems, evalMarkdown, mergeReports } from '../../src/eval/eval.js';
import { rankToken, softmax } from '../../src/tagger/types.js';
import { countLabelFrequencies, FirstSolution, MostFrequentLabel, RandomCandidate } from '../../src/eval/baselines.js';

function cand(lemma: string, morph: string, pos: string): Candidate {
  return { key: labelKey(lemma, morph), lemma, morph, voc: '', gloss: '', elements: { ...emptyElements(), lemma, pos }, source: 'analyzer' };
}
const A = cand('a_1', 'a/NOUN', 'NOUN');
const B = cand('b_1', 'b/VERB', 'VERB');
const C = cand('c_1', 'c/NOUN', 'NOUN');

function token(cands: Candidate[], gold: number, form = 'w'): Token {
  return { form, lookup: form, arabic: true, candidates: cands, gold };
}

test('A1/A2 on the label and on an LE with distinct values in rank order', () => {
  const t1 = token([A, B, C], 2);
  // scores rank B, A, C: label gold C is third (miss, miss); pos values in order VERB, NOUN → gold NOUN is 2nd
  const r1 = rankToken(t1, [2, 3, 1], 1);
  const t2 = token([A], 0); // unambiguous and right
  const r2 = rankToken(t2, [0], 1);
  const rep = evaluateItems([{ ranked: r1, gold: C }, { ranked: r2, gold: A }]);
  assert.equal(rep.tokens, 2);
  assert.equal(rep.ambiguousTokens, 1);
  assert.equal(rep.all.label.A1, 50);
  assert.equal(rep.all.label.A2, 50);
  assert.equal(rep.all.pos.A1, 50);
  assert.equal(rep.all.pos.A2, 100);
  assert.equal(rep.ambiguous.label.A1, 0);
  assert.equal(rep.ambiguous.pos.A2, 100);
  assert.equal(rep.all.label.E1, 50);
  assert.equal(rep.ceiling, 100);
  assert.equal(rep.meanCandidates, 2);
  assert.match(evalMarkdown(rep), /\| pos \| 50\.0 \| 100\.0 \|/);
});

test('a gold label outside the candidates lowers the ceiling and is never counted right', () => {
  const gold = cand('z_1', 'z/NOUN', 'NOUN');
  const rep = evaluateItems([{ ranked: rankToken(token([A, B], -1), [1, 0], 1), gold }]);
  assert.equal(rep.ceiling, 0);
  assert.equal(rep.all.label.A2, 0);
  assert.equal(rep.all.pos.A1, 100); // A's pos is NOUN, like the gold's
});

test('merged reports weight folds by their token counts', () => {
  const r1 = evaluateItems([{ ranked: rankToken(token([A, B], 0), [1, 0], 1), gold: A }]);
  const r2 = evaluateItems([
    { ranked: rankToken(token([A, B], 1), [1, 0], 1), gold: B },
    { ranked: rankToken(token([A, B], 1), [1, 0], 1), gold: B },
  ]);
  const m = mergeReports([r1, r2]);
  assert.equal(m.tokens, 3);
  assert.ok(Math.abs(m.all.label.A1 - 100 / 3) < 1e-9);
  assert.equal(m.all.label.A2, 100);
});

test('ranking ties fall back to the analyzer order; softmax sums to one', () => {
  const r = rankToken(token([A, B, C], 0), [1, 1, 1], 1);
  assert.deepEqual(r.ranked.map((x) => x.index), [0, 1, 2]);
  const p = softmax([1000, 1000, 0], 1);
  assert.ok(Math.abs(p[0] - 0.5) < 1e-12 && p[2] < 1e-100);
});

test('baselines: first solution, seeded random, most frequent with back-off', () => {
  const doc = (id: string, forms: string[]): Document => ({
    id, sentences: [{ id: 's', tokens: forms.map((f) => token([A, B, C], 1, f)) }],
  });
  const train = doc('d1', ['x', 'x', 'y']);
  train.sentences[0].tokens[2].gold = 2;
  const freq = countLabelFrequencies([train]);
  const mf = new MostFrequentLabel(freq).rankDocument(doc('d2', ['x', 'y', 'unseen']));
  assert.deepEqual(mf[0].map((r) => r.ranked[0].index), [1, 2, 0]);
  const first = new FirstSolution().rankDocument(doc('d2', ['q']));
  assert.equal(first[0][0].ranked[0].index, 0);
  const r1 = new RandomCandidate(7).rankDocument(doc('d3', ['a', 'b', 'c', 'd']));
  const r2 = new RandomCandidate(7).rankDocument(doc('d3', ['a', 'b', 'c', 'd']));
  const r3 = new RandomCandidate(8).rankDocument(doc('d3', ['a', 'b', 'c', 'd']));
  const order = (r: typeof r1) => r[0].map((t) => t.ranked.map((x) => x.index).join('')).join(' ');
  assert.equal(order(r1), order(r2));
  assert.notEqual(order(r1), order(r3));
});

test('the case-less label counts a prediction right that differs from the gold only in its case ending', () => {
  const nom = cand('ra}iys_1', 'Al/DET+ra}iys/NOUN+u/CASE_DEF_NOM', 'NOUN');
  const gen = cand('ra}iys_1', 'Al/DET+ra}iys/NOUN+i/CASE_DEF_GEN', 'NOUN');
  const other = cand('ra}iys_2', 'Al/DET+ra}iys/NOUN+i/CASE_DEF_GEN', 'NOUN');
  // ranked nom, other, gen; the gold is gen
  const rep = evaluateItems([{ ranked: rankToken(token([nom, other, gen], 2), [3, 2, 1], 1), gold: gen }]);
  assert.equal(rep.all.label.A1, 0);
  assert.equal(rep.all.label.A2, 0);
  assert.equal(rep.all.caseless.A1, 100);
  // the other lemma ranked first: wrong without case too, right in the top two
  const rep2 = evaluateItems([{ ranked: rankToken(token([nom, other, gen], 2), [2, 3, 1], 1), gold: gen }]);
  assert.deepEqual([rep2.all.caseless.A1, rep2.all.caseless.A2], [0, 100]);
  assert.match(evalMarkdown(rep), /\| caseless \| 100\.0 \|/);
  // merged reports carry it too
  assert.equal(mergeReports([rep, rep2]).all.caseless.A1, 50);
});
