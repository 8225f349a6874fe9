/** `lexdis diacritize [FILE] -m MODEL`: the text with every Arabic word vocalized by its top analysis. */
import type { Command } from 'commander';
import type { InputScript } from '../../src/analyzer/script.js';
import type { TextEncoding } from '../../src/io/files.js';
import { openOutput, planOutput } from '../../src/io/output-writer.js';
import { diacritizeStream } from '../../src/tagger/diacritize-stream.js';
import type { TaggerSource } from '../../src/tagger/tagger.js';
import { encodingOption, formatOption, modelOption, modelOf, outputFileOption, parseWorkers, quietAndProgress, scriptOption, streamWorkersOption, tablesOption } from '../options.js';
import { runStreaming } from '../progress.js';

interface DiacritizeFlags {
  model?: string;
  format: 'text' | 'jsonl';
  candidates?: boolean;
  sukun: boolean;
  daggerAlif: boolean;
  script: InputScript;
  output?: string;
  tables: string;
  encoding: TextEncoding;
  workers: string;
}

async function run(file: string | undefined, flags: DiacritizeFlags): Promise<void> {
  const output = planOutput(flags.output);
  const workers = parseWorkers(flags.workers);
  // the tagger is loaded by the stream, on this thread or in each worker thread
  const tagger: TaggerSource = { model: modelOf(flags), options: { tables: flags.tables } };
  await runStreaming(
    file,
    () => tagger,
    (loaded, source, progress) =>
      diacritizeStream(loaded, source, openOutput(output), {
        format: flags.format,
        encoding: flags.encoding,
        onProgress: progress,
        workers,
        vocalize: { sukun: flags.sukun, daggerAlif: flags.daggerAlif },
        candidates: Boolean(flags.candidates),
        inputScript: flags.script,
      }),
  );
}

export function register(program: Command): void {
  const cmd = program
    .command('diacritize')
    .summary('vocalize every Arabic word of a text by its top analysis, everything else kept as it was')
    .description(
      'The text is read and written as it goes, in documents of whole lines of about 4,096 characters (as lexdis tag reads it), each input line a paragraph: its Arabic words are analyzed and ranked by the model in context, and each is ' +
      'replaced by the word as typed, fully vocalized by its top analysis (letters never change; marks already typed are ' +
      'kept, never doubled). Spacing, punctuation, digits and Latin text are copied as they were. A word with no analysis ' +
      'is left as typed. --format jsonl prints one object per input line instead: the vocalized text and, for every Arabic word, ' +
      'its vocalization and the analysis behind it (source analyzer/train/…, or none), which lexdis eval-diac reads.',
    )
    .argument('[file]', 'text to diacritize (default: stdin)');
  modelOption(cmd);
  formatOption(cmd, ['text', 'jsonl'], 'text: the input with its Arabic words vocalized; jsonl: an object per input line ' +
    '{ line, text, words: [{ input, vocalized, source, voc, lemma, pos }] } (fields in docs/cli.md)', { aliases: ['jsonl'] });
  cmd
    .option('--candidates', 'with --format jsonl: every candidate\'s vocalization too, best first, and the tied ones (for oracle figures)')
    .option('--no-sukun', 'leave consonants without a vowel bare instead of writing sukun')
    .option('--no-dagger-alif', 'write fatha where the analysis has a dagger alif (هَذَا rather than هَٰذَا)');
  scriptOption(cmd);
  outputFileOption(cmd);
  tablesOption(cmd);
  encodingOption(cmd);
  quietAndProgress(cmd);
  streamWorkersOption(cmd);
  cmd
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ echo "أعلن الرئيس الجديد أنه سيزور المدينة." | lexdis diacritize -m models/lexdis',
      '  $ lexdis diacritize -m models/lexdis --format jsonl --candidates article.txt > article.jsonl',
      '  $ lexdis diacritize -m models/lexdis --workers 2 corpus.txt -o corpus-vocalized.txt',
    ].join('\n'))
    .action((file: string | undefined, flags: DiacritizeFlags) => run(file, flags));
}
