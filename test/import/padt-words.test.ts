/**
 * The orthographic words of UD Arabic-PADT 1.3 rebuilt from its syntactic words
 * (test/fixtures/ud/padt-small.conllu: six sentences of the dev part and an excerpt).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';
import { parseConllu, type ConlluSentence, type ConlluWord } from '../../src/import/conllu.js';
import { isEnclitic, isVocalizedLayout, padtDocumentId, padtSentenceId, rebuildWords } from '../../src/import/padt-words.js';

const FIX = join(projectRoot(), 'test', 'fixtures', 'ud');
const sentences = parseConllu(readFileSync(join(FIX, 'padt-small.conllu'), 'utf8'), 'padt-small.conllu');
const byId = (id: string): ConlluSentence => {
  const s = sentences.find((x) => padtSentenceId(x) === id);
  assert.ok(s, id);
  return s;
};
/**
 * The rebuilt words in Unicode's canonical order of marks (the treebank and this file may order
 * shadda and vowel otherwise).
 */
const words = (id: string): string[] => rebuildWords(byId(id)).map((w) => w.vocalized.normalize('NFC'));
const nfc = (xs: string[]): string[] => xs.map((x) => x.normalize('NFC'));

test('proclitics join the next word; لِ before the article drops its alif', () => {
  assert.deepEqual(words('AFP_ARB_20000715.0011#1'), nfc([
    'مَجمُوعَةٌ', 'مِن', 'اَلأَمِيرِكِيِّينَ', 'اَلمُعَارِضِينَ', 'لِلحَظرِ', 'تَزُورُ', 'اَلبَصرَةَ',
  ]));
  const w = words('UMH_ARB_20040715.0008#4');
  assert.ok(w.includes('وَأَشَارَت'.normalize('NFC')) && w.includes('لِلإِسلَامِ'.normalize('NFC')), w.join(' '));
});

test('before a stem\'s lam the article\'s lam goes too (لِ + اَللَّجنَةِ = لِلَّجنَةِ)', () => {
  assert.deepEqual(words('NHR_ARB_20021130.0099#2'), nfc(['اَلعَامُّ', 'لِلَّجنَةِ', 'اَلأُسقُفِيَّةِ']));
});

test('a personal pronoun with case digit 2 or 4 is an enclitic; case 1 stands alone', () => {
  const s = byId('UMH_ARB_20040906.0013#45');
  const pron = (form: string): ConlluWord => s.words.find((w) => w.form === form)!;
  assert.equal(pron('هُ').xpos, 'SP---3MS4-');
  assert.ok(isEnclitic(pron('هُ')) && isEnclitic(pron('هِم')));
  // عَانَى + هُ: alif maqsura written alif before the pronoun
  assert.deepEqual(words('UMH_ARB_20040906.0013#45'), nfc([
    '*', 'بِاَلرَّغمِ', 'مِن', 'مَا', 'عَانَاهُ', 'اَلشَّعبُ', 'اَلعِرَاقِيُّ', 'مِن', 'نِظَامِهِم', '؟',
  ]));
  const free = byId('UMH_ARB_20040906.0013#7');
  assert.equal(free.words[2].xpos, 'SP---3FS1-');
  assert.ok(!isEnclitic(free.words[2]));
  assert.deepEqual(words('UMH_ARB_20040906.0013#7'), nfc(['*', 'إِذَن', 'هِيَ', 'مَحكَمَةٌ', 'خَاصَّةٌ', '؟']));
});

test('spelling at an enclitic: ta marbuta as ت, the hamza\'s seat, the "my" pronoun\'s kasra', () => {
  const w = words('UMH_ARB_20040715.0008#4');
  for (const x of nfc(['خَيرَهَا', 'تَركِهَا', 'بَقَائِهَا'])) assert.ok(w.includes(x), `${x} in ${w.join(' ')}`);
  assert.ok(words('UMH_ARB_20040407.0030#1').includes('وَمَهَمَّتِي'.normalize('NFC')), 'وَ + مَهَمَّةُ + ِي');
});

test('a proclitic before punctuation stays a word of its own', () => {
  const ws = rebuildWords(byId('UMH_ARB_20040726.0007#1'));
  const li = ws.findIndex((w) => w.vocalized === 'لِ');
  assert.ok(li > 0, ws.map((w) => w.vocalized).join(' '));
  assert.equal(ws[li + 1].vocalized, '"');
  assert.equal(ws[li + 1].punct, true);
  assert.equal(ws[li + 2].vocalized, 'حَربِ');
});

test('the text the analyzer reads: the words without marks', () => {
  assert.equal(rebuildWords(byId('AFP_ARB_20000715.0011#1')).map((w) => w.plain).join(' '), 'مجموعة من الأميركيين المعارضين للحظر تزور البصرة');
});

test('the layout: no LId and vocalized forms; documents from # orig_file_sentence', () => {
  assert.ok(isVocalizedLayout(sentences));
  const pud = parseConllu(readFileSync(join(FIX, 'small.conllu'), 'utf8'), 'small.conllu');
  assert.ok(!isVocalizedLayout(pud));
  assert.equal(padtDocumentId(byId('UMH_ARB_20040906.0013#45')), 'UMH_ARB_20040906.0013');
  assert.equal(padtSentenceId(sentences[0]), 'AFP_ARB_20000715.0011#1');
});
