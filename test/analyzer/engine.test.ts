import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer, defaultAnalyzerOptions } from '../../src/analyzer/engine-node.js';
import { TABLE_FILES } from '../../src/analyzer/lexicon.js';
import { UsageError } from '../../src/errors.js';
import { MINI_DIR, miniCopy, rewrite } from './fixtures.js';

const loadStart = performance.now();
const mini = Analyzer.load(MINI_DIR);
const loadWall = performance.now() - loadStart;
const vocs = (lookup: string) => mini.analyzeWord(lookup).solutions.map((s) => s.voc);

test('solutions: voc, lemma, morph and gloss joined from the three entries, in the reference order', () => {
  const { solutions, alternatives } = mini.analyzeWord('ktbt');
  assert.deepEqual(alternatives, []);
  assert.deepEqual(solutions.map((s) => ({ voc: s.voc, lemma: s.lemma, morph: s.morph, gloss: s.gloss })), [
    { voc: 'katabat', lemma: 'katab-u_1', morph: 'katab/VERB_PERFECT+at/PVSUFF_SUBJ:3FS', gloss: ' + write + it/they/she <verb>' },
    { voc: 'katabtu', lemma: 'katab-u_1', morph: 'katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S', gloss: ' + write + I <verb>' },
    { voc: 'kutibat', lemma: 'katab-u_1', morph: 'kutib/VERB_PERFECT+at/PVSUFF_SUBJ:3FS', gloss: ' + be written/be fated + it/they/she <verb>' },
  ]);
  assert.deepEqual(solutions[0].glossParts, { prefix: '', stem: 'write', suffix: 'it/they/she <verb>' });
  const [al] = mini.analyzeWord('wAlktAb').solutions;
  assert.deepEqual([al.voc, al.morph, al.gloss, al.lemma], ['waAlkitAb', 'wa/CONJ+Al/DET+kitAb/NOUN', 'and + the + book + ', 'kitAb_1']);
  assert.deepEqual(mini.analyzeWord('bElY').solutions.map((s) => s.morph), ['bi/PREP+EalaY/PREP']);
  assert.deepEqual(mini.analyzeWord('bArys').solutions.map((s) => s.morph), ['baAriys/NOUN_PROP']);
});

test('all three compatibility checks filter solutions', () => {
  assert.deepEqual(vocs('ktb'), ['katab', 'kutub'], 'BC: PV_Pass takes no null suffix');
  assert.deepEqual(vocs('wktb'), ['wakatab', 'wakutub'], 'AB: Pref-Wa takes no PV_Pass');
  assert.deepEqual(vocs('wktbt'), ['wakatabat'], 'AC: Pref-Wa takes no PVSuff-t');
  assert.deepEqual(vocs('wktAb'), [], 'AB: Pref-Wa takes no Ndu');
});

test('a form without solutions gets its alternatives, each analyzed', () => {
  const { solutions, alternatives } = mini.analyzeWord("mw'AtY");
  assert.deepEqual(solutions, []);
  assert.deepEqual(alternatives.map((a) => [a.form, a.solutions.map((s) => s.voc)]), [["mw'Aty", []], ['m&Aty', ['mu&Atiy']]]);
  assert.deepEqual(mini.analyzeWord('mdrsh').alternatives.map((a) => [a.form, a.solutions.map((s) => s.morph)]),
    [['mdrsp', ['madoras/NOUN+ap/NSUFF_FEM_SG']]]);
  assert.deepEqual(mini.analyzeWord('Ely').alternatives, [], 'found words get no alternatives');
  assert.deepEqual(mini.analyzeWord(''), { solutions: [], alternatives: [] });
});

test('results are cached per look-up form, frozen and shared; the cache is bounded', () => {
  const a = Analyzer.load(MINI_DIR, { cacheSize: 2 });
  const first = a.analyzeWord('ktb');
  assert.equal(a.analyzeWord('ktb'), first);
  assert.ok(Object.isFrozen(first) && Object.isFrozen(first.solutions) && Object.isFrozen(first.solutions[0]));
  a.analyzeWord('wktb');
  a.analyzeWord('ktbt');
  assert.equal(a.cachedForms, 2);
  assert.notEqual(a.analyzeWord('ktb'), first, 'evicted');
  assert.deepEqual(a.analyzeWord('ktb'), first);
  const none = Analyzer.load(MINI_DIR, { cacheSize: 0 });
  assert.notEqual(none.analyzeWord('ktb'), none.analyzeWord('ktb'));
  assert.equal(none.cachedForms, 0);
  assert.ok(defaultAnalyzerOptions.cacheSize >= 10_000);
  assert.throws(() => Analyzer.load(MINI_DIR, { cacheSize: -1 }), UsageError);
});

test('analyzeLine and analyzeText: tokens with look-up forms, one array per line', () => {
  const line = mini.analyzeLine('كَتَبَتْ، 12 مـدرسه');
  assert.deepEqual(line.map((t) => [t.kind, t.input, t.kind === 'word' ? t.lookup : null]), [
    ['word', 'كَتَبَتْ', 'ktbt'], ['other', '،', null], ['other', '12', null], ['word', 'مـدرسه', 'mdrsh'],
  ]);
  const text = mini.analyzeText('كتب\r\n\r\nالكتاب x\n');
  assert.equal(text.length, 3);
  assert.deepEqual(text.map((l) => l.map((t) => t.input)), [['كتب'], [], ['الكتاب', 'x']]);
  assert.deepEqual(mini.analyzeText(''), []);
  assert.deepEqual(mini.analyzeLine(''), []);
  assert.deepEqual(mini.tokenize('كتب.'), [{ kind: 'word', input: 'كتب' }, { kind: 'other', input: '.' }]);
});

test('stats report table sizes and load time', () => {
  assert.deepEqual(
    { ...mini.stats, loadMs: 0 },
    { prefixes: 5, stems: 9, suffixes: 4, lemmas: 7, loadMs: 0, compiled: false },
  );
  assert.ok(mini.stats.loadMs >= 0 && mini.stats.loadMs <= loadWall, `load time ${mini.stats.loadMs} ms within the call's ${loadWall} ms`);
});

test('LF tables give the same analyses as CRLF tables', () => {
  const { dir, done } = miniCopy((d) => { for (const f of TABLE_FILES) rewrite(d, f, (t) => t.replaceAll('\r\n', '\n')); });
  try {
    const lf = Analyzer.load(dir);
    for (const w of ['ktbt', 'wAlktAb', "mw'AtY", 'bElY', 'ElY']) assert.deepEqual(lf.analyzeWord(w), mini.analyzeWord(w));
  } finally { done(); }
});
