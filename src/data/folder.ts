/**
 * The data folder: where lexdis finds it when no folder is given (docs/data.md, "Where lexdis
 * looks"), and where things lie inside it: the analyzer's tables (`bama-1.0`), the corpora and
 * the default models that `lexdis setup` makes (`models/lexdis`, `models/pud`).
 *
 * Every function but {@link findDataDir} (and {@link userDataDir}, which it uses) takes the data
 * folder as an argument. {@link findDataDir} is the one place of the library that reads the
 * environment (`LEXDIS_DATA`, `XDG_DATA_HOME`, the home folder): the command line calls it when
 * `--data` is not given, and `Tagger.load()` when it is given no model and no data folder.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve, sep } from 'node:path';
import { requireString } from '../args.js';
import { projectRoot } from '../config.js';
import { DataNotFoundError } from '../errors.js';
import { readTextFile } from '../io/text-file.js';
import { DATA_SETS, licenceFileOf } from './manifest.js';

/** Which rule chose the data folder. */
export type DataDirSource = '--data' | 'LEXDIS_DATA' | 'user data folder' | 'checkout';

/** The data folder found, the rule that chose it, and whether it exists. */
export interface DataDirChoice {
  dir: string;
  source: DataDirSource;
  exists: boolean;
}

/** The folder of the BAMA 1.0 tables inside a data folder (the data set `bama-1.0`). */
export const TABLES_SET = 'bama-1.0';

/** The gold treebanks of the data folder that the default models are trained on: data set and file. */
export const TREEBANKS = {
  pud: { set: 'ud-arabic-pud', file: 'ar_pud-ud-test.conllu' },
  'padt-dev': { set: 'ud-arabic-padt-1.3', file: 'ar-ud-dev.conllu' },
  'padt-test': { set: 'ud-arabic-padt-1.3', file: 'ar-ud-test.conllu' },
} as const;
export type TreebankName = keyof typeof TREEBANKS;

/**
 * The vocalized texts of the data folder the default model `lexdis` is trained on beside the
 * treebanks: each a data set whose files, but its licence's text, are the text, a file a document
 * (imported as `lexdis import-diac` imports a text), and how a tie is made gold (`import-diac
 * --ties`; the stories: the first tied candidate, measured in docs/results.md).
 */
export const VOCALIZED_TEXTS = {
  aljazeera: { set: 'aljazeera-learning', ties: 'first' },
} as const;
export type VocalizedTextName = keyof typeof VOCALIZED_TEXTS;

/** The gold corpora of the data folder: the treebanks and the vocalized texts. */
export type GoldCorpusName = TreebankName | VocalizedTextName;

/** Every gold corpus's name: the treebanks', then the vocalized texts'. */
export const GOLD_CORPUS_NAMES = [
  ...Object.keys(TREEBANKS), ...Object.keys(VOCALIZED_TEXTS),
] as readonly GoldCorpusName[];

/** Takes a gold corpus's name; returns whether it is a treebank's (else a vocalized text's). */
export function isTreebank(name: GoldCorpusName): name is TreebankName {
  return Object.hasOwn(TREEBANKS, name);
}

/**
 * The default models `lexdis setup` trains into the data folder's `models/` folder, in the
 * order they are preferred: `lexdis` (all the open gold; CC BY-NC-SA 3.0, as PADT), then `pud`
 * (UD Arabic-PUD alone; CC BY-SA 3.0, usable commercially).
 */
export const DEFAULT_MODELS = ['lexdis', 'pud'] as const;
export type DefaultModelName = (typeof DEFAULT_MODELS)[number];

/** What makes the default models: the command named in every error about a missing one. */
export const SETUP_COMMAND = 'lexdis setup';

const isDir = (dir: string): boolean => statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;

/**
 * The user's data folder: `$XDG_DATA_HOME/lexdis`, or `~/.local/share/lexdis` when
 * XDG_DATA_HOME is unset or relative (as the XDG spec says). Takes nothing; returns the path,
 * whether or not it exists. Reads the environment.
 */
export function userDataDir(): string {
  const xdg = process.env.XDG_DATA_HOME;
  return join(xdg && isAbsolute(xdg) ? xdg : join(homedir(), '.local', 'share'), 'lexdis');
}

/**
 * `../shared/data` beside the repository when lexdis runs from a checkout; undefined when it runs
 * from an installed package (nothing is looked for inside node_modules).
 */
