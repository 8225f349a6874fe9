/**
 * Where the command line finds the open data sets (docs/data.md, "Where lexdis looks"): the first of
 *   1. `--data DIR`,
 *   2. `$LEXDIS_DATA`,
 *   3. the user's data folder, `$XDG_DATA_HOME/lexdis` (default `~/.local/share/lexdis`), when it exists,
 *   4. `../shared/data` beside a checkout of the repository, when it exists (never from an
 *      installed package: nothing is looked for inside node_modules),
 * and the user's data folder when none exists (where `lexdis data fetch` writes by default).
 * Only the command line (and the tests and benches, which run beside it) reads this; the
 * library takes every data path as an explicit argument.
 */
import { homedir } from 'node:os';
import { statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { projectRoot } from '../src/config.js';

/** Which rule chose the data folder. */
export type DataDirSource = '--data' | 'LEXDIS_DATA' | 'user data folder' | 'checkout';

export interface DataDirChoice {
  dir: string;
  source: DataDirSource;
  exists: boolean;
}

/** The `--data` option of this run, set by the command line before a command runs. */
let dataOption: string | undefined;

/** Sets (or with undefined clears) the `--data` option for {@link findDataDir}. */
export function setDataOption(dir: string | undefined): void {
  dataOption = dir === undefined ? undefined : resolve(dir);
}

const isDir = (dir: string): boolean => statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** `$XDG_DATA_HOME/lexdis`, or `~/.local/share/lexdis` (a relative XDG_DATA_HOME is ignored, as the XDG spec says). */
export function userDataDir(): string {
  const xdg = process.env.XDG_DATA_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.local', 'share'), 'lexdis');
}

/** `../shared/data` beside the repository when this runs from a checkout; undefined from an installed package. */
export function checkoutDataDir(): string | undefined {
  const root = projectRoot();
  return root.split(sep).includes('node_modules') ? undefined : resolve(root, '..', 'shared', 'data');
}

/** The data folder and the rule that chose it (see the module's comment for the order). */
export function findDataDir(): DataDirChoice {
  if (dataOption) return { dir: dataOption, source: '--data', exists: isDir(dataOption) };
  const env = process.env.LEXDIS_DATA;
  if (env) return { dir: resolve(env), source: 'LEXDIS_DATA', exists: isDir(resolve(env)) };
  const user = userDataDir();
  if (isDir(user)) return { dir: user, source: 'user data folder', exists: true };
  const checkout = checkoutDataDir();
  if (checkout && isDir(checkout)) return { dir: checkout, source: 'checkout', exists: true };
  return { dir: user, source: 'user data folder', exists: false };
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
  bama: () => join(dataDir(), 'bama-1.0'),
  referenceSentences: () => join(dataDir(), 'bama-1.0-reference', 'pud-sentences.txt'),
  referenceAnalyses: () => join(dataDir(), 'bama-1.0-reference', 'pud-analyses.txt'),
  pudConllu: () => join(dataDir(), 'ud-arabic-pud', 'ar_pud-ud-test.conllu'),
  /** UD Arabic-PADT 1.3, vocalized: the dev part (training beside PUD) and the test part (held out). */
  padtConllu: (part: 'dev' | 'test') => join(dataDir(), 'ud-arabic-padt-1.3', `ar-ud-${part}.conllu`),
  /** The WikiNews diacritization test set (evaluation only, never training). */
  wikiNewsMax: () => join(dataDir(), 'wikinews-max', 'WikiNewsMax.tsv'),
};

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
  return `${where}\nGet the open data with 'lexdis data fetch' (into ${fetchTargetDir()}), set LEXDIS_DATA to a folder that has it, or give the analyzer tables with --tables DIR.`;
}
