import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targets, type Row } from '../../bench/targets.js';

const tagRow = (newText?: { arabicWords: number; newWordTypes: number; wordsPerWallSecond: number }): Row => ({
  tokens: 350_000,
  errors: [],
  tag: {
    ranking: { tokensPerSecond: 30_000 },
    text: { taggerColdWordsPerSecond: 9_000, taggerWarmWordsPerSecond: 41_000, arabicWords: 15_675, firstPassNewWordTypes: 7_272 },
    ...(newText ? { newText } : {}),
  },
} as unknown as Row);

const tagging = (rows: Row[]) => targets(rows).filter((t) => t.name.startsWith('tagging raw text'));

test('raw-text tagging is judged on the first pass and the same text again; the first pass says how many word types were new', () => {
  const [cold, warm, ...rest] = tagging([tagRow()]);
  assert.equal(rest.length, 0, 'no new-text row without a new text measured');
  assert.match(cold.name, /first pass/);
  assert.equal(cold.value, 9_000);
  assert.equal(cold.met, false);
  assert.match(cold.note ?? '', /^7272 word types new to the tagger in 15675 Arabic words/);
  assert.match(warm.name, /same text again/);
  assert.equal(warm.met, true);
  assert.equal(warm.limit, '≥ 40000');
});

test('a text new to the warmed-up tagger is judged too, with the word types it added', () => {
  const rows = tagging([tagRow({ arabicWords: 16_215, newWordTypes: 4_603, wordsPerWallSecond: 19_500 })]);
  assert.equal(rows.length, 3);
  const fresh = rows[2];
  assert.match(fresh.name, /a new text after PUD/);
  assert.equal(fresh.value, 19_500);
  assert.equal(fresh.met, false);
  assert.match(fresh.note ?? '', /^4603 word types new to the warm tagger in 16215 Arabic words/);
  assert.equal(tagging([tagRow({ arabicWords: 10, newWordTypes: 1, wordsPerWallSecond: 40_000 })])[2].met, true);
});

test('a size whose tag step failed has its tagging targets unmeasured (met null), not failed', () => {
  const rows = tagging([{ tokens: 35_000, errors: ['tag: boom'], tag: null } as unknown as Row]);
  assert.deepEqual(rows.map((t) => t.met), [null, null]);
});
