import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareResults, compareTable, FIGURES } from '../../bench/compare.js';

const result = (loopMs: number, wall: number, rss: number, rank: number, extraSize?: number) => ({
  command: 'node dist/bench/run.js',
  calibration: { oneMs: loopMs },
  sizes: [
    { tokens: 35_000, train: { wallSeconds: wall, peakRssMB: rss }, tag: { ranking: { tokensPerSecond: rank } } },
    ...(extraSize ? [{ tokens: extraSize, train: { wallSeconds: 1 } }] : []),
  ],
});

const pick = (rows: ReturnType<typeof compareResults>, name: string) => rows.find((r) => r.name === name)!;

test('compare: times and rates are judged in busy-loop units, sizes as they are', () => {
  // the new run's machine is twice as slow (loop 200 ms vs 100): twice the time is no change
  const rows = compareResults(result(100, 10, 1000, 20_000), result(200, 20, 1500, 10_000, 350_000));
  assert.ok(rows.every((r) => r.tokens === 35_000), 'a size missing from the snapshot is not compared');
  assert.equal(rows.length, FIGURES.length);
  const wall = pick(rows, 'lexdis train wall s');
  assert.equal(wall.ratio, 2);
  assert.equal(wall.calibratedRatio, 1);
  assert.equal(wall.worse, false);
  const rank = pick(rows, 'ranking tokens/s');
  assert.equal(rank.ratio, 0.5);
  assert.equal(rank.calibratedRatio, 1);
  assert.equal(rank.worse, false);
  const rss = pick(rows, 'peak RSS MB');
  assert.equal(rss.calibratedRatio, 1.5);
  assert.equal(rss.worse, true);
  const absent = pick(rows, 'θ fit s');
  assert.deepEqual([absent.snapshot, absent.now, absent.ratio, absent.worse], [null, null, null, null]);
});

test('compare: a slower lexdis on the same machine is marked; the table names it', () => {
  const snap = result(100, 10, 1000, 20_000);
  const now = result(100, 14, 1000, 12_000);
  const rows = compareResults(snap, now);
  assert.equal(pick(rows, 'lexdis train wall s').worse, true);
  assert.equal(pick(rows, 'ranking tokens/s').worse, true);
  const table = compareTable(snap, now, rows);
  assert.match(table, /lexdis train wall s\t10\t14\t1\.4\t1\.4\tWORSE/);
  assert.match(table, /2 figure\(s\) worse/);
});

test('compare: a result without its busy-loop calibration is refused', () => {
  const old = { sizes: [] };
  assert.throws(() => compareResults(old, result(100, 1, 1, 1)), /no busy-loop calibration/);
});
