import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputParseError } from '../../src/errors.js';
import { readJsonlSystem, readPlainReference, readPlainSystem, readWikiNewsTsv } from '../../src/eval/diac-eval.js';
import { checkAlignment, scoreDiacritization } from '../../src/eval/diac-score.js';

const TSV = [
  'dediac\toriginal_gold\tmax_gold\tmax_gold_alt',
  '#\t#\t#\t',
  'كتاب\tكِتَابٌ\tكِتَابٌ\t',
  '\t\t\t',
  'ذهب\tذَهَبَ\tذَهَبَ\t',
  'الولد\tالْوَلَدُ\tالْوَلَدُ\tاَلْوَلَدُ',
  '.\t.\t.\t',
  '',
].join('\n');

test('WikiNewsMax TSV: sentences end at empty rows; only Arabic rows are words; max accepts the alternative', () => {
  const max = readWikiNewsTsv(TSV, 'w.tsv', 'max');
  assert.equal(max.length, 2);
  assert.deepEqual(max[0].words, [{ variants: ['كِتَابٌ'] }]);
  assert.equal(max[0].plain, '# كتاب');
  assert.deepEqual(max[1].words[1], { variants: ['الْوَلَدُ', 'اَلْوَلَدُ'] });
  assert.equal(max[1].line, 5);
  const original = readWikiNewsTsv(TSV, 'w.tsv', 'original');
  assert.deepEqual(original[1].words[1], { variants: ['الْوَلَدُ'] });
  assert.throws(() => readWikiNewsTsv('a\tb\n', 'x.tsv', 'max'), (e: unknown) => e instanceof InputParseError && e.line === 1);
});

test('plain references: / separates accepted variants; non-Arabic tokens are not words', () => {
  const ref = readPlainReference('ذَهَبَ الْوَلَدُ/اَلْوَلَدُ 2014 .\n\nكَتَبَ\n', 'r.txt');
  assert.deepEqual(ref.map((s) => s.line), [1, 3]);
  assert.deepEqual(ref[0].words.map((w) => w.variants), [['ذَهَبَ'], ['الْوَلَدُ', 'اَلْوَلَدُ']]);
  assert.throws(() => readPlainReference('ذهب/ذهب-الولد\n', 'r.txt'), (e: unknown) => e instanceof InputParseError && e.line === 1);
});

test('a system line with another number of Arabic words stops with the first such line (file:line)', () => {
  const ref = readPlainReference('ذَهَبَ الْوَلَدُ\nكَتَبَ\n', 'r.txt');
  const sys = readPlainSystem('ذَهَبَ الْوَلَدُ\nكَتَبَ الدَّرْسَ\n');
  assert.throws(() => checkAlignment(ref, sys, { ref: 'r.txt', sys: 's.txt' }),
    (e: unknown) => e instanceof InputParseError && e.file === 's.txt' && e.line === 2 && /r\.txt:2/.test(e.message));
  const short = readPlainSystem('ذَهَبَ الْوَلَدُ\n');
  assert.throws(() => checkAlignment(ref, short, { ref: 'r.txt', sys: 's.txt' }), (e: unknown) => e instanceof InputParseError && e.line === 2);
});

test('scores: WER with and without case ending, strict beside relaxed, classes, oracle, unvocalized words', () => {
  const ref = readPlainReference('ذَهَبَ الْوَلَدُ إِلَى الْمَدْرَسَةِ\n', 'r.txt');
  const sys = readJsonlSystem(JSON.stringify({
    text: '…',
    words: [
      { vocalized: 'ذَهَبَ', source: 'analyzer', candidates: ['ذَهَبَ'] },
      { vocalized: 'الوَلَدَ', source: 'analyzer', candidates: ['الوَلَدَ', 'الوَلَدُ'] },
      { vocalized: 'إلَى', source: 'analyzer', candidates: ['إلَى'] },
      { vocalized: 'المدرسة', source: 'none', candidates: [] },
    ],
  }) + '\n', 's.jsonl');
  checkAlignment(ref, sys, { ref: 'r.txt', sys: 's.jsonl' });
  const r = scoreDiacritization(ref, sys);
  assert.equal(r.words, 4);
  // relaxed: ذهب right; الولد wrong only in its case ending; إلى lacks the kasra on its hamza (stem);
  // المدرسة has no vowels at all (stem, and an unknown word)
  assert.equal(r.rates.relaxed.wer, 75);
  assert.equal(r.rates.relaxed.werNoCase, 50);
  assert.equal(r.rates.strict.wer, 75);
  assert.deepEqual(r.errorClasses, {
    caseEnding: 25, stem: 50, unknownWord: 25, differentAnalysis: 25, noCorrectCandidate: 25,
    stemCauses: { unknownWord: 25, differentAnalysis: 0, noCorrectCandidate: 25 },
  });
  assert.equal(r.oracle?.relaxed.wer, 50);
  assert.equal(r.unvocalized, 1);
  assert.equal(r.lettersChanged, 0);
});

test('vocalizedOnly: reference words without any mark are left out, not counted right', () => {
  const ref = readPlainReference('قَالَ بوش إِنَّ\n', 'r.txt');
  const sys = readPlainSystem('قَالَ بُوشُ أَنَّ\n');
  checkAlignment(ref, sys, { ref: 'r.txt', sys: 's.txt' });
  const all = scoreDiacritization(ref, sys);
  assert.equal(all.words, 3);
  assert.equal(all.rates.relaxed.wer, 33.33, 'the bare بوش accepts anything in the relaxed convention');
  assert.equal(all.skippedUnvocalized, undefined);
  const voc = scoreDiacritization(ref, sys, { vocalizedOnly: true });
  assert.equal(voc.words, 2);
  assert.equal(voc.skippedUnvocalized, 1);
  assert.equal(voc.rates.relaxed.wer, 50);
});
