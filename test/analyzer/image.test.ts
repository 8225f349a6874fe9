/**
 * The analyzer's tables compiled (src/analyzer/image.ts): an analyzer from the image analyzes
 * as the one that parsed the files (BAMA 1.0 with and without case endings and backoff, every
 * form of PUD's text, unknown words and their vowel model too); an image of other tables, of
 * another option or damaged is not used or is refused; a model carries it and Tagger.load uses it.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { dataPaths } from '../../bin/data.js';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { tablesFingerprint } from '../../src/analyzer/image-node.js';
import { ModelFormatError } from '../../src/errors.js';
import { modelAnalyzerOptions } from '../../src/model/model.js';
import { Tagger } from '../../src/tagger/tagger-node.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';
import { MINI_DIR, miniCopy, rewrite } from './fixtures.js';

test('an analyzer from the image of the BAMA tables analyzes as the one that parsed them', () => {
  const text = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 200).join('\n');
  for (const options of [{}, { caseEndings: true, backoff: true }]) {
    const parsed = Analyzer.load(dataPaths.bama(), options);
    const compiled = Analyzer.load(dataPaths.bama(), options, parsed.tablesImage());
    assert.equal(compiled.stats.compiled, true);
    assert.equal(parsed.stats.compiled, false);
    assert.deepEqual({ ...compiled.stats, loadMs: 0, compiled: false }, { ...parsed.stats, loadMs: 0 });
    assert.deepEqual(compiled.analyzeText(text), parsed.analyzeText(text));
    // words the lexicon lacks: backoff analyses, vocalized by the names' vowel model
    for (const w of ['klyntwn', 'mAkrwn', 'wbwtyn', 'AlbrAzylyp']) assert.deepEqual(compiled.analyzeWord(w), parsed.analyzeWord(w), w);
  }
});

test('an image is used only for the tables and option it was made from', () => {
  const image = Analyzer.load(MINI_DIR).tablesImage();
  assert.equal(Analyzer.load(MINI_DIR, {}, image).stats.compiled, true);
  assert.equal(Analyzer.load(MINI_DIR, { caseEndings: true }, image).stats.compiled, false, 'another option');
  const { dir, done } = miniCopy((d) => rewrite(d, 'dictStems', (t) => t.replace('katab', 'kataB')));
  try {
    assert.notEqual(tablesFingerprint(dir, false), tablesFingerprint(MINI_DIR, false));
    const edited = Analyzer.load(dir, {}, image);
    assert.equal(edited.stats.compiled, false, 'an edited table');
    assert.deepEqual(edited.analyzeWord('ktb'), Analyzer.load(dir).analyzeWord('ktb'));
  } finally {
    done();
  }
});

test('a damaged image is a ModelFormatError', () => {
  const image = Analyzer.load(MINI_DIR).tablesImage();
  const missing = { json: image.json, binary: Object.fromEntries(Object.entries(image.binary).filter(([k]) => k !== 'stems/slots')) };
  assert.throws(() => Analyzer.load(MINI_DIR, {}, missing), ModelFormatError);
  const short = { json: image.json, binary: { ...image.binary, 'stems/nextOf': new Int32Array(1) } };
  assert.throws(() => Analyzer.load(MINI_DIR, {}, short), ModelFormatError);
});

test('a model saved with the tables compiled loads its tagger from them; without, from the files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-image-model-'));
  try {
    const { model } = await train(pudCorpus(60), { workers: 0, featureSet: 'aggr', seed: 3 });
    const tables = Analyzer.load(dataPaths.bama(), modelAnalyzerOptions(model.info));
    await model.save(join(dir, 'with'), { analyzerTables: tables.tablesImage() });
    await model.save(join(dir, 'without'));
    const a = await Tagger.load(join(dir, 'with'), { tables: dataPaths.bama() });
    const b = await Tagger.load(join(dir, 'without'), { tables: dataPaths.bama() });
    assert.equal(a.analyzer.stats.compiled, true);
    assert.equal(b.analyzer.stats.compiled, false);
    const text = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 30).join('\n');
    assert.deepEqual(a.tagText(text, { top: 3 }), b.tagText(text, { top: 3 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
