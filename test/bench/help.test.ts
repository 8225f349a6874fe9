import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config.js';

const BENCH = join(projectRoot(), 'dist', 'bench');
// Library modules of the bench (no command of their own).
const MODULES = new Set(['common.js', 'compare.js', 'report.js', 'scale-stats.js', 'targets.js', 'wikinews-agreed.js', 'wikinews-peers.js']);

test('every bench command answers --help with its usage and does nothing else', () => {
  // a compiled bench whose source is gone (moved or deleted since the last build) is not a bench
  const scripts = readdirSync(BENCH).filter((f) => f.endsWith('.js') && !MODULES.has(f) && existsSync(join(projectRoot(), 'bench', f.replace(/\.js$/, '.ts'))));
  assert.ok(scripts.includes('run.js') && scripts.includes('train.js'));
  for (const s of scripts) {
    const r = spawnSync(process.execPath, [join(BENCH, s), '--help'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, `${s}: ${r.stderr}`);
    assert.ok(r.stdout.length > 80 && !r.stdout.trimStart().startsWith('{'), `${s} printed: ${r.stdout.slice(0, 100)}`);
    assert.equal(r.stderr.includes('[bench'), false, `${s} started working: ${r.stderr.slice(0, 200)}`);
  }
});
