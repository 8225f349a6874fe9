/**
 * `lexdis tag [FILE] --model DIR`: ranks the analyses of raw text, or re-ranks the solutions
 * of an ATB analysis file for annotators (original solution numbers kept, SCORE lines added).
 */
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import type { InputScript } from '../../src/analyzer/script.js';
import { dataPaths } from '../../src/config.js';
import type { Corpus, Document, Token } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { corpusToPos, posToCorpus, readPosFile, writePosFile } from '../../src/formats/pos.js';
import { analyzedToCorpus } from '../../src/formats/text.js';
import { assertWritable, readStdin, readTextFile, writeFileAtomic, type TextEncoding } from '../../src/io.js';
import { prepareDocument } from '../../src/rank/prepare.js';
import { Tagger, type TaggedSentence } from '../../src/rank/tagger.js';
import { prepareInput } from '../../src/analyzer/script.js';
import { numberOption, writeOut } from '../output.js';

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

/** Human-readable lines: word, then its ranked analyses with confidence. */
function textLines(sentences: TaggedSentence[]): string {
  const out: string[] = [];
  for (const s of sentences) {
    for (const t of s.tokens) {
      if (!t.arabic) continue;
      if (!t.found) {
        out.push(`${t.input}\t(not found)`);
        continue;
      }
      t.analyses.forEach((a, i) =>
        out.push(`${i === 0 ? t.input : ''}\t${a.rank}\t${(100 * a.confidence).toFixed(1)}%\t${a.vocArabic}\t${a.voc}\t[${a.lemma}]\t${a.pos}\t${a.gloss}`),
      );
    }
    out.push('');
  }
  return out.join('\n') + '\n';
}

/** Writes a corpus as an analysis file with the model's scores. */
function rerankedPos(tagger: Tagger, corpus: Corpus, flags: TagFlags): string {
  if (flags.markTop && flags.keepGold) throw new UsageError('--mark-top and --keep-gold cannot be combined');
  const scores = new Map<Token, Float64Array>();
  const documents: Document[] = corpus.documents.map((doc) => {
    const scored = scoreDocs(tagger, doc, flags.input);
    tagger.ranker.scoreDocument(scored).forEach((sent, si) => sent.forEach((sc, ti) => scores.set(scored.sentences[si].tokens[ti], sc)));
    return scored;
  });
  return writePosFile(corpusToPos({ ...corpus, documents }, {
    scores: (t) => scores.get(t),
    markTop: Boolean(flags.markTop),
    keepGold: flags.markTop ? false : flags.keepGold ?? true,
    order: flags.order === 'score' ? 'score' : 'candidates',
  }));
}

/** Analysis files keep their own solutions; raw text gets C(t) with the labels seen in training. */
function scoreDocs(tagger: Tagger, doc: Document, input: TagFlags['input']): Document {
  return input === 'pos' ? doc : prepareDocument(doc, tagger.model.lexicon).doc;
}

async function run(file: string | undefined, flags: TagFlags): Promise<void> {
  const top = numberOption('--top', flags.top, (n) => Number.isInteger(n) && n >= 1, 'a whole number ≥ 1');
  if (flags.output) assertWritable(flags.output);
  const input = flags.input === 'auto' ? (file && extname(file).toLowerCase() === '.pos' ? 'pos' : 'text') : flags.input;
  const raw = file && file !== '-' ? readTextFile(file, flags.encoding) : await readStdin(flags.encoding);
  const tagger = await Tagger.load(flags.model, { tables: flags.tables });
  const f = { ...flags, input, format: flags.format ?? (input === 'pos' ? 'pos' : 'text') } as const;
  let out: string;
  if (input === 'pos') {
    if (f.format === 'text') throw new UsageError('an analysis file is re-ranked as pos or jsonl, not text');
    const corpus = posToCorpus(readPosFile(raw, file ?? '<stdin>'));
    out = f.format === 'pos'
      ? rerankedPos(tagger, corpus, f)
      : tagger.rankCorpus(corpus).flat().map((sent) => JSON.stringify({ tokens: sent.map((rt) => ({ input: rt.token.form, ranked: rt.ranked.slice(0, top).map((r) => ({ n: r.candidate.solutionNo, key: r.candidate.key, score: r.score, confidence: r.confidence })) })) })).join('\n') + '\n';
  } else if (f.format === 'pos') {
    const corpus = analyzedToCorpus(tagger.analyzer.analyzeText(prepareInput(raw, flags.inputScript)), { source: file });
    out = rerankedPos(tagger, corpus, f);
  } else {
    const sentences = tagger.tagText(raw, { top, inputScript: flags.inputScript });
    out = f.format === 'jsonl' ? sentences.map((s, i) => JSON.stringify({ sentence: i + 1, ...s })).join('\n') + (sentences.length ? '\n' : '') : textLines(sentences);
  }
  if (flags.output) writeFileAtomic(flags.output, out);
  else await writeOut(out);
}

export function register(program: Command): void {
  program
    .command('tag')
    .summary('rank the analyses of raw text, or re-rank an analysis file, with a trained model')
    .description(
      'Raw text (Arabic script or Buckwalter; one paragraph a line) is analyzed and each word\'s candidate analyses ' +
      'are ranked by the model; the top K are printed with scores and confidences (softmax over the word\'s candidates). ' +
      'An ATB analysis file (.pos) is re-ranked instead: its solutions keep their numbers, are ordered best first and get ' +
      '(SCORE) lines; --mark-top stars the predicted solution. Ties are broken by the analyzer\'s order.',
    )
    .argument('[file]', 'raw text or a .pos analysis file (default: stdin)')
    .requiredOption('-m, --model <dir>', 'trained model directory')
    .option('--top <k>', 'analyses shown per word (text and jsonl formats)', '1')
    .addOption(new Option('--input <kind>', 'what the input is (auto: .pos files are analysis files, anything else raw text)').choices(['auto', 'text', 'pos']).default('auto'))
    .addOption(new Option('--format <format>', 'text: a line per analysis (word, rank, confidence, vocalization, lemma, POS, gloss); ' +
      'jsonl: a JSON object per sentence; pos: an ATB analysis file with SCORE lines (default: pos for an analysis file, text for raw text)').choices(['text', 'jsonl', 'pos']))
    .addOption(new Option('--input-script <script>', 'script of raw text input').choices(['auto', 'arabic', 'buckwalter']).default('auto'))
    .option('--mark-top', 'star (*) the predicted solution in pos output (existing stars are dropped)')
    .option('--keep-gold', 'keep the existing * marks of an analysis file (the default unless --mark-top)')
    .addOption(new Option('--order <order>', 'solution order in pos output').choices(['score', 'file']).default('score'))
    .option('-o, --output <file>', 'write here (atomically) instead of stdout')
    .option('--tables <dir>', 'analyzer tables', dataPaths.bama())
    .addOption(new Option('--encoding <encoding>', 'input encoding').choices(['utf-8', 'windows-1256']).default('utf-8'))
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ echo "كتبت الطالبة الدرس" | lexdis tag -m models/pud --top 2',
      '  $ lexdis tag -m models/pud --format jsonl article.txt',
      '  $ lexdis tag -m models/pud --mark-top --format pos annotator-batch.pos -o ranked.pos',
    ].join('\n'))
    .action((file: string | undefined, flags: TagFlags) => run(file, flags));
}
