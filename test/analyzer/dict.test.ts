import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanGloss, deducePos, LexiconDict } from '../../src/analyzer/dict.js';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';

import { InputParseError } from '../../src/errors.js';
import { MINI_DIR } from './fixtures.js';

const CATS = new Map([['N', 0], ['PV', 1]]);
const dict = (text: string) => new LexiconDict(text, 'dictTest', (c) => CATS.get(c) ?? -1);

test('POS comes from <pos>…</pos>, or is deduced from the category', () => {
  const lex = loadLexicon(MINI_DIR);
  assert.equal(lex.stems.get('ElY')![0].pos, 'EalaY/PREP');
  assert.equal(lex.stems.get('ElY')![0].gloss, 'on/above');
  assert.equal(lex.stems.get('Ely')![0].pos, 'Ealiy~/NOUN_PROP');
  assert.equal(lex.stems.get('mdrs')![0].pos, 'madoras/NOUN');
  assert.equal(deducePos('x', 'Pref-0', ''), '');
  assert.equal(deducePos('x', 'Suff-0', 'Abc'), '');
  assert.equal(deducePos('x', 'FW-Wa', ''), 'x/FUNC_WORD');
  assert.equal(deducePos('x', 'IV_yu', ''), 'x/VERB_IMPERFECT');
  assert.equal(deducePos('x', 'PV_V', ''), 'x/VERB_PERFECT');
  assert.equal(deducePos('x', 'CV', ''), 'x/VERB_IMPERATIVE');
  assert.equal(deducePos('x', 'Nprop', 'Paris'), 'x/NOUN_PROP');
  assert.equal(deducePos('x', 'N', 'paris'), 'x/NOUN');
  assert.equal(deducePos('x', 'Pref-0x', ''), null);
  assert.equal(deducePos('x', 'XYZ', ''), null);
});

test('gloss cleanup: first <pos> removed, trailing space trimmed, ; becomes /, leading space kept', () => {
  assert.equal(cleanGloss('and;so <pos>fa/CONJ+</pos>'), 'and/so');
  assert.equal(cleanGloss(' a;b   \t'), ' a/b');
  assert.equal(cleanGloss('vis-à-vis'), 'vis-à-vis');
  assert.equal(cleanGloss('x\u00a0'), 'x\u00a0', 'only ASCII white space is trimmed');
});

test('entries are built on first look-up, once, in file order, each with the lemma above it', () => {
  const d = dict(';; a_1\nab\taba\tN\tx;y  \n;--- comment\nab\tabi\tPV\tz\n;; b_1\r\nab\tabu\tN\tBob\r\ncd\tcd\tN\tc\n');
  assert.equal(d.entryCount, 4);
  assert.equal(d.lemmaCount, 2);
  assert.deepEqual([...d.forms()], ['ab', 'cd']);
  const ab = d.get('ab')!;
  assert.equal(d.get('ab'), ab);
  assert.ok(Object.isFrozen(ab));
  assert.deepEqual(ab.map((e) => [e.voc, e.category, e.cat, e.gloss, e.pos, e.lemma]), [
    ['aba', 'N', 0, 'x/y', 'aba/NOUN', 'a_1'],
    ['abi', 'PV', 1, 'z', 'abi/VERB_PERFECT', 'a_1'],
    ['abu', 'N', 0, 'Bob', 'abu/NOUN_PROP', 'b_1'],
  ]);
  assert.equal(d.get('zz'), undefined);
  assert.equal(d.get(''), undefined);
});

test('line numbers in errors count every line, comments and blank lines included', () => {
  assert.throws(() => dict(';; a_1\n\nab\taba\tN\tx\nab\taba\tN\n'), (err: unknown) =>
    err instanceof InputParseError && err.file === 'dictTest' && err.line === 4 && /found 3/.test(err.message));
  assert.throws(() => dict('ab\taba\tN\tx\ty\n'), (err: unknown) => err instanceof InputParseError && err.line === 1 && /found 5/.test(err.message));
  assert.throws(() => dict('ab\taba\tQV\tx\n'), (err: unknown) => err instanceof InputParseError && /"QV"/.test(err.message));
  assert.equal(dict('ab\taba\tQV\tx <pos>aba/QQ</pos>\n').get('ab')![0].pos, 'aba/QQ');
  assert.equal(dict('').entryCount, 0);
});

test('the BAMA lexicon files through the mini fixture: prefixes and suffixes carry no lemma', () => {
  const lex = loadLexicon(MINI_DIR);
  assert.ok(lex.prefixes.get('w')!.every((e) => e.lemma === ''));
  assert.ok(lex.suffixes.get('t')!.every((e) => e.lemma === ''));
});

test('scan: every entry\'s vocalization and POS, in the order of forms then look-ups', () => {
  const text = ';; a_1\nab\taba\tN\tx;y  \ncd\tcd\tN\tc\n;; b_1\nab\tabu\tPV\tBob <pos>abu/NOUN_PROP</pos>\n';
  const seen: string[] = [];
  const d = dict(text);
  d.scan((voc, pos) => seen.push(`${voc} ${pos}`));
  assert.deepEqual(seen, ['aba aba/NOUN', 'abu abu/NOUN_PROP', 'cd cd/NOUN']);
  // the same as looking every form up
  const fresh = dict(text);
  assert.deepEqual([...fresh.forms()].flatMap((f) => fresh.get(f)!.map((e) => `${e.voc} ${e.pos}`)), seen);
});
