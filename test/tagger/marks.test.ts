import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { goldIndices, setGolds, type Candidate, type Document, type Token } from '../../src/corpus/types.js';
import { emptyElements, labelKey } from '../../src/labels/elements.js';
import { agreesWithMarks, candidatesAgreeing, constrainToMarks, hasMarks } from '../../src/tagger/marks.js';
import { fromBuckwalter, stripBwDiacritics } from '../../src/script/buckwalter.js';

const cand = (voc: string, lemma = voc): Candidate => ({
  key: labelKey(lemma, `${voc}/X`), lemma, morph: `${voc}/X`, voc, gloss: '', elements: emptyElements(), source: 'analyzer',
});
const token = (bw: string, vocs: string[], gold = -1): Token => ({
  form: fromBuckwalter(bw), lookup: stripBwDiacritics(bw), arabic: true, candidates: vocs.map((v) => cand(v)), gold,
});
const kept = (bw: string, vocs: string[]) => candidatesAgreeing(token(bw, vocs)).map((c) => c.voc);

test('marks typed keep the candidates that agree with them', () => {
  const vocs = ['waqaEat', 'waq~aEat', 'wuqiEat'];
  assert.deepEqual(kept('wqEt', vocs), vocs, 'no marks: all');
  assert.deepEqual(kept('waq~aEat', vocs), ['waq~aEat']);
  assert.deepEqual(kept('wq~Et', vocs), ['waq~aEat'], 'a shadda alone');
  assert.deepEqual(kept('waqaEat', vocs), ['waqaEat'], 'a vowel without shadda where a candidate has one');
  assert.deepEqual(kept('wuqEt', vocs), ['wuqiEat'], 'one vowel is enough');
  assert.deepEqual(kept('wqEato', vocs), vocs, 'sukun where the candidates leave the letter bare');
  assert.deepEqual(kept('wiqEt', vocs), vocs, 'none agrees: all kept');
});

test('no sun-letter shadda and no different letters count against a candidate', () => {
  assert.ok(agreesWithMarks(fromBuckwalter('Alr~isAlap'), 'AlrisAlap'), 'the lexicon writes no shadda after the article');
  assert.ok(agreesWithMarks(fromBuckwalter('Alrisalap'), 'Alr~isAlap'));
  assert.ok(agreesWithMarks(fromBuckwalter('Aakobaru'), '>akobaru'), 'hamza seat differs, marks agree');
  assert.ok(!agreesWithMarks(fromBuckwalter('Akubaru'), '>akobaru'));
  assert.ok(agreesWithMarks(fromBuckwalter('kataba'), 'kataboti'), 'another number of letters is not judged');
  assert.ok(agreesWithMarks('كَتَبَ', 'katab'), 'a bare letter in the vocalization agrees with any mark');
  assert.ok(agreesWithMarks('هٰذا', 'h`*A'), 'dagger alif ignored');
  assert.equal(hasMarks('كتب'), false);
  assert.equal(hasMarks('كَتب'), true);
  assert.equal(hasMarks('كتـب'), false, 'tatweel is no mark');
});

test('constrainToMarks: only marked words change; the gold index follows the key; the word is never altered', () => {
  const doc: Document = { id: 'd', sentences: [{ id: 'd/1', tokens: [token('wqEt', ['waqaEat', 'waq~aEat'], 1), token('waq~aEat', ['waqaEat', 'waq~aEat'], 1), token('waqaEat', ['waqaEat', 'waq~aEat'], 1)] }] };
  const out = constrainToMarks(doc).sentences[0].tokens;
  assert.equal(out[0], doc.sentences[0].tokens[0], 'unmarked token untouched');
  assert.deepEqual([out[1].candidates.map((c) => c.voc), out[1].gold], [['waq~aEat'], 0]);
  assert.deepEqual([out[2].candidates.map((c) => c.voc), out[2].gold], [['waqaEat'], -1]);
  assert.deepEqual(out.map((t) => t.form), doc.sentences[0].tokens.map((t) => t.form));
});

test('constrainToMarks: a token with several gold labels keeps those that are left, at their new places', () => {
  // the fatha typed after k keeps kataba and kat~aba, the golds (1 and 3)
  const t = setGolds(token('katb', ['kutiba', 'kataba', 'kutubu', 'kat~aba']), [1, 3]);
  const [out] = constrainToMarks({ id: 'd', sentences: [{ id: 'd/1', tokens: [t] }] }).sentences[0].tokens;
  assert.deepEqual(out.candidates.map((c) => c.voc), ['kataba', 'kat~aba']);
  assert.deepEqual(goldIndices(out).map((i) => out.candidates[i].voc), ['kataba', 'kat~aba']);
});

test('property: a candidate always agrees with its own vocalization; something is always kept', () => {
  const letter = fc.constantFrom(...'btvjHxd*rzs$SDTZEgfqklmnhwy');
  const mark = fc.constantFrom('', 'a', 'u', 'i', 'o', '~a', '~u', 'F', 'N', 'K');
  const voc = fc.array(fc.tuple(letter, mark), { minLength: 1, maxLength: 8 }).map((xs) => xs.map(([l, m]) => l + m).join(''));
  fc.assert(fc.property(voc, fc.array(voc, { maxLength: 4 }), (v, others) => {
    assert.ok(agreesWithMarks(fromBuckwalter(v), v));
    const t = token(v, [v, ...others]);
    const k = candidatesAgreeing(t);
    assert.ok(k.some((c) => c.voc === v));
  }), { numRuns: 2000 });
});
