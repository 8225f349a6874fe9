/**
 * The fast paths of feature extraction give the straightforward numbers, bit for bit:
 * - scoreInto (scores from per-value tables, no z rows) = linearScore over tokenInto's rows;
 * - a frozen candidate list (plan kept, group values memoized) gives the z rows of the same
 *   list unfrozen, on a first pass (memo filled) and a second (memo read), for every transform,
 *   and with a memo too small to hold everything (entries replaced).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FeatureExtractor } from '../../features/extract.js';
import { GroupMemo, MEMO_WIDTH } from '../../features/group-memo.js';
import { candidatesFor } from '../../features/seen-labels.js';
import { resolveFeatureSet } from '../../features/templates.js';
import { VALUE_TRANSFORMS } from '../../features/transform.js';
import type { Candidate } from '../../src/corpus/types.js';
import { linearScore } from '../../src/model/score.js';
import { partitionCorpus } from '../../training/partition.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';
import { Rng } from '../../src/random.js';
import { UsageError } from '../../src/errors.js';
import { stageOne } from './fixture.js';


const corpus = syntheticCorpus({ seed: 5, tokens: 2500, wordTypes: 250, candidates: 7, docTokens: 120 });
const { d1, d2 } = partitionCorpus(corpus, { d2Share: 0.3, seed: 2 });
const templates = resolveFeatureSet('full+prior');
const parts = stageOne(d1, templates);

/**
 * Per token of every D2 document: its C(t), unfrozen, and one frozen list per word type (shared, as
 * the tagger's word cache shares them).
 */
function candidateLists() {
  const frozenByWord = new Map<string, readonly Candidate[]>();
  return d2.documents.map((doc) => doc.sentences.map((s) => s.tokens.map((t) => {
    const plain = candidatesFor(t, parts.lexicon);
    let frozen = frozenByWord.get(t.lookup);
    if (!frozen) frozenByWord.set(t.lookup, (frozen = Object.freeze(candidatesFor(t, parts.lexicon))));
    return { plain, frozen };
  })));
}

test('scoreInto = linearScore over the z rows, for every candidate and transform', () => {
  const rng = new Rng(7);
  const lists = candidateLists();
  for (const transform of VALUE_TRANSFORMS) {
    const fx = new FeatureExtractor({ ...parts, templates, transform });
    const weights = Float64Array.from({ length: fx.p }, () => rng.next() * 2 - 1);
    const bias = 0.25;
    let compared = 0;
    d2.documents.forEach((doc, di) => {
      const df = fx.document(doc);
      doc.sentences.forEach((s, si) => s.tokens.forEach((_, ti) => {
        for (const cands of [lists[di][si][ti].plain, lists[di][si][ti].frozen]) {
          const z = df.token(si, ti, cands);
          const scores = new Float64Array(cands.length);
          df.scoreInto(si, ti, cands, weights, bias, scores);
          for (let k = 0; k < cands.length; k++) {
            const want = linearScore(weights, bias, z, k * fx.p);
            if (!Object.is(scores[k], want)) assert.fail(`${transform} doc ${di} s${si} t${ti} k${k}: ${scores[k]} ≠ ${want}`);
            compared++;
          }
        }
      }));
    });
    assert.ok(compared > 2000, `${compared} scores compared`);
  }
});

test('frozen lists (kept plans, memoized group values) give the rows of the same lists unfrozen, on every pass', () => {
  const lists = candidateLists();
  for (const transform of VALUE_TRANSFORMS) {
    const fx = new FeatureExtractor({ ...parts, templates, transform });
    for (let pass = 0; pass < 2; pass++) {
      d2.documents.forEach((doc, di) => {
        const df = fx.document(doc);
        doc.sentences.forEach((s, si) => s.tokens.forEach((_, ti) => {
          const { plain, frozen } = lists[di][si][ti];
          assert.deepEqual(df.token(si, ti, frozen), df.token(si, ti, plain), `${transform} pass ${pass} doc ${di} s${si} t${ti}`);
        }));
      });
    }
  }
});

test('a memo too small for the keys replaces entries, and the values stay exact', () => {
  const fx = new FeatureExtractor({ ...parts, templates, transform: 'log1p' });
  const small = new GroupMemo(8);
  fx.memoStore = small;
  const lists = candidateLists();
  for (let pass = 0; pass < 2; pass++) {
    d2.documents.forEach((doc, di) => {
      const df = fx.document(doc);
      doc.sentences.forEach((s, si) => s.tokens.forEach((_, ti) => {
        const { plain, frozen } = lists[di][si][ti];
        assert.deepEqual(df.token(si, ti, frozen), df.token(si, ti, plain));
      }));
    });
  }
  assert.equal(small.values.length, 8 * MEMO_WIDTH);
});

test('GroupMemo: a key is found where it was claimed, the older of two slots is replaced, ids are exact', () => {
  const m = new GroupMemo(2);
  const free = m.find(1, 0, 5, 7);
  assert.ok(free < 0);
  m.claim(~free, 1, 0, 5, 7);
  assert.equal(m.find(1, 0, 5, 7), ~free);
  const other = m.find(2, 0, 5, 7);
  assert.ok(other < 0 && ~other !== ~free, 'the empty slot of the pair');
  m.claim(~other, 2, 0, 5, 7);
  m.find(1, 0, 5, 7); // plan 1 used last: plan 2's slot is the older
  assert.equal(~m.find(3, 1, 5, 7), ~other);
  assert.ok(m.find(2 ** 40 + 1, 0, 5, 7) < 0, 'a plan id is compared exactly, not modulo 2³²');
  const none = new GroupMemo(4);
  none.claim(~none.find(1, 1, -1, -1), 1, 1, -1, -1);
  assert.ok(none.find(1, 1, -1, -1) >= 0);
  for (const [g, w, c] of [[2, -1, -1], [1, 0, -1], [1, -1, 0], [0, -1, -1], [1, 2 ** 31 - 1, -1]])
    assert.ok(none.find(1, g, w, c) < 0, `group ${g}, word ${w}, context ${c} is another key`);
  assert.throws(() => new GroupMemo(6), UsageError);
});
