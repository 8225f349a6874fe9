import { expectParseError } from '../helpers/errors.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { InputParseError, UsageError } from '../../src/errors.js';
import { emptyElements } from '../../src/labels/elements.js';
import {
  loadCandidatesFile,
  readCandidatesFile,
  writeCandidatesFile,
  type AnalysisFactorizer,
} from '../../src/formats/candidates.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'formats');
const fixture = (name: string) => readFileSync(join(FIX, name), 'utf-8');

/** A stand-in factorizer (`lemma/morph`), so these tests do not depend on the generic one's tag rules. */
const fake: AnalysisFactorizer = (analysis) => {
  const at = analysis.indexOf('/');
  const lemma = at < 0 ? analysis : analysis.slice(0, at);
  const morph = at < 0 ? '' : analysis.slice(at + 1);
  return { lemma, morph, elements: { ...emptyElements(), lemma, pos: morph.split('+')[0] } };
};

test('reads documents, sentences, gold, unknown gold, context tokens, duplicates', () => {
  const c = readCandidatesFile(fixture('good.cand'), 'good.cand', { factorizer: fake });
  assert.equal(c.source, 'good.cand');
  assert.deepEqual(
    c.documents.map((d) => [d.id, d.sentences.map((s) => [s.id, s.tokens.map((t) => t.form)])]),
    [
      ['news', [['news/1', ['The', 'dog', 'barks', '.']], ['s2', ['Dogs']]]],
      ['doc2', [['doc2/1', ['Hi']]]],
    ],
  );
  const [the, dog, barks, dot] = c.documents[0].sentences[0].tokens;
  assert.deepEqual(the, {
    form: 'The', lookup: 'The', arabic: true, gold: 0,
    candidates: [
      { key: 'the\tDET', lemma: 'the', morph: 'DET', voc: '', gloss: '', elements: { ...emptyElements(), lemma: 'the', pos: 'DET' }, source: 'analyzer' },
      { key: 'the\tPRON', lemma: 'the', morph: 'PRON', voc: '', gloss: '', elements: { ...emptyElements(), lemma: 'the', pos: 'PRON' }, source: 'analyzer' },
    ],
  });
  assert.equal(dog.candidates[0].morph, 'NOUN+Number=Sing');
  assert.deepEqual([barks.gold, barks.arabic, barks.candidates.map((x) => x.morph)], [-1, true, ['VERB+Person=3+Number=Sing', 'NOUN+Number=Plur']]);
  assert.deepEqual([dot.gold, dot.arabic, dot.candidates], [-1, false, []]);
  const dogs = c.documents[0].sentences[1].tokens[0];
  assert.deepEqual([dogs.gold, dogs.candidates.map((x) => x.key)], [0, ['dog\tNOUN+Number=Plur', 'dog\tVERB']]);
});

test('a file without <DOC> lines is one document doc1', () => {
  const c = readCandidatesFile(fixture('nodoc.cand'), 'nodoc.cand', { factorizer: fake });
  assert.deepEqual(c.documents.map((d) => [d.id, d.sentences.map((s) => s.id)]), [['doc1', ['doc1/1', 'doc1/2']]]);
});

test('the default factorizer is the generic one (lemma/tags)', () => {
  const c = loadCandidatesFile(join(FIX, 'nodoc.cand'));
  const cand = c.documents[0].sentences[1].tokens[0].candidates[1];
  assert.deepEqual([cand.lemma, cand.morph, cand.elements.lemma, cand.elements.pos], ['there', 'PRON', 'there', 'PRON']);
});

test('writer: canonical form round-trips exactly; corpus round-trips', () => {
  const c = readCandidatesFile(fixture('good.cand'), 'good.cand', { factorizer: fake });
  const text = writeCandidatesFile(c);
  assert.equal(text, fixture('good.norm.cand'));
  assert.equal(writeCandidatesFile(readCandidatesFile(text, 'good.cand', { factorizer: fake })), text);
  assert.deepEqual(readCandidatesFile(text, 'good.cand', { factorizer: fake }), c);
});

test('writer: gold goes first, analysisOf is used, unwritable fields are refused', () => {
  const c = readCandidatesFile(fixture('nodoc.cand'), 'x', { factorizer: fake });
  const there = c.documents[0].sentences[1].tokens[0];
  there.gold = 1;
  const text = writeCandidatesFile(c, { analysisOf: (x) => `${x.lemma}|${x.morph}` });
  assert.match(text, /^there\tthere\|PRON\tthere\|ADV$/m);
  there.form = 'a\tb';
  assert.throws(() => writeCandidatesFile(c), UsageError);
  there.form = 'there';
  c.documents[0].sentences[0].tokens = [];
  assert.throws(() => writeCandidatesFile(c), UsageError);
});

test('a factorizer failure is an InputParseError at the line', () => {
  const boom: AnalysisFactorizer = () => {
    throw new Error('no lemma');
  };
  assert.throws(
    () => readCandidatesFile('<S>\na\tb\n</S>\n', 'f.cand', { factorizer: boom }),
    (err: unknown) => err instanceof InputParseError && err.line === 2 && /no lemma/.test(err.message),
  );
});

const BAD: Array<[string, number, RegExp]> = [
  ['token-outside-s.cand', 1, /token line outside <S>/],
  ['unclosed-doc.cand', 1, /<DOC> is never closed/],
  ['unclosed-s.cand', 2, /<S> is never closed/],
  ['empty-analysis.cand', 2, /empty analysis in column 2/],
  ['trailing-tab.cand', 2, /empty analysis in column 3/],
  ['no-tab.cand', 2, /line without a tab/],
  ['question-later.cand', 2, /"\?" in column 3/],
  ['nested-s.cand', 3, /<S> inside the sentence opened on line 1/],
  ['sentence-outside-doc.cand', 6, /sentence outside <DOC>/],
  ['doc-after-sentences.cand', 4, /<DOC> in a file whose earlier sentences are outside/],
  ['duplicate-doc-id.cand', 3, /duplicate document id "d" \(first on line 1\)/],
  ['empty-sentence.cand', 3, /empty sentence/],
  ['close-s-without-open.cand', 1, /<\/S> without <S>/],
  ['close-doc-in-s.cand', 4, /<\/DOC> while the sentence opened on line 2/],
  ['empty-form.cand', 2, /empty form/],
  ['nested-doc.cand', 2, /<DOC> inside the document opened on line 1/],
  ['close-doc-without-open.cand', 1, /<\/DOC> without <DOC>/],
];

test('malformed files: InputParseError with file and line', () => {
  for (const [name, line, message] of BAD) {
    const file = join(FIX, 'bad-candidates', name);
    expectParseError(() => loadCandidatesFile(file, { factorizer: fake }), file, line, message, name);
  }
});
