/** `lexdis eval MODEL CORPUS...`: A1/A2 (and E1/E2) of a model on gold-marked corpora. */
import { Option, type Command } from 'commander';
import { dataPaths } from '../data.js';
import { loadCorpus, type CorpusFormat } from '../../src/formats/load.js';
import { requireGold } from '../../src/formats/pos.js';
import type { TextEncoding } from '../../src/io.js';
import { Model, modelAnalyzerOptions } from '../../src/model/model.js';
import { evalMarkdown } from '../../src/rank/eval.js';
import { evaluateModel } from '../../src/rank/pipeline.js';
import { writeOut } from '../output.js';

interface EvalFlags {
  json?: boolean;
  features?: string;
  format: CorpusFormat;
  encoding: TextEncoding;
  tables: string;
}

async function run(modelDir: string, corpora: string[], flags: EvalFlags): Promise<void> {
  const model = await Model.load(modelDir, { featureSet: flags.features });
  const analyzer = modelAnalyzerOptions(model.info);
  const corpus = requireGold(loadCorpus(corpora, { format: flags.format, encoding: flags.encoding, tables: flags.tables, analyzer }));
  const report = evaluateModel(model, corpus);
  const header = { model: modelDir, featureSet: model.info.featureSet, corpus: corpus.source };
  await writeOut(flags.json ? `${JSON.stringify({ ...header, ...report }, null, 2)}\n` : evalMarkdown(report, `${modelDir} on ${corpus.source}`));
}

export function register(program: Command): void {
  program
    .command('eval')
    .summary('A1/A2 of a model on gold-marked corpora, for the label and each label element')
    .description(
      'Ranks every gold-marked token\'s candidates C(t) (the analyzer\'s plus the labels seen for the word in training) ' +
      'and reports A1 (top choice right), A2 (right answer in the top two), E1 = 100 − A1 and E2 = 100 − A2, for the ' +
      'whole label and for each label element, on all tokens and on ambiguous ones, with the ceiling (share of tokens ' +
      'whose gold label is among the candidates). Markdown on stdout, or JSON with --json.',
    )
    .argument('<model>', 'trained model directory')
    .argument('<corpus...>', 'gold-marked corpora (.pos, .cand/.tsv, .conllu)')
    .option('--json', 'print the report as JSON')
    .option('--features <set>', 'refuse a model trained with another feature set')
    .addOption(new Option('--format <format>', 'corpus format (auto: by extension)').choices(['auto', 'pos', 'candidates', 'conllu']).default('auto'))
    .addOption(new Option('--encoding <encoding>', 'corpus encoding').choices(['utf-8', 'windows-1256']).default('utf-8'))
    .option('--tables <dir>', 'analyzer tables (for CoNLL-U corpora, analyzed with the options the model records)', dataPaths.bama())
    .action((model: string, corpora: string[], flags: EvalFlags) => run(model, corpora, flags));
}
