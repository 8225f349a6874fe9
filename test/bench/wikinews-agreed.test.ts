import { test } from 'node:test';
import assert from 'node:assert/strict';
import { agreedMask, agreedWords, pairWords, sameWord } from '../../bench/wikinews-agreed.js';
import { readWikiNewsTsv, type SysSentence } from '../../src/eval/diac-eval.js';

// A two-sentence WikiNewsMax TSV: dediac, original_gold (2014), max_gold, max_gold_alt.
const TSV = [
  'dediac\toriginal_gold\tmax_gold\tmax_gold_alt',
  'كتب\tكَتَبَ\tكَتَبَ\t', // agreed
  'من\tمِنْ\tمِنَ\t', // the helping vowel: the golds differ
  'الولد\tالْوَلَدُ\tالوَلَدُ\t', // a sukun apart: the relaxed scorer cannot tell them apart, agreed
  'التقنية\tالتِّقْنِيَّةِ\tالتِّقْنِيَّةِ\tالتَّقْنِيَّةِ', // agreed, WikiNewsMax accepts an alternative
  '\t\t\t',
  'هذا\tهَذَا\tهَٰذَا\t', // the dagger alif: the golds differ
  'كتاب\tكِتَابٌ\tكِتَابٌ\t', // agreed
  '\t\t\t',
].join('\n');
const golds = { max: readWikiNewsTsv(TSV, 't.tsv', 'max'), original: readWikiNewsTsv(TSV, 't.tsv', 'original') };
const pct = (num: number, den: number): number => Math.round((10000 * num) / den) / 100;
const sentences = (...lines: string[][]): SysSentence[] =>
  lines.map((words, i) => ({ line: i + 1, words: words.map((text) => ({ text })) }));

test('agreed words: the same word for the relaxed scorer both ways, any accepted spelling of WikiNewsMax', () => {
  assert.deepEqual(agreedMask(golds.max, golds.original), [[true, false, true, true], [false, true]]);
  assert.equal(sameWord('مِنَ', 'مِنْ'), false);
  // a letter one gold leaves bare accepts anything from the other, but not the other way round: not agreed
  assert.equal(sameWord('مِنَ', 'مِن'), false);
  assert.equal(sameWord('مِن', 'مِنَ'), false);
  assert.equal(sameWord('الْوَلَدُ', 'الوَلَدُ'), true);
});

test('agreed words: a system is scored on them alone, against WikiNewsMax (alternatives accepted) and the 2014 gold', () => {
  // written WikiNewsMax's way, with the alternative spelling of التقنية
  const lexdis = sentences(['كَتَبَ', 'مِنَ', 'الْوَلَدُ', 'التَّقْنِيَّةِ'], ['هَٰذَا', 'كِتَابٌ']);
  const r = agreedWords(golds, lexdis);
  assert.equal(r.tsvWords, 6);
  assert.equal(r.goldsDiffer, 2);
  assert.equal(r.lexdis.words, 4);
  assert.equal(r.lexdis.wikiNewsMax.wer, 0, 'مِنَ and هَٰذَا, where the golds differ, are not scored');
  assert.equal(r.lexdis.wikiNews2014.wer, pct(1, 4), 'the alternative is right by WikiNewsMax only');
  assert.equal(r.notInPeersReference, undefined);
  assert.equal(r.peers, undefined);
  assert.equal(r.lexdisWithoutDaggerAlif, undefined);
  // the same output rendered without dagger alif, wrong on كتاب: scored on the same words
  const plain = sentences(['كَتَبَ', 'مِنَ', 'الْوَلَدُ', 'التَّقْنِيَّةِ'], ['هَذَا', 'كِتَابٍ']);
  const both = agreedWords(golds, lexdis, { withoutDaggerAlif: plain });
  assert.deepEqual(both.lexdis, r.lexdis);
  const noDagger = both.lexdisWithoutDaggerAlif!;
  assert.deepEqual([noDagger.words, noDagger.wikiNewsMax.wer], [4, pct(1, 4)]);
});

test('agreed words with the peers: their reference paired with the TSV, words it lacks left out for everyone', () => {
  assert.deepEqual(pairWords(['a', 'bc', 'd'], ['a', 'b', 'c', 'd']), [0, -1, 3]);
  assert.deepEqual(pairWords(['a', 'x', 'd'], ['a', 'b', 'd']), [0, -1, 2]);
  const lexdis = sentences(['كَتَبَ', 'مِنَ', 'الْوَلَدُ', 'التَّقْنِيَّةِ'], ['هَٰذَا', 'كِتَابٌ']);
  // the peers' reference spells الولد otherwise: that agreed word is paired with nothing
  const gtLines = ['كَتَبَ مِنْ الْوَالِدُ التِّقْنِيَّةِ .', 'هَذَا كِتَابٌ', ''];
  const peers = {
    gtLines,
    peers: [
      // wrong on الولد (unpaired: not counted) and on كتاب
      { name: 'a', file: 'a.txt', lines: ['كَتَبَ مِنْ الْوَالِدِ التِّقْنِيَّةِ', 'هَذَا كِتَابٍ'] },
      // its first line has a word more: dropped, as the peers' scoring drops it
      { name: 'b', file: 'b.txt', lines: ['كَتَبَ مِنْ مِنْ الْوَالِدُ التِّقْنِيَّةِ', 'هَذَا كِتَابٌ'] },
    ],
  };
  const r = agreedWords(golds, lexdis, { peers });
  assert.equal(r.notInPeersReference, 1);
  assert.equal(r.lexdis.words, 3);
  assert.equal(r.lexdis.wikiNews2014.wer, pct(1, 3));
  const [a, b] = r.peers!;
  assert.deepEqual([a.peer, a.linesDropped, a.words, a.wikiNewsMax.wer, a.wikiNews2014.wer], ['a', 0, 3, pct(1, 3), pct(1, 3)]);
  assert.deepEqual([a.lexdisOnTheseWords.words, a.lexdisOnTheseWords.wikiNewsMax.wer], [3, 0]);
  assert.deepEqual([b.peer, b.linesDropped, b.words, b.wikiNewsMax.wer], ['b', 1, 1, 0]);
  assert.equal(b.lexdisOnTheseWords.words, 1);
  assert.throws(() => agreedWords(golds, lexdis, { peers: { ...peers, gtLines: gtLines.slice(0, 1) } }), /1 lines, the TSV 2 sentences/);
});
