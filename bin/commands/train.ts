/** `lexdis train CORPUS... -o DIR`: the two-stage trainer. */
import { Option, type Command } from 'commander';
import { featureSetHelp } from '../../features/templates.js';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import type { LexiconImage } from '../../src/analyzer/image.js';
import { LexdisError } from '../../src/errors.js';
import { VALUE_TRANSFORMS, type ValueTransform } from '../../features/transform.js';
import { CORPUS_FORMATS, loadCorpus, type CorpusFormat } from '../../src/import/load.js';
import { requireGold } from '../../src/formats/pos/pos.js';
import { featureSetForScheme } from '../../src/labels/scheme.js';
import { loadSchemeFile } from '../../src/labels/scheme-file.js';
import { hasCaseEndings, type Corpus } from '../../src/corpus/types.js';
import type { TextEncoding } from '../../src/io/files.js';
import { assertModelPathWritable, COMPRESSIONS, DEFAULT_COMPRESSION, type Compression } from '../../src/model/store.js';
import { SOLVER_NAMES, type SolverName } from '../../training/solvers/index.js';
import { defaultTrainOptions, train } from '../../training/train.js';
import { describeTraining } from '../../training/train-summary.js';
import { log, numberOption, writeOut } from '../output.js';
import { encodingOption, formatOption, quietAndProgress, seedOption, tablesOption } from '../options.js';
import { progressCallback } from '../progress.js';

interface TrainFlags {
  output: string;
  features: string;
  transform: ValueTransform;
  solver: SolverName;
  d2: string;
  seed: string;
  workers: string;
  maxTokens: string;
  corpusFormat: CorpusFormat;
  format: 'text' | 'json';
  quiet?: boolean;
  encoding: TextEncoding;
  tables: string;
  recount: boolean;
  sequence: boolean;
  casePass: boolean;
  backoff: boolean;
  scheme?: string;
  caseEndings: boolean;
  modelCompression: Compression;
}

