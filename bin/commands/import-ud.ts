/**
 * `lexdis import-ud TREEBANK -o corpus.pos`: the open gold corpus. Projects a
 * CoNLL-U treebank (UD Arabic-PUD with its LId lemmas, or the vocalized UD Arabic-PADT 1.3)
 * onto the analyzer's candidates and writes an ATB analysis file with `*` gold marks, INDEX
 * lines and document boundaries, plus a report; for a vocalized treebank, `--text` also writes
 * its gold vocalized sentences (a reference for `lexdis eval-diac`).
 */
import { Option, type Command } from 'commander';
import { Analyzer } from '../../src/analyzer/index.js';
import { UsageError } from '../../src/errors.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { plainText, projectTreebank, treebankReportMarkdown, vocalizedReference } from '../../src/import/treebank.js';
import type { WordTrace } from '../../src/import/ud-project.js';
import { sampleMarkdown, sampleWords } from '../../src/import/ud-sample.js';
import { assertWritable, readTextFile, writeFileAtomic } from '../../src/io/files.js';
import { analyzerFlags, quietAndProgress, seedOption, tablesOption } from '../options.js';
import { progressCallback } from '../progress.js';

interface ImportUdFlags {
  tables: string;
  output: string;
  report?: string;
  reportMd?: string;
  examples: string;
  quiet?: boolean;
  sample?: string;
  text?: string;
  plain?: string;
  sampleSize: string;
  sampleOf: 'matched' | 'unmatched' | 'all';
  seed: string;
  backoff: boolean;
  caseEndings: boolean;
  passives?: boolean;
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
  for (const out of [flags.output, flags.report, flags.reportMd, flags.sample, flags.text, flags.plain])
    if (out) assertWritable(out);
  const text = readTextFile(treebank);
  const analyzer = Analyzer.load(flags.tables, analyzerFlags(flags));
  const progress = progressCallback();
  const traced: WordTrace[] = [];
  const trace = flags.sample ? (w: WordTrace) => void traced.push(w) : undefined;
  const { layout, corpus, report, vocalizedText } = projectTreebank(text, analyzer, {
    file: treebank,
    examples,
    progress,
    trace,
  });
  progress.stop();
  if (layout === 'vocalized' && flags.sample) throw new UsageError('--sample is for LId-annotated treebanks (UD Arabic-PUD); the report of a vocalized one gives examples of every bucket (--examples)');
  for (const [flag, given] of [['--text', flags.text], ['--plain', flags.plain]] as const)
    if (layout !== 'vocalized' && given) throw new UsageError(`${flag} needs a vocalized treebank (UD Arabic-PADT 1.3): this one's forms carry no vowels`);
  // every output is made before the first is written: an error leaves none behind
  const outputs: [string, string][] = [[flags.output, writePosFile(corpusToPos(corpus))]];
  if (flags.sample) {
    const opts = { size, seed, which: flags.sampleOf };
    outputs.push([flags.sample, sampleMarkdown(sampleWords(traced, opts), opts)]);
  }
  if (flags.text && vocalizedText) outputs.push([flags.text, vocalizedReference(vocalizedText)]);
  if (flags.plain && vocalizedText) outputs.push([flags.plain, plainText(vocalizedText)]);
  if (flags.report) outputs.push([flags.report, `${JSON.stringify(report, null, 2)}\n`]);
  for (const [path, data] of outputs) writeFileAtomic(path, data);
  const md = treebankReportMarkdown(report);
  if (flags.reportMd) writeFileAtomic(flags.reportMd, md);
  else if (!flags.quiet) process.stderr.write(md);
}

export function register(program: Command): void {
  const cmd = program
    .command('import-ud')
    .summary('gold corpus from a UD treebank: mark the analyzer candidate its annotation picks')
    .description(
      'Reads a CoNLL-U treebank in either of two layouts, recognised from the file. UD Arabic-PUD (LId lemma IDs in ' +
      'MISC, clitics split with SpaceAfter=No): runs the analyzer on each sentence\'s text and, for every Arabic word, ' +
      'stars the candidate whose lemma is the treebank\'s and whose clitics, POS and features agree best with the ' +
      'annotation (all of them when several agree equally: several gold labels); a word no candidate fits gets a gold label built from the annotation, flagged as unmatched with the ' +
      'reason. UD Arabic-PADT 1.3 (vocalized forms, clitics as tokens of their own, no LId): rebuilds the orthographic ' +
      'words, runs the analyzer on them without their marks and stars the candidate whose vocalization, rendered as ' +
      'lexdis diacritize renders it, is the treebank\'s, then the lemma, UPOS and features, then the gloss decide ' +
      'among several; a tie stars every tied candidate (several gold labels, docs/formats.md), and a word no candidate ' +
      'matches gets no star; a note says why. ' +
      'Writes an ATB analysis file (documents, INDEX: PnWm, * SOLUTION) atomically, and a report: JSON ' +
      'with --report, markdown on stderr (or into --report-md). Same input, same output, byte for byte. ' +
      'See docs/ud-projection.md.',
    )
    .argument('<treebank>', 'CoNLL-U file (UTF-8)')
    .requiredOption('-o, --output <file>', 'the pos file to write')
    .option('--no-backoff', 'no backoff analyses for words the lexicon lacks (by default they get proper-noun ' +
      'analyses with their clitics split off, and nisba-adjective ones where a lexicon noun + ي explains them, marked in the pos file; see docs/formats.md)')
    .option('--no-case-endings', 'candidates without case endings (the analyzer as the reference program runs it); ' +
      'by default the case endings the tables carry commented out are on, and Case/Definite/Mood pick among them (docs/case-endings.md)')
    .option('--passives', 'the passives made by rule for verbs whose tables list none: a sound verb gets its passive, tagged ' +
      'PV_PASS or IV_PASS and marked in the pos file (docs/method.md; train with --passives too)')
    .option('--report <file>', 'write the report as JSON')
    .option('--report-md <file>', 'write the markdown summary to this file instead of stderr')
    .option('--examples <n>', 'examples kept per report bucket', '5')
    .option('--sample <file>', 'also write a seeded random sample of words (markdown) for checking by eye (LId-annotated treebanks)')
    .option('--plain <file>', 'vocalized treebanks: also write the same sentences without their marks, as the analyzer read them: ' +
      'the input of lexdis diacritize in a held-out evaluation against --text')
    .option('--text <file>', 'vocalized treebanks: also write the gold vocalized sentences, one a line (the rebuilt words ' +
      'joined by spaces), a reference for lexdis eval-diac')
    .option('--sample-size <n>', 'words in the sample', '100')
    .addOption(new Option('--sample-of <which>', 'words to sample').choices(['matched', 'unmatched', 'all']).default('matched'));
  seedOption(cmd, 'the sample');
  tablesOption(cmd);
  quietAndProgress(cmd, 'no markdown summary');
  cmd
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ lexdis import-ud "$(lexdis data path)/ud-arabic-pud/ar_pud-ud-test.conllu" -o pud.pos --report pud-report.json',
      '  $ lexdis import-ud treebank.conllu --tables /path/to/SAMA_3.1/lexicon -o gold.pos --report-md report.md',
      '  $ lexdis import-ud pud.conllu -o pud.pos -q --sample sample.md --sample-size 100 --seed 7',
      '  $ lexdis import-ud "$(lexdis data path)/ud-arabic-padt-1.3/ar-ud-test.conllu" -o padt-test.pos --text padt-test.txt',
    ].join('\n'))
    .action((treebank: string, flags: ImportUdFlags) => run(treebank, flags));
}
