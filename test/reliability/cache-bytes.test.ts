/**
 * Every cache of a Tagger is bounded in bytes (docs/reliability.md, "Memory: every cache in
 * bytes"): a child process (`node --expose-gc`, cache-bytes-child.ts) tags 3,000 distinct words
 * of 20–40 letters and runs of 4,000–20,000 letters with caches of 8 MiB in all, and its heap
 * after forced collections must not grow by more than that. With the bound lifted the same words
 * keep some 19 MB, so the check can fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./cache-bytes-child.js', import.meta.url));
const MiB = 2 ** 20;

function run(
  cacheBytes: number,
  words: number,
): { grewBytes: number; charged: Record<string, number>; wordTypes: number } {
  return JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', CHILD, String(cacheBytes), String(words)], {
      encoding: 'utf8',
      timeout: 120_000,
    }),
  );
}

test('a Tagger with caches of 8 MiB fed 3,000 distinct long words keeps at most 8 MiB more heap', () => {
  const bound = 8 * MiB;
  const r = run(bound, 3000);
  assert.ok(r.grewBytes <= bound, `the heap grew by ${(r.grewBytes / MiB).toFixed(1)} MiB, over the ${bound / MiB} MiB of the caches`);
  // the caches were full (each held at least its share's half, so they let words go), and each kept to its share
  assert.ok(r.charged.wordTypes >= bound / 4 && r.charged.wordTypes <= bound / 2, JSON.stringify(r));
  assert.ok(r.charged.rendered <= bound / 4 && r.charged.analyzer <= bound / 4, JSON.stringify(r));
  assert.ok(r.wordTypes < 3000, `${r.wordTypes} word types kept`);
});

test('without the bound, the same words keep more than 8 MiB (the check above can fail)', () => {
  const r = run(2 ** 40, 3000);
  assert.ok(r.grewBytes > 8 * MiB, `${(r.grewBytes / MiB).toFixed(1)} MiB`);
});
