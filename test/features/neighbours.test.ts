import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Candidate, Document, Token } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import {
  LABEL_BOS, LABEL_EOS, LABEL_ID_OFFSET, NO_LABEL, contextLabelOf, goldLabels, labelContextIds, withContextLabels,
} from '../../features/neighbours.js';
import { Vocab } from '../../features/vocab.js';

function cand(lemma: string, morph: string): Candidate {
  return { key: labelKey(lemma, morph), lemma, morph, voc: '', gloss: '', elements: { ...emptyElements(), lemma }, source: 'analyzer' };
}
function tok(lookup: string, cands: Candidate[], gold: number): Token {
  return { form: lookup, lookup, arabic: cands.length > 0, candidates: cands, gold };
}

const A = cand('a', 'N');
const B = cand('b', 'V');
const C = cand('c', 'ADJ');
const doc: Document = {
  id: 'd',
  sentences: [
    { id: 's1', tokens: [tok('x', [A, B], 0), tok('.', [], -1), tok('y', [B, C], 1)] },
    { id: 's2', tokens: [tok('z', [C, A], 1)] },
  ],
};

test('context labels: gold by default, explicit when set (null = no label)', () => {
  assert.equal(contextLabelOf(doc.sentences[0].tokens[0]), A.key);
  assert.equal(contextLabelOf(doc.sentences[0].tokens[1]), null);
  assert.deepEqual(goldLabels(doc), [[A.key, null, C.key], [A.key]]);
  const pred = withContextLabels(doc, [[B.key, null, null], [C.key]]);
  assert.equal(contextLabelOf(pred.sentences[0].tokens[0]), B.key);
  assert.equal(contextLabelOf(pred.sentences[0].tokens[2]), null);
  assert.equal(pred.sentences[0].tokens[0].gold, 0, 'gold marks are kept');
  assert.equal(contextLabelOf(doc.sentences[0].tokens[0]), A.key, 'the original is not changed');
  assert.throws(() => withContextLabels(doc, [[null]]), UsageError);
  assert.throws(() => withContextLabels(doc, [[null], [null]]), UsageError);
});

test('prevLabel / nextLabel ids: sentence edges, no label, known and unknown labels', () => {
  const vocab = new Vocab();
  const a = vocab.intern('label', A.key);
  const c = vocab.intern('label', C.key);
  const { prevLabel, nextLabel } = labelContextIds([doc], vocab, 4);
  assert.deepEqual([...prevLabel], [LABEL_BOS, a + LABEL_ID_OFFSET, NO_LABEL, LABEL_BOS]);
  assert.deepEqual([...nextLabel], [NO_LABEL, c + LABEL_ID_OFFSET, LABEL_EOS, LABEL_EOS]);
  const pred = withContextLabels(doc, [[B.key, null, A.key], [C.key]]);
  const p = labelContextIds([pred], vocab, 4);
  assert.deepEqual([...p.prevLabel], [LABEL_BOS, -1, NO_LABEL, LABEL_BOS], 'B was never seen: unknown');
  assert.deepEqual([...p.nextLabel], [NO_LABEL, a + LABEL_ID_OFFSET, LABEL_EOS, LABEL_EOS]);
  assert.throws(() => labelContextIds([doc], vocab, 5), UsageError);
});
