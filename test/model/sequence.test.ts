import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Candidate, Document, Token } from '../../src/corpus/types.js';
import { ModelFormatError } from '../../src/errors.js';
import { Model } from '../../src/model/model-node.js';
import { SEQUENCE_ELEMENTS, SEQUENCE_PRESENCE, TagSequence, candidateTag, decodingReadsScores, sequenceSpec } from '../../src/model/sequence.js';

const SPEC = sequenceSpec();
import { prepareDocument } from '../../src/tagger/prepare.js';
import { ModelRanker } from '../../src/tagger/ranker.js';
import { SEQUENCE_WEIGHTS, countTagBigrams } from '../../training/sequence-fit.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';
import { cand, token } from '../helpers/tokens.js';

const PREP = cand('fiy_1', 'fiy/PREP');
const GEN = cand('bayt_1', 'Al/DET+bayt/NOUN+i/CASE_DEF_GEN');
const NOM = cand('bayt_1', 'Al/DET+bayt/NOUN+u/CASE_DEF_NOM');
/** Sentences "fy Albyt" with the genitive as gold, repeated. */
function prepDoc(n: number): Document {
  return {
    id: 'd',
    sentences: Array.from({ length: n }, (_, i) => ({ id: `s${i}`, tokens: [token('fy', [PREP], 0), token('Albyt', [NOM, GEN], 1)] })),
  };
}

test('countTagBigrams: counts gold tag pairs with the sentence edges; the tag is the declared elements in order', () => {
  const seq = countTagBigrams([prepDoc(3)], SPEC, 1);
  const tags = seq.data.tags;
  assert.deepEqual(SPEC, { elements: SEQUENCE_ELEMENTS, presence: SEQUENCE_PRESENCE });
  assert.equal(candidateTag(GEN, SPEC), [...SEQUENCE_ELEMENTS.map((e) => GEN.elements[e]), ...SEQUENCE_PRESENCE.map(() => '')].join('|'));
  const i = (t: string) => tags.indexOf(t);
  const pairs = new Map<string, number>();
  for (let k = 0; k < seq.data.bigrams.length; k += 3) pairs.set(`${tags[seq.data.bigrams[k]]}>${tags[seq.data.bigrams[k + 1]]}`, seq.data.bigrams[k + 2]);
  const prep = candidateTag(PREP, SPEC);
  const gen = candidateTag(GEN, SPEC);
  assert.equal(pairs.get(`<s>>${prep}`), 3);
  assert.equal(pairs.get(`${prep}>${gen}`), 3);
  assert.equal(pairs.get(`${gen}></s>`), 3);
  assert.equal(seq.data.left[i(prep)], 3);
  assert.ok(!tags.includes(candidateTag(NOM, SPEC)), 'a tag never gold is not counted');
  assert.ok(seq.logP(i(prep), i(gen)) > seq.logP(i(prep), -1), 'a seen pair is likelier than an unseen tag');
});

test('decode: λ = 0 keeps the per-token order; the bigrams turn a tie toward the genitive after a preposition', () => {
  const counts = countTagBigrams([prepDoc(5)], SPEC, 0);
  const tokens = [token('fy', [PREP]), token('Albyt', [NOM, GEN])];
  const scores = [Float64Array.of(0), Float64Array.of(0.3, 0.1)];
  const off = counts.decode(tokens, scores, 1);
  assert.ok(off[1][0] > off[1][1], 'λ = 0: the model\'s choice stands');
  const on = counts.decode(tokens, scores, 1, 1);
  assert.ok(on[1][1] > on[1][0], 'λ = 1: the genitive wins');
  const punct: Token = { form: '.', lookup: '.', arabic: false, candidates: [], gold: -1 };
  const passed = counts.decode([...tokens, punct], [...scores, new Float64Array(0)], 1, 1);
  assert.equal(passed[2].length, 0, 'a token that is not scored keeps its (empty) scores');
});

test('TagSequence.load refuses what is not a bigram table', () => {
  const good = countTagBigrams([prepDoc(2)], SPEC, 0.5).toJSON();
  assert.deepEqual(TagSequence.load(JSON.parse(JSON.stringify(good))).toJSON(), good);
  for (const bad of [null, { ...good, kind: 'x' }, { ...good, weight: -1 }, { ...good, left: [1] }, { ...good, bigrams: [0, 99, 1] }, { ...good, bigrams: [0, 1] }, { ...good, presence: 'pron' }])
    assert.throws(() => TagSequence.load(bad), ModelFormatError);
});

