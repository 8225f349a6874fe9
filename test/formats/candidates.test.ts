import { expectParseError } from '../helpers/errors.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { InputParseError, UsageError } from '../../src/errors.js';
import { emptyElements } from '../../src/labels/elements.js';
import { allTokens, goldIndices, type Corpus } from '../../src/corpus/types.js';
import { loadCandidatesFile, readCandidatesFile, type AnalysisFactorizer } from '../../src/formats/candidates.js';
import { writeCandidatesFile } from '../../src/formats/candidates-write.js';

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
  assert.equal(dog.candidates[dog.gold].morph, 'NOUN+Number=Sing');
  assert.deepEqual([barks.gold, barks.arabic, barks.candidates.map((x) => x.morph).sort()], [-1, true, ['NOUN+Number=Plur', 'VERB+Person=3+Number=Sing']]);
  assert.deepEqual([dot.gold, dot.arabic, dot.candidates], [-1, false, []]);
  const dogs = c.documents[0].sentences[1].tokens[0];
  assert.deepEqual([dogs.candidates[dogs.gold].key, dogs.candidates.map((x) => x.key).sort()], ['dog\tNOUN+Number=Plur', ['dog\tNOUN+Number=Plur', 'dog\tVERB']]);
  assert.equal(c.analyzerOrder, false, 'a gold-first file\'s order is not the analyzer\'s');
  for (const { token } of allTokens(c)) assert.ok(token.candidates.every((x) => x.analyzerRank === undefined));
});

/** Every token as [form, gold key or null, sorted candidate keys]: what a gold-first reading may depend on. */
const view = (c: Corpus) =>
  [...allTokens(c)].map(({ token: t }) => [
    t.form,
    t.gold >= 0 ? t.candidates[t.gold].key : null,
    t.candidates.map((x) => x.key),
  ]);

test('gold-first: the stored order does not depend on which analysis is gold or on the order of the others', () => {
  const lines = ['<S>', 'a\tx/N\ty/V\tz/A', 'b\t?\tp/N\tq/V', '</S>'];
  const base = readCandidatesFile(lines.join('\n'), 'f', { factorizer: fake });
  const permuted = readCandidatesFile(['<S>', 'a\tx/N\tz/A\ty/V', 'b\t?\tq/V\tp/N', '</S>'].join('\n'), 'f', { factorizer: fake });
  assert.deepEqual(permuted, base);
  const otherGold = readCandidatesFile(['<S>', 'a\ty/V\tx/N\tz/A', 'b\t?\tp/N\tq/V', '</S>'].join('\n'), 'f', { factorizer: fake });
  const [ta, tb] = [base, otherGold].map((c) => c.documents[0].sentences[0].tokens[0]);
  assert.deepEqual(tb.candidates, ta.candidates, 'same stored order whichever is gold');
  assert.deepEqual([ta.candidates[ta.gold].key, tb.candidates[tb.gold].key], ['x\tN', 'y\tV']);
});

test('starred layout: the analyzer\'s order kept as analyzerRank, `*` marks the gold, moving it changes only the gold', () => {
  const text = ['<S>', 'a\ty/V\t* x/N\tz/A', 'b\tp/N\tq/V', 'c\t?\tr/N', '</S>'].join('\n');
  const c = readCandidatesFile(text, 'f', { factorizer: fake });
  assert.notEqual(c.analyzerOrder, false);
  const [a, b, cc] = c.documents[0].sentences[0].tokens;
  assert.equal(a.candidates[a.gold].key, 'x\tN');
  assert.deepEqual(Object.fromEntries(a.candidates.map((x) => [x.key, x.analyzerRank])), { 'y\tV': 0, 'x\tN': 1, 'z\tA': 2 });
  assert.deepEqual([b.gold, cc.gold], [-1, -1]);
  const goldFirst = readCandidatesFile(['<S>', 'a\tx/N\ty/V\tz/A', 'b\t?\tp/N\tq/V', 'c\t?\tr/N', '</S>'].join('\n'), 'f', { factorizer: fake });
  assert.deepEqual(view(c), view(goldFirst), 'the same tokens, candidates, stored order and gold as the gold-first reading');
  const out = writeCandidatesFile(c);
  assert.match(out, /^a\ty\/V\t\* x\/N\tz\/A$/m);
  assert.match(out, /^b\t\?\tp\/N\tq\/V$/m);
  assert.deepEqual(readCandidatesFile(out, 'f', { factorizer: fake }), c);
  assert.throws(() => writeCandidatesFile(goldFirst, { layout: 'starred' }), UsageError);
});

test('starred layout: several stars are several gold labels, read and written back; gold-first cannot write them', () => {
  const text = '<DOC>\n<S>\na\t* x/N\ty/V\t* z/A\n</S>\n</DOC>\n';
  const c = readCandidatesFile(text, 'f.cand', { factorizer: fake });
  const t = c.documents[0].sentences[0].tokens[0];
  assert.deepEqual(goldIndices(t).map((i) => t.candidates[i].lemma).sort(), ['x', 'z']);
  assert.equal(writeCandidatesFile(c), text);
  assert.throws(() => writeCandidatesFile({ ...c, analyzerOrder: false }, { layout: 'gold-first' }), (e: unknown) => e instanceof UsageError && /2 gold analyses.*write it starred/.test(e.message));
});

test('starred layout errors: a star after "?", a bare star; a Buckwalter `*` (ذ) is no mark', () => {
  const buck = readCandidatesFile('<S>\n*At\t*At_1/*At/NOUN\t*A_1/*A/DEM_PRON\n</S>\n', 'b.cand', { factorizer: fake });
  assert.equal(buck.analyzerOrder, false, 'gold-first');
  const t = buck.documents[0].sentences[0].tokens[0];
  assert.equal(t.candidates[t.gold].lemma, '*At_1');
  assert.match(writeCandidatesFile(buck), /^\*At\t\*At_1\/\*At\/NOUN\t\*A_1\/\*A\/DEM_PRON$/m);
  for (const [line, message] of [
    ['a\t?\t* x/N', /"\* " in column 3 of a line whose "\?"/],
    ['a\t* \tx/N', /empty analysis after "\* " in column 2/],
  ] as const) {
    assert.throws(
      () => readCandidatesFile(`<S>\n${line}\n</S>\n`, 'f.cand', { factorizer: fake }),
      (err: unknown) => err instanceof InputParseError && err.line === 2 && message.test(err.message),
      line,
    );
  }
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
