/**
 * Progress off a terminal (bin/progress.ts): a line every interval with stage, done, total and
 * elapsed time, nothing for a short run, a heartbeat while nothing is reported; and the mode a
 * command's -q and --progress give.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Command } from 'commander';
import { quietAndProgress, progressModeOf } from '../../bin/options.js';
import { configureProgress, formatElapsed, progressMode, ProgressLines, PROGRESS_LINE_SECONDS } from '../../bin/progress.js';

test('a line at most every interval, with the stage, done/total (%), the unit and the time since the start', () => {
  let now = 1_000_000;
  const lines: string[] = [];
  const p = new ProgressLines({ write: (l) => lines.push(l), now: () => now, intervalMs: 10_000, label: 'lexdis tag', unit: 'MB', started: now });
  try {
    p.update('read', 1, 10);
    now += 9_999;
    p.update('read', 4, 10);
    assert.deepEqual(lines, [], 'nothing before the first interval: a short run prints nothing');
    now += 1;
    p.update('read', 5, 10);
    assert.deepEqual(lines, ['lexdis tag: read 5/10 MB (50%), 10s elapsed']);
    now += 5_000;
    p.update('read', 7, 10);
    assert.equal(lines.length, 1, 'not again within the interval');
    now += 70_000;
    p.update('count', 3, undefined);
    assert.equal(lines[1], 'lexdis tag: count 3 MB, 1m 25s elapsed', 'no total: the count alone');
  } finally {
    p.stop();
  }
});

test('while nothing is reported, the latest figures are printed again at the interval (the run is alive)', async () => {
  const lines: string[] = [];
  const p = new ProgressLines({ write: (l) => lines.push(l), now: Date.now, intervalMs: 20, label: 'lexdis cv', unit: '', started: Date.now() });
  p.update('models trained and scored', 2, 20);
  await new Promise((r) => setTimeout(r, 150));
  p.stop();
  const seen = lines.length;
  assert.ok(seen >= 2, `${seen} lines`);
  for (const l of lines) assert.match(l, /^lexdis cv: models trained and scored 2\/20 \(10%\), \d+s elapsed$/);
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(lines.length, seen, 'nothing after stop');
});

test('elapsed time in seconds, minutes, hours', () => {
  assert.deepEqual([0, 9_900, 75_000, 3_725_000].map(formatElapsed), ['0s', '9s', '1m 15s', '1h 2m']);
  assert.equal(PROGRESS_LINE_SECONDS, 10);
});

test('-q turns progress off unless --progress says otherwise; auto is a bar on a terminal, else lines', () => {
  const mode = (args: string[]) => {
    const cmd = quietAndProgress(new Command('x').exitOverride(), 'no summary');
    cmd.parse(args, { from: 'user' });
    return progressModeOf(cmd);
  };
  assert.equal(mode([]), 'auto');
  assert.equal(mode(['-q']), 'none');
  assert.equal(mode(['--quiet', '--progress', 'lines']), 'lines');
  assert.equal(mode(['--progress', 'bar']), 'bar');
  configureProgress('auto', 'lexdis test');
  assert.equal(progressMode(), process.stderr.isTTY && !process.env.CI ? 'bar' : 'lines');
  configureProgress('none', 'lexdis test');
  assert.equal(progressMode(), 'none');
  configureProgress('auto', 'lexdis');
});
