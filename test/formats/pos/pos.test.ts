import { expectParseError } from '../../helpers/errors.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../src/config.js';
import { dataPaths } from '../../../bin/data.js';
import { analysesSkip } from '../../helpers/reference.js';
import { InputParseError, UsageError } from '../../../src/errors.js';
import { loadPosFile, readPosFile, writePosFile, type PosFile } from '../../../src/formats/pos/pos.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'formats');
const fixture = (name: string) => readFileSync(join(FIX, name), 'utf-8');

test('gold fixture: documents, INDEX, stars, comments, alternatives, scores, lemma-less solutions', () => {
  const pos = readPosFile(fixture('gold.pos'), 'gold.pos');
  assert.equal(pos.source, 'gold.pos');
  assert.equal(pos.leadingBlank, false);
  assert.deepEqual(pos.documents.map((d) => [d.id, d.tokens.length]), [['news-1', 5], ['news-2', 3]]);
  const [ktbt, rsAlp, dot, notFound, alt] = pos.documents[0].tokens;
  assert.deepEqual(ktbt.comments, ['']);
  assert.deepEqual(ktbt.index, { paragraph: 1, word: 1 });
  assert.deepEqual(ktbt.solutions[0], {
    n: 1, gold: true, voc: 'katabotu', lemma: 'katab-u_1', morph: 'katab/VERB_PERFECT+tu/PVSUFF_SUBJ:1S', gloss: ' + write + I <verb>',
  });
  assert.equal(ktbt.solutions[1].gold, false);
  assert.deepEqual(rsAlp.comments, ['checked by annotator 2']);
  assert.equal(rsAlp.solutions[1].gold, true);
  assert.equal(dot.lookup, undefined);
  assert.deepEqual(dot.comments, ['Non-Alphabetic Data']);
  assert.deepEqual(notFound.solutions, []);
  assert.deepEqual(alt.alternatives.map((a) => [a.form, a.comments, a.solutions.length]), [
    ['tdwynh', [], 2],
    ['tdwynY', ['tdwynY NOT FOUND'], 0],
  ]);
  assert.equal(alt.alternatives[0].solutions[0].gold, true);
  const [fy, xAS] = pos.documents[1].tokens;
  assert.deepEqual(fy.solutions[0], { n: 1, gold: false, voc: 'fiy', lemma: 'fiy_1', morph: 'fiy/PREP', gloss: ' + in + ', score: 0.8312 });
  assert.deepEqual(fy.solutions[1], { n: 3, gold: true, voc: 'fiy', morph: 'fiy/NOUN', score: -1.5 });
  assert.equal(xAS.solutions[1].lemma, 'xAS~_1           ');
});

test('well-formed fixtures round-trip exactly', () => {
  for (const name of ['gold.pos', 'bama.pos']) {
    const text = fixture(name);
    assert.equal(writePosFile(readPosFile(text, name)), text, name);
  }
  const bama = readPosFile(fixture('bama.pos'), 'bama.pos');
  assert.equal(bama.leadingBlank, true);
  assert.equal(bama.documents[0].id, undefined);
});

test('empty input and a lone blank line round-trip', () => {
  for (const text of ['', '\n']) assert.equal(writePosFile(readPosFile(text, 'x.pos')), text);
  assert.deepEqual(readPosFile('', 'x.pos').documents, []);
});

test('the whole BAMA reference output round-trips exactly', { skip: analysesSkip() }, () => {
  const file = dataPaths.referenceAnalyses();
  const text = readFileSync(file, 'utf-8');
  const pos = readPosFile(text, file);
  assert.equal(pos.documents.length, 1);
  const tokens = pos.documents[0].tokens;
  assert.equal(tokens.length, 17958);
  const notFound = (comments: string[]) => comments.filter((c) => c.endsWith(' NOT FOUND')).length;
  assert.equal(
    tokens.reduce((n, t) => n + notFound(t.comments) + t.alternatives.reduce((k, a) => k + notFound(a.comments), 0), 0),
    875,
  );
  assert.equal(tokens.filter((t) => t.solutions.length === 0 && t.lookup !== undefined).length, 741);
  assert.ok(tokens.every((t) => t.solutions.every((s) => !s.gold)));
  assert.equal(writePosFile(pos), text);
});

test('lenient input (CRLF, other indentation, extra blank lines) is read and normalized', () => {
  const pos = readPosFile(fixture('lenient.pos'), 'lenient.pos');
  assert.equal(pos.documents[0].tokens[0].solutions[0].score, 0.5);
  assert.equal(writePosFile(pos), fixture('lenient.norm.pos'));
});

