import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { cleanGloss, deducePos, loadLexicon, TABLE_FILES } from '../../src/analyzer/lexicon.js';
import { DataNotFoundError, InputParseError } from '../../src/errors.js';
import { MINI_DIR, miniCopy, rewrite } from './fixtures.js';

test('loads the mini lexicon: entries, lemma lines, comments, commented-out entries', () => {
  const lex = loadLexicon(MINI_DIR);
  assert.deepEqual(lex.counts, { prefixes: 5, stems: 9, suffixes: 4, lemmas: 7 });
  assert.deepEqual(lex.stems.get('ktb')!.map((e) => [e.voc, e.lemma]), [
    ['katab', 'katab-u_1'], ['kutib', 'katab-u_1'], ['kutub', 'kitAb_1'],
  ]);
  assert.equal(lex.suffixes.get('u'), undefined, 'a ;-commented entry is not loaded');
  assert.equal(lex.stems.get('ktb'), lex.stems.get('ktb'), 'entries are built once');
  assert.equal([...lex.stems.forms()].length, 7);
  assert.equal(lex.stems.get('ktb')![0].category, 'PV');
  assert.equal(lex.prefixes.get('')![0].pos, '');
  assert.equal(lex.prefixes.get('w')![0].lemma, '', 'prefixes carry no lemma');
});

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

test('LF files load the same as CRLF files', () => {
  const { dir, done } = miniCopy((d) => { for (const f of TABLE_FILES) rewrite(d, f, (t) => t.replaceAll('\r\n', '\n')); });
  try {
    const a = loadLexicon(MINI_DIR);
    const b = loadLexicon(dir);
    assert.deepEqual(b.counts, a.counts);
    assert.deepEqual([...b.stems.forms()], [...a.stems.forms()]);
    for (const form of a.stems.forms()) assert.deepEqual(b.stems.get(form), a.stems.get(form));
    assert.deepEqual(b.categoryNames, a.categoryNames);
  } finally { done(); }
});

test('blank lines are skipped in lexicons and tables', () => {
  const { dir, done } = miniCopy((d) => {
    rewrite(d, 'dictStems', (t) => t + '\r\n\r\n');
    rewrite(d, 'tableAB', (t) => '\r\n   \r\n  ; an indented comment line\r\n' + t);
  });
  try {
    assert.deepEqual(loadLexicon(dir).counts, loadLexicon(MINI_DIR).counts);
  } finally { done(); }
});

test('a lexicon line without exactly 4 fields is an InputParseError with file and line', () => {
  const { dir, done } = miniCopy((d) => rewrite(d, 'dictStems', (t) => t.replace('ktAb\tkitAb\tNdu\tbook', 'ktAb\tkitAb\tNdu book')));
  try {
    assert.throws(() => loadLexicon(dir), (err: unknown) => {
      assert.ok(err instanceof InputParseError);
      assert.equal(err.file, join(dir, 'dictStems'));
      assert.equal(err.line, 7);
      assert.match(err.message, /4 tab-separated fields/);
      return true;
    });
  } finally { done(); }
});

test('an entry whose POS cannot be deduced is an InputParseError with file and line', () => {
  const { dir, done } = miniCopy((d) => rewrite(d, 'dictSuffixes', (t) => `${t}x\tx\tXSuff\tsomething\r\n`));
  try {
    assert.throws(() => loadLexicon(dir), (err: unknown) =>
      err instanceof InputParseError && err.file === join(dir, 'dictSuffixes') && err.line === 7 && /XSuff/.test(err.message));
  } finally { done(); }
});

test('an entry of any category loads when its gloss gives the POS', () => {
  const { dir, done } = miniCopy((d) => rewrite(d, 'dictSuffixes', (t) => `${t}x\tx\tXSuff\tsomething <pos>+x/FOO</pos>\r\n`));
  try {
    const [e] = loadLexicon(dir).suffixes.get('x')!;
    assert.deepEqual([e.pos, e.gloss, e.cat], ['+x/FOO', 'something', -1]);
  } finally { done(); }
});

test('a table line that is not a pair is an InputParseError with file and line', () => {
  const { dir, done } = miniCopy((d) => rewrite(d, 'tableBC', (t) => t.replace('N Suff-0', 'N Suff-0 extra')));
  try {
    assert.throws(() => loadLexicon(dir), (err: unknown) =>
      err instanceof InputParseError && err.file === join(dir, 'tableBC') && err.line === 7);
  } finally { done(); }
});

test('a missing table file or directory is a DataNotFoundError naming it', () => {
  for (const name of TABLE_FILES) {
    const { dir, done } = miniCopy((d) => rmSync(join(d, name)));
    try {
      assert.throws(() => loadLexicon(dir), (err: unknown) => err instanceof DataNotFoundError && err.file === join(dir, name));
    } finally { done(); }
  }
  assert.throws(() => loadLexicon('/nonexistent/lexdis-tables'),
    (err: unknown) => err instanceof DataNotFoundError && err.file === '/nonexistent/lexdis-tables');
});

test('a category in no table is numbered -1 and compatible with nothing', () => {
  const { dir, done } = miniCopy((d) => rewrite(d, 'dictStems', (t) => `${t}zz\tzaz\tNfoo\tbuzz\r\n`));
  try {
    const lex = loadLexicon(dir);
    const [e] = lex.stems.get('zz')!;
    assert.deepEqual([e.cat, e.category, e.pos], [-1, 'Nfoo', 'zaz/NOUN']);
    assert.ok(!lex.ab.has(0, e.cat) && !lex.bc.has(e.cat, 0));
  } finally { done(); }
});

test('compatibility tables: white space normalised, pairs are ordered', () => {
  const lex = loadLexicon(MINI_DIR);
  const id = (name: string) => lex.categoryNames.indexOf(name);
  assert.ok(lex.ab.has(id('NPref-Al'), id('Ndu')), 'tab-separated pair');
  assert.ok(lex.ab.has(id('Pref-0'), id('Ndu')), 'double-space-separated pair');
  assert.ok(!lex.ab.has(id('Ndu'), id('NPref-Al')));
  assert.ok(!lex.ab.has(id('Pref-Wa'), id('Ndu')));
});
