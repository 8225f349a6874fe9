/** `lexdis cv CORPUS... --folds 10`: the paper's cross-validation tables (training/cv.ts). */
import { Option, type Command } from 'commander';
import cliProgress from 'cli-progress';
import { VALUE_TRANSFORMS, type ValueTransform } from '../../features/transform.js';
import { dataPaths } from '../data.js';
import { CORPUS_FORMATS, loadCorpus, requireDistinctFiles, type CorpusFormat, type LoadCorpusOptions } from '../../src/formats/load.js';
import type { Corpus } from '../../src/corpus/types.js';
import { TEXT_ENCODINGS, type TextEncoding } from '../../src/io.js';
import { defaultCvOptions, runCv, type CvProgressEvent } from '../../training/cv.js';
import { modelNamesHelp, parseModelList } from '../../training/cv-models.js';
import { loadSchemeFile } from '../../src/labels/scheme-file.js';
import { assertResultsDirWritable, writeCvResults } from '../../training/cv-render.js';
import { SOLVER_NAMES, type SolverName } from '../../training/solvers/index.js';
import { log, numberOption, writeOut } from '../output.js';
import { progressEnabled } from '../progress.js';

interface CvFlags {
  extra?: string[];
  folds: string;
  models: string;
  jobs: string;
  seed: string;
  output: string;
  json?: boolean;
  d2: string;
  maxTokens: string;
  transform: ValueTransform;
  solver: SolverName;
  recount: boolean;
  sequence: boolean;
  casePass: boolean;
  backoff: boolean;
  format: CorpusFormat;
  encoding: TextEncoding;
  tables: string;
  scheme?: string;
  caseEndings: boolean;
}

