import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { loadLexicon } from '../../src/analyzer/lexicon-node.js';
import { TABLE_FILES } from '../../src/analyzer/lexicon.js';
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
      assert.throws(
        () => loadLexicon(dir),
        (err: unknown) => err instanceof DataNotFoundError && err.file === join(dir, name),
      );
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
