import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AnalyzedToken } from '../../src/analyzer/types.js';
import { CorpusError } from '../../src/errors.js';
import { parseConllu } from '../../src/import/conllu.js';
import { alignTokens, sentenceLayout } from '../../src/import/ud-words.js';

/** A CoNLL-U sentence from [form, upos, misc] rows. */
function sentence(text: string | undefined, rows: [string, string, string][]): ReturnType<typeof parseConllu>[0] {
  const lines = text === undefined ? [] : [`# text = ${text}`];
  rows.forEach(([form, upos, misc], i) => lines.push([i + 1, form, form, upos, 'X', '_', i === 0 ? 0 : 1, 'dep', '_', misc].join('\t')));
  return parseConllu(lines.join('\n'), 'mem')[0];
}

const word = (input: string): AnalyzedToken => ({ kind: 'word', input, lookup: input, solutions: [], alternatives: [] });
const other = (input: string): AnalyzedToken => ({ kind: 'other', input });

test('orthographic words: runs of non-PUNCT tokens joined by SpaceAfter=No', () => {
  const s = sentence('وكتبت الرسالة.', [['و', 'CCONJ', 'SpaceAfter=No'], ['كتبت', 'VERB', '_'], ['الرسالة', 'NOUN', 'SpaceAfter=No'], ['.', 'PUNCT', '_']]);
  const layout = sentenceLayout(s);
  assert.equal(layout.rebuilt, false);
  assert.deepEqual(layout.orthWords.map((o) => [o.form, o.start, o.end, o.units.length]), [['وكتبت', 0, 5, 2], ['الرسالة', 6, 13, 1], ['.', 13, 14, 1]]);
  const aligned = alignTokens(layout, [word('وكتبت'), word('الرسالة'), other('.')]);
  assert.deepEqual(aligned.map((a) => [a.align, a.words.map((w) => w.form)]), [['exact', ['و', 'كتبت']], ['exact', ['الرسالة']], [undefined, []]]);
  assert.deepEqual(aligned.map((a) => [a.start, a.end]), [[0, 5], [6, 13], [13, 14]]);
});

test('tatweel and digits at the edge of a word: trimmed', () => {
  const s = sentence('الإحصاءـ و2006', [['الإحصاء', 'NOUN', 'SpaceAfter=No'], ['ـ', 'PUNCT', '_'], ['و', 'CCONJ', 'SpaceAfter=No'], ['2006', 'NUM', '_']]);
  const aligned = alignTokens(sentenceLayout(s), [word('الإحصاءـ'), word('و'), other('2006')]);
  assert.deepEqual(aligned.map((a) => [a.align, a.words.map((w) => w.form)]), [['trimmed', ['الإحصاء']], ['trimmed', ['و']], [undefined, []]]);
});

test('a word cutting through a treebank token, and one spanning two orthographic words', () => {
  const cut = sentence('الواي-فاي', [['الواي-فاي', 'NOUN', '_']]);
  const a1 = alignTokens(sentenceLayout(cut), [word('الواي'), other('-'), word('فاي')]);
  assert.deepEqual(a1.map((a) => a.align), ['cut', undefined, 'cut']);
  const merged = sentence('أـب', [['أ', 'X', 'SpaceAfter=No'], ['ـ', 'PUNCT', 'SpaceAfter=No'], ['ب', 'X', '_']]);
  const a2 = alignTokens(sentenceLayout(merged), [word('أـب')]);
  assert.deepEqual(a2.map((a) => [a.align, a.words.map((w) => w.form)]), [['merged', ['أ', 'ب']]]);
});

test('without # text (or with forms that do not follow it) the text is rebuilt', () => {
  const s = sentence(undefined, [['و', 'CCONJ', 'SpaceAfter=No'], ['كتب', 'VERB', '_'], ['.', 'PUNCT', '_']]);
  const layout = sentenceLayout(s);
  assert.equal(layout.rebuilt, true);
  assert.equal(layout.text, 'وكتب .');
  const wrong = sentenceLayout(sentence('شيء آخر', [['كتب', 'VERB', '_']]));
  assert.equal(wrong.rebuilt, true);
  assert.equal(wrong.text, 'كتب');
});

test('multiword-token ranges are surface units', () => {
  const text = ['# text = كتابه جديد', '1-2\tكتابه\t_\t_\t_\t_\t_\t_\t_\t_',
    '1\tكتاب\tكتاب\tNOUN\tNN\t_\t0\troot\t_\t_', '2\tه\tهو\tPRON\tPRP\t_\t1\tnmod\t_\t_',
    '3\tجديد\tجديد\tADJ\tJJ\t_\t1\tamod\t_\t_'].join('\n');
  const layout = sentenceLayout(parseConllu(text, 'mem')[0]);
  assert.deepEqual(layout.orthWords.map((o) => [o.form, o.units.map((u) => u.words.length)]), [['كتابه', [2]], ['جديد', [1]]]);
  const aligned = alignTokens(layout, [word('كتابه'), word('جديد')]);
  assert.deepEqual(aligned.map((a) => [a.align, a.words.length]), [['exact', 2], ['exact', 1]]);
});

test('an analyzer token that is not in the text is a CorpusError with the place', () => {
  const s = sentence('كتب', [['كتب', 'VERB', '_']]);
  assert.throws(() => alignTokens(sentenceLayout(s), [word('قرأ')], { file: 'f.conllu', line: 3 }),
    (e: unknown) => e instanceof CorpusError && e.file === 'f.conllu' && e.line === 3);
});
