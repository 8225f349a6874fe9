/**
 * The default models of a data folder, as `lexdis setup` makes them once the data is fetched:
 * the gold corpora imported onto the BAMA 1.0 analyzer (into `DATA/corpora/NAME.pos`: the
 * treebanks as `lexdis import-ud` writes them, the vocalized texts as `lexdis import-diac` does)
 * and the models trained on them with the default options (into `DATA/models/NAME`, as `lexdis
 * train` writes them): `lexdis` on UD Arabic-PUD, UD Arabic-PADT 1.3's dev and test parts and Al
 * Jazeera Learning's vocalized stories, `pud` on PUD alone (src/data/folder.ts DEFAULT_MODELS).
 *
 * A model is kept when it is current: `DATA/models/setup.json` records, for each model it
 * trained, what it was made from (the sha256 of every input file, the corpora, this lexdis's
 * version and model format, the training options) and the model's creation time; a model whose
 * record matches, and whose header still bears that time, is not trained again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Analyzer, LEXDIS_ANALYZER_OPTIONS } from '../src/analyzer/engine-node.js';
import { requireOneOf, requireOptions, requireString } from '../src/args.js';
import { DataNotFoundError } from '../src/errors.js';
import { sha256File } from '../src/data/check.js';
import {
  DEFAULT_MODELS, goldCorpusFiles, goldCorpusSet, isTreebank, modelPath, readVocalizedText, TABLES_SET, tablesPath,
  VOCALIZED_TEXTS,
  type DefaultModelName, type GoldCorpusName,
} from '../src/data/folder.js';
import { importDiacText } from '../src/import/diac-import.js';
import { corpusToPos, writePosFile } from '../src/formats/pos/pos.js';
import { projectTreebank } from '../src/import/treebank.js';
import { makeFolders, readTextFile, writeFileAtomic } from '../src/io/files.js';
import { creatorString, readModelHeader } from '../src/model/store.js';
import { MODEL_FORMAT_VERSION } from '../src/model/store-format.js';
import { defaultTrainOptions } from './train.js';
import { trainFiles } from './train-files.js';

/** The corpora each default model is trained on, declared once for every default model. */
export const DEFAULT_MODEL_CORPORA: Readonly<Record<DefaultModelName, readonly GoldCorpusName[]>> = {
  lexdis: ['pud', 'padt-dev', 'padt-test', 'aljazeera'],
  pud: ['pud'],
};

/**
 * The corpora a default model is made from only where their data set can be had: without the set in
 * the data folder (fetched offline, or from a mirror that lacks it) the model is made from the
 * others, and says so; once the set is there, the model is no longer current and is made again.
 */
export const OPTIONAL_CORPORA: readonly GoldCorpusName[] = ['aljazeera'];

/** The analyzer's table files a model is made from (their sha256 is part of its record). */
const TABLE_FILES = ['dictPrefixes', 'dictStems', 'dictSuffixes', 'tableAB', 'tableAC', 'tableBC'];

/**
 * Takes default models' names; returns the data sets they are made from (the analyzer's tables
 * and their gold corpora's sets), each once. Throws nothing.
 */
export function setupDataSets(models: readonly DefaultModelName[] = DEFAULT_MODELS): string[] {
  return [...new Set([TABLES_SET, ...models.flatMap((m) => DEFAULT_MODEL_CORPORA[m].map(goldCorpusSet))])];
}

/**
 * Takes default models' names; returns the data sets of their optional corpora
 * ({@link OPTIONAL_CORPORA}), each once: those {@link setupDataSets} lists that the models can be
 * made without. Throws nothing.
 */
export function optionalSetupSets(models: readonly DefaultModelName[] = DEFAULT_MODELS): string[] {
  const optional = models.flatMap((m) => DEFAULT_MODEL_CORPORA[m].filter((c) => OPTIONAL_CORPORA.includes(c)));
  return [...new Set(optional.map(goldCorpusSet))];
}

