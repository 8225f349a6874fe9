/** `lexdis eval MODEL CORPUS...`: A1/A2 (and E1/E2) of a model on gold-marked corpora. */
import { Option, type Command } from 'commander';
import { dataPaths } from '../data.js';
import { CORPUS_FORMATS, loadCorpus, type CorpusFormat } from '../../src/formats/load.js';
import { requireGold } from '../../src/formats/pos.js';
import { TEXT_ENCODINGS, type TextEncoding } from '../../src/io.js';
import { Model, modelAnalyzerOptions } from '../../src/model/model.js';
import { evalMarkdown } from '../../src/rank/eval.js';
import { evaluateModel } from '../../src/rank/pipeline.js';
import { writeOut } from '../output.js';
import { ModelVersionError, UsageError } from '../../src/errors.js';
import { ARABIC_SCHEME, elementName, featureSetDisplay, featureSetForScheme, schemeSlots, type LabelScheme } from '../../src/labels/scheme.js';

/** Slot → the scheme's element name, for the JSON report. */
function elementNames(scheme: LabelScheme | undefined): Record<string, string> {
  return Object.fromEntries(schemeSlots(scheme).map((s) => [s, elementName(scheme, s)]));
}

interface EvalFlags {
  json?: boolean;
  features?: string;
  format: CorpusFormat;
  encoding: TextEncoding;
  tables: string;
  seed: string;
}

async function run(modelDir: string, corpora: string[], flags: EvalFlags): Promise<void> {
  const model = await Model.load(modelDir);
  const scheme = model.info.scheme;
  if (flags.features !== undefined && featureSetForScheme(scheme, flags.features) !== model.info.featureSet)
    throw new ModelVersionError(`model was trained with feature set '${featureSetDisplay(scheme, model.info.featureSet)}', not '${flags.features}'`, { file: modelDir });
  const analyzer = modelAnalyzerOptions(model.info);
  // Candidates files are factored by the model's scheme (a tag it cannot factor is an error naming it).
  const corpus = requireGold(loadCorpus(corpora, { format: flags.format, encoding: flags.encoding, tables: flags.tables, analyzer, scheme: scheme ?? ARABIC_SCHEME }));
  const seed = Number(flags.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, not '${flags.seed}'`);
  const report = evaluateModel(model, corpus, { seed });
  const header = { model: modelDir, featureSet: model.info.featureSet, corpus: corpus.source, scheme: scheme?.name ?? 'arabic', elementNames: elementNames(scheme) };
  await writeOut(flags.json ? `${JSON.stringify({ ...header, ...report }, null, 2)}\n` : evalMarkdown(report, `${modelDir} on ${corpus.source}`, scheme));
}

export function register(program: Command): void {
  program
    .command('eval')
    .summary('A1/A2 of a model on gold-marked corpora, for the label and each label element')
    .description(
      'Ranks every gold-marked token\'s candidates C(t) (the analyzer\'s plus the labels seen for the word in training) ' +
      'and reports A1 (top choice right), A2 (right answer in the top two), E1 = 100 − A1 and E2 = 100 − A2, for the ' +
      'whole label, the case-less label (row caseless: right but for the case ending and mood vowel) and each label element, on all tokens and on ambiguous ones, with the ceiling (share of tokens ' +
      'whose gold label is among the candidates). Ties are shown: the rule the ranking used (the analyzer\'s order, or a ' +
      'label-key hash on a gold-first candidates file), the share of tokens whose first place was tied, and the label\'s A1/A2 ' +
      'with ties broken by a seeded random order. Markdown on stdout, or JSON with --json.',
    )
    .argument('<model>', 'trained model directory')
    .argument('<corpus...>', 'gold-marked corpora (.pos, .cand/.tsv, .conllu)')
    .option('--json', 'print the report as JSON')
    .option('--features <set>', 'refuse a model trained with another feature set (element names of the model\'s label scheme allowed)')
    .option('--seed <n>', 'seed of the random tie-break', '42')
    .addOption(new Option('--format <format>', 'corpus format (auto: by extension)').choices(CORPUS_FORMATS).default('auto'))
    .addOption(new Option('--encoding <encoding>', 'corpus encoding').choices(TEXT_ENCODINGS).default('utf-8'))
    .option('--tables <dir>', 'analyzer tables (for CoNLL-U corpora, analyzed with the options the model records)', dataPaths.bama())
    .action((model: string, corpora: string[], flags: EvalFlags) => run(model, corpora, flags));
}
