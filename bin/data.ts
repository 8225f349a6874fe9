/**
 * Where the CLI finds the open data sets: `LEXDIS_DATA`, or `../shared/data` beside the
 * project. Only the command line (and the tests and benches, which run beside it) reads this;
 * the library takes every data path as an explicit argument.
 */
import { join, resolve } from 'node:path';
import { projectRoot } from '../src/config.js';

/** The data folder: `LEXDIS_DATA`, or `../shared/data` beside the project. */
export function dataDir(): string {
  const fromEnv = process.env.LEXDIS_DATA;
  return fromEnv ? resolve(fromEnv) : resolve(projectRoot(), '..', 'shared', 'data');
}

/** Paths of the open data sets inside {@link dataDir}. */
export const dataPaths = {
  bama: () => join(dataDir(), 'bama-1.0'),
  referenceSentences: () => join(dataDir(), 'bama-1.0-reference', 'pud-sentences.txt'),
  referenceAnalyses: () => join(dataDir(), 'bama-1.0-reference', 'pud-analyses.txt'),
  pudConllu: () => join(dataDir(), 'ud-arabic-pud', 'ar_pud-ud-test.conllu'),
  /** The WikiNews diacritization test set (evaluation only, never training). */
  wikiNewsMax: () => join(dataDir(), 'wikinews-max', 'WikiNewsMax.tsv'),
};
