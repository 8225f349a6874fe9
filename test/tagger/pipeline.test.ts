/**
 * src/tagger: the model's ranker (Σθ·z, ties by the analyzer's order), the pipeline steps
 * (prepare → rank → gold items → report), the tag outputs, and the Tagger's argument checks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/index.js';
import type { Candidate, Corpus, Document } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { linearScore } from '../../src/model/score.js';
import { evaluateItems } from '../../src/eval/eval.js';
import { evaluate, goldItems } from '../../src/eval/evaluate.js';
import { rankPrepared } from '../../src/tagger/pipeline.js';
import { ModelRanker } from '../../src/tagger/ranker.js';
import { rankedJsonl, rerankedPos, taggedJsonl, taggedText } from '../../src/tagger/tag-output.js';
import { Tagger } from '../../src/tagger/tagger-node.js';
import type { TaggedSentence } from '../../src/tagger/tagged.js';
import { rankToken } from '../../src/tagger/types.js';
import { train } from '../../training/train.js';
import { MINI_DIR } from '../analyzer/fixtures.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

const corpus = syntheticCorpus({ seed: 8, tokens: 6000, wordTypes: 500, candidates: 5, docTokens: 200 });
const heldOut: Corpus = { documents: corpus.documents.slice(-4), source: 'held-out' };
const trained = train({ documents: corpus.documents.slice(0, -4), source: 'train' }, { featureSet: 'aggr', seed: 2, workers: 0 });

/** The held-out documents with a gold-only candidate appended to the first gold token (as a corpus reader adds one). */
function withGoldOnly(doc: Document): { doc: Document; extra: Candidate } {
  const si = doc.sentences.findIndex((s) => s.tokens.some((t) => t.gold >= 0));
  const ti = doc.sentences[si].tokens.findIndex((t) => t.gold >= 0);
  const t = doc.sentences[si].tokens[ti];
  const extra: Candidate = { ...t.candidates[0], key: 'gold-only/X', lemma: 'gold-only', morph: 'X', source: 'gold' };
  const sentences = doc.sentences.map((s, i) =>
    i !== si
      ? s
      : {
          ...s,
          tokens: s.tokens.map((u, j) =>
            j !== ti ? u : { ...u, candidates: [...u.candidates, extra], gold: u.candidates.length },
          ),
        },
  );
  return { doc: { ...doc, sentences }, extra };
}

test('the model ranker scores every candidate by Σθ·z + b and ranks with the fixed tie-break', async () => {
  const { model } = await trained;
  const doc = rankPrepared(new ModelRanker(model), heldOut.documents[0], model.lexicon);
  const prepared = heldOut.documents[0];
  const ranker = new ModelRanker(model);
  const p = model.templates.length;
  let checked = 0;
  const df = model.extractor.document(prepared);
  ranker.scoreDocument(prepared).forEach((sent, si) => sent.forEach((scores, ti) => {
    const t = prepared.sentences[si].tokens[ti];
    if (t.candidates.length === 0) return;
    const z = df.token(si, ti, t.candidates);
    for (let k = 0; k < t.candidates.length; k++)
      assert.equal(scores[k], linearScore(model.theta.weights, model.theta.bias, z, k * p));
    assert.deepEqual(ranker.rankDocument(prepared)[si][ti], rankToken(t, scores, model.info.temperature));
    checked++;
  }));
  assert.ok(checked > 50);
  assert.equal(doc.ranked.length, heldOut.documents[0].sentences.length);
});

test('rankPrepared drops gold-only candidates from C(t) and keeps the gold candidate aside', async () => {
  const { model } = await trained;
  const { doc, extra } = withGoldOnly(heldOut.documents[1]);
  const r = rankPrepared(new ModelRanker(model), doc, model.lexicon);
  const golds = r.gold.flat().filter((g) => g !== null);
  assert.ok(golds.includes(extra), 'the gold-only candidate is the token\'s gold');
  for (const sent of r.ranked) for (const rt of sent) assert.ok(rt.ranked.every((c) => c.candidate.source !== 'gold'));
});

