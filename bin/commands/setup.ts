/**
 * `lexdis setup`: the data and the default models in one command. Fetches the data sets the
 * default models are made from (as `lexdis data fetch` does), then imports the treebanks and
 * trains the models into the data folder (training/setup.ts); what is there and current is kept.
 */
import type { Command } from 'commander';
import { DataFetchError, UsageError } from '../../src/errors.js';
import { DEFAULT_MODELS, defaultModelPath, type DefaultModelName } from '../../src/data/folder.js';
import { optionalSetupSets, setupDataSets, setupModels, type SetupStep } from '../../training/setup.js';
import { defaultTrainOptions } from '../../training/train.js';
import { fetchTargetDir } from '../data.js';
import { log, numberOption } from '../output.js';
import { quietAndProgress } from '../options.js';
import { progressCallback } from '../progress.js';
import { runFetch } from './data.js';

interface SetupFlags {
  from?: string;
  models: string;
  force?: boolean;
  workers: string;
  quiet?: boolean;
}

/** `--models a,b` as default models' names (UsageError for another name). */
function parseModels(value: string): DefaultModelName[] {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = names.find((n) => !(DEFAULT_MODELS as readonly string[]).includes(n));
  if (bad !== undefined || names.length === 0) throw new UsageError(`--models takes ${DEFAULT_MODELS.join(', ')} (comma-separated), got "${value}"`);
  return [...new Set(names)] as DefaultModelName[];
}

const describeStep = (s: SetupStep): string =>
  s.step === 'import' ? `importing ${s.corpus} into ${s.path}` : `training the model ${s.model} into ${s.path}`;

async function run(flags: SetupFlags): Promise<void> {
  const models = parseModels(flags.models);
  const workers = numberOption('--workers', flags.workers, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0');
  const dir = fetchTargetDir();
  const optional = optionalSetupSets(models);
  await runFetch(setupDataSets(models).filter((s) => !optional.includes(s)), { from: flags.from, quiet: flags.quiet });
  // a set the models can be made without: a failed fetch is a warning (setupModels says what is left out)
  if (optional.length > 0) {
    await runFetch(optional, { from: flags.from, quiet: flags.quiet, failedLines: false }).catch((err: unknown) => {
      if (!(err instanceof DataFetchError)) throw err;
      log(`warning: ${err.message}`);
    });
  }
  const progress = progressCallback();
  const reports = await setupModels(dir, {
    models, force: flags.force, workers,
    onStep: (s) => {
      progress.stop();
      if (!flags.quiet) log(describeStep(s));
    },
    onProgress: progress,
    onWarning: log,
  }).finally(() => progress.stop());
  if (flags.quiet) return;
  for (const r of reports) {
    const without = r.without.length > 0 ? `  (without ${r.without.join(', ')})` : '';
    log(`${r.status.padEnd(8)} ${r.path}${r.status === 'kept' ? '  (there and current)' : ''}${without}`);
  }
  log(`the default model, used when no -m MODEL is given: ${defaultModelPath(dir)}`);
}

export function register(program: Command): void {
  const cmd = program
    .command('setup')
    .summary('fetch the data and train the default models into the data folder: what tag, diacritize, serve and eval use without -m')
    .description(
      `Fetches the data sets the default models are made from (${setupDataSets().join(', ')}; as ` +
      'lexdis data fetch does, into --data, else $LEXDIS_DATA, else ~/.local/share/lexdis), imports the gold corpora ' +
      'into DATA/corpora/ (the treebanks as lexdis import-ud does, the vocalized stories as lexdis import-diac does) and ' +
      'trains the default models into DATA/models/ (as lexdis train does): lexdis, on UD Arabic-PUD, UD Arabic-PADT 1.3 ' +
      'dev and test and Al Jazeera Learning\'s vocalized stories (CC BY-NC-SA 3.0 as PADT: non-commercial use only; ' +
      'and GPL-3.0 as the stories), and pud, on PUD alone (CC BY-SA 3.0). The commands that take -m MODEL use DATA/models/lexdis without it, else ' +
      'DATA/models/pud. Running it again fetches and trains only what is missing or not current (a model made from ' +
      'other data or by another lexdis version). Where the stories cannot be fetched (offline, or a mirror without ' +
      'them), lexdis is trained without them, and says so.',
    )
    .option('--from <dir|url>', 'a mirror laid out as the data folder: a folder or an http(s) URL (as lexdis data fetch --from)')
    .option('--models <names>', `the default models to make, comma-separated: ${DEFAULT_MODELS.join(', ')} (pud alone: ` +
      'only PUD and the tables are fetched, and the default model is pud)', DEFAULT_MODELS.join(','))
    .option('--force', 'train the models again even when they are current')
    .option('--workers <n>', 'worker threads of training\'s stage one (0: count in the main thread)', String(defaultTrainOptions.workers));
  quietAndProgress(cmd, 'no line per step or file, no summary');
  cmd
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ lexdis setup                        # from the pinned public sources, into ~/.local/share/lexdis',
      '  $ lexdis setup --from /mnt/lexdis-data # from a copy of another machine\'s data folder',
      '  $ lexdis setup --models pud --data ./lexdis-data',
      '  $ echo "كتبت الطالبة الدرس" | lexdis diacritize',
    ].join('\n'))
    .action((flags: SetupFlags) => run(flags));
}