/** The corpora `model` is made from in a data folder, and the optional ones left out: a file of theirs is not there. */
function corporaOf(dataDir: string, model: DefaultModelName): { corpora: GoldCorpusName[]; without: GoldCorpusName[] } {
  const lacking = (c: GoldCorpusName) =>
    OPTIONAL_CORPORA.includes(c) && !goldCorpusFiles(dataDir, c).every((f) => existsSync(f));
  const all = DEFAULT_MODEL_CORPORA[model];
  return { corpora: all.filter((c) => !lacking(c)), without: all.filter(lacking) };
}

/** What {@link setupModels} is doing: importing a gold corpus or training a model (with its path). */
export type SetupStep = { step: 'import'; corpus: GoldCorpusName; path: string } | { step: 'train'; model: DefaultModelName; path: string };

/** Options of {@link setupModels}. */
export interface SetupOptions {
  /** The default models to make (default: all, {@link DEFAULT_MODELS}). */
  models?: readonly DefaultModelName[];
  /** Train again even the models that are current. */
  force?: boolean;
  /** Stage one's worker threads (default: training's, defaultTrainOptions.workers). */
  workers?: number;
  /** Called as each step begins. */
  onStep?: (step: SetupStep) => void;
  /** Progress within a step: importing (`project`) and training's stages. */
  onProgress?: (stage: string, done: number, total: number) => void;
  /** What a user should know that is not an error (from training). */
  onWarning?: (message: string) => void;
}

/** What became of one default model. */
export interface SetupReport {
  model: DefaultModelName;
  path: string;
  /** `trained` now, or `kept`: it was there and current. */
  status: 'trained' | 'kept';
  /** The optional corpora it is made without, their data set not being in the data folder (often none). */
  without: GoldCorpusName[];
}

/** DATA/models/setup.json: per model, what it was made from and when it was written. */
type SetupRecord = Partial<Record<DefaultModelName, { madeFrom: MadeFrom; createdAt: string }>>;

/**
 * What a model is made from: its input files' sha256, its corpora and how the vocalized texts among
 * them are imported, the lexdis that trained it, and how.
 */
interface MadeFrom {
  lexdis: string;
  formatVersion: number;
  corpora: readonly GoldCorpusName[];
  imports: Record<string, unknown>;
  sha256: string[];
  train: Record<string, unknown>;
}

const recordPath = (dataDir: string): string => join(dataDir, 'models', 'setup.json');

function readRecord(dataDir: string): SetupRecord {
  try {
    return JSON.parse(readFileSync(recordPath(dataDir), 'utf8')) as SetupRecord;
  } catch {
    return {};
  }
}

/**
 * What `model` is made from: the files of the data folder of its `corpora` (corporaOf), read now;
 * `sha256Of` gives a file's sha256.
 */
async function madeFrom(
  dataDir: string, model: DefaultModelName, corpora: GoldCorpusName[], sha256Of: (file: string) => Promise<string>,
): Promise<MadeFrom> {
  const tables = TABLE_FILES.map((f) => join(tablesPath(dataDir), f));
  const files = [...tables, ...corpora.flatMap((c) => goldCorpusFiles(dataDir, c))];
  const missing = files.find((f) => !existsSync(f));
  if (missing) throw new DataNotFoundError(`a file the default model ${model} is made from is not there`, { file: missing });
  const sha256 = await Promise.all(files.map(sha256Of));
  // stage one's threads change how the counts are made, not what they are: not part of the record
  const { workers: _threads, ...train } = defaultTrainOptions;
  const imports = Object.fromEntries(corpora.flatMap((c) => (isTreebank(c) ? [] : [[c, VOCALIZED_TEXTS[c]]])));
  const lexdis = creatorString();
  return { lexdis, formatVersion: MODEL_FORMAT_VERSION, corpora, imports, sha256, train: { ...train } };
}

/** Whether the model at `path` is the one the record says was made from `from`. */
async function isCurrent(path: string, record: SetupRecord[DefaultModelName], from: MadeFrom): Promise<boolean> {
  if (!record || JSON.stringify(record.madeFrom) !== JSON.stringify(from) || !existsSync(path)) return false;
  try {
    return (await readModelHeader(path)).createdAt === record.createdAt;
  } catch {
    return false;
  }
}

/**
 * Makes the default models of a data folder that are missing or not current (see the module
 * comment), from the data sets already there ({@link setupDataSets}: `lexdis setup` fetches them
 * first). Takes the data folder and the options; returns what became of each model asked for, in
 * order. Throws DataNotFoundError for a data file that is not there, the errors of importing and
 * training (InputParseError, CorpusError, OutputError…), UsageError for a bad argument.
 */
