/**
 * The default models of a data folder (training/setup.ts) and what finds them without a model
 * path (src/data/folder.ts defaultModelPath, Tagger.load()): on a small data folder (the BAMA
 * tables, the first sentences of PUD and of PADT's dev and test parts, and a vocalized sentence
 * in each file of the vocalized text), made, kept while
 * current, made again when an input changes, found in their order of preference, and a missing
 * one an error naming `lexdis setup`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import {
  defaultModelPath, type DefaultModelName, goldCorpusFiles, modelPath, treebankPath, TREEBANKS, type TreebankName,
  VOCALIZED_TEXTS, type VocalizedTextName,
} from '../../src/data/folder.js';
import { DataNotFoundError } from '../../src/errors.js';
import { readModelHeader } from '../../src/model/store.js';
import { Tagger } from '../../src/tagger/tagger-node.js';
import { diacritizeText } from '../../src/tagger/diacritize.js';
import { setupDataSets, setupModels } from '../../training/setup.js';

/** The first `n` sentences of a CoNLL-U file. */
function head(file: string, n: number): string {
  return `${readFileSync(file, 'utf8').split(/\n\n+/).filter((b) => b.trim()).slice(0, n).join('\n\n')}\n\n`;
}

const SOURCES: Record<TreebankName, () => string> = {
  pud: () => dataPaths.pudConllu(),
  'padt-dev': () => dataPaths.padtConllu('dev'),
  'padt-test': () => dataPaths.padtConllu('test'),
};

/** A data folder with the real tables and the first sentences of each treebank. */
function smallDataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-setup-'));
  symlinkSync(dataPaths.bama(), join(dir, 'bama-1.0'));
  for (const name of Object.keys(TREEBANKS) as TreebankName[]) {
    mkdirSync(dirname(treebankPath(dir, name)), { recursive: true });
    writeFileSync(treebankPath(dir, name), head(SOURCES[name](), 60));
  }
  for (const name of Object.keys(VOCALIZED_TEXTS) as VocalizedTextName[]) {
    for (const [i, file] of goldCorpusFiles(dir, name).entries()) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, i % 2 === 0 ? 'كَتَبَتِ الطَّالِبَةُ الدَّرْسَ.\n' : 'ذَهَبَ الْوَلَدُ إِلَى الْمَدْرَسَةِ.\n');
    }
  }
  return dir;
}

const createdAt = async (dir: string, m: DefaultModelName) => (await readModelHeader(modelPath(dir, m))).createdAt;

test('the data sets of the default models: the tables and their treebanks, each once', () => {
  assert.deepEqual(setupDataSets(), ['bama-1.0', 'ud-arabic-pud', 'ud-arabic-padt-1.3', 'aljazeera-learning']);
  assert.deepEqual(setupDataSets(['pud']), ['bama-1.0', 'ud-arabic-pud']);
});

