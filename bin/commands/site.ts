/**
 * `lexdis site -m MODEL -o DIR`: writes the static site of the reading page with the tagger
 * running in the reader's browser, offline once opened (src/site/write-site.ts).
 */
import { type Command, Option } from 'commander';
import { writeSite } from '../../src/site/write-site.js';
import { dataDir } from '../data.js';
import { log } from '../output.js';
import { modelOf, modelOption, SHARED_OPTIONS } from '../options.js';

interface SiteFlags {
  model?: string;
  output: string;
  corpusLicence?: string;
  quiet?: boolean;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

async function run(flags: SiteFlags): Promise<void> {
  const report = await writeSite({
    model: modelOf(flags), out: flags.output, dataDir: dataDir(), corpusLicence: flags.corpusLicence,
  });
  if (flags.quiet) return;
  const total = report.files.reduce((n, f) => n + f.bytes, 0);
  log(`wrote ${report.dir}: ${report.files.length} files, ${mb(total)} (the model ${mb(report.files.find((f) => f.name === 'model.lexdis')!.bytes)})`);
  for (const c of report.carries) log(`  carries ${c.name}: ${c.licence}`);
  log('serve the folder with any static file server, e.g. python3 -m http.server -d DIR; once opened, the page works offline');
}

export function register(program: Command): void {
  const cmd = program
    .command('site')
    .summary('write a static site of the reading page, the tagger running in the reader\'s browser, offline once opened')
    .description(
      'Writes into DIR the reading page that lexdis serve shows, with the tagger running in the browser (a Web Worker) ' +
      'instead of on a server, the model (with BAMA 1.0\'s tables compiled in it), the fonts, the licences\' texts and a ' +
      'service worker that keeps the site in the browser, so that once opened it works with no network. Any static file ' +
      'server serves DIR (it must be served over http(s): a page opened as a file has no service worker). The page names ' +
      'what the site carries and its licence: BAMA 1.0 (GPL-2.0), the model\'s corpora (PUD: CC BY-SA 3.0; a model ' +
      'trained on PADT: CC BY-NC-SA 3.0, non-commercial use only). DIR must be new, empty, or a site lexdis wrote (replaced whole).',
    )
    .requiredOption('-o, --output <dir>', 'the folder to write the site into');
  modelOption(cmd);
  cmd
    .option('--corpus-licence <text>', 'the licence of the model\'s corpora when lexdis does not know them (it knows PUD\'s and PADT\'s)')
    .addOption(new Option(SHARED_OPTIONS.quiet.flags, 'only errors and warnings on stderr: no summary'))
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ lexdis site -m ~/.local/share/lexdis/models/pud -o reader',
      '  $ python3 -m http.server -d reader 8000   # then open http://127.0.0.1:8000/',
    ].join('\n'))
    .action((flags: SiteFlags) => run(flags));
}
