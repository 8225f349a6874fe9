import { test } from 'node:test';
import assert from 'node:assert/strict';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import type { Candidate, Token } from '../../src/corpus/types.js';
import { evaluateItems, evalMarkdown, mergeReports } from '../../src/eval/eval.js';
import { rankToken } from '../../src/tagger/types.js';
import { FirstSolution } from '../../src/eval/baselines.js';
import { tiesOf, withRandomTies } from '../../src/tagger/ties.js';
import { Rng } from '../../src/random.js';

function cand(lemma: string, extra: Partial<Candidate> = {}): Candidate {
  return { key: labelKey(lemma, 'X'), lemma, morph: 'X', voc: '', gloss: '', elements: { ...emptyElements(), lemma }, source: 'analyzer', ...extra };
}
const token = (cands: Candidate[], gold: number, form = 'w'): Token => ({ form, lookup: form, arabic: true, candidates: cands, gold });

test('ties are counted: first place, and second place shared with the third', () => {
  const t = token([cand('a'), cand('b'), cand('c')], 0);
  assert.deepEqual(tiesOf(rankToken(t, [1, 1, 0], 1)), { firstTied: 1, secondTied: 0 });
  assert.deepEqual(tiesOf(rankToken(t, [2, 1, 1], 1)), { firstTied: 0, secondTied: 1 });
  assert.deepEqual(tiesOf(rankToken(t, [3, 2, 1], 1)), { firstTied: 0, secondTied: 0 });
});

test('the analyzer-order tie-break uses analyzerRank where the reader kept it', () => {
  const t = token([cand('a', { analyzerRank: 2 }), cand('b', { analyzerRank: 0 }), cand('c', { analyzerRank: 1 })], 0);
  assert.deepEqual(rankToken(t, [0, 0, 0], 1).ranked.map((r) => r.candidate.lemma), ['b', 'c', 'a']);
  const doc = { id: 'd', sentences: [{ id: 's', tokens: [t] }] };
  assert.equal(new FirstSolution().rankDocument(doc)[0][0].ranked[0].candidate.lemma, 'b');
});

test('the random tie-break depends neither on the candidates\' order nor on which is gold, only on seed, word and keys', () => {
  const cs = ['a', 'b', 'c', 'd', 'e'].map((l) => cand(l));
  const rng = new Rng(7);
  const firstOf = (order: Candidate[], seed: number, form = 'w') =>
    withRandomTies(rankToken(token(order, 0, form), order.map(() => 1), 1), seed).ranked.map((r) => r.candidate.key);
  const ref = firstOf(cs, 42);
  for (let i = 0; i < 20; i++) assert.deepEqual(firstOf(rng.shuffle([...cs]), 42), ref);
  // Over many words and seeds every candidate wins some ties: it is no fixed preference.
  const winners = new Set<string>();
  for (let s = 0; s < 50; s++) winners.add(firstOf(cs, s, `w${s}`)[0]);
  assert.equal(winners.size, cs.length);
  // Scores still come first.
  const t = token(cs, 0);
  assert.equal(withRandomTies(rankToken(t, [0, 0, 5, 0, 0], 1), 1).ranked[0].candidate.lemma, 'c');
});

test('evaluate reports the tie counts and A1/A2 with random ties beside the analyzer-order figures', () => {
  // The gold is first in the analyzer's order and every score ties: the analyzer's order wins every token.
  const items = Array.from({ length: 200 }, (_, i) => {
    const cs = ['a', 'b'].map((l) => cand(l));
    return { ranked: rankToken(token(cs, 0, `w${i}`), [0, 0], 1), gold: cs[0] };
  });
  const rep = evaluateItems(items, { seed: 3 });
  assert.equal(rep.all.label.A1, 100);
  assert.equal(rep.ties.firstTied, 200);
  assert.equal(rep.ties.order, 'analyzer');
  assert.ok(rep.ties.random.A1 > 35 && rep.ties.random.A1 < 65, `random ties give about half: ${rep.ties.random.A1}`);
  assert.equal(rep.ties.random.A2, 100);
  const md = evalMarkdown(rep);
  assert.match(md, /A tie decided the first place of 200 tokens \(100\.0%\)/);
  assert.match(md, /\| a seeded random order \(seed 3\) \|/);
  const m = mergeReports([rep, evaluateItems(items.slice(0, 10), { seed: 3, order: 'hash' })]);
  assert.equal(m.ties.firstTied, 210);
  assert.equal(m.ties.order, 'hash');
  assert.equal(m.ties.random.tokens, 210);
});

test('without ties the random column equals the main one', () => {
  const cs = ['a', 'b', 'c'].map((l) => cand(l));
  const rep = evaluateItems([
    { ranked: rankToken(token(cs, 1), [0, 2, 1], 1), gold: cs[1] },
    { ranked: rankToken(token(cs, 0), [0, 2, 1], 1), gold: cs[0] },
  ]);
  assert.deepEqual(rep.ties.random, rep.all.label);
  assert.equal(rep.ties.firstTied, 0);
});

test('gold labels the UD projection chose by a tie (pos files written so) are counted and reported as such', async () => {
  const { PROJECTION_TIE_NOTE, projectionTieNote, isProjectionTie } = await import('../../src/import/ud-project.js');
  const cs = ['a', 'b'].map((l) => cand(l));
  const t = { ...token(cs, 0), note: `${PROJECTION_TIE_NOTE} (2 candidates agree equally; the first in the analyzer's order taken)` };
  assert.ok(isProjectionTie(t));
  assert.ok(!isProjectionTie(token(cs, 0)));
  // today's projection makes every tied candidate gold: no gold was chosen by a tie
  assert.ok(!isProjectionTie({ note: projectionTieNote(2) }));
  const rep = evaluateItems([
    { ranked: rankToken(t, [0, 0], 1), gold: cs[0] },
    { ranked: rankToken(token(cs, 0), [1, 0], 1), gold: cs[0] },
  ]);
  assert.equal(rep.ties.projection.tied, 1);
  assert.equal(rep.ties.projection.A1, 100);
  assert.match(evalMarkdown(rep), /1 gold tokens \(50\.0%\) have a gold label the UD projection chose by a tie/);
  assert.equal(mergeReports([rep, rep]).ties.projection.tied, 2);
});