export function checkoutDataDir(): string | undefined {
  const root = projectRoot();
  return root.split(sep).includes('node_modules') ? undefined : resolve(root, '..', 'shared', 'data');
}

/**
 * Finds the data folder, the first that applies: `given` (the command line's `--data`), then
 * `$LEXDIS_DATA`, then the user's data folder ({@link userDataDir}) when it exists, then
 * `../shared/data` beside a checkout when it exists; else the user's data folder (where
 * `lexdis data fetch` and `lexdis setup` write). Returns the folder, the rule and whether it
 * exists; throws nothing.
 */
export function findDataDir(given?: string): DataDirChoice {
  if (given) return { dir: resolve(given), source: '--data', exists: isDir(resolve(given)) };
  const env = process.env.LEXDIS_DATA;
  if (env) return { dir: resolve(env), source: 'LEXDIS_DATA', exists: isDir(resolve(env)) };
  const user = userDataDir();
  if (isDir(user)) return { dir: user, source: 'user data folder', exists: true };
  const checkout = checkoutDataDir();
  if (checkout && isDir(checkout)) return { dir: checkout, source: 'checkout', exists: true };
  return { dir: user, source: 'user data folder', exists: false };
}

/** Takes a data folder; returns its analyzer tables' folder, `DATA/bama-1.0`. Throws UsageError for a non-string. */
export function tablesPath(dataDir: string): string {
  return join(requireString('dataDir', dataDir), TABLES_SET);
}

/**
 * Takes a data folder and a treebank's name; returns the treebank's CoNLL-U file in it. Throws
 * UsageError for a non-string folder.
 */
export function treebankPath(dataDir: string, name: TreebankName): string {
  return join(requireString('dataDir', dataDir), TREEBANKS[name].set, TREEBANKS[name].file);
}

/** Takes a gold corpus's name; returns the data set it is in. */
export function goldCorpusSet(name: GoldCorpusName): string {
  return isTreebank(name) ? TREEBANKS[name].set : VOCALIZED_TEXTS[name].set;
}

/**
 * Takes a data folder and a gold corpus's name; returns its files in the folder: a treebank's
 * CoNLL-U file, or a vocalized text's files in the manifest's order (every file of its set but the
 * licence's text). Throws UsageError for a non-string folder.
 */
export function goldCorpusFiles(dataDir: string, name: GoldCorpusName): string[] {
  if (isTreebank(name)) return [treebankPath(dataDir, name)];
  const set = DATA_SETS.find((s) => s.name === VOCALIZED_TEXTS[name].set)!;
  const licence = licenceFileOf(set);
  return set.files.filter((f) => f.name !== licence).map((f) => join(requireString('dataDir', dataDir), set.name, f.name));
}

/**
 * Takes a data folder and a vocalized text's name; returns the text as `lexdis setup` imports it:
 * its files in the manifest's order, each without its trailing white space, a blank line between
 * them (so each is a document). Throws InputError for a file that cannot be read, as readTextFile.
 */
export function readVocalizedText(dataDir: string, name: VocalizedTextName): string {
  return goldCorpusFiles(dataDir, name).map((f) => readTextFile(f).replace(/\s+$/, '')).join('\n\n');
}

/**
 * Takes a data folder and a default model's name; returns where `lexdis setup` writes that model,
 * `DATA/models/NAME`. Throws UsageError for a non-string folder.
 */
export function modelPath(dataDir: string, name: DefaultModelName): string {
  return join(requireString('dataDir', dataDir), 'models', name);
}

/**
 * The default model of a data folder: the first of {@link DEFAULT_MODELS} that is there
 * (`DATA/models/lexdis`, else `DATA/models/pud`). Takes the data folder; returns the model's path.
 * Throws DataNotFoundError, naming `DATA/models/lexdis` and the command that makes it
 * ({@link SETUP_COMMAND}), when neither is there; UsageError for a non-string folder.
 */
export function defaultModelPath(dataDir: string): string {
  const paths = DEFAULT_MODELS.map((name) => modelPath(dataDir, name));
  const found = paths.find((p) => statSync(p, { throwIfNoEntry: false }) !== undefined);
  if (found) return found;
  throw new DataNotFoundError(`no default model here: '${SETUP_COMMAND}' trains it into the data folder`, { file: paths[0] });
}