test('goldItems pairs each gold-marked Arabic token with its gold, in order; evaluate reports on them (of a Model or a Tagger)', async () => {
  const { model } = await trained;
  const ranker = new ModelRanker(model);
  const items = goldItems(ranker, heldOut.documents, model.lexicon);
  const expected = heldOut.documents.flatMap((d) =>
    d.sentences.flatMap((s) => s.tokens.filter((t) => t.arabic && t.gold >= 0)),
  );
  assert.equal(items.length, expected.length);
  items.forEach((it, i) => {
    assert.equal(it.ranked.token.form, expected[i].form);
    assert.equal(it.gold.key, expected[i].candidates[expected[i].gold].key);
  });
  const report = evaluate(model, heldOut);
  assert.deepEqual(report, evaluateItems(items));
  assert.deepEqual(evaluate(new Tagger(model, Analyzer.load(MINI_DIR)), heldOut), report);
  assert.ok(report.all.label.A1 > 0 && report.all.label.A1 <= report.ceiling);
});

test('tag outputs: text lines, JSON lines, ranked JSON lines', () => {
  const a = { rank: 1, voc: 'kataba', vocArabic: 'كَتَبَ', lemma: 'katab-u_1', lemmaArabic: 'كتب', lemmaVocalized: 'كَتَبَ', morph: 'kataba/PV', pos: 'PV', caseOrMood: '', elements: {}, gloss: 'write', score: 2, confidence: 0.75, source: 'analyzer' as const, vocalized: 'كَتَبَ' };
  const sentences: TaggedSentence[] = [{ tokens: [
    { input: 'كتب', lookup: 'ktb', arabic: true, found: true, analyses: [a, { ...a, rank: 2, confidence: 0.25, voc: 'kutiba' }] },
    { input: 'xyz', lookup: null, arabic: false, found: false, analyses: [] },
    { input: 'ققق', lookup: 'qqq', arabic: true, found: false, analyses: [] },
  ] }];
  assert.equal(taggedText(sentences), 'كتب\t1\t75.0%\tكَتَبَ\tkataba\t[katab-u_1]\tPV\twrite\tanalyzer\n\t2\t25.0%\tكَتَبَ\tkutiba\t[katab-u_1]\tPV\twrite\tanalyzer\nققق\t(not found)\n\n');
  assert.deepEqual(JSON.parse(taggedJsonl(sentences)), { sentence: 1, ...sentences[0] });
  assert.equal(taggedJsonl([]), '');
  const token = { form: 'w', lookup: 'w', arabic: true, candidates: [0, 1, 2].map((n) => ({ key: `k${n}`, solutionNo: n + 1 }) as unknown as Candidate), gold: -1 };
  const line = JSON.parse(rankedJsonl([[[rankToken(token, [1, 3, 2], 1)]]], 2));
  assert.deepEqual(line.tokens[0].ranked.map((r: { n: number }) => r.n), [2, 3]);
});

test('rerankedPos refuses --mark-top with --keep-gold; the Tagger refuses bad arguments with UsageError', async () => {
  const { model } = await trained;
  const tagger = new Tagger(model, Analyzer.load(MINI_DIR));
  assert.throws(() => rerankedPos(tagger, heldOut, { markTop: true, keepGold: true, order: 'score', candidates: 'file' }), UsageError);
  assert.match(rerankedPos(tagger, heldOut, { markTop: true, order: 'score', candidates: 'file' }), /^\* SOLUTION \d+:/m);
  await assert.rejects(Tagger.load('', { tables: MINI_DIR }), UsageError);
  await assert.rejects(Tagger.load('models/x', undefined as never), UsageError);
  await assert.rejects(Tagger.load('models/x', { tables: 5 } as never), UsageError);
  assert.throws(() => tagger.tagText(42 as never), UsageError);
  assert.throws(() => tagger.tagText('ktb', { top: -1 }), UsageError);
  assert.throws(() => tagger.tagText('ktb', { top: 1.5 }), UsageError);
  assert.throws(() => tagger.tagText('ktb', { inputScript: 'latin' as never }), UsageError);
  assert.equal(tagger.tagText('ktb', { top: 0 })[0].tokens[0].analyses.length, 0);
  assert.equal(tagger.tagText('ktb', { inputScript: 'buckwalter' })[0].tokens[0].input, 'كتب');
});
