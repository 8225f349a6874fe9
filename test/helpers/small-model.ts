/**
 * A small real model for the browser and site tests: trained on the first 60 sentences of PUD
 * (seed 3; its corpus named by PUD's file) and saved, as `lexdis train` saves it, with the BAMA
 * 1.0 tables compiled in it. Made once per process in a temporary folder removed at exit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../../bin/data.js';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { modelAnalyzerOptions } from '../../src/model/model-node.js';
import { MODEL_FILE } from '../../src/model/store-format.js';
import { train } from '../../training/train.js';
import { pudCorpus } from './pud.js';

let made: Promise<string> | undefined;

/** The model's folder. */
export function smallModelDir(): Promise<string> {
  made ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lexdis-small-model-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    // named by the file its sentences come from, as a model trained on it is (a site names its licence)
    const { model } = await train({ ...pudCorpus(60), source: dataPaths.pudConllu() }, { workers: 0, seed: 3 });
    const tables = Analyzer.load(dataPaths.bama(), modelAnalyzerOptions(model.info)).tablesImage();
    await model.save(join(dir, 'model'), { analyzerTables: tables });
    return join(dir, 'model');
  })();
  return made;
}

/** The model's file's bytes. */
export async function smallModelBytes(): Promise<Uint8Array> {
  return new Uint8Array(readFileSync(join(await smallModelDir(), MODEL_FILE)));
}
