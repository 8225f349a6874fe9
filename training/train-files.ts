/**
 * Training from files to a saved model, as `lexdis train CORPUS... -o DIR` and `lexdis setup` do:
 * read the gold corpora, train (training/train.ts), and save the model with the analyzer's tables
 * compiled into it. The model's missing parent folders are made, once training has succeeded.
 */
import { dirname, resolve } from 'node:path';
import { Analyzer } from '../src/analyzer/engine-node.js';
import type { LexiconImage } from '../src/analyzer/image.js';
import { requireOptions, requirePaths, requireString } from '../src/args.js';
import { hasCaseEndings, type Corpus } from '../src/corpus/types.js';
import { LexdisError } from '../src/errors.js';
import { requireGold } from '../src/formats/pos/pos.js';
import { loadCorpus, type CorpusFormat } from '../src/import/load.js';
import { makeFolders, type TextEncoding } from '../src/io/files.js';
import { featureSetForScheme, type LabelScheme } from '../src/labels/scheme.js';
import { assertModelPathWritable, DEFAULT_COMPRESSION, type Compression } from '../src/model/store.js';
import { defaultTrainOptions, train, type TrainOptions } from './train.js';
import type { TrainSummary } from './train-summary.js';

/** Options of {@link trainFiles}; every one but `tables` has a default. */
export interface TrainFilesOptions {
  /** The analyzer's tables: CoNLL-U corpora are projected onto them, and the model carries them compiled. */
  tables: string;
  /** Training options over {@link defaultTrainOptions} (`featureSet` may name an element of the corpus's scheme). */
  train?: Partial<TrainOptions>;
  /** The corpora's format (default `auto`: by extension). */
  corpusFormat?: CorpusFormat;
  /** The corpora's encoding (default utf-8). */
  encoding?: TextEncoding;
  /** The label scheme of candidates files (default: inferred from their tags). */
  scheme?: LabelScheme;
  /** How the model file stores its parts (default {@link DEFAULT_COMPRESSION}). */
  compression?: Compression;
  /** Called with what a user should know that is no error (a corpus without case endings, tables not compiled in). */
  onWarning?: (message: string) => void;
}

/** What {@link trainFiles} returns: training's summary, the times of reading and training, the model saved. */
export interface TrainFilesResult {
  summary: TrainSummary;
  read: { seconds: number; cpuSeconds: number };
  model: { dir: string; bytes: number; saveMs: number };
  /** Training and saving, in seconds (reading the corpora excluded). */
  wallSeconds: number;
}

/**
 * Trains a model on gold corpora read from files and saves it at `output`, making its missing
 * parent folders once training has succeeded. Takes the corpora's paths, the model's path and the
 * options (`tables` required); returns the summary, the times and the model's size. Throws
 * OutputError before any work when `output` cannot take a model (a file in the way of its
 * folders, an unwritable folder, a directory that is not a model); UsageError for a bad argument;
 * the errors of loadCorpus (InputParseError, CorpusError, DataNotFoundError) and of training.
 */
export async function trainFiles(
  corpora: string[], output: string, options: TrainFilesOptions,
): Promise<TrainFilesResult> {
  requirePaths('corpora', corpora);
  requireString('output', output);
  const o = requireOptions<TrainFilesOptions>('options', options, false);
  requireString('options.tables', o.tables);
  assertModelPathWritable(output, { makeParents: true });
  const trainOptions = { ...defaultTrainOptions, ...o.train };
  const readStart = performance.now();
  const readCpu = process.cpuUsage();
  let corpus: Corpus | undefined = requireGold(loadCorpus(corpora, {
    format: o.corpusFormat ?? 'auto', encoding: o.encoding ?? 'utf-8', tables: o.tables,
    analyzer: trainOptions.analyzer, scheme: o.scheme, checkScheme: true,
  }));
  const cpu = process.cpuUsage(readCpu);
  const read = { seconds: (performance.now() - readStart) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  // `--features case` names an element of the corpus's label scheme.
  const featureSet = featureSetForScheme(corpus.scheme, trainOptions.featureSet);
  if (trainOptions.analyzer.caseEndings && !hasCaseEndings(corpus)) {
    o.onWarning?.('warning: no candidate of the corpus has a case ending (CASE_ tag); the model records case endings on, so tagging ' +
      'will offer candidates training never saw. Was the corpus imported with --no-case-endings? Then train with --no-case-endings too.');
  }
  // the analyzer's tables compiled into the model, so that tagging with them loads them without parsing
  const analyzerTables = compiledTables(o.tables, trainOptions.analyzer, o.onWarning);
  const t0 = performance.now();
  const training = train(corpus, { ...trainOptions, featureSet });
  // nothing here holds the corpus once training has it, so its memory is free before the model
  // is saved (docs/bench.md, "Where a 1M-token training's memory goes")
  corpus = undefined;
  const { model, summary } = await training;
  makeFolders(dirname(resolve(output)));
  const saved = await model.save(output, { analyzerTables, compression: o.compression ?? DEFAULT_COMPRESSION });
  const wallSeconds = (performance.now() - t0) / 1000;
  return { summary, read, model: { dir: output, bytes: saved.bytes, saveMs: saved.ms }, wallSeconds };
}

/**
 * The tables of `dir` compiled (src/analyzer/image.ts), or nothing (and a warning) when they
 * cannot be loaded: tagging then parses them.
 */
function compiledTables(dir: string, options: TrainOptions['analyzer'], onWarning?: (message: string) => void): LexiconImage | undefined {
  try {
    return Analyzer.load(dir, options).tablesImage();
  } catch (err) {
    if (!(err instanceof LexdisError)) throw err;
    onWarning?.(`note: the analyzer's tables (${dir}) could not be compiled into the model (${err.message}); tagging will load them from their files`);
    return undefined;
  }
}
