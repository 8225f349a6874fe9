/**
 * The factorization kept per morphology shape (src/labels/factorize-cache.ts) gives what the
 * built-in factorizer gives, value for value and in the same key order, for every label of PUD
 * and every analysis the analyzer gives PUD's words (with case endings and backoff too), and
 * for shapes that differ only in whether a proclitic's vocalization is one letter.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import { factorize, parseMorph } from '../../src/labels/factorize.js';
import { morphShape, quickShape, sharedElements } from '../../src/labels/factorize-cache.js';
import { isShortVocalization } from '../../src/labels/tags.js';
import { copyElements, LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { pudCorpus } from '../helpers/pud.js';

function check(lemma: string, morph: string): void {
  const quick = quickShape(morph);
  if (quick !== null) assert.equal(quick, morphShape(parseMorph(morph)), `${morph}: quick shape`);
  const got = sharedElements(lemma, morph);
  const want = factorize(lemma, morph);
  assert.deepEqual(got, want, `${lemma} ${morph}`);
  assert.deepEqual(Object.keys(got), Object.keys(want), `${morph}: key order`);
  assert.ok(Object.isFrozen(got));
}

test('sharedElements = factorize for PUD labels and the analyses of PUD words', () => {
  const labels = new Map<string, string>();
  for (const d of pudCorpus(200).documents) for (const s of d.sentences) for (const t of s.tokens) for (const c of t.candidates) labels.set(`${c.lemma}\t${c.morph}`, c.morph);
  const text = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 300).join('\n');
  for (const options of [{}, { caseEndings: true, backoff: true }]) {
    for (const line of Analyzer.load(dataPaths.bama(), options).analyzeText(text)) for (const t of line) {
      if (t.kind !== 'word') continue;
      for (const s of [...t.solutions, ...t.alternatives.flatMap((a) => a.solutions)]) labels.set(`${s.lemma}\t${s.morph}`, s.morph);
    }
  }
  assert.ok(labels.size > 5000, `${labels.size} labels`);
  const shapes = new Set<string>();
  for (const [key, morph] of labels) {
    check(key.slice(0, key.indexOf('\t')), morph);
    shapes.add(morphShape(parseMorph(morph)));
  }
  assert.ok(shapes.size < labels.size / 5, `${shapes.size} shapes for ${labels.size} labels`);
  const quick = [...labels.values()].filter((m) => quickShape(m) !== null).length;
  assert.ok(quick > labels.size * 0.99, `${quick} of ${labels.size} read without parseMorph`);
});

test('sharedElements and quickShape: shapes apart where the vocalization decides (a one-letter proclitic before a pronoun), odd strings alike', () => {
  // wa/CONJ+huwa/PRON_3MS: an independent pronoun; lA/NEG_PART+hu/PRON_3MS: two letters, a clitic
  for (const m of ['wa/CONJ+huwa/PRON_3MS', 'lA/NEG_PART+huwa/PRON_3MS', 'fa/CONJ+hiya/PRON_3FS', 'mA/NEG_PART+hiya/PRON_3FS',
    'wa/CONJ+lA/NEG_PART+hu/PRON_3MS', 'IV3MS + IV + IVSUFF_MOOD:I', '', '  ', '+/PUNC', 'C++/NON_ARABIC', 'kitAb/NOUN++ap/NSUFF_FEM_SG', 'x/FOO_BAR+y',
    ' wa/CONJ+huwa/PRON_3MS ', 'wa/CONJ+huwa/PRON_3MS+', '+wa/CONJ', 'a/b/NOUN', '//PUNC', 'wa/conj+x/NOUN', 'wa/CONJ+/NOUN', 'wa/+x/NOUN',
    'ka/PREP+2/NUM', '\u00a0wa/CONJ', 'wa/CONJ+huwa/PRON_3MS\t', '(null)/CONJ+kitAb/NOUN', 'Al/DET+kitAb/NOUN.VN+u/CASE_DEF_NOM']) {
    check('lemma_1', m);
    check('', m);
  }
  assert.notEqual(sharedElements('', 'wa/CONJ+huwa/PRON_3MS').pos, sharedElements('', 'lA/NEG_PART+huwa/PRON_3MS').pos);
});

test('isShortVocalization: at most one letter once short vowels, sukun, shadda, tanween and dagger alif are set aside', () => {
  const byRegex = (voc: string) => voc.replace(/[aiuo~FNK`]/g, '').length <= 1;
  for (const voc of ['', 'a', 'wa', 'fa', 'w', 'lA', 'ma', 'mA', 'aiu', 'bi~', 'Al', 'sa', 'la', 'huwa', 'N', 'wK', '`a', 'ya`']) {
    assert.equal(isShortVocalization(voc), byRegex(voc), voc);
  }
});

test('copyElements: every element, in LABEL_ELEMENTS order, the lemma replaced when given', () => {
  const e = factorize('kitAb_1', 'wa/CONJ+kitAb/NOUN+u/CASE_DEF_NOM');
  assert.deepEqual(Object.keys(copyElements(e)), [...LABEL_ELEMENTS]);
  assert.deepEqual(copyElements(e), e);
  assert.deepEqual(copyElements(Object.freeze({ ...e }), 'x_1'), { ...e, lemma: 'x_1' });
  assert.notEqual(copyElements(e), e);
});
