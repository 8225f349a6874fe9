/**
 * The source template `label:rule` (features/templates.ts): a model trained with the passives made
 * by rule has one more feature, 1 for a candidate made by rule and 0 for the others, so that θ can
 * weigh a made candidate, whose counts with its word are all 0; without `passives` the feature set
 * is the one it was, column for column.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FeatureExtractor } from '../../features/extract.js';
import { candidatesFor } from '../../features/seen-labels.js';
import {
  DEFAULT_FEATURE_SET, RULE_TEMPLATE_NAME, parseTemplate, resolveFeatureSet, templateName, templateSetHash,
  withRuleTemplate,
} from '../../features/templates.js';
import { VALUE_TRANSFORMS } from '../../features/transform.js';
import type { Candidate, Corpus } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { Rng } from '../../src/random.js';
import { linearScore } from '../../src/model/score.js';
import { partitionCorpus } from '../../training/partition.js';
import { train } from '../../training/train.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';
import { stageOne } from './fixture.js';
import { referenceFeatures } from './reference.js';

/** A synthetic corpus whose every fifth token has its last non-gold candidate marked as made by rule. */
function withRuleCandidates(corpus: Corpus): Corpus {
  let n = 0;
  return {
    ...corpus,
    documents: corpus.documents.map((d) => ({
      ...d,
      sentences: d.sentences.map((s) => ({
        ...s,
        tokens: s.tokens.map((t) => {
          if (n++ % 5 !== 0 || t.candidates.length < 2) return t;
          const k = t.gold === t.candidates.length - 1 ? t.candidates.length - 2 : t.candidates.length - 1;
          return { ...t, candidates: t.candidates.map((c, i): Candidate => (i === k ? { ...c, source: 'rule' } : c)) };
        }),
      })),
    })),
  };
}

test('the source template: last, only with passives, named and parsed', () => {
  const full = resolveFeatureSet(DEFAULT_FEATURE_SET);
  const off = withRuleTemplate(full, false);
  assert.equal(off, full, 'without passives the set is left as it is');
  assert.equal(templateSetHash(off), templateSetHash(resolveFeatureSet(DEFAULT_FEATURE_SET)));
  const on = withRuleTemplate(full, true);
  assert.equal(on.length, full.length + 1);
  assert.equal(templateName(on.at(-1)!), RULE_TEMPLATE_NAME);
  assert.deepEqual(parseTemplate(RULE_TEMPLATE_NAME), { target: 'label', word: 'rule' });
  assert.equal(withRuleTemplate(on, true), on, 'added once');
  assert.notEqual(templateSetHash(on), templateSetHash(full));
});

test('the source column is 1 for a candidate made by rule, the rest as before, and scores are Σθz', () => {
  const synthetic = syntheticCorpus({ seed: 13, tokens: 1500, wordTypes: 200, candidates: 6, docTokens: 100 });
  const corpus = withRuleCandidates(synthetic);
  const { d1, d2 } = partitionCorpus(corpus, { d2Share: 0.2, seed: 1 });
  const base = resolveFeatureSet('full+prior');
  const templates = withRuleTemplate(base, true);
  const parts = stageOne(d1, templates);
  const rng = new Rng(3);
  let rule = 0;
  for (const transform of VALUE_TRANSFORMS) {
    const fx = new FeatureExtractor({ ...parts, templates, transform });
    const without = new FeatureExtractor({ ...parts, templates: base, transform });
    const weights = Float64Array.from({ length: fx.p }, () => rng.next() * 2 - 1);
    for (const doc of d2.documents) {
      const df = fx.document(doc);
      const dw = without.document(doc);
      const cands = (s: number, i: number) => candidatesFor(doc.sentences[s].tokens[i], parts.lexicon);
      const ref = referenceFeatures(d1, doc, templates, transform, cands);
      doc.sentences.forEach((sent, s) => sent.tokens.forEach((_, i) => {
        const cs = cands(s, i);
        const z = df.token(s, i, cs);
        const zw = dw.token(s, i, cs);
        const scores = new Float64Array(cs.length);
        df.scoreInto(s, i, Object.freeze(cs.slice()), weights, 0.5, scores);
        cs.forEach((c, k) => {
          assert.equal(z[k * fx.p + fx.p - 1], c.source === 'rule' ? 1 : 0);
          if (c.source === 'rule') rule++;
          assert.deepEqual(z.subarray(k * fx.p, k * fx.p + fx.p - 1), zw.subarray(k * without.p, (k + 1) * without.p));
          assert.ok(Object.is(scores[k], linearScore(weights, 0.5, z, k * fx.p)), `score of candidate ${k}`);
        });
        assert.deepEqual(Array.from(z), Array.from(ref[s][i]));
      }));
    }
  }
  assert.ok(rule > 100, `${rule} candidates made by rule`);
  assert.throws(() => new FeatureExtractor({ ...parts, templates: [...templates].reverse(), transform: 'log1p' }), UsageError);
});

test('a model trained with passives has the source feature, weighed against made candidates that are never gold', async () => {
  const synthetic = syntheticCorpus({ seed: 17, tokens: 4000, wordTypes: 150, candidates: 5, docTokens: 100 });
  const corpus = withRuleCandidates(synthetic);
  const analyzer = { backoff: true, caseEndings: true, passives: true };
  const on = await train(corpus, { workers: 0, analyzer });
  assert.equal(templateName(on.model.templates.at(-1)!), RULE_TEMPLATE_NAME);
  assert.ok(on.model.theta.weights.at(-1)! < 0, `θ of ${RULE_TEMPLATE_NAME}: ${on.model.theta.weights.at(-1)}`);
  const off = await train(corpus, { workers: 0, analyzer: { ...analyzer, passives: false } });
  assert.deepEqual(off.model.templates.map(templateName), resolveFeatureSet(DEFAULT_FEATURE_SET).map(templateName));
});
