import { expectParseError } from '../helpers/errors.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import {  } from '../../bin/data.js';
import { groupDocuments, parseConllu, readConllu } from '../../src/import/conllu.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'ud');

test('reads sentences, comments, words, FEATS and MISC', () => {
  const docs = readConllu(join(FIX, 'small.conllu'));
  assert.deepEqual(docs.map((d) => [d.id, d.sentences.map((s) => s.id)]), [
    ['d1', ['d1-1', 'd1-2']],
    ['d2', ['d2-1']],
  ]);
  const s = docs[0].sentences[0];
  assert.equal(s.text, 'وكتبت الرسالة.');
  assert.deepEqual(s.comments.map((c) => c.key), ['newdoc id', 'sent_id', 'text']);
  assert.equal(s.line, 1);
  assert.equal(s.words.length, 4);
  const verb = s.words[1];
  assert.equal(verb.id, 2);
  assert.equal(verb.form, 'كتبت');
  assert.equal(verb.upos, 'VERB');
  assert.equal(verb.xpos, 'VBC');
  assert.equal(verb.head, 0);
  assert.equal(verb.line, 5);
  assert.equal(verb.feats.get('Gender'), 'Fem');
  assert.equal(verb.feats.get('Aspect'), 'Perf');
  assert.equal(verb.misc.get('LId'), 'كَتَب-ُ_1');
  assert.equal(s.words[0].misc.get('SpaceAfter'), 'No');
  assert.equal(s.words[3].feats.size, 0);
  assert.equal(s.words[3].misc.size, 0);
});

test('keeps multiword ranges and empty nodes apart from the words', () => {
  const s = readConllu(join(FIX, 'small.conllu'))[0].sentences[1];
  assert.equal(s.words.length, 2);
  assert.deepEqual(s.multiwords.map((m) => [m.start, m.end, m.form]), [[1, 2, 'كتابه']]);
  assert.equal(s.emptyNodes.length, 1);
  assert.equal(s.emptyNodes[0].id, '2.1');
  assert.equal(s.emptyNodes[0].after, 2);
  assert.equal(s.emptyNodes[0].misc.get('Gloss'), '');
});

test('a repeated newdoc id continues the document; a new id opens another', () => {
  const text = [
    '# newdoc id = A', '1\ta\ta\tX\tX\t_\t0\troot\t_\t_', '',
    '# newdoc id = A', '1\tb\tb\tX\tX\t_\t0\troot\t_\t_', '',
    '# newdoc id = B', '1\tc\tc\tX\tX\t_\t0\troot\t_\t_', '',
    '1\td\td\tX\tX\t_\t0\troot\t_\t_', '',
    '# newdoc', '1\te\te\tX\tX\t_\t0\troot\t_\t_', '',
  ].join('\n');
  const sents = parseConllu(text, 'mem');
  assert.deepEqual(sents.map((s) => s.id), ['s1', 's2', 's3', 's4', 's5']);
  assert.deepEqual(groupDocuments(sents).map((d) => [d.id, d.sentences.length]), [['A', 2], ['B', 2], ['doc3', 1]]);
});

test('sentences without any newdoc form one document; CRLF is accepted', () => {
  const text = '1\ta\ta\tX\tX\t_\t0\troot\t_\t_\r\n\r\n1\tb\tb\tX\tX\t_\t0\troot\t_\t_\r\n';
  const docs = groupDocuments(parseConllu(text, 'mem'));
  assert.deepEqual(docs.map((d) => [d.id, d.sentences.length]), [['doc1', 2]]);
  assert.equal(docs[0].sentences[1].words[0].misc.size, 0);
});

const expectError = (fn: () => unknown, file: string, line: number, pattern: RegExp) =>
  expectParseError(fn, file, line, pattern);

test('malformed fixture files fail with file and line', () => {
  for (const [name, line, pattern] of [
    ['bad-columns.conllu', 2, /10 tab-separated columns, found 9/],
    ['bad-id.conllu', 6, /bad ID "x"/],
    ['bad-head.conllu', 3, /HEAD is not a number/],
    ['bad-feats.conllu', 2, /bad FEATS item "Gender"/],
  ] as const) {
    const file = join(FIX, name);
    expectError(() => readConllu(file), file, line, pattern);
  }
});

test('other malformed input is located too', () => {
  const w = (id: string, head = '0', feats = '_', misc = '_') => `${id}\tx\tx\tX\tX\t${feats}\t${head}\troot\t_\t${misc}`;
  expectError(() => parseConllu([w('1'), w('3')].join('\n'), 'f'), 'f', 2, /out of sequence/);
  expectError(() => parseConllu([w('1'), w('2', '5')].join('\n'), 'f'), 'f', 2, /past the last word/);
  expectError(() => parseConllu([w('1'), '# late', w('2')].join('\n'), 'f'), 'f', 2, /comment line inside/);
  expectError(() => parseConllu(['# sent_id = a', '', w('1')].join('\n'), 'f'), 'f', 1, /no words/);
  expectError(() => parseConllu(['2-1\tab\t_\t_\t_\t_\t_\t_\t_\t_', w('1')].join('\n'), 'f'), 'f', 1, /bad multiword range/);
  expectError(() => parseConllu(['1-3\tab\t_\t_\t_\t_\t_\t_\t_\t_', w('1'), w('2')].join('\n'), 'f'), 'f', 1, /past the last word/);
  expectError(() => parseConllu([w('1', '0', 'A=1|A=2')].join('\n'), 'f'), 'f', 1, /repeats A/);
  expectError(() => parseConllu([w('1'), w('2.1')].join('\n'), 'f'), 'f', 2, /empty node 2.1 out of place/);
  expectError(() => parseConllu([w('0')].join('\n'), 'f'), 'f', 1, /bad ID "0"/);
});

test('the whole UD Arabic-PUD file: 1000 sentences in 397 documents', async () => {
  const { dataPaths } = await import('../../bin/data.js');
  const docs = readConllu(dataPaths.pudConllu());
  assert.equal(docs.length, 397);
  const sents = docs.flatMap((d) => d.sentences);
  assert.equal(sents.length, 1000);
  assert.equal(sents.reduce((n, s) => n + s.words.length, 0), 20747);
  assert.equal(new Set(docs.map((d) => d.id)).size, 397);
  assert.ok(sents.every((s) => typeof s.text === 'string' && s.text.length > 0));
});
