/**
 * `lexdis import-ud TREEBANK --analyzer DIR -o corpus.pos`: the open gold corpus. Projects a
 * CoNLL-U treebank (UD Arabic-PUD) onto the analyzer's candidates and writes an ATB analysis
 * file with `*` gold marks, INDEX lines and document boundaries, plus a report.
 */
import { Option, type Command } from 'commander';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../data.js';
import { UsageError } from '../../src/errors.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos.js';
import { projectUd, type WordTrace } from '../../src/formats/ud-project.js';
import { sampleMarkdown, sampleWords } from '../../src/formats/ud-sample.js';
import { reportMarkdown } from '../../src/formats/ud-report.js';
import { assertWritable, readTextFile, writeFileAtomic } from '../../src/io.js';
import { progressCallback } from '../progress.js';

interface ImportUdFlags {
  analyzer: string;
  output: string;
  report?: string;
  reportMd?: string;
  examples: string;
  quiet?: boolean;
  sample?: string;
  sampleSize: string;
  sampleOf: 'matched' | 'unmatched' | 'all';
  seed: string;
  backoff: boolean;
  caseEndings: boolean;
}

function intOption(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function run(treebank: string, flags: ImportUdFlags): void {
  const examples = intOption('--examples', flags.examples);
  const size = intOption('--sample-size', flags.sampleSize);
  const seed = intOption('--seed', flags.seed);
  for (const out of [flags.output, flags.report, flags.reportMd, flags.sample]) if (out) assertWritable(out);
  const text = readTextFile(treebank);
  const analyzer = Analyzer.load(flags.analyzer, { backoff: flags.backoff, caseEndings: flags.caseEndings });
  const progress = progressCallback();
  const traced: WordTrace[] = [];
  const trace = flags.sample ? (w: WordTrace) => void traced.push(w) : undefined;
  const { corpus, report } = projectUd(text, analyzer, { file: treebank, examples, progress, trace });
  progress.stop();
  if (flags.sample) {
    const opts = { size, seed, which: flags.sampleOf };
    writeFileAtomic(flags.sample, sampleMarkdown(sampleWords(traced, opts), opts));
  }
  writeFileAtomic(flags.output, writePosFile(corpusToPos(corpus)));
  if (flags.report) writeFileAtomic(flags.report, `${JSON.stringify(report, null, 2)}\n`);
  const md = reportMarkdown(report);
  if (flags.reportMd) writeFileAtomic(flags.reportMd, md);
  else if (!flags.quiet) process.stderr.write(md);
}

export function register(program: Command): void {
  program
    .command('import-ud')
    .summary('gold corpus from a UD treebank: mark the analyzer candidate its annotation picks')
    .description(
      'Reads a CoNLL-U treebank (UD Arabic-PUD: LId lemma IDs in MISC, clitics split with SpaceAfter=No), ' +
      'runs the analyzer on each sentence\'s text and, for every Arabic word, stars the candidate whose lemma ' +
      'is the treebank\'s and whose clitics, POS and features agree best with the annotation. A word no ' +
      'candidate fits gets a gold label built from the annotation, flagged as unmatched with the reason. ' +
      'Writes an ATB analysis file (documents, INDEX: PnWm, * SOLUTION) atomically, and a report: JSON ' +
      'with --report, markdown on stderr (or into --report-md). Same input, same output, byte for byte. ' +
      'See docs/ud-projection.md.',
    )
    .argument('<treebank>', 'CoNLL-U file (UTF-8)')
    .requiredOption('-o, --output <file>', 'the pos file to write')
    .addOption(new Option('--analyzer <dir>', 'directory of the analyzer\'s six table files (BAMA 1.0, or SAMA 3.1)')
      .default(dataPaths.bama(), `${dataPaths.bama()}: BAMA 1.0 in the data folder (lexdis data --help)`))
    .option('--no-backoff', 'no backoff analyses for words the lexicon lacks (by default they get proper-noun ' +
      'analyses with their clitics split off, and nisba-adjective ones where a lexicon noun + ي explains them, marked in the pos file; see docs/formats.md)')
    .option('--no-case-endings', 'candidates without case endings (the analyzer as the reference program runs it); ' +
      'by default the case endings the tables carry commented out are on, and Case/Definite/Mood pick among them (docs/case-endings.md)')
    .option('--report <file>', 'write the report as JSON')
    .option('--report-md <file>', 'write the markdown summary to this file instead of stderr')
    .option('--examples <n>', 'examples kept per report bucket', '5')
    .option('-q, --quiet', 'no markdown summary on stderr')
    .option('--sample <file>', 'also write a seeded random sample of words (markdown) for checking by eye')
    .option('--sample-size <n>', 'words in the sample', '100')
    .addOption(new Option('--sample-of <which>', 'words to sample').choices(['matched', 'unmatched', 'all']).default('matched'))
    .option('--seed <n>', 'seed of the sample', '1')
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ lexdis import-ud "$(lexdis data path)/ud-arabic-pud/ar_pud-ud-test.conllu" -o pud.pos --report pud-report.json',
      '  $ lexdis import-ud treebank.conllu --analyzer /path/to/SAMA_3.1/lexicon -o gold.pos --report-md report.md',
      '  $ lexdis import-ud pud.conllu -o pud.pos -q --sample sample.md --sample-size 100 --seed 7',
    ].join('\n'))
    .action((treebank: string, flags: ImportUdFlags) => run(treebank, flags));
}