async function run(corpora: string[], flags: TrainFlags): Promise<void> {
  assertModelPathWritable(flags.output);
  const options = {
    transform: flags.transform,
    solver: flags.solver,
    d2: numberOption('--d2', flags.d2, (n) => n > 0 && n < 1, 'a share between 0 and 1'),
    seed: numberOption('--seed', flags.seed, Number.isInteger, 'an integer'),
    workers: numberOption('--workers', flags.workers, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0'),
    maxTokens: numberOption('--max-tokens', flags.maxTokens, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0'),
    recount: flags.recount,
    sequence: flags.sequence,
    casePass: flags.casePass,
    analyzer: { backoff: flags.backoff, caseEndings: flags.caseEndings },
  };
  const scheme = flags.scheme === undefined ? undefined : loadSchemeFile(flags.scheme);
  const readStart = performance.now();
  const readCpu = process.cpuUsage();
  let corpus: Corpus | undefined = requireGold(
    loadCorpus(corpora, {
      format: flags.corpusFormat,
      encoding: flags.encoding,
      tables: flags.tables,
      analyzer: options.analyzer,
      scheme,
      checkScheme: true,
    }),
  );
  const cpu = process.cpuUsage(readCpu);
  const read = { seconds: (performance.now() - readStart) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  // `--features case` names an element of the corpus's label scheme.
  const featureSet = featureSetForScheme(corpus.scheme, flags.features);
  if (flags.caseEndings && !hasCaseEndings(corpus)) {
    log('warning: no candidate of the corpus has a case ending (CASE_ tag); the model records case endings on, so tagging ' +
      'will offer candidates training never saw. Was the corpus imported with --no-case-endings? Then train with --no-case-endings too.');
  }
  // the analyzer's tables compiled into the model, so that tagging with them loads them without parsing
  const analyzerTables = compiledTables(flags.tables, options.analyzer);
  const progress = progressCallback();
  try {
    const t0 = performance.now();
    const training = train(corpus, { ...options, featureSet, onProgress: progress });
    // nothing here holds the corpus once training has it, so its memory is free before the model
    // is saved (saving is the peak of a large training: see docs/bench.md)
    corpus = undefined;
    const { model, summary } = await training;
    const saved = await model.save(flags.output, { analyzerTables, compression: flags.modelCompression });
    progress.stop();
    const out = {
      ...summary,
      read,
      model: { dir: flags.output, bytes: saved.bytes, saveMs: saved.ms },
      wallSeconds: (performance.now() - t0) / 1000,
    };
    if (!flags.quiet) log(describeTraining(summary, flags.output));
    if (flags.format === 'json') await writeOut(`${JSON.stringify(out, null, 2)}\n`);
  } finally {
    progress.stop();
  }
}

/**
 * The tables of `dir` compiled (src/analyzer/image.ts), or nothing (and a note) when they cannot be
 * loaded: tagging then parses them.
 */
function compiledTables(dir: string, options: { backoff: boolean; caseEndings: boolean }): LexiconImage | undefined {
  try {
    return Analyzer.load(dir, options).tablesImage();
  } catch (err) {
    if (!(err instanceof LexdisError)) throw err;
    log(`note: the analyzer's tables (${dir}) could not be compiled into the model (${err.message}); tagging will load them from their files`);
    return undefined;
  }
}

export function register(program: Command): void {
  const d = defaultTrainOptions;
  const cmd = program
    .command('train')
    .summary('train a model on gold-marked corpora (stage one β*, stage two θ)')
    .description(
      'Trains the two-stage model of Shah et al. 2010: the training documents are split (seeded) into D1 and D2; ' +
      'stage one counts how often each context feature co-occurs with each label and label element in D1 (β*), ' +
      'in worker threads; stage two fits one weight per feature (θ) on the candidate labels of D2\'s tokens. ' +
      'A summary goes to stderr (and to stdout as JSON with --format json). The model directory is written atomically.',
    )
    .argument('<corpus...>', 'gold-marked corpora: ATB analysis files (.pos, * SOLUTION marks), candidates files (.cand/.tsv) or CoNLL-U (.conllu, projected)')
    .requiredOption('-o, --output <dir>', 'model directory to write (replaced atomically if it is a lexdis model)')
    .addOption(new Option('--features <set>', `feature set: ${featureSetHelp()}; an element name of the label scheme for Me`).default(d.featureSet))
    .addOption(new Option('--transform <name>', 'how a count becomes a feature value').choices([...VALUE_TRANSFORMS]).default(d.transform))
    .addOption(new Option('--solver <name>', 'stage-two solver: svr (ε-SVR), linreg (least squares), ridge, svc (classification SVM)').choices([...SOLVER_NAMES]).default(d.solver))
    .option('--d2 <share>', 'share of the training documents in D2', String(d.d2))
    .option('--workers <n>', 'worker threads for stage one (0: count in the main thread; fewer start for a small corpus, and at most one per core beside the main thread)', String(d.workers))
    .option('--max-tokens <n>', 'at most this many D2 tokens give θ rows (sampled; 0: all)', String(d.maxTokens))
    .addOption(new Option('--corpus-format <format>', 'corpus format (auto: by extension)').choices(CORPUS_FORMATS).default('auto'))
    .option('--recount', 'after θ, count β* over D1 ∪ D2 for the saved model' + (d.recount ? ' (default)' : ''), d.recount)
    .option('--no-recount', 'keep D1\'s counts, as the paper does' + (d.recount ? '' : ' (default)'))
    .option('--no-sequence', 'rank every token alone, as the paper does (default: decode each sentence with tag bigrams, ' +
      'weighted as fits D2 best: docs/method.md)')
    .option('--no-case-pass', 'no second decoding with the case pass (default: with the sequence decoding, each sentence is decoded ' +
      'again with a classifier of case and mood that sees the whole sentence as the first decoding labelled it: docs/method.md)')
    .option('--no-backoff', 'the corpus was analyzed without backoff analyses for words the lexicon lacks: ' +
      'CoNLL-U corpora are projected without them, and the model records it so that tagging goes without them too')
    .addOption(new Option('--model-compression <how>', 'how the model file stores its parts: deflate-raw, the smaller file; none, ' +
      'the quicker load (docs/model-format.md)').choices(Object.keys(COMPRESSIONS)).default(DEFAULT_COMPRESSION))
    .option('--scheme <file>', 'label-element scheme of candidates files (JSON: docs/label-elements.md); default: inferred from their tags')
    .option('--no-case-endings', 'the corpus candidates have no case endings (made by import-ud --no-case-endings): ' +
      'project CoNLL-U without them and record it in the model, so tagging uses the analyzer as the reference program runs it');
  seedOption(cmd, 'every random choice (the D1/D2 split, sampled rows, the case pass\'s noise)');
  tablesOption(cmd, 'the analyzer\'s tables: CoNLL-U corpora are projected onto them, and the model carries them compiled (tagging with them then starts without parsing them)');
  encodingOption(cmd, 'corpora');
  formatOption(cmd, ['text', 'json'], 'text: the summary on stderr only; json: also the summary as JSON on stdout', {
    aliases: ['json'], misplaced: { values: CORPUS_FORMATS, hint: 'the corpus format is --corpus-format' },
  });
  quietAndProgress(cmd, 'no summary');
  cmd
    .addHelpText('after', '\nExample:\n  $ lexdis import-ud ar_pud-ud-test.conllu -o pud.pos && lexdis train pud.pos -o models/pud --workers 2\n')
    .action((corpora: string[], flags: TrainFlags) => run(corpora, flags));
}