test('training fits λ on D2, saves the bigrams in the model, and a loaded model ranks the same', async () => {
  const corpus = pudCorpus(300);
  // the sequence decoding alone (the case pass's second decoding: test/model/case-pass.test.ts)
  const { model, summary } = await train(corpus, { workers: 0, seed: 7, casePass: false });
  const s = summary.sequence;
  assert.ok(s, 'on by default');
  assert.deepEqual(s.elements, [...SEQUENCE_ELEMENTS]);
  assert.deepEqual(s.presence, [...SEQUENCE_PRESENCE]);
  assert.deepEqual(s.tried.map((t) => t.weight), [...SEQUENCE_WEIGHTS]);
  assert.equal(s.d2A1Without, s.tried[0].A1);
  for (const t of s.tried) assert.ok(s.d2Nll <= t.nll, `λ ${s.weight} (NLL ${s.d2Nll}) is no less likely than the grid's ${t.weight} (${t.nll})`);
  const bi = s.tried.reduce((b, t, i) => (t.nll < s.tried[b].nll ? i : b), 0);
  assert.ok(bi > 0 && s.d2Nll < s.tried[0].nll, 'the decoding makes the gold more likely than the per-token model alone');
  const [lo, hi] = [SEQUENCE_WEIGHTS[bi - 1], SEQUENCE_WEIGHTS[bi + 1] ?? 2 * SEQUENCE_WEIGHTS[bi]];
  assert.ok(s.weight >= lo && s.weight <= hi, `refined between the grid's best weight's neighbours ${lo} and ${hi}: ${s.weight}`);
  assert.equal(model.sequence?.weight ?? 0, s.weight);
  const off = await train(corpus, { workers: 0, seed: 7, sequence: false });
  assert.equal(off.summary.sequence, null);
  assert.equal(off.model.sequence, null);
  if (!model.sequence) return;
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-seq-'));
  try {
    await model.save(join(dir, 'm'));
    const loaded = await Model.load(join(dir, 'm'));
    assert.deepEqual(loaded.sequence?.toJSON(), model.sequence.toJSON());
    const r1 = new ModelRanker(model);
    const r2 = new ModelRanker(loaded);
    assert.equal(r1.temperature, 1, 'decoded scores are log-probability units');
    let singles = 0;
    for (const d of corpus.documents.slice(0, 10)) {
      const doc = prepareDocument(d, model.lexicon).doc;
      assert.deepEqual(
        r2
          .scoreDocument(doc)
          .flat()
          .map((x) => Array.from(x)),
        r1
          .scoreDocument(doc)
          .flat()
          .map((x) => Array.from(x)),
      );
      // the ranker leaves a one-candidate word's scores uncomputed: the decoded numbers are those
      // of every score computed
      const df = model.extractor.document(doc);
      doc.sentences.forEach((sent, si) => {
        singles += sent.tokens.filter((t) => !decodingReadsScores(t)).length;
        const all = model.sequence!.decode(sent.tokens, r1.localScores(df, sent, si), model.info.temperature);
        assert.deepEqual(r1.scoreSentence(df, sent, si).map((x) => Array.from(x)), all.map((x) => Array.from(x)));
      });
    }
    assert.ok(singles > 0, 'some words have one candidate');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('candidateTag marks that a pronoun clitic is there, not which; a table without `presence` (older files) reads as none', () => {
  const his = cand('bayt_1', 'bayt/NOUN+u/CASE_DEF_NOM+hu/POSS_PRON_3MS');
  const her = cand('bayt_1', 'bayt/NOUN+u/CASE_DEF_NOM+hA/POSS_PRON_3FS');
  assert.equal(candidateTag(his, SPEC), candidateTag(her, SPEC));
  assert.ok(candidateTag(his, SPEC).endsWith('|pron'));
  assert.notEqual(candidateTag(his, SPEC), candidateTag(cand('bayt_1', 'bayt/NOUN+u/CASE_DEF_NOM'), SPEC));
  const none = { elements: SEQUENCE_ELEMENTS, presence: [] };
  const old: Partial<ReturnType<TagSequence['toJSON']>> = countTagBigrams([prepDoc(2)], none, 0.5).toJSON();
  delete old.presence;
  const loaded = TagSequence.load(old);
  assert.equal(loaded.tagOf(GEN), loaded.data.tags.indexOf(candidateTag(GEN, none)));
  assert.ok(loaded.tagOf(GEN) >= 0);
});

test('decode: each candidate scores log Σ exp over every tag sequence through it (posterior marginal, checked by enumeration)', () => {
  const ADJ = cand('kabiyr_1', 'Al/DET+kabiyr/ADJ+i/CASE_DEF_GEN');
  const ADJN = cand('kabiyr_1', 'Al/DET+kabiyr/ADJ+u/CASE_DEF_NOM');
  const doc: Document = { id: 'd', sentences: [
    { id: 's1', tokens: [token('fy', [PREP], 0), token('Albyt', [NOM, GEN], 1), token('Alkbyr', [ADJN, ADJ], 1)] },
    { id: 's2', tokens: [token('Albyt', [NOM, GEN], 0), token('Alkbyr', [ADJN, ADJ], 0)] },
  ] };
  const seq = countTagBigrams([doc], SPEC, 0.7);
  const tokens = doc.sentences[0].tokens;
  const scores = [Float64Array.of(0.2), Float64Array.of(0.9, -0.4), Float64Array.of(0.1, 0.5)];
  const T = 1.3;
  const out = seq.decode(tokens, scores, T);
  const logSoftmax = (s: Float64Array) => {
    const z = Math.log([...s].reduce((a, x) => a + Math.exp(x / T), 0));
    return [...s].map((x) => x / T - z);
  };
  const emit = scores.map(logSoftmax);
  const tagIndex = (c: Candidate) => seq.data.tags.indexOf(candidateTag(c, SPEC));
  const bos = seq.data.tags.indexOf('<s>');
  const eos = seq.data.tags.indexOf('</s>');
  const through = tokens.map((t) => t.candidates.map(() => [] as number[]));
  for (const path of [[0, 0, 0], [0, 0, 1], [0, 1, 0], [0, 1, 1]]) {
    const tags = path.map((k, i) => tagIndex(tokens[i].candidates[k]));
    let total = path.reduce((a, k, i) => a + emit[i][k], 0);
    [bos, ...tags].forEach((a, i) => { total += 0.7 * seq.logP(a, i < tags.length ? tags[i] : eos); });
    path.forEach((k, i) => through[i][k].push(total));
  }
  through.forEach((perCand, i) => perCand.forEach((totals, k) => {
    const want = Math.log(totals.reduce((a, x) => a + Math.exp(x), 0));
    assert.ok(Math.abs(out[i][k] - want) < 1e-9, `token ${i} candidate ${k}: ${out[i][k]} vs ${want}`);
  }));
});
