import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this module with a package.json. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('lexdis: cannot find the project root');
    dir = up;
  }
  return dir;
}

/** Where the shared data lives: `LEXDIS_DATA`, or `../shared/data` beside the project. */
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
