/**
 * Tokens with several gold labels (Token.golds) past stage one: their places in C(t), stage
 * two's targets (1 for each), the tag bigrams (each tag 1/m), the gold NLL of λ and T (their mass
 * together), the baselines' frequencies and the evaluation (any gold label right; the figure with
 * the first gold label alone beside it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FeatureExtractor } from '../../features/extract.js';
import { resolveFeatureSet } from '../../features/templates.js';
import { multiGoldCount, setGolds, type Corpus, type Document } from '../../src/corpus/types.js';
import { Model } from '../../src/model/model-node.js';
import { ModelRanker } from '../../src/tagger/ranker.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';
import { countLabelFrequencies } from '../../src/eval/baselines.js';
import { evaluateItems, evalMarkdown, mergeReports } from '../../src/eval/eval.js';
import { sequenceSpec, candidateTag } from '../../src/model/sequence.js';
import { prepareDocument } from '../../src/tagger/prepare.js';
import { withCandidates } from '../../features/seen-labels.js';
import { rankToken } from '../../src/tagger/types.js';
import { countTagBigrams, goldLogProbability } from '../../training/sequence-fit.js';
import { runStageOne } from '../../training/stage1.js';
import { buildRows, fitTemperature } from '../../training/stage2.js';
import { cand, token } from '../helpers/tokens.js';

// تعلن: she announces (3FS) or you announce (2MS), spelled alike; the passive is spelled otherwise
const SHE = cand('>aEolan_1', 'tu/IV3FS+Eolin/VERB_IMPERFECT+u/IVSUFF_MOOD:I');
const PASS = cand('>aEolan_1', 'tu/IV3FS+Eolan/VERB_IMPERFECT_PASS+u/IVSUFF_MOOD:I');
const YOU = cand('>aEolan_1', 'tu/IV2MS+Eolin/VERB_IMPERFECT+u/IVSUFF_MOOD:I');
// في: the preposition or the abbreviation "V.", two tags
const FY = cand('fiy_1', 'fiy/PREP');
const V = cand('fiy_2', 'Viy/ABBREV');
const NOUN = cand('bayt_1', 'Al/DET+bayt/NOUN+i/CASE_DEF_GEN');

function doc(n: number): Document {
  return {
    id: 'd',
    sentences: Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      tokens: [setGolds(token('tEln', [SHE, PASS, YOU]), [0, 2]), setGolds(token('fy', [FY, V]), [0, 1]), token('Albyt', [NOUN], 0)],
    })),
  };
}

test('prepared documents keep every gold label, re-indexed in C(t); stage two gives each the target 1', async () => {
  const corpus: Corpus = { documents: [doc(4)] };
  const templates = resolveFeatureSet('baseline+prior');
  const s1 = await runStageOne(corpus, { templates, workers: 0 });
  const p = prepareDocument(corpus.documents[0], s1.lexicon);
  const [tEln, fy] = p.doc.sentences[0].tokens;
  assert.deepEqual(tEln.golds?.map((g) => tEln.candidates[g].key), [SHE.key, YOU.key]);
  assert.deepEqual(p.golds[0][0].map((c) => c.key), [SHE.key, YOU.key]);
  assert.deepEqual(p.golds[0][2].map((c) => c.key), [NOUN.key]);
  assert.deepEqual(fy.golds, [0, 1]);
  const fx = new FeatureExtractor({ templates, vocab: s1.vocab, counts: s1.counts, doc: s1.doc, transform: 'log1p' });
  const { rows } = buildRows([p.doc], fx, { maxTokens: 0, variantTarget: 0.3 });
  // per sentence: تعلن (she 1, passive 0, you 1), في (1, 1); البيت has one candidate, no rows
  assert.deepEqual(Array.from(rows.y.subarray(0, 5)), [1, 0, 1, 1, 1]);
  // the NLL of T is of the gold labels' mass together: equal scores are already right
  const T = fitTemperature(new Float64Array(rows.n), rows);
  assert.ok(Number.isFinite(T));
});

test('tag bigrams: a token with m gold labels is each of their tags with weight 1/m', () => {
  const spec = sequenceSpec();
  const seq = countTagBigrams([doc(2)], spec, 1);
  const tags = seq.data.tags;
  const pairs = new Map<string, number>();
  for (let k = 0; k < seq.data.bigrams.length; k += 3)
    pairs.set(`${tags[seq.data.bigrams[k]]}>${tags[seq.data.bigrams[k + 1]]}`, seq.data.bigrams[k + 2]);
  const verb = candidateTag(SHE, spec);
  assert.equal(candidateTag(YOU, spec), verb, 'she and you share the tag');
  assert.equal(pairs.get(`<s>>${verb}`), 2);
  assert.equal(pairs.get(`${verb}>${candidateTag(FY, spec)}`), 1);
  assert.equal(pairs.get(`${verb}>${candidateTag(V, spec)}`), 1);
  assert.equal(pairs.get(`${candidateTag(V, spec)}>${candidateTag(NOUN, spec)}`), 1);
  assert.equal(seq.data.left[tags.indexOf(verb)], 2);
});

test('the gold NLL and the baselines count every gold label', () => {
  const t = token('fy', [FY, V, NOUN]);
  const lp = goldLogProbability(t, [0, 0, 0], [FY.key, V.key], 1);
  assert.ok(Math.abs(lp - Math.log(2 / 3)) < 1e-12);
  const f = countLabelFrequencies([doc(2)]);
  assert.deepEqual(f.byLookup.tEln, { [SHE.key]: 1, [YOU.key]: 1 });
  assert.equal(f.byLookup.Albyt[NOUN.key], 2);
});

test('evaluation: any gold label ranked first is right; the first gold label alone is reported beside it', () => {
  const t = setGolds(token('tEln', [SHE, PASS, YOU]), [0, 2]);
  const one = token('Albyt', [NOUN, PASS], 0);
  const items = [
    // you first: right with either gold label
    { ranked: rankToken(t, [0, 1, 2], 1), gold: SHE, golds: [SHE, YOU] },
    // the passive first, you second: wrong, right in the top two
    { ranked: rankToken(t, [0, 2, 1], 1), gold: SHE, golds: [SHE, YOU] },
    { ranked: rankToken(one, [1, 0], 1), gold: NOUN },
  ];
  const r = evaluateItems(items);
  assert.deepEqual([r.all.label.top1, r.all.label.top2, r.tokens], [2, 3, 3]);
  // a label element is right when it is any gold label's: the passive's person (3) is she's
  assert.equal(r.all.perpos.top1, 3);
  assert.equal(r.all.dpos.top1, 2);
  assert.equal(r.ceiling, 100);
  assert.deepEqual([r.severalGolds.tokens, r.severalGolds.label.top1, r.severalGolds.label.top2], [2, 1, 2]);
  // counting only the first gold label (she, third in both rankings): only the token with one gold is right
  assert.deepEqual([r.severalGolds.firstGoldOnly.top1, r.severalGolds.firstGoldOnly.top2], [1, 1]);
  assert.match(evalMarkdown(r), /2 gold tokens \(66\.7%\) have several gold labels/);
  const m = mergeReports([r, r]);
  const g = m.severalGolds;
  assert.deepEqual([g.tokens, g.firstGoldOnly.top1, g.firstGoldOnly.tokens], [4, 2, 6]);
  const plain = evaluateItems([items[2]]);
  assert.deepEqual([plain.severalGolds.tokens, plain.severalGolds.firstGoldOnly], [0, plain.all.label]);
});

test('a model trained on PUD\'s projection ties saves β*\'s unit and loads to the same scores', async () => {
  const corpus = pudCorpus(150);
  assert.ok(multiGoldCount(corpus) > 0, 'PUD\'s head has ties');
  const { model } = await train(corpus, { workers: 0, seed: 3 });
  assert.ok(model.counts.unit > 1);
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-golds-model-'));
  try {
    await model.save(dir);
    const back = await Model.load(dir);
    assert.equal(back.counts.unit, model.counts.unit);
    const doc = prepareDocument(corpus.documents[0], model.lexicon).doc;
    assert.deepEqual(new ModelRanker(back).scoreDocument(doc), new ModelRanker(model).scoreDocument(doc));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a token keeps its gold when C(t) drops its first gold label but keeps another', () => {
  const t = setGolds(token('tEln', [SHE, PASS, YOU]), [0, 2]);
  const narrowed = withCandidates(t, [PASS, YOU]);
  assert.equal(narrowed.gold, 1);
  assert.equal(narrowed.golds, undefined);
  assert.equal(withCandidates(t, [PASS]).gold, -1);
});

test('the first gold label is the first in the analyzer\'s order, whatever order the candidates are stored in', () => {
  const ranked = (c: typeof SHE, analyzerRank: number) => ({ ...c, analyzerRank });
  // stored in another order (a candidates file's hash order): YOU first, though the analyzer gave SHE first
  const t = setGolds(token('tEln', [ranked(YOU, 2), ranked(PASS, 1), ranked(SHE, 0)]), [0, 2]);
  assert.deepEqual(t.golds, [0, 2]);
  assert.equal(t.candidates[t.gold].key, SHE.key);
  const inOrder = setGolds(token('tEln', [SHE, PASS, YOU]), [2, 0]);
  assert.equal(inOrder.gold, 0);
});

test('stage one counts a token the same whichever order its gold labels are stored in', async () => {
  const stored = (order: 'analyzer' | 'other'): Corpus => {
    const cands = order === 'analyzer' ? [SHE, PASS, YOU] : [{ ...YOU, analyzerRank: 2 }, { ...PASS, analyzerRank: 1 }, { ...SHE, analyzerRank: 0 }];
    const sentences = Array.from({ length: 3 }, (_, i) => ({
      id: `s${i}`, tokens: [setGolds(token('tEln', cands), [0, 2]), token('Albyt', [NOUN], 0)],
    }));
    return { documents: [{ id: 'd', sentences }] };
  };
  const templates = resolveFeatureSet('baseline+prior');
  // the feature values each model gives the same probe: تعلن with SHE, PASS and YOU, gold SHE
  const features = async (corpus: Corpus) => {
    const s1 = await runStageOne(corpus, { templates, workers: 0 });
    const probe: Document = { id: 'p', sentences: [{ id: 'p', tokens: [token('tEln', [SHE, PASS, YOU], 0)] }] };
    const fx = new FeatureExtractor({ templates, vocab: s1.vocab, counts: s1.counts, doc: s1.doc, transform: 'log1p' });
    return Array.from(buildRows([prepareDocument(probe, null).doc], fx, { maxTokens: 0 }).rows.x);
  };
  const a = await features(stored('analyzer'));
  assert.ok(a.some((v) => v > 0));
  assert.deepEqual(await features(stored('other')), a);
});
