import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_INPUT_SCRIPT, lemmaInScript, morphInScript, prepareInput, solutionInScript } from '../../src/analyzer/script.js';
import { fromBuckwalter } from '../../src/script/buckwalter.js';

test('lemma IDs keep their _N number in Arabic script, as UD Arabic-PUD writes them', () => {
  assert.equal(lemmaInScript('katab-u_1', 'arabic'), 'كَتَب-ُ_1');
  assert.equal(lemmaInScript('katab-u_1', 'buckwalter'), 'katab-u_1');
  assert.equal(lemmaInScript('', 'arabic'), '');
});

test('morphology: forms converted, tags kept', () => {
  assert.equal(morphInScript('wa/CONJ+katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS', 'arabic'), 'وَ/CONJ+كَتَب/VERB_PERFECT+َت/PVSUFF_SUBJ:3FS');
  assert.equal(morphInScript('(null)/PREP', 'arabic'), '(null)/PREP');
  const sol = { voc: 'kitAb', lemma: 'kitAb_1', morph: 'kitAb/NOUN', gloss: ' + book + ', glossParts: { prefix: '', stem: 'book', suffix: '' } };
  assert.deepEqual(solutionInScript(sol, 'arabic'), { ...sol, voc: 'كِتاب', lemma: 'كِتاب_1', morph: 'كِتاب/NOUN' });
  assert.equal(solutionInScript(sol, 'buckwalter'), sol);
});

test('input script: Buckwalter transliterated (wasla read as alif, dagger alif dropped), Arabic kept', () => {
  assert.equal(prepareInput('ktb, 2017', 'buckwalter'), 'كتب, ٢٠١٧'.replace('٢٠١٧', '2017'));
  assert.equal(prepareInput('{l`h', 'buckwalter'), 'اله');
  assert.equal(prepareInput('ktb', 'auto'), 'كتب');
  assert.equal(prepareInput('كتب ktb', 'auto'), 'كتب ktb');
  assert.equal(prepareInput('ktb', 'arabic'), 'ktb');
  assert.equal(DEFAULT_INPUT_SCRIPT, 'arabic');
  assert.equal(prepareInput('Hello world'), 'Hello world', 'by default Latin text is not read as Buckwalter');
  assert.equal(prepareInput('Hello world', 'auto'), fromBuckwalter('Hello world'), 'auto reads it as Buckwalter: only on request');
});
