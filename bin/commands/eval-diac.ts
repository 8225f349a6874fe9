/** `lexdis eval-diac SYSTEM REFERENCE`: word and diacritic error rates of vocalized text against a reference. */
import { Option, type Command } from 'commander';
import { readReference, readSystem, type ReferenceFormat, type SystemFormat } from '../../src/eval/diac-eval.js';
import { checkAlignment, diacReportMarkdown, scoreDiacritization } from '../../src/eval/diac-score.js';
import { assertWritable, readTextFile, writeFileAtomic } from '../../src/io/files.js';
import { writeOut } from '../output.js';
import { formatOption, quietAndProgress } from '../options.js';
import { progressCallback } from '../progress.js';

interface EvalDiacFlags {
  referenceFormat: ReferenceFormat;
  systemFormat: SystemFormat;
  format: 'text' | 'json';
  output?: string;
  vocalizedOnly?: boolean;
}

async function run(systemFile: string, referenceFile: string, flags: EvalDiacFlags): Promise<void> {
  if (flags.output) assertWritable(flags.output);
  const progress = progressCallback();
  let report;
  try {
    progress('read the reference', 0, 2);
    const ref = readReference(readTextFile(referenceFile), referenceFile, flags.referenceFormat);
    progress('read the system output', 1, 2);
    const sys = readSystem(readTextFile(systemFile), systemFile, flags.systemFormat);
    checkAlignment(ref, sys, { ref: referenceFile, sys: systemFile });
    progress('score', 2, 2);
    report = scoreDiacritization(ref, sys, { vocalizedOnly: Boolean(flags.vocalizedOnly) });
  } finally {
    progress.stop();
  }
  const out = flags.format === 'json'
    ? `${JSON.stringify({ system: systemFile, reference: referenceFile, referenceFormat: flags.referenceFormat, ...report }, null, 2)}\n`
    : diacReportMarkdown(report, `${systemFile} against ${referenceFile}`);
  if (flags.output) writeFileAtomic(flags.output, out);
  else await writeOut(out);
}

export function register(program: Command): void {
  const cmd = program
    .command('eval-diac')
    .summary('word and diacritic error rates of diacritized text against a reference')
    .description(
      'Compares every Arabic word of SYSTEM with the same word of REFERENCE, sentence by sentence (sentence n of the ' +
      'reference faces non-blank line n of the system). Reports, as percentages of Arabic words, WER (a word is wrong ' +
      'when the marks of any of its letters are), WER without the case ending (the last letter ignored) and DER (letters ' +
      'with wrong marks), strict and relaxed (below), with error classes. A sentence whose number of Arabic words ' +
      'differs from the system line stops with an error naming that line; nothing is written.',
    )
    .argument('<system>', 'the diacritized text (one sentence a line) or the JSONL of lexdis diacritize --format jsonl')
    .argument('<reference>', 'WikiNewsMax TSV, or plain text one sentence a line with / between accepted variants')
    .addOption(new Option('--reference-format <format>', 'reference format (auto: .tsv is WikiNewsMax max_gold with max_gold_alt accepted; ' +
      'original: the TSV\'s original_gold, the WikiNews 2014 gold; text: plain text)').choices(['auto', 'max', 'original', 'text']).default('auto'))
    .addOption(new Option('--system-format <format>', 'system format (auto: .jsonl or a first line starting with {)')
      .choices(['auto', 'text', 'jsonl']).default('auto'))
    .addOption(new Option('--reference <format>').choices(['auto', 'max', 'original', 'text']).hideHelp())
    .addOption(new Option('--system <format>').choices(['auto', 'text', 'jsonl']).hideHelp())
    .option('--vocalized-only', 'leave out reference words that carry no mark at all (a vocalized treebank\'s unvocalized ' +
      'names and abbreviations: the reference gives no vowels for them), counted apart')
    .option('-o, --output <file>', 'write the report here (atomically) instead of stdout');
  formatOption(cmd, ['text', 'json'], 'text: the report as markdown; json: the report as JSON', { aliases: ['json'] });
  quietAndProgress(cmd);
  cmd
    .addHelpText('after', [
      '',
      'Conventions:',
      '  strict   every mark must match: shadda, vowel, tanween, sukun, dagger alif',
      '           (the order of the marks on a letter is free).',
      '  relaxed  the published WikiNews scorer\'s (EvalDiac), on both sides:',
      '           - sukun ignored;',
      '           - fatha before alif, kasra before ya, damma before waw implied;',
      '           - fatha and kasra on a bare alif, kasra on lam before alif ignored;',
      '           - tanween fatha written on an alif counted on the letter before;',
      '           then a letter the reference leaves bare accepts anything, and a',
      '           reference shadda alone accepts shadda with a vowel.',
      '  A word whose number of letters differs from the reference\'s is wrong.',
      '',
      'Error classes (relaxed, case ending included): case ending (right but for the',
      'last letter), stem; with the JSONL of `lexdis diacritize --format jsonl`: unknown word',
      '(no lexicon analysis), and with --candidates: different analysis (another',
      'candidate was right), no correct candidate, and the oracle (best candidate).',
      '',
      'Examples:',
      '  $ lexdis diacritize -m models/lexdis --format jsonl --candidates sentences.txt > out.jsonl',
      '  $ lexdis eval-diac out.jsonl references.txt --format json',
      '  $ lexdis eval-diac out.txt "$(lexdis data path)/wikinews-max/WikiNewsMax.tsv" --reference original',
      '  $ lexdis eval-diac padt-test.out.txt padt-test.txt --vocalized-only   # the reference from import-ud --text',
    ].join('\n'))
    .action((system: string, reference: string, flags: EvalDiacFlags) => run(system, reference, flags));
}
