import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Candidate, Document } from '../../src/corpus/types.js';
import { ModelFormatError } from '../../src/errors.js';
import { CASE_FEATURE_GROUPS, LabelledSentence, candidateBuckets, caseClass, labelHashes } from '../../src/model/case-context.js';
import { CasePass } from '../../src/model/case-pass.js';
import { Model } from '../../src/model/model-node.js';
import { ModelRanker } from '../../src/tagger/ranker.js';
import { prepareDocument } from '../../src/tagger/prepare.js';
import { CASE_PASS_WEIGHT, fitCaseClassifier } from '../../training/case-fit.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';
import { cand, token } from '../helpers/tokens.js';

const PREP = cand('fiy_1', 'fiy/PREP');
const VERB = cand('qAl-u_1', 'qAl/VERB_PERFECT+a/PVSUFF_SUBJ:3MS');
const ADJ_GEN = cand('kabiyr_1', 'Al/DET+kabiyr/ADJ+i/CASE_DEF_GEN');
const ADJ_NOM = cand('kabiyr_1', 'Al/DET+kabiyr/ADJ+u/CASE_DEF_NOM');
const bayt = (c: string, tag: string) => cand('bayt_1', `Al/DET+bayt/NOUN+${c}/CASE_DEF_${tag}`);
const [GEN, NOM, ACC] = [bayt('i', 'GEN'), bayt('u', 'NOM'), bayt('a', 'ACC')];

/**
 * A document where the case of "Albyt" is decided three words back: after "fy" (a preposition)
 * with two adjectives between, genitive; after "qAl" (a verb), nominative. Neither word is
 * next to it, so a tag bigram cannot tell.
 */
function farDoc(n: number): Document {
  const sentences = Array.from({ length: n }, (_, i) => {
    const governor = i % 2 === 0 ? token('fy', [PREP], 0) : token('qAl', [VERB], 0);
    const adj = i % 2 === 0 ? ADJ_GEN : ADJ_NOM;
    const noun = i % 2 === 0 ? GEN : NOM;
    return {
      id: `s${i}`,
      tokens: [governor, token('Alkbyr', [adj], 0), token('Alkbyr', [adj], 0), token('Albyt', [GEN, NOM, ACC], [GEN, NOM, ACC].indexOf(noun))],
    };
  });
  return { id: 'far', sentences };
}

test('case context: the governor is the nearest preposition or verb, however far back, and agreement reads through adjectives', () => {
  const groups = new Set(CASE_FEATURE_GROUPS);
  const labelled = (first: Candidate) => new LabelledSentence([first, ADJ_GEN, ADJ_GEN, GEN].map((c) => ({ elements: c.elements, lookup: 'x' })), groups);
  const afterPrep = candidateBuckets(labelled(PREP).contexts(3), labelHashes(GEN.elements));
  const afterVerb = candidateBuckets(labelled(VERB).contexts(3), labelHashes(GEN.elements));
  const again = candidateBuckets(labelled(PREP).contexts(3), labelHashes(GEN.elements));
  assert.deepEqual([...afterPrep], [...again], 'the same sentence gives the same buckets');
  assert.notDeepEqual([...afterPrep], [...afterVerb], 'a governor three words back changes the features');
  assert.equal(caseClass(GEN.elements), 'GEN/');
  assert.equal(caseClass(PREP.elements), '', 'a label without case or mood has no class');
});

test('fitCaseClassifier learns a case that only a governor three words back decides', () => {
  const cp = fitCaseClassifier([farDoc(40)], { seed: 3 });
  assert.ok(cp, 'the corpus has cases');
  assert.deepEqual(cp.data.classes, ['GEN/', 'NOM/']);
  const scores = (first: Candidate, adj: Candidate) => {
    const tokens = [token('g', [first]), token('Alkbyr', [adj]), token('Alkbyr', [adj]), token('Albyt', [GEN, NOM, ACC])];
    return cp.sentenceLogProbabilities(tokens, [0, 0, 0, 0]).logProbabilities[3];
  };
  const prep = scores(PREP, ADJ_GEN);
  const verb = scores(VERB, ADJ_NOM);
  assert.ok(prep[0] > prep[1], `after fy the genitive is likelier (${[...prep]})`);
  assert.ok(verb[1] > verb[0], `after qAl the nominative is likelier (${[...verb]})`);
  assert.ok(prep[2] <= Math.log(1e-6) + 1e-9, 'a class never seen gets the floor');
  assert.equal(fitCaseClassifier([{ id: 'd', sentences: [{ id: 's', tokens: [token('fy', [PREP], 0)] }] }]), null, 'no case, no classifier');
});

