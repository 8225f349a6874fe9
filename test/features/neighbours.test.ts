import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Candidate, Corpus, Document, Token } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import {
  LABEL_BOS, LABEL_EOS, LABEL_ID_OFFSET, NO_LABEL, contextLabelOf, goldLabels, labelContextIds, withContextLabels,
} from '../../features/neighbours.js';
import { Vocab } from '../../features/vocab.js';
import { BetaTable } from '../../features/beta.js';
import { DocTables } from '../../features/ztf-tables.js';
import { encodeCorpus } from '../../features/encode.js';
import { FeatureExtractor } from '../../features/extract.js';
import { SeenLexicon, candidatesFor } from '../../features/seen-labels.js';
import { countAll } from '../../features/tally.js';
import { isLocalTemplate, resolveFeatureSet, templateName, type Template } from '../../features/templates.js';
import type { ValueTransform } from '../../features/transform.js';
import { PAPER_TARGETS, TARGETS } from '../../src/labels/elements.js';
import { partitionCorpus } from '../../training/partition.js';
import { compareCounts, referenceCounts, referenceFeatures } from './reference.js';
import { syntheticCorpus } from '../../testkit/synthetic-corpus.js';

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

/** β* over D1 and an extractor, as stage one builds them (counting in this thread). */
function stageOne(d1: Corpus, templates: Template[], transform: ValueTransform) {
  const vocab = new Vocab();
  const enc = encodeCorpus(d1, vocab, { mode: 'intern' });
  const counts = BetaTable.fromBlocks(countAll(enc, templates, { word: vocab.size('word'), letter: vocab.size('letter'), values: TARGETS.map((t) => vocab.size(t)) }));
  const lexicon = SeenLexicon.build(d1, vocab);
  vocab.freeze();
  return {
    vocab,
    counts,
    lexicon,
    fx: new FeatureExtractor({ templates, vocab, counts, doc: DocTables.build(enc, vocab, []), transform }),
  };
}

test('neighbour-label β* (gold labels of D1) equals brute-force counting; encodings without labels are unknown', () => {
  const corpus = syntheticCorpus({ seed: 21, tokens: 2500, wordTypes: 200, candidates: 5, docTokens: 80 });
  const templates = resolveFeatureSet('nbr');
  assert.equal(templates.length, PAPER_TARGETS.length * 4);
  const { vocab, counts } = stageOne(corpus, templates, 'raw');
  assert.deepEqual(compareCounts(counts, referenceCounts(corpus, templates), vocab), []);
  const plain = encodeCorpus(corpus, vocab, { mode: 'lookup', gold: false });
  assert.ok(plain.prevLabel.every((x) => x === -1) && plain.nextLabel.every((x) => x === -1));
  const withGold = encodeCorpus(corpus, vocab, { mode: 'lookup' });
  assert.ok(withGold.prevLabel.some((x) => x >= LABEL_ID_OFFSET));
});

test('neighbour-label features: z equals the reference with gold and with predicted context labels', () => {
  const corpus = syntheticCorpus({ seed: 22, tokens: 2000, wordTypes: 150, candidates: 4, docTokens: 100 });
  const { d1, d2 } = partitionCorpus(corpus, { d2Share: 0.2, seed: 3 });
  const templates = resolveFeatureSet('full+nbr').filter((t) => t.word !== 'doc');
  const nbrColumns = templates.flatMap((t, j) => (isLocalTemplate(t) && (t.context === 'prevLabel' || t.context === 'nextLabel') ? [j] : []));
  let nonzero = 0;
  for (const transform of ['log1p', 'rel'] as const) {
    const { lexicon, fx } = stageOne(d1, templates, transform);
    assert.ok(fx.labelContexts);
    for (const raw of d2.documents) {
      // Predicted labels: each token's last candidate (often wrong, sometimes unseen in D1).
      for (const doc of [
        withContextLabels(raw, goldLabels(raw)),
        withContextLabels(
          raw,
          raw.sentences.map((s) => s.tokens.map((t) => t.candidates.at(-1)?.key ?? null)),
        ),
      ]) {
        const cands = (s: number, i: number) => candidatesFor(doc.sentences[s].tokens[i], lexicon);
        const ref = referenceFeatures(d1, doc, templates, transform, cands);
        const df = fx.document(doc);
        doc.sentences.forEach((sent, s) =>
          sent.tokens.forEach((_, i) => {
            const z = df.token(s, i, cands(s, i));
            for (let x = 0; x < z.length; x++)
              if (z[x] !== ref[s][i][x])
                assert.fail(
                  `${transform} ${doc.id} s${s} t${i} ${templateName(templates[x % fx.p])}: ${z[x]} ≠ ${ref[s][i][x]}`,
                );
            for (let x = 0; x < z.length; x++) if (nbrColumns.includes(x % fx.p) && z[x] !== 0) nonzero++;
          }),
        );
      }
    }
  }
  assert.ok(nonzero > 1000, `${nonzero} non-zero neighbour-label values`);
});