test('Windows-1256 input is read with the encoding option, and refused as UTF-8', () => {
  const utf8 = readPosFile(fixture('bama.pos'), join(FIX, 'bama-cp1256.pos'));
  assert.deepEqual(loadPosFile(join(FIX, 'bama-cp1256.pos'), { encoding: 'windows-1256' }), utf8);
  assert.throws(() => loadPosFile(join(FIX, 'bama-cp1256.pos')), InputParseError);
});

const BAD: Array<[string, number, RegExp]> = [
  ['solution-before-input.pos', 1, /SOLUTION line outside a token/],
  ['gloss-without-solution.pos', 3, /GLOSS line without a SOLUTION/],
  ['bad-solution.pos', 4, /bad SOLUTION line/],
  ['missing-morph.pos', 3, /missing morphology/],
  ['leading-zero.pos', 3, /bad solution number "01"/],
  ['duplicate-index.pos', 7, /duplicate INDEX P1W1 .*line 3/],
  ['star-on-alternative.pos', 5, /alternative's solution/],
  ['index-missing.pos', 5, /token without an INDEX line/],
  ['index-late.pos', 6, /INDEX line in a document whose earlier tokens have none/],
  ['paragraph-split.pos', 8, /paragraph P1 resumes after P2/],
  ['bad-index.pos', 2, /bad INDEX "1.1"/],
  ['unknown-line.pos', 3, /unexpected line/],
  ['duplicate-document.pos', 5, /duplicate document id "d" \(first on line 1\)/],
  ['unknown-directive.pos', 1, /unknown ";;;" line/],
  ['empty-document-id.pos', 1, /empty document id/],
  ['comment-after-solution.pos', 4, /Comment line out of place/],
  ['bad-score.pos', 5, /bad score "high"/],
  ['blank-inside-block.pos', 4, /SOLUTION line outside a token/],
  ['lookup-twice.pos', 3, /LOOK-UP WORD must directly follow INPUT STRING/],
  ['gloss-after-score.pos', 5, /GLOSS after SCORE/],
  ['star-on-index.pos', 2, /marks only SOLUTION lines/],
  ['implicit-id-clash.pos', 3, /implicit first document/],
  ['stray-cr.pos', 2, /stray carriage return/],
];

test('malformed files: InputParseError with file and line', () => {
  for (const [name, line, message] of BAD) {
    const file = join(FIX, 'bad-pos', name);
    expectParseError(() => loadPosFile(file), file, line, message, name);
  }
});

test('the writer refuses models the format cannot express', () => {
  const base = (): PosFile => ({
    leadingBlank: false,
    documents: [{ id: 'd', tokens: [{ input: 'a', lookup: 'a', comments: [], solutions: [{ n: 1, gold: false, voc: 'a', lemma: 'a_1', morph: 'a/NOUN' }], alternatives: [] }] }],
  });
  const broken: Array<[string, (p: PosFile) => void]> = [
    ['voc with parenthesis', (p) => { p.documents[0].tokens[0].solutions[0].voc = 'a(b'; }],
    ['lemma with bracket', (p) => { p.documents[0].tokens[0].solutions[0].lemma = 'a]'; }],
    ['empty morph', (p) => { p.documents[0].tokens[0].solutions[0].morph = ''; }],
    ['morph that reads as a lemma', (p) => { delete p.documents[0].tokens[0].solutions[0].lemma; p.documents[0].tokens[0].solutions[0].morph = '[x] y'; }],
    ['blank morph', (p) => { p.documents[0].tokens[0].solutions[0].morph = '  '; }],
    ['line break', (p) => { p.documents[0].tokens[0].input = 'a\nb'; }],
    ['solution number 0', (p) => { p.documents[0].tokens[0].solutions[0].n = 0; }],
    ['infinite score', (p) => { p.documents[0].tokens[0].solutions[0].score = Infinity; }],
    ['a star on an alternative of a word with solutions', (p) => { const t = p.documents[0].tokens[0]; t.alternatives.push({ form: 'b', comments: [], solutions: [{ ...t.solutions[0], gold: true }] }); }],
    ['implicit document not first', (p) => { p.documents.push({ tokens: [] }); }],
    ['duplicate ids', (p) => { p.documents.push({ id: 'd', tokens: [] }); }],
    ['partial INDEX', (p) => { const t = p.documents[0].tokens[0]; t.index = { paragraph: 1, word: 1 }; p.documents[0].tokens.push({ ...t, index: undefined }); }],
  ];
  assert.doesNotThrow(() => writePosFile(base()));
  for (const [what, change] of broken) {
    const p = base();
    change(p);
    assert.throws(() => writePosFile(p), UsageError, what);
  }
});
