/** `lexdis data fetch | check | path`: get the open data sets, verify them, say where they are. */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { checkData, selectSets, type FileCheck } from '../../src/data/check.js';
import { FETCH_DEFAULTS, fetchData, type FetchDataOptions, type FetchReport } from '../../src/data/fetch.js';
import { DATA_SETS, hasPublicSource, type DataSet } from '../../src/data/manifest.js';
import { buildStep, referencePlan } from './data-reference.js';
import { DataFetchError, DataNotFoundError } from '../../src/errors.js';
import { describeChoice, fetchTargetDir, findDataDir, userDataDir } from '../data.js';
import { log, numberOption, writeOut } from '../output.js';
import { formatOption, quietAndProgress } from '../options.js';
import { progressCallback, progressEnabled } from '../progress.js';

const size = (bytes: number): string => (bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

/**
 * Fetch's progress in megabytes to one decimal, `[done, total]`: done rounded down and total up
 * unless all has arrived, so a run with a file missing never shows its total (nor 100%).
 */
export function progressMB(done: number, total: number): [number, number] {
  if (done >= total) return [Math.round(total / 1e5) / 10, Math.round(total / 1e5) / 10];
  return [Math.floor(done / 1e5) / 10, Math.ceil(total / 1e5) / 10];
}

/** The options of `data fetch` as commander gives them. */
export interface FetchFlags {
  to?: string;
  from?: string;
  quiet?: boolean;
  stall?: string;
  minRate?: string;
  rateWindow?: string;
  /** False: no line per failed file; the error names the first (default: a line for each). */
  failedLines?: boolean;
}

/** `--stall`, `--min-rate` and `--rate-window` as fetchData's options (ms, bytes a second). Throws UsageError. */
function paceOf(flags: FetchFlags): Pick<FetchDataOptions, 'stallMs' | 'minRate' | 'rateWindowMs'> {
  const ms = (name: string, v: string | undefined) => v === undefined
    ? undefined
    : Math.round(1000 * numberOption(name, v, (n) => n >= 0.001, 'a number of seconds ≥ 0.001'));
  return {
    stallMs: ms('--stall', flags.stall),
    rateWindowMs: ms('--rate-window', flags.rateWindow),
    minRate: flags.minRate === undefined
      ? undefined
      : numberOption('--min-rate', flags.minRate, (n) => Number.isInteger(n) && n >= 0, 'a whole number of bytes a second ≥ 0'),
  };
}

/** One settled file as a log line: `fetched  bama-1.0/dictStems  3.9 MB`. */
function reportLine(r: FetchReport): string {
  const resumed = r.resumedAt.length > 0 ? ` (resumed at byte ${r.resumedAt.join(', ')})` : '';
  switch (r.status) {
    case 'fetched': return `fetched  ${r.path}  ${size(r.bytes)}${resumed}`;
    case 'present': return `present  ${r.path}  (already there, verified)`;
    case 'skipped': return `skipped  ${r.path}  (no public source: only from a mirror, --from DIR|URL)`;
    case 'failed': return `failed   ${r.error!.describe()} [${r.error!.code}]`;
  }
}

/**
 * `lexdis data fetch`: fetches `sets` into `--to`, else the fetch target; logs as the flags say.
 * Throws DataFetchError when a file failed, UsageError for a bad pace option.
 */
export async function runFetch(sets: string[], flags: FetchFlags): Promise<void> {
  const pace = paceOf(flags);
  const to = flags.to ?? fetchTargetDir();
  // The user's data folder is made with its parents (~/.local/share may not exist yet); a folder
  // the user names must have its parent, as every output of lexdis.
  if (to === userDataDir()) await mkdir(dirname(to), { recursive: true });
  // On a terminal a bar, else a line per file (and progress lines); failures always.
  const onTerminal = progressEnabled();
  const bar = progressCallback('MB');
  const plan = referencePlan(sets, flags.from);
  if (!flags.quiet) log(`fetching into ${to}${flags.from ? ` from ${flags.from}` : ' from the pinned public sources'}`);
  let firstFailed: string | undefined;
  const reports = await fetchData({
    to, from: flags.from, sets: plan.fetch, ...pace,
    onProgress: (done, total) => bar('download', ...progressMB(done, total)),
    onFile: (r) => {
      if (r.status === 'failed') firstFailed ??= reportLine(r);
      if (r.status === 'failed' ? flags.failedLines !== false : !flags.quiet && !onTerminal) {
        bar.stop();
        log(reportLine(r));
      }
    },
  }).finally(() => bar.stop());
  const built = await buildStep(to, plan, flags.quiet || onTerminal);
  const all = [...reports.map((r) => r.status), ...built.statuses];
  const count = (s: (typeof all)[number]) => all.filter((r) => r === s).length;
  const madeHere = plan.build ? `${count('built')} built, ` : '';
  if (!flags.quiet) log(`${count('fetched')} fetched, ${madeHere}${count('present')} already there, ${count('skipped')} skipped, ${count('failed')} failed: ${to}`);
  if (count('failed') > 0) {
    const offline = flags.from ? '' : '; with no internet, --from DIR|URL fetches from a mirror (a copy of the data folder), ' +
      'or LEXDIS_DATA=DIR uses a data folder where it is';
    throw new DataFetchError(`${count('failed')} of ${all.length} files could not be fetched${plan.build ? ' or built' : ''} ` +
      `(${flags.failedLines === false ? `the first: ${firstFailed}` : 'listed above'}); run the same command again to resume${offline}`);
  }
}

/**
 * Which checked files count as a problem: with sets named, any file missing or damaged; else a
 * damaged file, or a missing one with a public source in a set of which some file is there.
 */
function problems(checks: FileCheck[], named: boolean): FileCheck[] {
  if (named) return checks.filter((c) => c.status !== 'ok');
  const present = new Set(checks.filter((c) => c.status !== 'missing').map((c) => c.set));
  return checks.filter((c) => c.status === 'damaged' || (c.status === 'missing' && !c.mirrorOnly && present.has(c.set)));
}

async function runCheck(sets: string[], flags: { format: 'text' | 'json'; quiet?: boolean }): Promise<void> {
  const chosen = selectSets(sets);
  const choice = findDataDir();
  if (!choice.exists) throw new DataNotFoundError('the data folder does not exist', { file: choice.dir });
  const progress = progressCallback();
  const checks = await checkData(choice.dir, chosen, (done, total) => progress('files checked', done, total)).finally(() => progress.stop());
  const bad = problems(checks, sets.length > 0);
  const none = checks.every((c) => c.status === 'missing');
  if (flags.format === 'json') {
    await writeOut(`${JSON.stringify({ dir: choice.dir, source: choice.source, ok: bad.length === 0 && !none, files: checks }, null, 2)}\n`);
  } else {
    if (!flags.quiet) log(`data folder: ${describeChoice(choice)}`);
    for (const c of checks) {
      if (flags.quiet && !bad.includes(c)) continue;
      const note = c.status === 'missing' && c.mirrorOnly ? '  (no public source: only from a mirror)' : c.detail ? `  ${c.detail}` : '';
      await writeOut(`${c.status.padEnd(8)} ${c.path}${note}\n`);
    }
  }
  if (none) throw new DataNotFoundError(`no file of ${sets.length > 0 ? sets.join(', ') : 'any data set'} is there`, { file: choice.dir });
  if (bad.length > 0) {
    const data = choice.source === '--data' ? ` --data ${choice.dir}` : '';
    const fetch = `lexdis${data} data fetch${sets.length ? ` ${sets.join(' ')}` : ''}`;
    throw new DataFetchError(`${bad.length} file${bad.length > 1 ? 's' : ''} missing or damaged; '${fetch}' fetches ` +
      `${bad.length > 1 ? 'them' : 'it'} again (add --from DIR|URL to take ${bad.length > 1 ? 'them' : 'it'} from a mirror)`, { file: choice.dir });
  }
}

async function runPath(): Promise<void> {
  const choice = findDataDir();
  await writeOut(`${choice.dir}\n`);
  if (!choice.exists) throw new DataNotFoundError('the data folder does not exist', { file: choice.dir });
}

/** Where a set comes from, as the help says it. */
function fromHelp(s: DataSet): string {
  if (s.builtFrom) return `built here from ${s.builtFrom.join(', ')} (its analyses with Perl), or a mirror (--from)`;
  return s.origin && hasPublicSource(s) ? `github.com/${s.origin.repo} at ${s.origin.commit.slice(0, 12)}` : 'a mirror only (--from)';
}

/** The sets as the help lists them: name, what, licence, source. */
function setsHelp(): string[] {
  return DATA_SETS.flatMap((s) => [
    `  ${s.name}`,
    `      ${s.title}`,
    `      licence: ${s.licence}`,
    `      from: ${fromHelp(s)}`,
  ]);
}

/** `lexdis data fetch` under `data`. */
function registerFetch(data: Command): void {
  const fetch = data
    .command('fetch')
    .summary('download the data sets into the data folder, each file verified by its sha256')
    .description(
      'Downloads each file of the sets named (default: all) from its pinned public source, or from a mirror laid out ' +
      'as the data folder (--from). A file already there and whole is kept; a missing or damaged one is fetched. ' +
      'Bytes arrive in NAME.part and are renamed over NAME once size and sha256 are right; a broken transfer is resumed ' +
      'from where it stopped (in this run, or by running the command again); a transfer that stalls or crawls is given ' +
      'up and tried again, a bounded number of times. A file that fails is reported and the others go on; the exit ' +
      'status is 1 if any failed. One fetch writes a folder at a time (another one stops with DATA_BUSY), and it ' +
      'writes only files it made: a link or anything else in the way is refused, never followed.',
    )
    .argument('[sets...]', `data sets to fetch: ${DATA_SETS.map((s) => s.name).join(', ')} (default: all but those only training ` +
      `reads, ${DATA_SETS.filter((s) => s.trainingOnly).map((s) => s.name).join(', ')}, which lexdis setup fetches)`)
    .option('--to <dir>', 'write here instead of the data folder (created when missing; its parent must exist)')
    .option('--from <dir|url>', 'a mirror laid out as the data folder: a folder or an http(s) URL (also has the files without a public source)')
    .option('--stall <seconds>', `give a try up after this long without a byte or an answer (default ${FETCH_DEFAULTS.stallMs / 1000})`)
    .option('--min-rate <bytes/s>', `give a try up when a window brings fewer bytes a second (default ${FETCH_DEFAULTS.minRate}; 0: no minimum)`)
    .option('--rate-window <seconds>', `the window --min-rate is averaged over (default ${FETCH_DEFAULTS.rateWindowMs / 1000})`);
  quietAndProgress(fetch, 'no line per file, no summary (the files that failed are still listed)');
  fetch.action((sets: string[], flags: FetchFlags) => runFetch(sets, flags));
}

export function register(program: Command): void {
  const data = program
    .command('data')
    .summary('get the open data sets (lexdis data fetch), verify them, say where they are')
    .description(
      'The open data lexdis works with: the BAMA 1.0 analyzer\'s tables (every command needs them), UD Arabic-PUD ' +
      '(the gold corpus the demo trains on), WikiNewsMax (the diacritization test set) and UD Arabic-PADT 1.3. ' +
      'Each file is fetched from a public repository at a pinned commit and kept only when its sha256 is the one ' +
      'recorded in lexdis (docs/data.md lists them).',
    )
    .addHelpText('after', [
      '',
      'Where lexdis looks for the data folder, the first that applies:',
      '  1. --data DIR',
      '  2. $LEXDIS_DATA',
      '  3. $XDG_DATA_HOME/lexdis (default ~/.local/share/lexdis), when it exists',
      '  4. ../shared/data beside a checkout of the repository, when it exists',
      'lexdis data fetch writes to --to DIR, else --data, else $LEXDIS_DATA, else 3.',
      'It builds bama-1.0-reference rather than download it: PUD\'s sentences, and their analyses by the\noriginal BAMA 1.0 program run with Perl ($LEXDIS_PERL, default perl on PATH); without Perl, from --from.',
      '',
      'Data sets:',
      ...setsHelp(),
      '',
      'Examples:',
      '  $ lexdis data fetch                 # everything with a public source, into ~/.local/share/lexdis',
      '  $ lexdis data fetch bama-1.0 --to ./data',
      '  $ lexdis data check',
    ].join('\n'));
  registerFetch(data);
  const check = data
    .command('check')
    .summary('verify the data folder: every file present with its recorded size and sha256')
    .description(
      'Lists each file of the sets named (default: all) as ok, missing or damaged. The exit status is 1 when a named ' +
      'set lacks a file, or (no set named) when a file is damaged, a set that is there lacks a file that has a public ' +
      'source, or no set is there at all.',
    )
    .argument('[sets...]', 'data sets to check (default all)');
  formatOption(check, ['text', 'json'], 'text: a line per file on stdout; json: { dir, source, ok, files: [{ set, path, status, detail, mirrorOnly }] } on stdout');
  quietAndProgress(check, 'no line naming the data folder, a line only for a file that is a problem');
  check.action((sets: string[], flags: { format: 'text' | 'json'; quiet?: boolean }) => runCheck(sets, flags));
  data
    .command('path')
    .summary('print the data folder lexdis uses (exit status 1 when it does not exist)')
    .action(() => runPath());
}
