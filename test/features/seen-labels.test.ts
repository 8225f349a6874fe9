import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeCorpus } from '../../features/encode.js';
import { SeenLexicon, candidatesFor, goldIndexIn } from '../../features/seen-labels.js';
import { labelReading, UNKNOWN_GLOSS } from '../../features/label-reading.js';
import { BACKOFF_GLOSS } from '../../src/analyzer/backoff.js';
import type { Candidate, Corpus, Token } from '../../src/corpus/types.js';
import { Vocab } from '../../features/vocab.js';
import { LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { ModelFormatError } from '../../src/errors.js';
import { cand, tinyCorpus, tinyTestDocument } from './fixture.js';

function build() {
  const corpus = tinyCorpus();
  const vocab = new Vocab();
  encodeCorpus(corpus, vocab, { mode: 'intern' });
  return { corpus, vocab: vocab.freeze(), lex: SeenLexicon.build(corpus, vocab) };
}

/** Fields of a saved row (6 fixed, then the label elements). */
const ROW_LENGTH = 6 + LABEL_ELEMENTS.length;

/** Every label of a lexicon, by id. */
const labelsOf = (l: SeenLexicon) => Array.from({ length: l.size }, (_, id) => l.label(id));

test('seen labels per word, in label-id order; label table from gold candidates', () => {
  const { vocab, lex } = build();
  const keys = (w: string) => Array.from(lex.seenFor(w), (id) => lex.label(id).key);
  assert.deepEqual(keys('ktb'), ['katab-u_1\tkatab/PV+a/PVSUFF_SUBJ:3MS', 'kitAb_1\tkutub/NOUN+u/CASE_DEF_NOM', 'katob_1\tkatob/NOUN']);
  assert.deepEqual(keys('byt'), ['bayot_1\tbayot/NOUN+i/CASE_DEF_GEN', 'bayot_1\tbayot/NOUN+a/CASE_DEF_ACC']);
  assert.deepEqual(keys('.'), []);
  assert.deepEqual(keys('mdrsp'), []);
  assert.equal(lex.size, vocab.size('label'));
  const kutub = lex.label(vocab.get('label', 'kitAb_1\tkutub/NOUN+u/CASE_DEF_NOM'));
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

test('the saved form (version 3: a pool of strings and rows of their numbers) loads back the same lexicon; damage is a ModelFormatError', () => {
  const { vocab, lex } = build();
  const parts = lex.toParts();
  assert.equal(parts.json.version, 3);
  assert.ok(parts.binary.stringEnds.length < parts.binary.rows.length, 'repeated fields are stored once');
  const back = SeenLexicon.load(JSON.parse(JSON.stringify(parts.json)), vocab, parts.binary);
  assert.deepEqual(labelsOf(back), labelsOf(lex));
  assert.deepEqual(back.toJSON(), lex.toJSON());
  assert.deepEqual(Array.from(back.seenFor('ktb')), Array.from(lex.seenFor('ktb')));
  const b = parts.binary;
  assert.throws(() => SeenLexicon.load(parts.json, vocab, { ...b, rows: b.rows.subarray(1) }), ModelFormatError);
  assert.throws(() => SeenLexicon.load(parts.json, vocab, { ...b, stringEnds: undefined }), ModelFormatError);
  const rows = b.rows.slice();
  [rows[0], rows[ROW_LENGTH]] = [rows[ROW_LENGTH], rows[0]];
  assert.throws(() => SeenLexicon.load(parts.json, vocab, { ...b, rows }), ModelFormatError, 'keys swapped');
  const far = b.rows.slice();
  far[1] = 1e6;
  assert.throws(() => SeenLexicon.load(parts.json, vocab, { ...b, rows: far }).label(0), ModelFormatError, 'a field outside the pool');
});

test('toJSON / load round trip and damage checks', () => {
  const { vocab, lex } = build();
  const json = JSON.parse(JSON.stringify(lex.toJSON()));
  const back = SeenLexicon.load(json, vocab);
  assert.deepEqual(back.toJSON(), lex.toJSON());
  // version 1 (no reading field) is still read: every reading borrowed
  const v1 = { ...json, version: 1, labels: json.labels.map((row: string[]) => [...row.slice(0, 5), ...row.slice(6)]) };
  const old = SeenLexicon.load(v1, vocab);
  assert.ok(labelsOf(old).every((l) => !l.ownReading));
  assert.ok(labelsOf(old).every((_, id) => old.candidate(id).borrowedReading === true));
  assert.deepEqual(labelsOf(old).map((l) => l.elements), labelsOf(lex).map((l) => l.elements));
  assert.throws(() => SeenLexicon.load({ ...json, version: 3 }, vocab), ModelFormatError, 'version 3 without its binary parts');
  assert.throws(() => SeenLexicon.load({ ...json, version: 4 }, vocab), ModelFormatError);
  // the table's readings: an analyzer label's is its own (no borrowedReading on its candidate)
  const ownId = labelsOf(lex).findIndex((l) => l.ownReading);
  assert.ok(ownId >= 0);
  assert.equal(lex.candidate(ownId).borrowedReading, undefined);
  assert.deepEqual(labelsOf(back), labelsOf(lex));
  assert.deepEqual(Array.from(back.seenFor('ktb')), Array.from(lex.seenFor('ktb')));
  assert.throws(() => SeenLexicon.load({ ...json, kind: 'x' }, vocab), ModelFormatError);
  assert.throws(() => SeenLexicon.load({ ...json, labelIds: [...json.labelIds, 0] }, vocab), ModelFormatError);
  assert.throws(() => SeenLexicon.load({ ...json, labels: json.labels.slice(1) }, vocab), ModelFormatError);
  const swapped = [json.labels[1], json.labels[0], ...json.labels.slice(2)];
  assert.throws(() => SeenLexicon.load({ ...json, labels: swapped }, vocab), ModelFormatError);
  // a row's fields are checked when its label is first asked for
  const damaged = SeenLexicon.load(
    { ...json, labels: [[json.labels[0][0], ...json.labels[0].slice(1, -1), 7], ...json.labels.slice(1)] },
    vocab,
  );
  assert.throws(() => damaged.label(0), ModelFormatError);
  assert.deepEqual(damaged.label(1), lex.label(1));
});

test('a label no analyzer gave is shown with its closest analyzer candidate\'s vocalization and gloss', () => {
  const verb = { pos: 'VERB', dpos: 'PERF', persuf: '3', numsuf: 'S', gensuf: 'F' };
  const active = { ...cand('waqaE-a_1', 'waqaE/VERB_PERFECT+at/PVSUFF_SUBJ:3FS', verb), voc: 'waqaEat', gloss: 'fall' };
  const first = { ...cand('waqaE-a_1', 'waqaE/VERB_PERFECT+tu/PVSUFF_SUBJ:1S', { ...verb, persuf: '1', gensuf: '' }), voc: 'waqaEotu' };
  const sign = { ...cand('waq~aE_1', 'waq~aE/VERB_PERFECT+at/PVSUFF_SUBJ:3FS', verb), voc: 'waq~aEat', gloss: 'sign' };
  const gold = { ...cand('waqa~E_1', 'wqEt/VERB_PERFECT+/PVSUFF_SUBJ:3FS', verb, 'gold'), voc: 'wqEt', gloss: '' };
  const token = (g: number, extra: Candidate[] = []) =>
    ({ form: 'wqEt', lookup: 'wqEt', arabic: true, candidates: [first, active, sign, ...extra], gold: g });
  assert.deepEqual(labelReading(token(3, [gold]), gold), { voc: 'waq~aEat', gloss: 'sign', quality: 2 }, 'same lemma up to the shadda\'s place');
  const fell = { ...gold, lemma: 'waqaE-a_1', key: 'waqaE-a_1\tx' };
  assert.deepEqual(labelReading(token(3, [fell]), fell).voc, 'waqaEat', 'same lemma: the most elements in common');
  const other = { ...gold, lemma: 'xyz_1', key: 'xyz_1\tx', gloss: 'from the treebank' };
  assert.deepEqual(labelReading(token(3, [other]), other), { voc: 'wqEt', gloss: 'from the treebank', quality: 0 }, 'no other lemma\'s reading');
  const alone = { form: 'wqEt', lookup: 'wqEt', arabic: true, candidates: [gold], gold: 0 };
  assert.deepEqual(labelReading(alone, gold), { voc: 'wqEt', gloss: UNKNOWN_GLOSS, quality: 0 });
  const name = { ...cand('bwtyn_0', 'wa/CONJ+bwtyn/NOUN_PROP', { pre1: 'wa', pos: 'NOUN', dpos: 'PROP' }, 'gold'), voc: 'wbwtyn', gloss: '' };
  assert.deepEqual(labelReading({ ...alone, candidates: [name] }, name), { voc: 'wabwtyn', gloss: BACKOFF_GLOSS, quality: 0 }, 'the clitics\' vowels');
  const contracted = { ...name, morph: 'li/PREP+Al/DET+bwtyn/NOUN_PROP', voc: 'llbwtyn' };
  assert.equal(labelReading({ ...alone, candidates: [contracted] }, contracted).voc, 'llbwtyn', 'forms that do not spell the word are not used');
  assert.deepEqual(labelReading(token(1), active), { voc: 'waqaEat', gloss: 'fall', quality: 3 });
  // a verb's reading is no noun's: كتبها the noun (books) does not borrow katabahA "he wrote it"
  const wrote = { ...cand('katab-u_1', 'katab/VERB_PERFECT+hA/PVSUFF_DO:3FS', verb), voc: 'katabahA', gloss: 'write' };
  const books = { ...cand('kitAb_1', 'ktb/NOUN+hA/POSS_PRON_3FS', { pos: 'NOUN' }, 'gold'), lemma: 'katab-u_1', voc: 'ktbhA', gloss: '' };
  const booksToken = { form: 'ktbhA', lookup: 'ktbhA', arabic: true, candidates: [wrote, books], gold: 1 };
  assert.equal(labelReading(booksToken, books).voc, 'ktbhA');
  // no candidate of the lemma: the candidates that are the label but for the lemma (and the case it
  // leaves open), when they agree
  const adj = { pos: 'ADJ', det: 'DET' };
  const ula = (c: string, v: string) => ({ ...cand('>uwlaY_1', `Al/DET+>uwlaY/ADJ+${v}/CASE_DEF_${c}`, { ...adj, case: c }), voc: `Al>uwlaY${v}`, gloss: 'first' });
  const pudUla = { ...cand('>awa~l_2', 'Al/DET+>wlY/ADJ', adj, 'gold'), voc: 'Al>wlY', gloss: '' };
  const ulaToken = { form: 'Al>wlY', lookup: 'Al>wlY', arabic: true, candidates: [ula('NOM', 'u'), ula('GEN', 'i'), pudUla], gold: 2 };
  assert.deepEqual(labelReading(ulaToken, pudUla), { voc: 'Al>uwlaY', gloss: 'first', quality: 1 });
  const juzur = { ...cand('jazor_1', 'juzur/NOUN', { pos: 'NOUN' }), voc: 'juzur', gloss: 'islands' };
  const jazr = { ...cand('jazor_2', 'jazor/NOUN', { pos: 'NOUN' }), voc: 'jazor', gloss: 'ebb' };
  const pudJzr = { ...cand('jaziyrap_1', 'jzr/NOUN', { pos: 'NOUN' }, 'gold'), voc: 'jzr', gloss: '' };
  const jzrToken = { form: 'jzr', lookup: 'jzr', arabic: true, candidates: [juzur, jazr, pudJzr], gold: 2 };
  assert.equal(labelReading(jzrToken, pudJzr).voc, 'jzr', 'two readings are none');
  // a gold label with vowels of its own (the projection's backoff reading of a name): its own, not a same-lemma verb's
  const fb = { ...cand('sab~-u_1', 'fa/CONJ+ya/IV3MP+sub~/VERB_IMPERFECT+uw/IVSUFF_SUBJ:3MP_MOOD:SJ+ka/IVSUFF_DO:2MS', verb), voc: 'fayasub~uwka', gloss: 'curse' };
  const named = { ...cand('sab~-u_1', 'fysbwk/NOUN_PROP', { pos: 'NOUN', dpos: 'PROP' }, 'gold'), voc: 'fiysbuwk', gloss: ' + [name not in the lexicon] + ' };
  const fbToken = { form: 'fysbwk', lookup: 'fysbwk', arabic: true, candidates: [fb, named], gold: 1 };
  assert.deepEqual(labelReading(fbToken, named), { voc: 'fiysbuwk', gloss: ' + [name not in the lexicon] + ', quality: 3 });

  // In the table: the best reading of every occurrence, whatever the order.
  const doc = (id: string, t: Token) => ({ id, sentences: [{ id: `${id}/1`, tokens: [t] }] });
  const own = { ...cand('waqa~E_1', 'wqEt/VERB_PERFECT+/PVSUFF_SUBJ:3FS', verb), voc: 'wuqiEat', gloss: 'happen' };
  for (const docs of [[doc('a', token(3, [gold])), doc('b', token(3, [own]))], [doc('b', token(3, [own])), doc('a', token(3, [gold]))]]) {
    const corpus: Corpus = { documents: docs };
    const vocab = new Vocab();
    encodeCorpus(corpus, vocab, { mode: 'intern' });
    const lex = SeenLexicon.build(corpus, vocab.freeze());
    const entry = lex.label(vocab.get('label', gold.key));
    assert.deepEqual([entry.voc, entry.gloss], ['wuqiEat', 'happen']);
  }
  const corpus: Corpus = { documents: [doc('a', token(3, [gold]))] };
  const vocab = new Vocab();
  encodeCorpus(corpus, vocab, { mode: 'intern' });
  const lex = SeenLexicon.build(corpus, vocab.freeze());
  const c = lex.candidate(vocab.get('label', gold.key));
  assert.deepEqual([c.voc, c.gloss, c.source], ['waq~aEat', 'sign', 'train']);
});
