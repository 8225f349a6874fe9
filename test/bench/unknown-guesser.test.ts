/**
 * The letter-context guesser of bench/unknown-guesser.ts: learned from the words it is given and
 * nothing else, deterministic, its guesses the letters of the word with marks added.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LetterGuesser } from '../../bench/unknown-guesser.js';
import { stripMarks } from '../../src/eval/diac-eval.js';

const TRAINING = ['كَتَبَ', 'كِتَابٌ', 'كُتُبٌ', 'مَكْتَبَةٌ', 'فِيلْمٌ', 'كَتَبُوا'];

test('a word it was taught comes back as it was taught; the letters never change', () => {
  const g = new LetterGuesser();
  for (const w of TRAINING) g.learn(w);
  assert.equal(g.guess('مكتبة', 3)[0], 'مَكْتَبَةٌ');
  assert.equal(g.guess('فيلم', 1)[0], 'فِيلْمٌ');
  for (const w of ['كتب', 'كتاب', 'مكتبات', 'سيارة'])
    for (const guess of g.guess(w, 3)) assert.equal(stripMarks(guess), w);
  assert.deepEqual([...g.seen].sort(), [...new Set(TRAINING.map(stripMarks))].sort());
});

test('deterministic, and learned only from the given words: the same words give the same guesses, none gives no marks', () => {
  const a = new LetterGuesser();
  const b = new LetterGuesser();
  for (const w of TRAINING) { a.learn(w); b.learn(w); }
  for (const w of ['كتب', 'مكتب', 'كتابة', 'فيلما']) assert.deepEqual(a.guess(w, 3), b.guess(w, 3));
  const empty = new LetterGuesser();
  empty.learn('كتب');
  assert.deepEqual(empty.guess('كتب', 3), ['كتب'], 'a word without marks teaches nothing');
  assert.ok(new Set(a.guess('كتب', 3)).size === 3, 'three different guesses');
});
