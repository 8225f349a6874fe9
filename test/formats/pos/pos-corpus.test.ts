import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../src/config.js';
import { CorpusError, UsageError } from '../../../src/errors.js';
import type { Token } from '../../../src/corpus/types.js';
import { emptyElements, LABEL_ELEMENTS, type LabelElements } from '../../../src/labels/elements.js';
import { corpusToPos, posToCorpus, readPosFile, requireGold, writePosFile } from '../../../src/formats/pos/pos.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'formats');
const fixture = (name: string) => readFileSync(join(FIX, name), 'utf-8');

/** A stand-in factorizer, so these tests do not depend on the real one's rules. */
let calls = 0;
const fake = (lemma: string, morph: string): LabelElements => {
  calls++;
  return { ...emptyElements(), lemma, pos: morph.split('+').at(-1) ?? '' };
};

const goldCorpus = () => posToCorpus(readPosFile(fixture('gold.pos'), 'gold.pos'), { factorize: fake });

test('posToCorpus: documents and sentences from ;;; DOCUMENT and INDEX paragraphs', () => {
  const c = goldCorpus();
  assert.equal(c.source, 'gold.pos');
  assert.deepEqual(
    c.documents.map((d) => [d.id, d.sentences.map((s) => [s.id, s.tokens.map((t) => t.form)])]),
    [
      ['news-1', [['news-1/1', ['كتبت', 'الرسالة', '.']], ['news-1/2', ['شولمان', 'تدوينة']]]],
      ['news-2', [['news-2/1', ['في', 'الخاصة', 'نايتلي']]]],
    ],
  );
});

test('posToCorpus: candidates, gold, non-Arabic tokens, alternatives, dedup, notes', () => {
  const [s1, s2] = goldCorpus().documents[0].sentences;
  const [ktbt, rsAlp, dot] = s1.tokens;
  assert.equal(ktbt.arabic, true);
  assert.equal(ktbt.lookup, 'ktbt');
  assert.deepEqual(ktbt.index, { paragraph: 1, word: 1 });
  assert.equal(ktbt.gold, 0);
  assert.equal(ktbt.note, undefined);
  assert.deepEqual(ktbt.candidates[0], {
    key: 'katab-u_1\tkatab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S', lemma: 'katab-u_1', morph: 'katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S',
    voc: 'katabotu', gloss: ' + write + I <verb>', elements: { ...emptyElements(), lemma: 'katab-u_1', pos: 'tu/PVSUFF_SUBJ:1S' },
    source: 'analyzer', solutionNo: 1,
  });
  assert.equal(rsAlp.gold, 1);
  assert.equal(rsAlp.note, 'checked by annotator 2');
  assert.deepEqual([dot.arabic, dot.lookup, dot.candidates, dot.gold], [false, '.', [], -1]);
  const [notFound, alt] = s2.tokens;
  assert.deepEqual(
    [notFound.arabic, notFound.candidates.length, notFound.gold, notFound.note],
    [true, 0, -1, undefined],
  );
  assert.deepEqual(alt.candidates.map((c) => [c.lemma, c.solutionNo]), [['tadowiyn_1', 1], ['dawaY-i_1', 2]]);
  assert.equal(alt.gold, 0);

  const [fy, xAS, unmatched] = goldCorpus().documents[1].sentences[0].tokens;
  assert.deepEqual(fy.candidates.map((c) => [c.lemma, c.gloss, c.solutionNo]), [['fiy_1', ' + in + ', 1], ['', '', 3]]);
  assert.equal(fy.gold, 1);
  // Solution 2 repeats solution 1's label (lemma with trailing spaces, trimmed): merged, the star follows.
  assert.deepEqual(xAS.candidates.map((c) => [c.key, c.solutionNo]), [
    ['xAS~_1\tAl/DET+xAS~/ADJ+ap/NSUFF_FEM_SG', 1],
    ['xAS~ap_1\tAl/DET+xAS~/NOUN+ap/NSUFF_FEM_SG', 3],
  ]);
  assert.equal(xAS.gold, 0);
  assert.equal(unmatched.goldUnmatched, true);
  assert.equal(unmatched.candidates[0].source, 'gold');
  assert.equal(unmatched.gold, 0);
});

