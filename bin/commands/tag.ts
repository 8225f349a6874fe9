/**
 * `lexdis tag [FILE] --model DIR`: ranks the analyses of raw text, or re-ranks the solutions
 * of an ATB analysis file for annotators (original solution numbers kept, SCORE lines added).
 * Streaming (src/rank/tag-stream.ts); `-o` goes through the one output writer (src/output-writer.ts).
 */
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import { DEFAULT_INPUT_SCRIPT, INPUT_SCRIPTS, type InputScript } from '../../src/analyzer/script.js';
import { dataPaths } from '../data.js';
import { TEXT_ENCODINGS, type TextEncoding } from '../../src/io.js';
import { openOutput, planOutput } from '../../src/output-writer.js';
import { tagPosStream, tagTextStream } from '../../src/rank/tag-stream.js';
import { Tagger } from '../../src/rank/tagger.js';
import { numberOption } from '../output.js';
import { runStreaming } from '../progress.js';

interface TagFlags {
  model: string;
  top: string;
  input: 'auto' | 'text' | 'pos';
  format?: 'text' | 'jsonl' | 'pos';
  inputScript: InputScript;
  markTop?: boolean;
  keepGold?: boolean;
  order: 'score' | 'file';
  output?: string;
  tables: string;
  encoding: TextEncoding;
}

async function run(file: string | undefined, flags: TagFlags): Promise<void> {
  const top = numberOption('--top', flags.top, (n) => Number.isInteger(n) && n >= 1, 'a whole number ≥ 1');
  const output = planOutput(flags.output);
  const input = flags.input === 'auto' ? (file && extname(file).toLowerCase() === '.pos' ? 'pos' : 'text') : flags.input;
  await runStreaming(file, 'tag', () => Tagger.load(flags.model, { tables: flags.tables }), async (tagger, source, progress) => {
    const options = {
      top, format: flags.format ?? (input === 'pos' ? 'pos' : 'text'), inputScript: flags.inputScript, markTop: Boolean(flags.markTop),
      keepGold: flags.keepGold, order: flags.order, encoding: flags.encoding, onProgress: progress,
    } as const;
    if (input === 'pos') await tagPosStream(tagger, source, openOutput(output), options);
    else await tagTextStream(tagger, source, openOutput(output), options);
  });
}

export function register(program: Command): void {
  program
    .command('tag')
    .summary('rank the analyses of raw text, or re-rank an analysis file, with a trained model')
    .description(
      'Raw text (Arabic script, or Buckwalter with --input-script; one paragraph a line) is analyzed and each word\'s candidate analyses ' +
      'are ranked by the model; the top K are printed with scores and confidences (softmax over the word\'s candidates). ' +
      'An ATB analysis file (.pos) is re-ranked instead: its solutions keep their numbers, are ordered best first and get ' +
      '(SCORE) lines; --mark-top stars the predicted solution. Ties are broken by the analyzer\'s order. ' +
      'Input is read and output written as it goes: raw text in documents of about 4,096 characters of whole lines ' +
      '(a longer line is cut after white space), an analysis file a document at a time; a NUL byte or bad UTF-8 stops ' +
      'the run with an error naming the line and byte offset (see docs/reliability.md).',
    )
    .argument('[file]', 'raw text or a .pos analysis file (default: stdin)')
    .requiredOption('-m, --model <dir>', 'trained model directory')
    .option('--top <k>', 'analyses shown per word (text and jsonl formats)', '1')
    .addOption(new Option('--input <kind>', 'what the input is (auto: .pos files are analysis files, anything else raw text)').choices(['auto', 'text', 'pos']).default('auto'))
    .addOption(new Option('--format <format>', 'text: a line per analysis (word, rank, confidence, the word vocalized by the analysis, the analyzer\'s Buckwalter vocalization, lemma, POS, gloss, source: analyzer, backoff or train); ' +
      'jsonl: a JSON object per sentence; pos: an ATB analysis file with SCORE lines (default: pos for an analysis file, text for raw text)').choices(['text', 'jsonl', 'pos']))
    .addOption(new Option('--input-script <script>', 'how raw text is read: arabic (Latin words pass through untouched), ' +
      'buckwalter (the whole text is Buckwalter transliteration), auto (Buckwalter when the text has no Arabic letter)')
      .choices([...INPUT_SCRIPTS]).default(DEFAULT_INPUT_SCRIPT))
    .option('--mark-top', 'star (*) the predicted solution in pos output (existing stars are dropped)')
    .option('--keep-gold', 'keep the existing * marks of an analysis file (the default unless --mark-top)')
    .addOption(new Option('--order <order>', 'solution order in pos output').choices(['score', 'file']).default('score'))
    .option('-o, --output <file>', 'write here instead of stdout: a file is replaced atomically at the end (keeping its mode), a link\'s target is written, a FIFO or device is written in place; "-" is stdout')
    .option('--tables <dir>', 'analyzer tables', dataPaths.bama())
    .addOption(new Option('--encoding <encoding>', 'input encoding').choices(TEXT_ENCODINGS).default('utf-8'))
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ echo "كتبت الطالبة الدرس" | lexdis tag -m models/pud --top 2',
      '  $ lexdis tag -m models/pud --format jsonl article.txt',
      '  $ echo "ktbt AlTAlbp Aldrs" | lexdis tag -m models/pud --input-script buckwalter',
      '  $ lexdis tag -m models/pud --mark-top --format pos annotator-batch.pos -o ranked.pos',
    ].join('\n'))
    .action((file: string | undefined, flags: TagFlags) => run(file, flags));
}
