/**
 * `lexdis cv` as a user runs it: by default the default model and Mfull with the baselines, the
 * default model's figures first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FEATURE_SET } from '../../features/templates.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { pudCorpus } from '../helpers/pud.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';

test('cv\'s summary leads with the default model (what train builds), then Mfull; -q leaves only the report files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-cv-cli-'));
  try {
    writeFileSync(join(dir, 'gold.pos'), writePosFile(corpusToPos(pudCorpus(80))));
    const r = await lexdisInProcess(['cv', join(dir, 'gold.pos'), '--folds', '2', '-o', join(dir, 'cv'), '--progress', 'none']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.match(lines[0], new RegExp(`^lexdis default \\(M${DEFAULT_FEATURE_SET.replace(/\+/g, '\\+')}, what lexdis train builds\\): A1 \\d+\\.\\d  A2 \\d+\\.\\d  case-less A1 \\d+\\.\\d  \\(ceiling \\d+\\.\\d\\)$`));
    assert.match(lines[1], /^Mfull \(the paper's model\): A1 /);
    assert.match(lines.at(-1)!, /^2-fold cross-validation of 5 models in /, 'the default model, Mfull and the three baselines');
    const quiet = await lexdisInProcess(['cv', join(dir, 'gold.pos'), '--folds', '2', '--models', 'full', '-o', join(dir, 'cv2'), '-q']);
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
    assert.ok(existsSync(join(dir, 'cv2', 'report.md')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
