/** `lexdis cv CORPUS... --folds 10`: the paper's cross-validation tables (training/cv.ts). */
import { Option, type Command } from 'commander';
import { DEFAULT_FEATURE_SET } from '../../features/templates.js';
import { VALUE_TRANSFORMS, type ValueTransform } from '../../features/transform.js';
import { CORPUS_FORMATS, loadCorpus, requireDistinctFiles, type CorpusFormat, type LoadCorpusOptions } from '../../src/import/load.js';
import type { Corpus } from '../../src/corpus/types.js';
import type { TextEncoding } from '../../src/io/files.js';
import { defaultCvOptions, runCv } from '../../training/cv.js';
import type { CvReport } from '../../training/cv-report.js';
import { modelNamesHelp, parseModelList } from '../../training/cv-models.js';
import { loadSchemeFile } from '../../src/labels/scheme-file.js';
import { assertResultsDirWritable, writeCvResults } from '../../training/cv-render.js';
import { SOLVER_NAMES, type SolverName } from '../../training/solvers/index.js';
import { log, numberOption, writeOut } from '../output.js';
import { analyzerFlags, encodingOption, formatOption, quietAndProgress, seedOption, tablesOption } from '../options.js';
import { foldProgress } from '../progress.js';

interface CvFlags {
  extra?: string[];
  folds: string;
  models: string;
  workers: string;
  seed: string;
  output: string;
  format: 'text' | 'json';
  quiet?: boolean;
  d2: string;
  maxTokens: string;
  transform: ValueTransform;
  solver: SolverName;
  recount: boolean;
  sequence: boolean;
  casePass: boolean;
  backoff: boolean;
  corpusFormat: CorpusFormat;
  encoding: TextEncoding;
  tables: string;
  scheme?: string;
  caseEndings: boolean;
  passives?: boolean;
}

/**
 * The extra corpora, every document id after its file's name (`path#id`, as for several files) so
 * that none is a corpus document's.
 */
function extraCorpus(paths: string[], load: Partial<LoadCorpusOptions>): Corpus {
  const c = loadCorpus(paths, load);
  return paths.length > 1 ? c : { ...c, documents: c.documents.map((d) => ({ ...d, id: `${paths[0]}#${d.id}` })) };
}

/**
 * The summary's figures: the default model first (the one `lexdis train` builds, under this
 * run's options), then Mfull, the paper's model; each when the run has it.
 */
function headline(report: CvReport): string[] {
  const rows: [string, string][] = [[DEFAULT_FEATURE_SET, `lexdis default (M${DEFAULT_FEATURE_SET}, what lexdis train builds)`], ['full', 'Mfull (the paper\'s model)']];
  return rows.flatMap(([name, what]) => {
    const r = Object.hasOwn(report.models, name) ? report.models[name].report : null;
    if (!r) return [];
    const a = r.all;
    return [`${what}: A1 ${a.label.A1.toFixed(1)}  A2 ${a.label.A2.toFixed(1)}  case-less A1 ${a.caseless.A1.toFixed(1)}  (ceiling ${r.ceiling.toFixed(1)})`];
  });
}