test('the case pass turns the second decoding; weight 0 leaves the first decoding', () => {
  const cp = fitCaseClassifier([farDoc(40)], { seed: 3 })!;
  const tokens = [token('fy', [PREP]), token('Alkbyr', [ADJ_GEN]), token('Alkbyr', [ADJ_GEN]), token('Albyt', [NOM, GEN])];
  const lp = cp.sentenceLogProbabilities(tokens, [0, 0, 0, 0]);
  const prepared = {
    scores: [],
    scored: tokens.map(() => true),
    tags: [],
    emit: tokens.map((t) => new Float64Array(t.candidates.length)),
  };
  const emit = CasePass.addTo(prepared, lp, 1, 1).emit[3];
  assert.ok(emit[1] > emit[0], 'the genitive gains after the preposition');
  assert.ok(Math.abs(Math.log(Math.exp(emit[0]) + Math.exp(emit[1])) - Math.log(2)) < 1e-12, 'the analysis keeps its mass: only its case variants share it anew');
  assert.deepEqual([...CasePass.addTo(prepared, lp, 0, 1).emit[3]], [0, 0]);
  // α scales the first decoding's preference among the variants of an analysis
  const sharp = { ...prepared, emit: prepared.emit.map((e, i) => (i === 3 ? Float64Array.of(2, 0) : e)) };
  const none = { logProbabilities: lp.logProbabilities.map((x) => x.map(() => 0)), analyses: lp.analyses };
  const half = CasePass.addTo(sharp, none, 1, 0.5).emit[3];
  assert.ok(Math.abs(half[0] - half[1] - 1) < 1e-12, `α = 0.5 halves a difference of 2: ${[...half]}`);
  assert.deepEqual([...prepared.emit[3]], [0, 0], 'the prepared sentence is not changed');
});

test('CasePass.load refuses what is not a case pass', () => {
  const cp = fitCaseClassifier([farDoc(10)], { seed: 3 })!.withWeight(1, 2);
  const arrays = cp.binaryParts();
  const good = JSON.parse(JSON.stringify(cp.toJSON()));
  assert.deepEqual(CasePass.load(good, arrays).toJSON(), cp.toJSON());
  for (const bad of [null, { ...good, kind: 'x' }, { ...good, weight: -1 }, { ...good, temperature: 0 }, { ...good, groups: ['nope'] }, { ...good, bucketBits: 8 }])
    assert.throws(() => CasePass.load(bad, arrays), ModelFormatError);
  assert.throws(
    () => CasePass.load(good, { ...arrays, caseWeights: arrays.caseWeights.subarray(1) }),
    ModelFormatError,
  );
  assert.throws(() => CasePass.load(good, { ...arrays, caseKeys: Int32Array.from(arrays.caseKeys) }), ModelFormatError);
  assert.throws(() => CasePass.load(good, { ...arrays, caseKeys: undefined }), ModelFormatError);
});

test('training fits the case pass, saves it, and a loaded model ranks the same; --no-case-pass and --no-sequence go without it', async () => {
  const corpus = pudCorpus(300);
  const { model, summary } = await train(corpus, { workers: 0, seed: 7 });
  assert.ok(model.casePass && summary.casePass, 'on by default');
  assert.equal(summary.casePass.weight, CASE_PASS_WEIGHT);
  assert.ok(summary.casePass.temperature > 0 && summary.casePass.buckets > 0);
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-case-pass-'));
  try {
    await model.save(join(dir, 'm'));
    const loaded = await Model.load(join(dir, 'm'));
    assert.deepEqual(loaded.casePass?.toJSON(), model.casePass.toJSON());
    const doc = prepareDocument(corpus.documents[0], model.lexicon).doc;
    const rank = (m: Model) =>
      new ModelRanker(m)
        .rankDocument(doc)
        .flat()
        .map((t) => t.ranked.map((r) => [r.index, r.confidence.toFixed(9)]));
    assert.deepEqual(rank(loaded), rank(model));
    const without = new Model(
      model.info,
      model.vocab,
      model.counts,
      model.doc,
      model.lexicon,
      model.theta,
      model.sequence,
      null,
    );
    assert.notDeepEqual(rank(without), rank(model), 'the case pass changes some ranking or confidence');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal((await train(corpus, { workers: 0, seed: 7, casePass: false })).model.casePass, null);
  assert.equal((await train(corpus, { workers: 0, seed: 7, sequence: false })).model.casePass, null);
});
