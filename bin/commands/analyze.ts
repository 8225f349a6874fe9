/**
 * `lexdis analyze [FILE]`: raw Arabic text in (a file or stdin), every word's candidate
 * analyses out (stdout or `-o`), streaming (src/analyzer/stream.ts). By default the candidates a
 * model ranks, each with its rendered vocalization (src/tagger/candidate-output.ts): the analyzer
 * with backoff and case endings, as `train` builds models, or with `-m` the model's own
 * analyzer options and the labels it saw in training. `--format pos` prints the analyzer's
 * solutions as the BAMA reference program does.
 */
import { Option, type Command } from 'commander';
import { analyzeStream, type AnalyzerSource, type InputScript } from '../../src/analyzer/index.js';
import { UsageError } from '../../src/errors.js';
import type { TextEncoding } from '../../src/io/files.js';
import { modelAnalyzerOptions, type ModelInfo } from '../../src/model/model.js';
import { readModelHeader } from '../../src/model/store.js';
import { openOutput, planOutput } from '../../src/io/output-writer.js';
import { CANDIDATE_RENDERER } from '../../src/tagger/candidate-output.js';
import type { Script } from '../../src/script/buckwalter.js';
import { numberOption } from '../output.js';
import { analyzerFlags, encodingOption, formatOption, outputFileOption, parseWorkers, quietAndProgress, scriptOption, streamWorkersOption, tablesOption } from '../options.js';
import { runStreaming } from '../progress.js';

interface AnalyzeFlags {
  model?: string;
  format: 'text' | 'jsonl' | 'pos';
  outputScript: Script;
  script: InputScript;
  tables: string;
  encoding: TextEncoding;
  cacheSize: string;
  backoff: boolean;
  caseEndings: boolean;
  passives?: boolean;
  output?: string;
  workers: string;
}

/**
 * The analyzer analyze runs on (the model's options with -m), loaded by the stream on this thread
 * or in each worker thread.
 */
async function analyzerSource(flags: AnalyzeFlags, cacheSize: number, command: Command): Promise<AnalyzerSource> {
  if (flags.model === undefined)
    return { tables: flags.tables, options: { cacheSize, ...analyzerFlags(flags) } };
  for (const [name, flag] of [['backoff', '--no-backoff'], ['caseEndings', '--no-case-endings'], ['passives', '--passives']]) {
    if (command.getOptionValueSource(name) === 'cli') throw new UsageError(`${flag} with -m: the model records how its candidates were made, and analyze lists them so`);
  }
  const header = await readModelHeader(flags.model);
  return { tables: flags.tables, options: { cacheSize, ...modelAnalyzerOptions((header.lexdis ?? {}) as Pick<ModelInfo, 'analyzer'>) } };
}

