import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { joinDaggerAlif } from '../../src/analyzer/dagger.js';
import { dataPaths } from '../../bin/data.js';
import { textToCorpus } from '../../src/formats/text.js';

const bama = Analyzer.load(dataPaths.bama());
const words = (line: string) => joinDaggerAlif(bama.analyzeLine(line), bama).map((t) => [t.kind, t.input, t.kind === 'word' ? t.lookup : '']);

test('a word written with a dagger alif is one word, analyzed without it', () => {
  assert.equal(bama.analyzeLine('هٰذا').length, 3, 'the reference tokenizer cuts it');
  assert.deepEqual(words('هٰذا الكتاب، ذٰلك'), [['word', 'هٰذا', 'h*A'], ['word', 'الكتاب', 'AlktAb'], ['other', '،', ''], ['word', 'ذٰلك', '*lk']]);
  const [h] = joinDaggerAlif(bama.analyzeLine('هٰذا'), bama);
  assert.ok(h.kind === 'word' && h.solutions.some((s) => s.voc === 'h`*A'));
  assert.deepEqual(words('هٰ'), [['word', 'هٰ', 'h']], 'a final dagger alif joins the word before it');
  assert.deepEqual(words('ٰ ذا'), [['other', 'ٰ', ''], ['word', 'ذا', '*A']], 'one with no word before it stays as it is');
  const corpus = textToCorpus(bama, 'هٰذا الكتاب');
  assert.deepEqual(corpus.documents[0].sentences[0].tokens.map((t) => t.form), ['هٰذا', 'الكتاب'], 'tagging reads it so; the letters are kept');
});
