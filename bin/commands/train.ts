/** `lexdis train CORPUS... -o DIR`: the two-stage trainer. */
import { Option, type Command } from 'commander';
import { featureSetHelp } from '../../features/templates.js';
import { VALUE_TRANSFORMS, type ValueTransform } from '../../features/transform.js';
import { CORPUS_FORMATS, type CorpusFormat } from '../../src/import/load.js';
import { loadSchemeFile } from '../../src/labels/scheme-file.js';
import type { TextEncoding } from '../../src/io/files.js';
import { COMPRESSIONS, DEFAULT_COMPRESSION, type Compression } from '../../src/model/store.js';
import { SOLVER_NAMES, type SolverName } from '../../training/solvers/index.js';
import { defaultTrainOptions } from '../../training/train.js';
import { trainFiles } from '../../training/train-files.js';
import { describeTraining } from '../../training/train-summary.js';
import { log, numberOption, writeOut } from '../output.js';
import { analyzerFlags, encodingOption, formatOption, quietAndProgress, seedOption, tablesOption } from '../options.js';
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
  passives?: boolean;
  modelCompression: Compression;
}

async function run(corpora: string[], flags: TrainFlags): Promise<void> {
  const train = {
    transform: flags.transform,
    solver: flags.solver,
    featureSet: flags.features,
    d2: numberOption('--d2', flags.d2, (n) => n > 0 && n < 1, 'a share between 0 and 1'),
    seed: numberOption('--seed', flags.seed, Number.isInteger, 'an integer'),
    workers: numberOption('--workers', flags.workers, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0'),
    maxTokens: numberOption('--max-tokens', flags.maxTokens, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0'),
    recount: flags.recount,
    sequence: flags.sequence,
    casePass: flags.casePass,
    analyzer: analyzerFlags(flags),
  };
  const scheme = flags.scheme === undefined ? undefined : loadSchemeFile(flags.scheme);
  const progress = progressCallback();
  try {
    const result = await trainFiles(corpora, flags.output, {
      tables: flags.tables, train: { ...train, onProgress: progress }, corpusFormat: flags.corpusFormat,
      encoding: flags.encoding, scheme, compression: flags.modelCompression, onWarning: log,
    });
    progress.stop();
    if (!flags.quiet) log(describeTraining(result.summary, flags.output));
    const { summary, ...figures } = result;
    if (flags.format === 'json') await writeOut(`${JSON.stringify({ ...summary, ...figures }, null, 2)}\n`);
  } finally {
    progress.stop();
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
    .requiredOption('-o, --output <dir>', 'model directory to write (replaced atomically if it is a lexdis model; missing parent folders are made)')
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
      'project CoNLL-U without them and record it in the model, so tagging uses the analyzer as the reference program runs it')
    .option('--passives', 'the corpus candidates have the passives made by rule (made by import-ud --passives): project ' +
      'CoNLL-U with them and record it in the model, so that tagging offers them too (docs/method.md)');
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
