/**
 * Where the command line finds the open data sets (docs/data.md, "Where lexdis looks"): the first of
 *   1. `--data DIR`,
 *   2. `$LEXDIS_DATA`,
 *   3. the user's data folder, `$XDG_DATA_HOME/lexdis` (default `~/.local/share/lexdis`), when it exists,
 *   4. `../shared/data` beside a checkout of the repository, when it exists (never from an
 *      installed package: nothing is looked for inside node_modules),
 * and the user's data folder when none exists (where `lexdis data fetch` writes by default).
 * The order is src/data/folder.ts findDataDir's; this module adds the command line's `--data`,
 * the paths of the data sets the tests and benches read, and the hint an error about a missing
 * data file gets.
 */
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import {
  defaultModelPath, findDataDir as locateDataDir, SETUP_COMMAND, tablesPath, treebankPath, userDataDir,
  type DataDirChoice,
} from '../src/data/folder.js';

export { checkoutDataDir, userDataDir, type DataDirChoice, type DataDirSource } from '../src/data/folder.js';

/** The `--data` option of this run, set by the command line before a command runs. */
let dataOption: string | undefined;

/** Sets (or with undefined clears) the `--data` option for {@link findDataDir}. */
export function setDataOption(dir: string | undefined): void {
  dataOption = dir === undefined ? undefined : resolve(dir);
}

/** The data folder and the rule that chose it (see the module's comment for the order). */
export function findDataDir(): DataDirChoice {
  return locateDataDir(dataOption);
}

/** The data folder (see {@link findDataDir}). */
export function dataDir(): string {
  return findDataDir().dir;
}

/**
 * Where `lexdis data fetch` writes without `--to`: `--data`, `$LEXDIS_DATA`, else the user's data
 * folder (never a checkout's).
 */
export function fetchTargetDir(): string {
  return dataOption ?? (process.env.LEXDIS_DATA ? resolve(process.env.LEXDIS_DATA) : userDataDir());
}

/** Paths of the open data sets inside {@link dataDir}. */
export const dataPaths = {
  bama: () => tablesPath(dataDir()),
  referenceSentences: () => join(dataDir(), 'bama-1.0-reference', 'pud-sentences.txt'),
  referenceAnalyses: () => join(dataDir(), 'bama-1.0-reference', 'pud-analyses.txt'),
  pudConllu: () => treebankPath(dataDir(), 'pud'),
  /** UD Arabic-PADT 1.3, vocalized: the dev part (training beside PUD) and the test part (held out). */
  padtConllu: (part: 'dev' | 'test') => treebankPath(dataDir(), `padt-${part}`),
  /** The WikiNews diacritization test set (evaluation only, never training). */
  wikiNewsMax: () => join(dataDir(), 'wikinews-max', 'WikiNewsMax.tsv'),
};

/**
 * The model of a command given no `-m MODEL`: the default model of the data folder (src/data/folder.ts
 * defaultModelPath). Throws DataNotFoundError, naming the command that makes it, when there is none.
 */
export function defaultModel(): string {
  return defaultModelPath(dataDir());
}

/** How the data folder was chosen, in words: `LEXDIS_DATA=/x`, `the user data folder /y`. */
export function describeChoice(choice: DataDirChoice): string {
  switch (choice.source) {
    case '--data': return `--data ${choice.dir}`;
    case 'LEXDIS_DATA': return `LEXDIS_DATA=${choice.dir}`;
    case 'user data folder': return `the user data folder ${choice.dir}`;
    case 'checkout': return `the checkout's ${choice.dir}`;
  }
}

/**
 * What to tell a user whose `file` was not found, when it lies in the data folder: where lexdis
 * looked and how to get the data. Undefined for a file elsewhere (a path the user gave).
 */
export function missingDataHint(file: string | undefined): string | undefined {
  if (!file) return undefined;
  const choice = findDataDir();
  const rel = relative(choice.dir, resolve(file));
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  const where = choice.exists
    ? `The data folder (${describeChoice(choice)}) lacks it.`
    : choice.source === 'user data folder'
      ? `No data folder: lexdis looks at --data DIR, then $LEXDIS_DATA (unset), then ${choice.dir}, then ../shared/data beside a checkout.`
      : `The data folder (${describeChoice(choice)}) does not exist.`;
  if (rel.split(sep)[0] === 'models') {
    return `${where}\n'${SETUP_COMMAND}' fetches the open data into ${fetchTargetDir()} and trains the default models there; -m MODEL gives another model.`;
  }
  return `${where}\nGet the open data with 'lexdis data fetch' (into ${fetchTargetDir()}), set LEXDIS_DATA to a folder that has it, or give the analyzer tables with --tables DIR.`;
}
