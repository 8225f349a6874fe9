import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { backoffLemma, BACKOFF_COMMENT, BACKOFF_GLOSS } from '../../src/analyzer/backoff.js';
import { formatToken } from '../../src/analyzer/print.js';
import { tokenJson } from '../../src/analyzer/output.js';
import { dataPaths } from '../../bin/data.js';
import { readTextFile } from '../../src/io/files.js';
import { analyzedToPosToken, posTokenToAnalyzed, posToCorpus, readPosFile, writePosFile } from '../../src/formats/pos/pos.js';
import { MINI_DIR, miniCopy, rewrite } from './fixtures.js';

const row = (s: { voc: string; lemma: string; morph: string; source?: string }) => [s.voc, s.lemma, s.morph, s.source];
/** A row with the vowels the name model put on the stem left out (the mini tables' few names teach it little). */
const bareRow = (s: { voc: string; lemma: string; morph: string; source?: string }) => {
  const stem = s.morph.split('+').find((p) => p.endsWith('/NOUN_PROP'))!.slice(0, -'/NOUN_PROP'.length);
  const prefix = s.morph.split('+').slice(0, s.morph.split('+').findIndex((p) => p.endsWith('/NOUN_PROP'))).map((p) => p.slice(0, p.lastIndexOf('/'))).join('');
  assert.equal(s.voc.slice(prefix.length).replace(/[aiuo~FNK`]/g, ''), stem, 'the stem\'s letters are kept');
  return [prefix + stem, s.lemma, s.morph, s.source];
};

test('off by default: an unknown word keeps no solutions (the reference program\'s output)', () => {
  const plain = Analyzer.load(MINI_DIR);
  assert.equal(plain.options.backoff, false);
  assert.deepEqual(plain.analyzeWord('wbwtyn').solutions, []);
});

test('a known word, or one whose alternative spelling is known, gets no backoff analyses', () => {
  const a = Analyzer.load(MINI_DIR, { backoff: true });
  assert.ok(a.analyzeWord('ktbt').solutions.every((s) => s.source === undefined));
  const alt = a.analyzeWord('mdrsh');
  assert.deepEqual(alt.solutions, []);
  assert.equal(alt.alternatives[0].solutions.length, 1);
});

test('every split into known clitics around a stem of two letters or more, clitics vocalized, stem letters kept', () => {
  const a = Analyzer.load(MINI_DIR, { backoff: true });
  // the article is split off: no stem starts with letters a longer prefix with the article takes
  assert.deepEqual(a.analyzeWord('wAlbwtyn').solutions.map(bareRow), [
    ['waAlbwtyn', 'bwtyn_0', 'wa/CONJ+Al/DET+bwtyn/NOUN_PROP', 'backoff'],
  ]);
  assert.deepEqual(a.analyzeWord('wbwtyn').solutions.map(bareRow), [
    ['wbwtyn', 'wbwtyn_0', 'wbwtyn/NOUN_PROP', 'backoff'],
    ['wabwtyn', 'bwtyn_0', 'wa/CONJ+bwtyn/NOUN_PROP', 'backoff'],
  ]);
  const [, withConj] = a.analyzeWord('wbwtyn').solutions;
  assert.equal(withConj.gloss, `and + ${BACKOFF_GLOSS} + `);
  assert.deepEqual(withConj.glossParts, { prefix: 'and', stem: BACKOFF_GLOSS, suffix: '' });
  // a stem of one letter after the article is too short: then the article stays in the stem
  assert.deepEqual(a.analyzeWord('Alx').solutions.map((s) => s.morph), ['Alx/NOUN_PROP']);
  // `b` + one letter leaves too short a stem; the whole word is still a name
  assert.deepEqual(a.analyzeWord('bx').solutions.map(bareRow), [['bx', 'bx_0', 'bx/NOUN_PROP', 'backoff']]);
  assert.deepEqual(a.analyzeWord('x').solutions, [], 'a one-letter word gets none');
});

test('only clitic prefixes and pronoun or case suffixes, as the tables pair them', () => {
  const { dir, done } = miniCopy((d) => {
    rewrite(d, 'dictSuffixes', (t) => `${t}h\thu\tNSuff-h\tits/his <pos>+hu/POSS_PRON_3MS</pos>\r\n`);
    rewrite(d, 'tableAC', (t) => `${t}Pref-0 NSuff-h\r\nPref-Wa NSuff-h\r\n`);
    rewrite(d, 'tableBC', (t) => `${t}N NSuff-h\r\n`);
  });
  try {
    const a = Analyzer.load(dir, { backoff: true });
    const morphs = a.analyzeWord('wAlqdsh').solutions.map((s) => s.morph);
    assert.deepEqual(morphs, ['wa/CONJ+Al/DET+qdsh/NOUN_PROP'], 'no Al with a pronoun (tableAC), no stem hiding the article');
    assert.deepEqual(a.analyzeWord('wqdsh').solutions.map((s) => s.morph), [
      'wqdsh/NOUN_PROP',
      'wqds/NOUN_PROP+hu/POSS_PRON_3MS',
      'wa/CONJ+qdsh/NOUN_PROP',
      'wa/CONJ+qds/NOUN_PROP+hu/POSS_PRON_3MS',
    ], 'a pronoun where no article is, no verb or feminine suffix (t, p)');
    assert.ok(!a.analyzeWord('xyzt').solutions.some((s) => s.morph.includes('PVSUFF')));
    assert.ok(!a.analyzeWord('xyzp').solutions.some((s) => s.morph.includes('NSUFF_FEM')));
  } finally {
    done();
  }
});

test('lemma: alif seats as bare alif, sense 0', () => {
  assert.equal(backoffLemma('>wbAmA'), 'AwbAmA_0');
  assert.equal(backoffLemma('<yryk'), 'Ayryk_0');
  assert.equal(backoffLemma('|dnbrwk'), 'Adnbrwk_0');
});

test('the real tables: a name with a preposition, and every PUD word gets an analysis', () => {
  const a = Analyzer.load(dataPaths.bama(), { backoff: true });
  // the stem's short vowels come from the lexicon's names (stem-vowels.ts): أُوبَامَا
  assert.deepEqual(a.analyzeWord('l>wbAmA').solutions.map(row), [
    ['l>uwbAmA', 'lAwbAmA_0', 'l>wbAmA/NOUN_PROP', 'backoff'],
    ['li>uwbAmA', 'AwbAmA_0', 'li/PREP+>wbAmA/NOUN_PROP', 'backoff'],
  ]);
  const words = a.analyzeText(readTextFile(dataPaths.referenceSentences())).flat().filter((t) => t.kind === 'word');
  assert.equal(words.length, 15_675);
  const bare = words.filter((t) => t.kind === 'word' && t.solutions.length === 0 && t.alternatives.every((x) => x.solutions.length === 0));
  assert.deepEqual(bare.map((t) => t.input), []);
});

test('the source shows in the analyze outputs and survives a pos file', () => {
  const a = Analyzer.load(MINI_DIR, { backoff: true });
  const [token] = a.analyzeLine('وبوتين');
  assert.match(formatToken(token), new RegExp(`Comment: wbwtyn NOT FOUND\\n     Comment: ${BACKOFF_COMMENT.replace(/[()]/g, '\\$&')}\\n  SOLUTION 1: \\([^)]+\\) \\[wbwtyn_0\\]`));
  const json = tokenJson(token, 1, 1, 'buckwalter') as { solutions: { source?: string }[] };
  assert.deepEqual(json.solutions.map((s) => s.source), ['backoff', 'backoff']);
  const pos = analyzedToPosToken(token, { paragraph: 1, word: 1 });
  assert.deepEqual(posTokenToAnalyzed(pos), token);
  const text = writePosFile({ leadingBlank: false, documents: [{ tokens: [pos] }] });
  const corpus = posToCorpus(readPosFile(text, 'x.pos'));
  const t = corpus.documents[0].sentences[0].tokens[0];
  assert.deepEqual(t.candidates.map((c) => [c.source, c.elements.pos]), [['backoff', 'NOUN'], ['backoff', 'NOUN']]);
  assert.equal(t.note, undefined, 'the backoff comment is not a note');
  const plain = Analyzer.load(MINI_DIR).analyzeLine('وبوتين')[0];
  assert.ok(!formatToken(plain).includes(BACKOFF_COMMENT));
});
