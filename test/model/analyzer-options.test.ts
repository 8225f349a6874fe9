/**
 * The analyzer options a model records (ModelInfo.analyzer): written by training, read by the
 * tagger to build its analyzer; a model without the record (written before it existed) reads
 * as case endings off; a malformed record is refused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModelFormatError } from '../../src/errors.js';
import { Model, modelAnalyzerOptions, type ModelInfo } from '../../src/model/model-node.js';
import { Tagger } from '../../src/tagger/tagger-node.js';
import { dataPaths } from '../../bin/data.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

test('the model records caseEndings; the tagger analyzes with it; absent reads as off; malformed is refused', async () => {
  const { model } = await train(pudCorpus(120), { workers: 0, featureSet: 'baseline' });
  assert.deepEqual(model.info.analyzer, { backoff: true, caseEndings: true, passives: false }, 'on by default for training');
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-case-model-'));
  const info = model.info as ModelInfo;
  try {
    await model.save(join(dir, 'on'));
    const on = await Tagger.load(join(dir, 'on'), { tables: dataPaths.bama() });
    assert.equal(on.analyzer.options.caseEndings, true);
    assert.equal((on.modelInfo().analyzer as { options: { caseEndings: boolean } }).options.caseEndings, true, 'GET /v1/model shows it');
    const [sent] = on.tagText('الرئيس', { top: 10 });
    assert.ok(sent.tokens[0].analyses.some((a) => a.morph.includes('/CASE_DEF_')), 'case endings among the candidates');
    // an explicit analyzer option wins over the model's
    assert.equal((await Tagger.load(join(dir, 'on'), { tables: dataPaths.bama(), analyzer: { caseEndings: false } })).analyzer.options.caseEndings, false);

    const saved = info.analyzer;
    delete info.analyzer; // a model written before the record existed
    await model.save(join(dir, 'old'));
    const old = await Tagger.load(join(dir, 'old'), { tables: dataPaths.bama() });
    assert.equal(old.model.info.analyzer, undefined);
    assert.deepEqual(modelAnalyzerOptions(old.model.info), { backoff: false, caseEndings: false, passives: false });
    assert.equal(old.analyzer.options.caseEndings, false);
    assert.ok(old.tagText('الرئيس', { top: 10 })[0].tokens[0].analyses.every((a) => !a.morph.includes('/CASE_')));

    info.analyzer = { backoff: false, caseEndings: 'yes' as unknown as boolean, passives: false };
    await model.save(join(dir, 'bad'));
    await assert.rejects(Model.load(join(dir, 'bad')), (e: unknown) => e instanceof ModelFormatError && /caseEndings/.test(e.message));
    info.analyzer = saved;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
