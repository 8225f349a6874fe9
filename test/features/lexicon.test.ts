import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeCorpus } from '../../features/encode.js';
import { SeenLexicon, candidatesFor, goldIndexIn } from '../../features/lexicon.js';
import { Vocab } from '../../features/vocab.js';
import { ModelFormatError } from '../../src/errors.js';
import { cand, tinyCorpus, tinyTestDocument } from './fixture.js';

function build() {
  const corpus = tinyCorpus();
  const vocab = new Vocab();
  encodeCorpus(corpus, vocab, { mode: 'intern' });
  return { corpus, vocab: vocab.freeze(), lex: SeenLexicon.build(corpus, vocab) };
}

test('seen labels per word, in label-id order; label table from gold candidates', () => {
  const { vocab, lex } = build();
  const keys = (w: string) => Array.from(lex.seenFor(w), (id) => lex.labels[id].key);
  assert.deepEqual(keys('ktb'), ['katab-u_1\tkatab/PV+a/PVSUFF_SUBJ:3MS', 'kitAb_1\tkutub/NOUN+u/CASE_DEF_NOM', 'katob_1\tkatob/NOUN']);
  assert.deepEqual(keys('byt'), ['bayot_1\tbayot/NOUN+i/CASE_DEF_GEN', 'bayot_1\tbayot/NOUN+a/CASE_DEF_ACC']);
  assert.deepEqual(keys('.'), []);
  assert.deepEqual(keys('mdrsp'), []);
  assert.equal(lex.size, vocab.size('label'));
  const kutub = lex.labels[vocab.get('label', 'kitAb_1\tkutub/NOUN+u/CASE_DEF_NOM')];
  assert.equal(kutub.elements.case, 'NOM');
  assert.equal(kutub.voc, 'kutub');
});

test('candidatesFor: analyzer candidates first, then unseen-by-analyzer labels with source train; no duplicates', () => {
  const { corpus, lex } = build();
  const test1 = tinyTestDocument().documents[0].sentences[0].tokens[0]; // ktb: katab, katob, katab-i_9
  const c = candidatesFor(test1, lex);
  assert.deepEqual(c.map((x) => [x.lemma, x.source]), [
    ['katab-u_1', 'analyzer'], ['katob_1', 'analyzer'], ['katab-i_9', 'analyzer'], ['kitAb_1', 'train'],
  ]);
  // The 'gold' candidate is not carried over; the seen label replaces it.
  const unmatched = corpus.documents[2].sentences[0].tokens[1];
  const c2 = candidatesFor(unmatched, lex);
  assert.deepEqual(c2.map((x) => x.source), ['analyzer', 'train']);
  assert.equal(goldIndexIn(unmatched, c2), 1);
  assert.equal(goldIndexIn(test1, c), -1);
  // An unseen word keeps its analyzer candidates only.
  const mdrsp = tinyTestDocument().documents[0].sentences[0].tokens[2];
  assert.deepEqual(candidatesFor(mdrsp, lex), mdrsp.candidates);
  // Seen-label candidates are shared objects.
  assert.equal(candidatesFor(test1, lex)[3], c[3]);
  assert.equal(cand('a', 'b').source, 'analyzer');
});

test('toJSON / load round trip and damage checks', () => {
  const { vocab, lex } = build();
  const json = JSON.parse(JSON.stringify(lex.toJSON()));
  const back = SeenLexicon.load(json, vocab);
  assert.deepEqual(back.toJSON(), lex.toJSON());
  assert.deepEqual(back.labels, lex.labels);
  assert.deepEqual(Array.from(back.seenFor('ktb')), Array.from(lex.seenFor('ktb')));
  assert.throws(() => SeenLexicon.load({ ...json, kind: 'x' }, vocab), ModelFormatError);
  assert.throws(() => SeenLexicon.load({ ...json, labelIds: [...json.labelIds, 0] }, vocab), ModelFormatError);
  assert.throws(() => SeenLexicon.load({ ...json, labels: json.labels.slice(1) }, vocab), ModelFormatError);
  const swapped = [json.labels[1], json.labels[0], ...json.labels.slice(2)];
  assert.throws(() => SeenLexicon.load({ ...json, labels: swapped }, vocab), ModelFormatError);
});