async function run(corpora: string[], flags: CvFlags): Promise<void> {
  const defaults = {
    transform: flags.transform,
    solver: flags.solver,
    recount: flags.recount,
    sequence: flags.sequence,
    casePass: flags.casePass,
  };
  const options = {
    folds: numberOption('--folds', flags.folds, (n) => Number.isInteger(n) && n >= 2, 'a whole number ≥ 2'),
    jobs: numberOption('--workers', flags.workers, (n) => Number.isInteger(n) && n >= 1, 'a whole number ≥ 1'),
    seed: numberOption('--seed', flags.seed, Number.isInteger, 'an integer'),
    d2: numberOption('--d2', flags.d2, (n) => n > 0 && n < 1, 'a share between 0 and 1'),
    maxTokens: numberOption('--max-tokens', flags.maxTokens, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0'),
    defaults,
  };
  assertResultsDirWritable(flags.output);
  const scheme = flags.scheme === undefined ? undefined : loadSchemeFile(flags.scheme);
  const load: Partial<LoadCorpusOptions> = {
    format: flags.corpusFormat,
    encoding: flags.encoding,
    tables: flags.tables,
    analyzer: analyzerFlags(flags),
    scheme,
    checkScheme: true,
  };
  requireDistinctFiles([...corpora, ...(flags.extra ?? [])]);
  const corpus = loadCorpus(corpora, load);
  const extra = flags.extra && flags.extra.length > 0 ? extraCorpus(flags.extra, load) : undefined;
  // Model names may use the element names of the corpus's label scheme (`--models agreement`).
  const models = parseModelList(flags.models, defaults, corpus.scheme);
  const bars = foldProgress(options.folds, models.length);
  const command = `lexdis cv ${process.argv.slice(3).join(' ')}`;
  try {
    const report = await runCv(corpus, { ...options, models, extra, onProgress: (e) => bars.on(e) });
    bars.stop();
    const files = writeCvResults(flags.output, report, command);
    if (!flags.quiet) for (const line of headline(report)) log(line);
    if (report.check.fullBeatsBaselinesAndUni === false) log(`warning: Mfull does not beat every baseline and Muni: ${report.check.losses.join('; ')}`);
    if (!flags.quiet) log(`${report.options.folds}-fold cross-validation of ${models.length} models in ${report.timing.wallSeconds.toFixed(1)} s; wrote ${files.join(', ')}`);
    if (flags.format === 'json') await writeOut(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    bars.stop();
  }
}

export function register(program: Command): void {
  const d = defaultCvOptions();
  const cmd = program
    .command('cv')
    .summary('cross-validation: the paper\'s Tables 4 and 5, baselines, solver/transform ablations, learning curve')
    .description(
      'The protocol of Shah et al. 2010: seeded folds by document; in each fold every model is trained on the other folds ' +
      '(split 9:1 into D1 for β* and D2 for θ, the same split for every model) and scored on the held-out documents. ' +
      'Writes report.md, report.json and (with the curve) curve.csv and curve.svg under the results directory. ' +
      `Models (--models, comma list): ${modelNamesHelp()}.`,
    )
    .argument('<corpus...>', 'gold-marked corpora: ATB analysis files (.pos), candidates files (.cand/.tsv) or CoNLL-U (.conllu, projected)')
    .option('--extra <corpus...>', 'more gold corpora whose documents join every fold\'s training part and never its test part ' +
      '(e.g. PADT dev beside PUD): the figures stay those of the first corpora\'s held-out documents')
    .option('--folds <n>', 'number of folds', String(d.folds))
    .option('--models <list>', 'models and groups to run (e.g. all, table5,table4, full,baselines); the default model first', `${DEFAULT_FEATURE_SET},full,baselines`)
    .option('--workers <n>', 'folds run at the same time (worker threads)', String(d.jobs))
    .addOption(new Option('--jobs <n>').hideHelp())
    .option('-o, --output <dir>', 'results directory', 'results/cv')
    .option('--d2 <share>', 'share of each training part in D2', String(d.d2))
    .option('--max-tokens <n>', 'at most this many D2 tokens give θ rows (0: all)', String(d.maxTokens))
    .addOption(new Option('--transform <name>', 'default value transform of the models').choices([...VALUE_TRANSFORMS]).default(d.defaults.transform))
    .addOption(new Option('--solver <name>', 'default stage-two solver of the models').choices([...SOLVER_NAMES]).default(d.defaults.solver))
    .option('--recount', 'trained models recount β* over D1 ∪ D2 after θ (lexdis\'s default)')
    .option('--no-recount', 'keep β* from D1 only, as in the paper')
    .option('--no-sequence', 'trained models rank every token alone, as in the paper (default: sequence decoding with tag bigrams)')
    .option('--no-case-pass', 'trained models decode once (default: a second decoding with the case pass, docs/method.md)')
    .addOption(new Option('--corpus-format <format>', 'corpus format (auto: by extension)').choices(CORPUS_FORMATS).default('auto'))
    .option('--no-backoff', 'project CoNLL-U corpora without backoff analyses for words the lexicon lacks')
    .option('--scheme <file>', 'label-element scheme of candidates files (JSON: docs/label-elements.md); default: inferred from their tags')
    .option('--no-case-endings', 'project CoNLL-U corpora without case endings in the candidates')
    .option('--passives', 'project CoNLL-U corpora with the passives made by rule in the candidates, and train with them')
    .setOptionValueWithSource('recount', d.defaults.recount, 'default');
  seedOption(cmd, 'the folds, the D1/D2 splits and every other random choice');
  tablesOption(cmd, 'the analyzer\'s tables, for CoNLL-U corpora');
  encodingOption(cmd, 'corpora');
  formatOption(cmd, ['text', 'json'], 'text: the summary on stderr (the report is in the results directory); json: also the whole report as JSON on stdout', {
    aliases: ['json'], misplaced: { values: CORPUS_FORMATS, hint: 'the corpus format is --corpus-format' },
  });
  quietAndProgress(cmd, 'no summary');
  cmd
    .addHelpText('after', '\nExamples:\n  $ lexdis cv pud.pos --folds 10 --models all --workers 2 -o results/pud-cv\n' +
      '  $ lexdis cv pud.pos --extra padt-dev.pos --folds 10 --models full+caseless+prior --workers 2 -o results/pud-padt-cv\n')
    .action((corpora: string[], flags: CvFlags) => run(corpora, flags));
}