export async function setupModels(dataDir: string, options: SetupOptions = {}): Promise<SetupReport[]> {
  requireString('dataDir', dataDir);
  const o = requireOptions<SetupOptions>('options', options, true);
  const models = o.models ?? DEFAULT_MODELS;
  for (const [i, m] of models.entries()) requireOneOf(`options.models[${i}]`, m, DEFAULT_MODELS);
  const workers = o.workers ?? defaultTrainOptions.workers;
  const record = readRecord(dataDir);
  // a file several models are made from (the tables, PUD) is hashed once
  const hashes = new Map<string, Promise<string>>();
  const sha256Of = (file: string): Promise<string> => {
    let hash = hashes.get(file);
    if (!hash) hashes.set(file, (hash = sha256File(file)));
    return hash;
  };
  const used = new Map(models.map((m) => [m, corporaOf(dataDir, m)]));
  const from = new Map<DefaultModelName, MadeFrom>();
  for (const m of models) from.set(m, await madeFrom(dataDir, m, used.get(m)!.corpora, sha256Of));
  const stale: DefaultModelName[] = [];
  for (const m of models) {
    if (o.force || !(await isCurrent(modelPath(dataDir, m), record[m], from.get(m)!))) stale.push(m);
  }
  const corpora = importCorpora(dataDir, [...new Set(stale.flatMap((m) => from.get(m)!.corpora))], o);
  for (const m of models) {
    const { without } = used.get(m)!;
    if (without.length === 0) continue;
    const sets = [...new Set(without.map(goldCorpusSet))].join(' ');
    o.onWarning?.(`note: the model ${m} is made without ${without.join(', ')}: ${sets} is not in the data folder ` +
      `('lexdis data fetch ${sets}', then 'lexdis setup' again, makes it with it)`);
  }
  for (const m of stale) {
    const path = modelPath(dataDir, m);
    o.onStep?.({ step: 'train', model: m, path });
    await trainFiles(from.get(m)!.corpora.map((c) => corpora.get(c)!), path, {
      tables: tablesPath(dataDir), train: { workers, onProgress: o.onProgress }, onWarning: o.onWarning,
    });
    record[m] = { madeFrom: from.get(m)!, createdAt: (await readModelHeader(path)).createdAt };
    writeFileAtomic(recordPath(dataDir), `${JSON.stringify(record, null, 2)}\n`);
  }
  return models.map((m) => ({
    model: m, path: modelPath(dataDir, m), status: stale.includes(m) ? 'trained' : 'kept', without: used.get(m)!.without,
  }));
}

/**
 * Imports each gold corpus into DATA/corpora/NAME.pos (a treebank as `lexdis import-ud` does, a
 * vocalized text as `lexdis import-diac` does, each of its files a document); returns name → path.
 */
function importCorpora(dataDir: string, names: GoldCorpusName[], o: SetupOptions): Map<GoldCorpusName, string> {
  const out = new Map<GoldCorpusName, string>();
  if (names.length === 0) return out;
  const folder = makeFolders(join(dataDir, 'corpora'));
  const analyzer = Analyzer.load(tablesPath(dataDir), LEXDIS_ANALYZER_OPTIONS);
  for (const name of names) {
    const path = join(folder, `${name}.pos`);
    o.onStep?.({ step: 'import', corpus: name, path });
    if (isTreebank(name)) {
      const [file] = goldCorpusFiles(dataDir, name);
      const { corpus } = projectTreebank(readTextFile(file), analyzer, { file, progress: o.onProgress });
      writeFileAtomic(path, writePosFile(corpusToPos(corpus)));
    } else {
      // each file a document (fetch checked the files against the manifest; a note's line number counts in them joined)
      const text = readVocalizedText(dataDir, name);
      const { ties } = VOCALIZED_TEXTS[name];
      const { pos } = importDiacText(text, analyzer, { file: join(dataDir, goldCorpusSet(name)), docLines: 0, ties });
      writeFileAtomic(path, pos);
    }
    out.set(name, path);
  }
  return out;
}
