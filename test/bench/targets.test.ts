import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targets, type Row } from '../../bench/targets.js';

const tagRow = (
  newText?: { arabicWords: number; newWordTypes: number; wordsPerWallSecond: number },
  cold = 9_000,
): Row =>
  ({
    tokens: 350_000,
    errors: [],
    tag: {
      ranking: { tokensPerSecond: 30_000 },
      text: {
        taggerColdWordsPerSecond: cold,
        taggerWarmWordsPerSecond: 41_000,
        arabicWords: 15_675,
        firstPassNewWordTypes: 7_272,
      },
      ...(newText ? { newText } : {}),
    },
  }) as unknown as Row;

const tagging = (rows: Row[]) => targets(rows).filter((t) => t.name.startsWith('tagging raw text'));

test('raw-text tagging is judged on the first pass (20k words/s), which says how many word types were new; warm passes are shown', () => {
  const [cold, warm, ...rest] = tagging([tagRow()]);
  assert.equal(rest.length, 0, 'no new-text row without a new text measured');
  assert.match(cold.name, /first pass/);
  assert.equal(cold.value, 9_000);
  assert.equal(cold.limit, '≥ 20000');
  assert.equal(cold.met, false);
  assert.match(cold.note ?? '', /^7272 word types new to the tagger in 15675 Arabic words/);
  assert.equal(tagging([tagRow(undefined, 20_500)])[0].met, true);
  assert.match(warm.name, /same text again/);
  assert.equal(warm.value, 41_000);
  assert.equal(warm.met, null, 'the 40k figure is no longer a target: shown, not judged');
  assert.match(warm.note ?? '', /no longer a target/);
});

test('a text new to the warmed-up tagger is shown with the word types it added, not judged', () => {
  const rows = tagging([tagRow({ arabicWords: 16_215, newWordTypes: 4_603, wordsPerWallSecond: 19_500 })]);
  assert.equal(rows.length, 3);
  const fresh = rows[2];
  assert.match(fresh.name, /a new text after PUD/);
  assert.equal(fresh.value, 19_500);
  assert.equal(fresh.met, null);
  assert.match(fresh.note ?? '', /^4603 word types new to the warm tagger in 16215 Arabic words/);
});

test('a size whose tag step failed has its tagging targets unmeasured (met null), not failed', () => {
  const rows = tagging([{ tokens: 35_000, errors: ['tag: boom'], tag: null } as unknown as Row]);
  assert.deepEqual(rows.map((t) => t.met), [null, null]);
});

test('where bench/throughput.js ran: workers against capacity, the same output, peak RSS, start-up against a bare Node, the service', () => {
  const row = {
    tokens: 35_000,
    errors: [],
    throughput: {
      startup: { diacritizeSeconds: 0.31, nodeSeconds: 0.07, ratio: 4.4 },
      workers: {
        textMB: 20,
        sameOutput: true,
        median: { capacity: 1.9, speedup: 1.7, shareOfCapacity: 0.89, peakRssRatio: 1.6 },
      },
      service: {
        speedup: 1.7,
        capacity: 1.9,
        shareOfCapacity: 0.89,
        p99Ms1: 80,
        p99Ms2: 45,
        connections: 50,
        words: 30,
      },
    },
  } as unknown as Row;
  const t = targets([row]).filter((x) => x.step === 'throughput');
  const by = (re: RegExp) => t.find((x) => re.test(x.name))!;
  assert.equal(by(/workers 2 against 1: speedup/).met, true);
  assert.match(by(/workers 2 against 1: speedup/).note ?? '', /capacity 1\.9/);
  assert.equal(by(/same output/).met, true);
  assert.equal(by(/peak RSS/).met, false);
  assert.equal(by(/wall s \(median\)/).met, true);
  assert.equal(by(/node -e 0/).met, false);
  assert.equal(by(/serve --workers 2/).met, true);
  assert.match(by(/serve --workers 2/).note ?? '', /p99 80 \/ 45 ms/);
  assert.equal(targets([{ tokens: 35_000, errors: [] } as unknown as Row]).filter((x) => x.step === 'throughput').length, 0);
});