/** One bar for the whole run and one per running fold, on a TTY only. */
function progressBars(folds: number, models: number): { on(e: CvProgressEvent): void; stop(): void } {
  if (!progressEnabled()) return { on: () => {}, stop: () => {} };
  const multi = new cliProgress.MultiBar(
    { format: '{name} {bar} {value}/{total} {model}', stream: process.stderr, clearOnComplete: false, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const total = multi.create(folds * models, 0, { name: 'all folds'.padEnd(10), model: '' });
  const bars = new Map<number, cliProgress.SingleBar>();
  const doneByFold = new Map<number, number>();
  return {
    on(e) {
      const before = doneByFold.get(e.fold) ?? 0;
      if (e.done <= before) return;
      doneByFold.set(e.fold, e.done);
      let bar = bars.get(e.fold);
      if (!bar && e.done < e.total) bars.set(e.fold, (bar = multi.create(e.total, 0, { name: `fold ${e.fold + 1}`.padEnd(10), model: '' })));
      bar?.update(e.done, { model: e.model });
      if (bar && e.done === e.total) {
        multi.remove(bar);
        bars.delete(e.fold);
      }
      total.update([...doneByFold.values()].reduce((a, b) => a + b, 0), { model: '' });
    },
    stop() {
      multi.stop();
    },
  };
}

/** The extra corpora, every document id after its file's name (`path#id`, as for several files) so that none is a corpus document's. */
function extraCorpus(paths: string[], load: Partial<LoadCorpusOptions>): Corpus {
  const c = loadCorpus(paths, load);
  return paths.length > 1 ? c : { ...c, documents: c.documents.map((d) => ({ ...d, id: `${paths[0]}#${d.id}` })) };
}

async function run(corpora: string[], flags: CvFlags): Promise<void> {
  const defaults = { transform: flags.transform, solver: flags.solver, recount: flags.recount, sequence: flags.sequence, casePass: flags.casePass };
  const options = {
    folds: numberOption('--folds', flags.folds, (n) => Number.isInteger(n) && n >= 2, 'a whole number ≥ 2'),
    jobs: numberOption('--jobs', flags.jobs, (n) => Number.isInteger(n) && n >= 1, 'a whole number ≥ 1'),
    seed: numberOption('--seed', flags.seed, Number.isInteger, 'an integer'),
    d2: numberOption('--d2', flags.d2, (n) => n > 0 && n < 1, 'a share between 0 and 1'),
    maxTokens: numberOption('--max-tokens', flags.maxTokens, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0'),
    defaults,
  };
  assertResultsDirWritable(flags.output);
  const scheme = flags.scheme === undefined ? undefined : loadSchemeFile(flags.scheme);
  const load: Partial<LoadCorpusOptions> = { format: flags.format, encoding: flags.encoding, tables: flags.tables, analyzer: { backoff: flags.backoff, caseEndings: flags.caseEndings }, scheme, checkScheme: true };
  requireDistinctFiles([...corpora, ...(flags.extra ?? [])]);
  const corpus = loadCorpus(corpora, load);
  const extra = flags.extra && flags.extra.length > 0 ? extraCorpus(flags.extra, load) : undefined;
  // Model names may use the element names of the corpus's label scheme (`--models agreement`).
  const models = parseModelList(flags.models, defaults, corpus.scheme);
  const bars = progressBars(options.folds, models.length);
  const command = `lexdis cv ${process.argv.slice(3).join(' ')}`;
  try {
    const report = await runCv(corpus, { ...options, models, extra, onProgress: (e) => bars.on(e) });
    bars.stop();
    const files = writeCvResults(flags.output, report, command);
    const full = Object.hasOwn(report.models, 'full') ? report.models.full.report : null;
    if (full) log(`Mfull: A1 ${full.all.label.A1.toFixed(1)}  A2 ${full.all.label.A2.toFixed(1)}  (ceiling ${full.ceiling.toFixed(1)})`);
    if (report.check.fullBeatsBaselinesAndUni === false) log(`warning: Mfull does not beat every baseline and Muni: ${report.check.losses.join('; ')}`);
    log(`${report.options.folds}-fold cross-validation of ${models.length} models in ${report.timing.wallSeconds.toFixed(1)} s; wrote ${files.join(', ')}`);
    if (flags.json) await writeOut(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    bars.stop();
  }
}

export function register(program: Command): void {
  const d = defaultCvOptions();
  program
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
    .option('--models <list>', 'models and groups to run (e.g. all, table5,table4, full,baselines)', 'full,baselines')
    .option('--jobs <n>', 'folds run at the same time (worker threads)', String(d.jobs))
    .option('--seed <n>', 'seed of the folds, the D1/D2 splits and every other random choice', String(d.seed))
    .option('-o, --output <dir>', 'results directory', 'results/cv')
    .option('--json', 'also print the report as JSON on stdout')
    .option('--d2 <share>', 'share of each training part in D2', String(d.d2))
    .option('--max-tokens <n>', 'at most this many D2 tokens give θ rows (0: all)', String(d.maxTokens))
    .addOption(new Option('--transform <name>', 'default value transform of the models').choices([...VALUE_TRANSFORMS]).default(d.defaults.transform))
    .addOption(new Option('--solver <name>', 'default stage-two solver of the models').choices([...SOLVER_NAMES]).default(d.defaults.solver))
    .option('--recount', 'trained models recount β* over D1 ∪ D2 after θ (lexdis\'s default)')
    .option('--no-recount', 'keep β* from D1 only, as in the paper')
    .option('--no-sequence', 'trained models rank every token alone, as in the paper (default: sequence decoding with tag bigrams)')
    .option('--no-case-pass', 'trained models decode once (default: a second decoding with the case pass, docs/method.md)')
    .addOption(new Option('--format <format>', 'corpus format (auto: by extension)').choices(CORPUS_FORMATS).default('auto'))
    .addOption(new Option('--encoding <encoding>', 'corpus encoding').choices(TEXT_ENCODINGS).default('utf-8'))
    .option('--tables <dir>', 'analyzer tables (for CoNLL-U corpora)', dataPaths.bama())
    .option('--no-backoff', 'project CoNLL-U corpora without backoff analyses for words the lexicon lacks')
    .option('--scheme <file>', 'label-element scheme of candidates files (JSON: docs/label-elements.md); default: inferred from their tags')
    .option('--no-case-endings', 'project CoNLL-U corpora without case endings in the candidates')
    .setOptionValueWithSource('recount', d.defaults.recount, 'default')
    .addHelpText('after', '\nExamples:\n  $ lexdis cv pud.pos --folds 10 --models all --jobs 2 -o results/pud-cv\n' +
      '  $ lexdis cv pud.pos --extra padt-dev.pos --folds 10 --models full+caseless+prior --jobs 2 -o results/pud-padt-cv\n')
    .action((corpora: string[], flags: CvFlags) => run(corpora, flags));
}
