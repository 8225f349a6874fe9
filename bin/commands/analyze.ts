/**
 * `lexdis analyze [FILE]`: raw Arabic text in (a file or stdin), every analysis of every word
 * out (stdout or `-o`), as the BAMA reference program prints it or as JSON lines, streaming
 * (src/analyzer/stream.ts).
 */
import { Option, type Command } from 'commander';
import { Analyzer, INPUT_SCRIPTS, analyzeStream, type InputScript, type OutputFormat } from '../../src/analyzer/index.js';
import { dataPaths } from '../data.js';
import { UsageError } from '../../src/errors.js';
import { TEXT_ENCODINGS, type TextEncoding } from '../../src/io.js';
import { openOutput, planOutput } from '../../src/output-writer.js';
import type { Script } from '../../src/script/buckwalter.js';
import { runStreaming } from '../progress.js';

interface AnalyzeFlags {
  format: OutputFormat;
  script: Script;
  inputScript: InputScript;
  tables: string;
  encoding: TextEncoding;
  cacheSize: string;
  backoff?: boolean;
  caseEndings?: boolean;
  output?: string;
}

async function run(file: string | undefined, flags: AnalyzeFlags): Promise<void> {
  const cacheSize = Number(flags.cacheSize);
  if (!Number.isInteger(cacheSize) || cacheSize < 0) throw new UsageError(`--cache-size must be a non-negative integer, got "${flags.cacheSize}"`);
  const output = planOutput(flags.output);
  const load = () => Analyzer.load(flags.tables, { cacheSize, backoff: Boolean(flags.backoff), caseEndings: flags.caseEndings === true });
  await runStreaming(file, 'analyze', load, (analyzer, source, progress) => analyzeStream(analyzer, source, openOutput(output), {
    format: flags.format, script: flags.script, inputScript: flags.inputScript, encoding: flags.encoding, onProgress: progress,
  }));
}

export function register(program: Command): void {
  program
    .command('analyze')
    .summary('every morphological analysis of every word of raw Arabic text (BAMA/SAMA)')
    .description(
      'Tokenizes raw text as the BAMA 1.0 reference program (AraMorph.pl) does and prints every analysis ' +
      'the tables allow for each Arabic word: vocalization, lemma ID, morphology, gloss. A word with no ' +
      'analysis gets the reference\'s alternative spellings, each analyzed. Non-Arabic runs (digits, ' +
      'punctuation, Latin) are printed as non-alphabetic data. Output goes to stdout (or -o); empty input gives ' +
      'empty output. The input is read and written a window of lines at a time (memory does not grow with it); ' +
      'a line longer than 65,536 characters is analyzed in pieces cut at white space; a NUL byte or bad UTF-8 ' +
      'stops the run with an error naming the line and byte offset (output already printed stays; -o FILE is left as it was).',
    )
    .argument('[file]', 'input text, one sentence a line (default: stdin; "-" also reads stdin)')
    .addOption(new Option('--format <format>', 'pos: the reference text layout (INPUT STRING / LOOK-UP WORD / SOLUTION n / (GLOSS)); ' +
      'jsonl: one JSON object per token {sentence, token, kind, input, lookup, solutions[{voc,lemma,morph,gloss}], alternatives[{form,solutions}]}')
      .choices(['pos', 'jsonl']).default('pos'))
    .addOption(new Option('--script <script>', 'script of look-up forms, vocalizations, lemma IDs and morphology in the output, both formats ' +
      '(tags, glosses and input strings are never converted)').choices(['buckwalter', 'arabic']).default('buckwalter'))
    .addOption(new Option('--input-script <script>', 'script of the input: buckwalter input is transliterated to Arabic first; ' +
      'auto reads the input as Arabic when it has any Arabic letter, else as Buckwalter').choices([...INPUT_SCRIPTS]).default('auto'))
    .addOption(new Option('--tables <dir>', 'directory of the six table files (dictPrefixes, dictStems, dictSuffixes, tableAB, tableAC, tableBC); ' +
      'point it at SAMA 3.1\'s tables to use SAMA').default(dataPaths.bama(), `${dataPaths.bama()}: BAMA 1.0 in the data folder (lexdis data --help)`))
    .addOption(new Option('--encoding <encoding>', 'encoding of the input (output is always UTF-8)').choices(TEXT_ENCODINGS).default('utf-8'))
    .option('--backoff', 'give a word with no analysis backoff analyses: a nisba adjective of a lexicon noun (سرطانية), ' +
      'and a proper noun with its clitics split off unless the nisba reading rules a name out (ية, يون…) or an alternative spelling has an analysis; ' +
      'after a "lexdis: backoff analyses" comment (pos) or with ' +
      'source "backoff" (jsonl). Off by default, so that the output is the reference program\'s')
    .option('--cache-size <n>', 'look-up forms whose analyses stay cached (least recently used dropped)', '100000')
    .option('--case-endings', 'add the case endings the tables carry commented out (u/a/i, N/F/K…: الرئيسِ, رئيسٌ); ' +
      'off by default, so the output is exactly the reference program\'s (docs/case-endings.md)')
    .option('-o, --output <file>', 'write here instead of stdout: a file is replaced atomically at the end (keeping its mode), a link\'s target is written, a FIFO or device is written in place; "-" is stdout')
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ echo "كتبت الطالبة الدرس" | lexdis analyze',
      '  $ echo "الرئيس" | lexdis analyze --case-endings',
      '  $ lexdis analyze --format jsonl --script arabic news.txt > news.jsonl',
      '  $ echo "ktbt AlTAlbp Aldrs" | lexdis analyze --input-script buckwalter',
      '  $ lexdis analyze --tables /path/to/SAMA_3.1/lexicon --encoding windows-1256 old.txt',
    ].join('\n'))
    .action((file: string | undefined, flags: AnalyzeFlags) => run(file, flags));
}
