/**
 * The render cache (src/tagger/render-cache.ts) gives vocalizeWord's strings, per candidate,
 * typed form and options key, keeps at most its bound of forms per candidate, and the keys a
 * Tagger makes once per call (rendererKeys) are those taggedAnalysis would make per word.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Candidate } from '../../src/corpus/types.js';
import { factorize } from '../../src/labels/factorize.js';
import { RenderCache, rendererKeys, vocalizeOptionsKey } from '../../src/tagger/render-cache.js';
import { vocalizeWord } from '../../src/script/vocalize.js';
import { taggedAnalysis } from '../../src/tagger/tagged.js';

const morph = 'kutub/NOUN+u/CASE_DEF_NOM';
const c: Candidate = Object.freeze({ key: `kitAb_1\t${morph}`, lemma: 'kitAb_1', morph, voc: 'kutubu', gloss: 'books', elements: factorize('kitAb_1', morph), source: 'analyzer' as const });

test('RenderCache.vocalized = vocalizeWord for each form and options, kept, bounded per candidate', () => {
  const cache = new RenderCache();
  const forms = ['كتب', 'كتب', 'كُتب', 'كتبُ', 'ڪتب'];
  for (const options of [{}, { helpingVowel: 'i' as const }, { helpingVowel: 'u' as const }]) {
    const key = rendererKeys(vocalizeOptionsKey({}))[options.helpingVowel ?? ''];
    for (let round = 0; round < 3; round++)
      for (const form of forms) assert.equal(cache.vocalized(form, c, options, key), vocalizeWord(form, c.voc, c.morph, options), `${form} ${key}`);
  }
  // more than the bound of forms: still the right strings
  for (let i = 0; i < 40; i++) {
    const form = `كتب${'ـ'.repeat(i % 11)}`;
    assert.equal(cache.vocalized(form, c, {}, `k${i % 3}`), vocalizeWord(form, c.voc, c.morph, {}));
  }
});

test('rendererKeys: the options key, U+0001 and the helping vowel', () => {
  const k = vocalizeOptionsKey({ daggerAlif: false });
  assert.deepEqual(rendererKeys(k), { '': `${k}\u0001`, a: `${k}\u0001a`, i: `${k}\u0001i`, u: `${k}\u0001u` });
});

test('a tagged analysis shows the same strings through the render cache as without it, its lemma and case named', () => {
  const render = { cache: new RenderCache(), optionsKey: vocalizeOptionsKey({}) };
  const r = { index: 0, candidate: c, score: 1.5, confidence: 0.5 };
  const direct = taggedAnalysis(r, 1, 'كتب');
  assert.deepEqual(taggedAnalysis(r, 1, 'كتب', {}, render), direct);
  assert.deepEqual(taggedAnalysis(r, 1, 'كتب', {}, render), direct, 'kept');
  assert.equal(direct.lemmaVocalized, 'كِتَاب');
  assert.equal(direct.caseOrMood, 'nominative');
  assert.equal(direct.lemmaArabic, 'كِتاب_1');
});

test('RenderCache bounded in bytes: what it has counted never passes maxBytes, and the strings stay right', () => {
  const cache = new RenderCache(4096);
  const key = rendererKeys(vocalizeOptionsKey({}))[''];
  for (let i = 0; i < 300; i++) {
    const ci: Candidate = Object.freeze({ ...c, key: `${c.key}${i}` });
    const form = `كتب${'ـ'.repeat(i % 7)}`;
    assert.equal(cache.vocalized(form, ci, {}, key), vocalizeWord(form, ci.voc, ci.morph, {}));
    assert.equal(cache.scriptsOf(ci).vocArabic, 'كُتُبُ');
    assert.ok(cache.heldBytes > 0 && cache.heldBytes <= 4096, `${cache.heldBytes}`);
  }
  cache.clear();
  assert.equal(cache.heldBytes, 0);
});

test('rendererKeys gives the same strings for the same options, call after call', () => {
  const a = rendererKeys(vocalizeOptionsKey({}));
  const b = rendererKeys(vocalizeOptionsKey({}));
  assert.equal(a, b);
});
