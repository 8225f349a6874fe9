/**
 * `lexdis tag [FILE] --model DIR`: ranks the analyses of raw text, or re-ranks the solutions
 * of an ATB analysis file for annotators (original solution numbers kept, SCORE lines added).
 * Streaming (src/tagger/tag-stream.ts); `-o` goes through the one output writer (src/io/output-writer.ts).
 */
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import type { InputScript } from '../../src/analyzer/script.js';
import type { TextEncoding } from '../../src/io/files.js';
import { openOutput, planOutput } from '../../src/io/output-writer.js';
import { tagPosStream, tagTextStream } from '../../src/tagger/tag-stream.js';
import { Tagger, type TaggerSource } from '../../src/tagger/tagger-node.js';
import { numberOption } from '../output.js';
import { encodingOption, formatOption, modelOption, modelOf, outputFileOption, parseWorkers, quietAndProgress, scriptOption, streamWorkersOption, tablesOption, topOption } from '../options.js';
import { runStreaming } from '../progress.js';

interface TagFlags {
  model?: string;
  top: string;
  input: 'auto' | 'text' | 'pos';
  format: 'text' | 'jsonl' | 'pos';
  script: InputScript;
  markTop?: boolean;
  keepGold?: boolean;
  order: 'score' | 'file';
  output?: string;
  tables: string;
  encoding: TextEncoding;
  workers: string;
}

async function run(file: string | undefined, flags: TagFlags, command: Command): Promise<void> {
  const top = numberOption('--top', flags.top, (n) => Number.isInteger(n) && n >= 1, 'a whole number ≥ 1');
  const output = planOutput(flags.output);
  const input = flags.input === 'auto' ? (file && extname(file).toLowerCase() === '.pos' ? 'pos' : 'text') : flags.input;
  // an analysis file is written back as one unless another format is asked for
  const format = input === 'pos' && command.getOptionValueSource('format') === 'default' ? 'pos' : flags.format;
  const workers = parseWorkers(flags.workers);
  const tagger: TaggerSource = { model: modelOf(flags), options: { tables: flags.tables } };
  // raw text: the tagger is loaded by the stream, on this thread or in each worker thread
  await runStreaming(file, async (): Promise<Tagger | TaggerSource> => (input === 'pos' ? Tagger.load(tagger.model, tagger.options) : tagger), async (loaded, source, progress) => {
    const options = {
      top, format, inputScript: flags.script, markTop: Boolean(flags.markTop),
      keepGold: flags.keepGold, order: flags.order, encoding: flags.encoding, onProgress: progress, workers,
    } as const;
    if (loaded instanceof Tagger) await tagPosStream(loaded, source, openOutput(output), options);
    else await tagTextStream(loaded, source, openOutput(output), options);
  });
}

export function register(program: Command): void {
  const cmd = program
    .command('tag')
    .summary('rank the analyses of raw text, or re-rank an analysis file, with a trained model')
    .description(
      'Raw text (Arabic script, or Buckwalter with --script; one paragraph a line) is analyzed and each word\'s candidate analyses ' +
      'are ranked by the model; the top K are printed with scores and confidences (softmax over the word\'s candidates). ' +
      'An ATB analysis file (.pos) is re-ranked instead: its solutions keep their numbers, are ordered best first and get ' +
      '(SCORE) lines; --mark-top stars the predicted solution. Ties are broken by the analyzer\'s order. ' +
      'Input is read and output written as it goes: raw text in documents of about 4,096 characters of whole lines ' +
      '(a longer line is cut after white space), an analysis file a document at a time; a NUL byte or bad UTF-8 stops ' +
      'the run with an error naming the line and byte offset (see docs/reliability.md).',
    )
    .argument('[file]', 'raw text or a .pos analysis file (default: stdin)');
  modelOption(cmd);
  topOption(cmd, 'analyses shown per word in text and jsonl output');
  cmd.addOption(new Option('--input <kind>', 'what the input is (auto: .pos files are analysis files, anything else raw text)').choices(['auto', 'text', 'pos']).default('auto'));
  formatOption(cmd, ['text', 'jsonl', 'pos'], 'text: a line per analysis (word, rank, confidence, the word vocalized by the analysis, ' +
    'the analyzer\'s Buckwalter vocalization, [lemma], POS, gloss, source: analyzer, backoff or train), a blank line after each sentence; ' +
    'jsonl: an object per sentence (fields in docs/cli.md); pos: an ATB analysis file with SCORE lines ' +
    '(an analysis file is written back as pos unless --format says otherwise)');
  scriptOption(cmd);
  cmd
    .option('--mark-top', 'star (*) the predicted solution in pos output (existing stars are dropped)')
    .option('--keep-gold', 'keep the existing * marks of an analysis file (the default unless --mark-top)')
    .addOption(new Option('--order <order>', 'solution order in pos output').choices(['score', 'file']).default('score'));
  outputFileOption(cmd);
  tablesOption(cmd);
  encodingOption(cmd);
  quietAndProgress(cmd);
  streamWorkersOption(cmd, ' (raw text; an analysis file is re-ranked on one thread)');
  cmd
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ echo "كتبت الطالبة الدرس" | lexdis tag -m models/lexdis --top 2',
      '  $ lexdis tag -m models/lexdis --format jsonl article.txt',
      '  $ echo "ktbt AlTAlbp Aldrs" | lexdis tag -m models/lexdis --script buckwalter',
      '  $ lexdis tag -m models/lexdis --mark-top --format pos annotator-batch.pos -o ranked.pos',
      '  $ lexdis tag -m models/lexdis --format jsonl --workers 2 corpus.txt -o corpus.jsonl',
    ].join('\n'))
    .action((file: string | undefined, flags: TagFlags, command: Command) => run(file, flags, command));
}