test('posToCorpus: the default factorizer gives every label element; an injected one is used', () => {
  const before = calls;
  goldCorpus();
  assert.ok(calls > before);
  const c = posToCorpus(readPosFile(fixture('gold.pos'), 'gold.pos'));
  const el = c.documents[0].sentences[0].tokens[0].candidates[0].elements;
  assert.deepEqual(Object.keys(el).sort(), [...LABEL_ELEMENTS].sort());
  assert.equal(el.lemma, 'katab-u_1');
});

test('posToCorpus: a file without INDEX lines is one sentence per document', () => {
  const c = posToCorpus(readPosFile(fixture('bama.pos'), 'bama.pos'), { factorize: fake });
  assert.deepEqual(c.documents.map((d) => [d.id, d.sentences.map((s) => [s.id, s.tokens.length])]), [['doc1', [['doc1/1', 3]]]]);
  assert.throws(() => requireGold(c), (err: unknown) => err instanceof CorpusError && err.message === 'no gold marks (* SOLUTION) in bama.pos' && err.file === 'bama.pos');
  assert.equal(requireGold(goldCorpus()).source, 'gold.pos');
});

test('corpus → pos → corpus keeps the corpus; the written file is a fixed point', () => {
  const c = goldCorpus();
  const text = writePosFile(corpusToPos(c));
  const again = posToCorpus(readPosFile(text, 'gold.pos'), { factorize: fake });
  assert.deepEqual(again, c);
  assert.equal(writePosFile(corpusToPos(again)), text);
  assert.match(text, /^;;; DOCUMENT: news-1\n/);
  assert.match(text, /INPUT STRING: نايتلي\nLOOK-UP WORD: nAytly\n {5}Comment: nAytly NOT FOUND\n {5}Comment: lexdis: gold label not among/);
});

test('corpusToPos: INDEX renumbered when tokens have none; one-sentence documents stay unindexed', () => {
  const c = goldCorpus();
  for (const { sentences } of c.documents) for (const s of sentences) for (const t of s.tokens) delete t.index;
  const pos = corpusToPos(c);
  assert.deepEqual(
    pos.documents[0].tokens.map((t) => t.index),
    [
      { paragraph: 1, word: 1 },
      { paragraph: 1, word: 2 },
      { paragraph: 1, word: 3 },
      { paragraph: 2, word: 1 },
      { paragraph: 2, word: 2 },
    ],
  );
  assert.ok(pos.documents[1].tokens.every((t) => t.index === undefined));
});

test('corpusToPos: scores, star on the best candidate, score order, no gold', () => {
  const c = goldCorpus();
  const scores = (t: Token) => t.candidates.map((_, i) => (t.form === 'كتبت' ? [0.1, 0.71234][i] : -i));
  const ranked = corpusToPos(c, { scores, markTop: true, order: 'score' });
  const ktbt = ranked.documents[0].tokens[0];
  assert.deepEqual(ktbt.solutions.map((s) => [s.n, s.gold, s.score]), [[2, true, 0.7123], [1, false, 0.1]]);
  const text = writePosFile(ranked);
  assert.match(text, /\* SOLUTION 2: \(katabat\) \[katab-u_1\] katab\/VERB_PERFECT\+at\/PVSUFF_SUBJ:3FS\n {5}\(GLOSS\): [^\n]*\n {5}\(SCORE\): 0\.7123\n/);
  // The gold-only candidate is not analyzer output: dropped when gold is not kept.
  const unmatched = ranked.documents[1].tokens[2];
  assert.deepEqual([unmatched.solutions, unmatched.comments], [[], ['nAytly NOT FOUND']]);
  const plain = corpusToPos(c, { keepGold: false });
  assert.ok(
    plain.documents.every((d) => d.tokens.every((t) => t.solutions.every((s) => !s.gold && s.score === undefined))),
  );
  assert.throws(() => corpusToPos(c, { markTop: true }), UsageError);
  assert.throws(() => corpusToPos(c, { markTop: true, keepGold: true, scores }), UsageError);
  assert.throws(() => corpusToPos(c, { scores: () => [1] }), UsageError);
});