test('setupModels makes the default models, keeps them while current, and makes again what an input change made stale', async () => {
  const dir = smallDataFolder();
  try {
    await assert.rejects(Tagger.load({ data: dir }), (e: unknown) => e instanceof DataNotFoundError && /'lexdis setup'/.test(e.message) && e.file === modelPath(dir, 'lexdis'));
    const steps: string[] = [];
    const first = await setupModels(dir, { workers: 0, onStep: (s) => steps.push(s.step === 'import' ? `import ${s.corpus}` : `train ${s.model}`) });
    assert.deepEqual(first.map((r) => [r.model, r.status]), [['lexdis', 'trained'], ['pud', 'trained']]);
    assert.deepEqual(steps, ['import pud', 'import padt-dev', 'import padt-test', 'import aljazeera', 'train lexdis', 'train pud']);
    assert.equal(defaultModelPath(dir), modelPath(dir, 'lexdis'));
    // the record names how the vocalized text was imported: another import makes the model stale
    const recorded = JSON.parse(readFileSync(join(dir, 'models', 'setup.json'), 'utf8')) as { lexdis: { madeFrom: { imports: unknown } } };
    assert.deepEqual(recorded.lexdis.madeFrom.imports, { aljazeera: VOCALIZED_TEXTS.aljazeera });
    // the vocalized text: each of its files a document
    const texts = readFileSync(join(dir, 'corpora', 'aljazeera.pos'), 'utf8').match(/^;;; DOCUMENT: /gm)?.length;
    assert.equal(texts, goldCorpusFiles(dir, 'aljazeera').length);
    const made = { lexdis: await createdAt(dir, 'lexdis'), pud: await createdAt(dir, 'pud') };

    const tagger = await Tagger.load({ data: dir });
    assert.equal(tagger.loadedFrom?.model, modelPath(dir, 'lexdis'));
    const vocalized = diacritizeText(tagger, 'كتبت الطالبة الدرس')[0].text;
    assert.equal(vocalized.replace(/[\u064B-\u0652\u0670]/g, ''), 'كتبت الطالبة الدرس');
    assert.notEqual(vocalized, 'كتبت الطالبة الدرس');

    const again = await setupModels(dir, { workers: 0 });
    assert.deepEqual(again.map((r) => r.status), ['kept', 'kept']);
    assert.deepEqual({ lexdis: await createdAt(dir, 'lexdis'), pud: await createdAt(dir, 'pud') }, made);

    // PADT's test part changed: the model trained on it is stale, the PUD-only one is not
    writeFileSync(treebankPath(dir, 'padt-test'), head(dataPaths.padtConllu('test'), 50));
    const changed = await setupModels(dir, { workers: 0 });
    assert.deepEqual(changed.map((r) => [r.model, r.status]), [['lexdis', 'trained'], ['pud', 'kept']]);
    assert.notEqual(await createdAt(dir, 'lexdis'), made.lexdis);
    assert.equal(await createdAt(dir, 'pud'), made.pud);

    // without models/lexdis the default is models/pud; without either, an error naming lexdis setup
    rmSync(modelPath(dir, 'lexdis'), { recursive: true });
    assert.equal(defaultModelPath(dir), modelPath(dir, 'pud'));
    assert.equal((await Tagger.load({ data: dir })).loadedFrom?.model, modelPath(dir, 'pud'));
    rmSync(modelPath(dir, 'pud'), { recursive: true });
    assert.throws(() => defaultModelPath(dir), (e: unknown) => e instanceof DataNotFoundError && /'lexdis setup' trains it/.test(e.message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without the stories, models/lexdis is made from the treebanks, with a note; once they are there it is made again with them', async () => {
  const dir = smallDataFolder();
  try {
    const stories = goldCorpusFiles(dir, 'aljazeera');
    rmSync(stories[3]);
    const notes: string[] = [];
    const first = await setupModels(dir, { workers: 0, models: ['lexdis'], onWarning: (m) => notes.push(m) });
    assert.deepEqual(first.map((r) => [r.status, r.without]), [['trained', ['aljazeera']]]);
    assert.match(notes.join('\n'), /^note: the model lexdis is made without aljazeera: aljazeera-learning is not in the data folder/m);
    assert.equal(existsSync(join(dir, 'corpora', 'aljazeera.pos')), false);
    writeFileSync(stories[3], 'ذَهَبَ الْوَلَدُ إِلَى الْمَدْرَسَةِ.\n');
    const steps: string[] = [];
    const second = await setupModels(dir, { workers: 0, models: ['lexdis'], onStep: (s) => steps.push(s.step === 'import' ? s.corpus : s.model) });
    assert.deepEqual(second.map((r) => [r.status, r.without]), [['trained', []]]);
    assert.ok(steps.includes('aljazeera'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('setupModels refuses a model name it does not make, and a data folder without the treebanks is DATA_NOT_FOUND', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-setup-empty-'));
  try {
    await assert.rejects(setupModels(dir, { models: ['big' as never] }), /options.models\[0\] must be one of lexdis, pud/);
    await assert.rejects(setupModels(dir, { models: ['pud'] }), (e: unknown) => e instanceof DataNotFoundError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
