/**
 * `lexdis import-diac FILE -o corpus.pos`: training data from any vocalized text. Each Arabic
 * word's gold is the analyzer candidate whose vocalization the text writes
 * (src/import/diac-import.ts); read and written as it goes.
 */
import { Option, type Command } from 'commander';
import { Analyzer, type InputScript } from '../../src/analyzer/index.js';
import { DiacImporter, defaultDiacImportOptions } from '../../src/import/diac-import.js';
import { DIAC_TIES, vocReportMarkdown, type DiacTies } from '../../src/import/voc-report.js';
import { VOC_UNMATCHED_REASONS } from '../../src/import/voc-match.js';
import { assertWritable, writeFileAtomic, type TextEncoding } from '../../src/io/files.js';
import { openOutput, planOutput, type OutputSink } from '../../src/io/output-writer.js';
import { transformText } from '../../src/io/text-stream.js';
import { numberOption } from '../output.js';
import { analyzerFlags, encodingOption, quietAndProgress, scriptOption, tablesOption } from '../options.js';
import { runStreaming } from '../progress.js';

interface ImportDiacFlags {
  output: string;
  tables: string;
  script: InputScript;
  encoding: TextEncoding;
  docLines: string;
  ties: DiacTies;
  report?: string;
  reportMd?: string;
  ungolded?: string;
  examples: string;
  quiet?: boolean;
  backoff: boolean;
  caseEndings: boolean;
  passives?: boolean;
}

async function run(file: string, flags: ImportDiacFlags): Promise<void> {
  const docLines = numberOption('--doc-lines', flags.docLines, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0');
  const examples = numberOption('--examples', flags.examples, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0');
  const output = planOutput(flags.output);
  for (const out of [flags.report, flags.reportMd]) if (out) assertWritable(out);
  const listPlan = flags.ungolded ? planOutput(flags.ungolded) : undefined;
  let report = '';
  await runStreaming(
    file,
    () => Analyzer.load(flags.tables, analyzerFlags(flags)),
    async (analyzer, source, progress) => {
      const list: OutputSink | undefined = listPlan ? openOutput(listPlan) : undefined;
      let listed: string[] = [];
      const importer = new DiacImporter(analyzer, {
        file: source.file,
        script: flags.script,
        docLines,
        ties: flags.ties,
        examples,
        onUngolded: list ? (line) => void listed.push(line) : undefined,
      });
      const drain = async (): Promise<void> => {
        if (!list || listed.length === 0) return;
        const lines = listed;
        listed = [];
        await list.write(lines.map((l) => `${l}\n`).join(''));
      };
      try {
        await list?.write('where\tword\twhy\tdetail\n');
        await transformText(
          source,
          openOutput(output),
          async (p) => {
            const out = importer.line(p.text, p.line);
            await drain();
            return out;
          },
          // one sentence a line: a line past the limit is refused, not cut into sentences
          { encoding: flags.encoding, longLines: 'refuse', onProgress: progress, flush: () => importer.finish() },
        );
        await drain();
        await list?.commit();
      } catch (err) {
        await list?.abort();
        throw err;
      }
      const r = importer.report();
      if (flags.report) writeFileAtomic(flags.report, `${JSON.stringify(r, null, 2)}\n`);
      report = vocReportMarkdown(r);
    },
  );
  if (flags.reportMd) writeFileAtomic(flags.reportMd, report);
  else if (!flags.quiet) process.stderr.write(report);
}

export function register(program: Command): void {
  const d = defaultDiacImportOptions;
  const cmd = program
    .command('import-diac')
    .summary('gold corpus from vocalized text: each word\'s gold is the candidate whose vowels the text writes')
    .description(
      'Reads plain vocalized text, one sentence a line (UTF-8 or Windows-1256, Arabic script or Buckwalter), and writes ' +
      'a gold corpus for lexdis train (an ATB analysis file with * gold marks). The analyzer reads each line without its ' +
      'marks; every candidate of a word is rendered as lexdis diacritize renders it and compared with the word as the ' +
      'text writes it (docs/formats.md, "Vocalized text": sukun, the article\'s alif, implied long vowels and the dagger ' +
      'alif evened out; a bare letter is not a vowel). One match is the gold. Several matches are a tie: each ' +
      'of them is gold (a star on each: training counts them all, evaluation takes any as right; --ties first: only ' +
      'the first in the analyzer\'s order) and a note names them. No match: no gold mark, a note with the reason, and the word ' +
      'with its file:line in the report (and in --ungolded). A blank line ends a document, and so does every ' +
      '--doc-lines-th sentence. A text whose Arabic words mostly match nothing (over half) stops with an error naming ' +
      'the likely cause (no vowels, wrong script, wrong encoding…), checked after the first 1,000 Arabic words and at ' +
      'the end; the output file is replaced only when all went well.',
    )
    .argument('<file>', 'vocalized text, one sentence a line (- for stdin)')
    .requiredOption('-o, --output <file>', 'the pos file to write (atomically)')
    .option('--doc-lines <n>', 'sentences per document at most (a blank line also ends one; 0: only blank lines)', String(d.docLines))
    .addOption(new Option('--ties <which>', 'the gold of a tie: all the tied candidates, or the first in the analyzer\'s order')
      .choices(DIAC_TIES).default(d.ties))
    .option('--no-backoff', 'no backoff analyses for words the lexicon lacks (train with --no-backoff too)')
    .option('--no-case-endings', 'candidates without case endings (train with --no-case-endings too)')
    .option('--passives', 'the passives made by rule for verbs whose tables list none (train with --passives too)')
    .option('--report <file>', 'write the report as JSON')
    .option('--report-md <file>', 'write the markdown summary to this file instead of stderr')
    .option('--ungolded <file>', `write every Arabic word left without a gold mark, one a line (TSV: file:line, the word, why: ${VOC_UNMATCHED_REASONS.filter((r) => r !== 'tokenization').join(', ')}, detail)`)
    .option('--examples <n>', 'examples kept per report bucket', String(d.examples))
;
  scriptOption(cmd);
  encodingOption(cmd);
  tablesOption(cmd);
  quietAndProgress(cmd, 'no markdown summary');
  cmd
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ lexdis import-diac news-vocalized.txt -o news.pos --report news-report.json',
      '  $ lexdis import-diac quran-bw.txt --script buckwalter --doc-lines 0 -o quran.pos --ungolded quran-left.tsv',
      '  $ lexdis train models/pud-corpus.pos news.pos -o models/pud-news',
    ].join('\n'))
    .action((file: string, flags: ImportDiacFlags) => run(file, flags));
}