async function run(file: string | undefined, flags: AnalyzeFlags, command: Command): Promise<void> {
  const cacheSize = numberOption('--cache-size', flags.cacheSize, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0');
  const output = planOutput(flags.output);
  const workers = parseWorkers(flags.workers);
  // the candidates a model ranks (the labels it saw with -m), rendered where the analysis runs
  const render =
    flags.format === 'pos'
      ? undefined
      : {
          module: CANDIDATE_RENDERER,
          args: { model: flags.model ?? null, format: flags.format, script: flags.outputScript },
        };
  await runStreaming(
    file,
    () => analyzerSource(flags, cacheSize, command),
    (analyzer, source, progress) =>
      analyzeStream(analyzer, source, openOutput(output), {
        format: flags.format === 'pos' ? 'pos' : 'jsonl',
        script: flags.outputScript,
        inputScript: flags.script,
        encoding: flags.encoding,
        onProgress: progress,
        render,
        workers,
      }),
  );
}

export function register(program: Command): void {
  const cmd = program
    .command('analyze')
    .summary('the candidate analyses of every word of raw Arabic text, vocalized (what a model ranks)')
    .description(
      'Tokenizes raw text as the BAMA 1.0 reference program (AraMorph.pl) does and lists, for each Arabic word, the ' +
      'candidates a model ranks, in their own order (the analyzer\'s first): every analysis the tables allow, one per ' +
      'label (lemma and morphology), with backoff analyses for a word the lexicon lacks, the case endings the tables ' +
      'carry commented out, as lexdis train builds models (--passives: the passives made by rule too); those that agree with any marks typed in the word; with -m, the ' +
      'model\'s own analyzer options and the labels it saw for the word in training (source train). Each candidate comes ' +
      'with the word as typed, fully vocalized by it (as lexdis diacritize writes it), its Buckwalter vocalization, lemma, ' +
      'POS and gloss. --format pos prints instead the analyzer\'s solutions in the reference program\'s layout ' +
      '(with --no-backoff --no-case-endings, exactly its output). Empty input gives empty output. The input is read ' +
      'and written a window of lines at a time (memory does not grow with it); a line longer than 65,536 characters is ' +
      'analyzed in pieces cut at white space; a NUL byte or bad UTF-8 stops the run with an error naming the line and ' +
      'byte offset (output already printed stays; -o FILE is left as it was).',
    )
    .argument('[file]', 'input text, one sentence a line (default: stdin; "-" also reads stdin)')
    .option('-m, --model <dir>', 'list the candidates of this trained model: its analyzer options and the labels it saw in training');
  formatOption(cmd, ['text', 'jsonl', 'pos'], 'text: per Arabic word a line per candidate (the word, n, the word vocalized, ' +
    'voc, [lemma], POS, gloss, source: analyzer, backoff, rule or train), a blank line after each input line; jsonl: an object per ' +
    'token (fields in docs/cli.md); pos: the analyzer\'s solutions in the reference program\'s layout (INPUT STRING / ' +
    'LOOK-UP WORD / SOLUTION n / (GLOSS), alternative spellings for a word with none)');
  scriptOption(cmd);
  cmd.addOption(new Option('--output-script <script>', 'script of voc, lemma IDs, morphology and look-up forms in the output ' +
    '(the vocalized word is Arabic script; glosses and tags stay Latin)').choices(['buckwalter', 'arabic']).default('buckwalter'));
  tablesOption(cmd);
  encodingOption(cmd);
  cmd
    .option('--no-backoff', 'no backoff analyses for a word the lexicon lacks (a nisba adjective of a lexicon noun, a proper ' +
      'noun with its clitics split off; marked source backoff, and in pos after a "lexdis: backoff analyses" comment)')
    .option('--no-case-endings', 'without the case endings the tables carry commented out (u/a/i, N/F/K…: الرئيسِ, رئيسٌ; ' +
      'docs/case-endings.md): the analyzer as the reference program runs it')
    .option('--passives', 'the passives made by rule for a verb whose tables list none (a sound verb\'s perfect and imperfect ' +
      'passive, tagged PV_PASS or IV_PASS; marked source rule, and in pos by a "lexdis: made by rule" comment)')
    .option('--cache-size <n>', 'look-up forms whose analyses stay cached (least recently used dropped)', '100000');
  outputFileOption(cmd);
  quietAndProgress(cmd);
  streamWorkersOption(cmd);
  cmd
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ echo "كتبت الطالبة الدرس" | lexdis analyze',
      '  $ echo "كتبت الطالبة الدرس" | lexdis analyze -m models/lexdis --format jsonl',
      '  $ lexdis analyze --format pos --no-backoff --no-case-endings news.txt   # the reference program\'s output',
      '  $ lexdis analyze --format jsonl --output-script arabic news.txt > news.jsonl',
      '  $ echo "ktbt AlTAlbp Aldrs" | lexdis analyze --script buckwalter',
      '  $ lexdis analyze --tables /path/to/SAMA_3.1/lexicon --encoding windows-1256 old.txt',
    ].join('\n'))
    .action((file: string | undefined, flags: AnalyzeFlags, command: Command) => run(file, flags, command));
}
