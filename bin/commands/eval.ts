/** `lexdis eval [MODEL] CORPUS...`: A1/A2 (and E1/E2) of a model on gold-marked corpora. */
import { statSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { CORPUS_FORMATS, loadCorpus, type CorpusFormat } from '../../src/import/load.js';
import { requireGold } from '../../src/formats/pos/pos.js';
import type { TextEncoding } from '../../src/io/files.js';
import { Model, modelAnalyzerOptions } from '../../src/model/model-node.js';
import { evalMarkdown } from '../../src/eval/eval.js';
import { evaluate } from '../../src/eval/evaluate.js';
import { numberOption, writeOut } from '../output.js';
import { encodingOption, formatOption, modelOption, outputFileOption, quietAndProgress, seedOption, tablesOption } from '../options.js';
import { planOutput, writeOutputSync } from '../../src/io/output-writer.js';
import { defaultModel } from '../data.js';
import { progressCallback } from '../progress.js';
import { ModelVersionError, UsageError } from '../../src/errors.js';
import { isModelFile } from '../../src/model/store.js';
import { ARABIC_SCHEME, elementName, featureSetDisplay, featureSetForScheme, schemeSlots, type LabelScheme } from '../../src/labels/scheme.js';

/** Slot → the scheme's element name, for the JSON report. */
function elementNames(scheme: LabelScheme | undefined): Record<string, string> {
  return Object.fromEntries(schemeSlots(scheme).map((s) => [s, elementName(scheme, s)]));
}

interface EvalFlags {
  model?: string;
  format: 'text' | 'json';
  features?: string;
  corpusFormat: CorpusFormat;
  encoding: TextEncoding;
  tables: string;
  seed: string;
  output?: string;
}

/**
 * The model and the corpora of `eval [MODEL] CORPUS...`: `-m` and every path a corpus; else the
 * first path, when it is a model (a directory, a model file, or nothing there: an error naming
 * it); else the data folder's default model.
 */
function modelAndCorpora(paths: string[], flags: EvalFlags): [string, string[]] {
  if (flags.model !== undefined) return [flags.model, paths];
  const first = statSync(paths[0], { throwIfNoEntry: false });
  if (first === undefined || first.isDirectory() || isModelFile(paths[0])) {
    if (paths.length === 1) throw new UsageError(`no corpus given after the model ${paths[0]} (see 'lexdis eval --help')`);
    return [paths[0], paths.slice(1)];
  }
  return [defaultModel(), paths];
}

async function run(paths: string[], flags: EvalFlags): Promise<void> {
  // an output that cannot be written is refused before the work
  const output = flags.output === undefined ? undefined : planOutput(flags.output);
  const [modelDir, corpora] = modelAndCorpora(paths, flags);
  const model = await Model.load(modelDir);
  const scheme = model.info.scheme;
  if (flags.features !== undefined && featureSetForScheme(scheme, flags.features) !== model.info.featureSet)
    throw new ModelVersionError(`model was trained with feature set '${featureSetDisplay(scheme, model.info.featureSet)}', not '${flags.features}'`, { file: modelDir });
  const analyzer = modelAnalyzerOptions(model.info);
  // Candidates files are factored by the model's scheme (a tag it cannot factor is an error naming it).
  const corpus = requireGold(
    loadCorpus(corpora, {
      format: flags.corpusFormat,
      encoding: flags.encoding,
      tables: flags.tables,
      analyzer,
      scheme: scheme ?? ARABIC_SCHEME,
    }),
  );
  const seed = numberOption('--seed', flags.seed, (n) => Number.isInteger(n) && n >= 0, 'a whole number ≥ 0');
  const progress = progressCallback();
  let report;
  try {
    report = evaluate(model, corpus, { seed, onProgress: (done, total) => progress('rank documents', done, total) });
  } finally {
    progress.stop();
  }
  const header = { model: modelDir, featureSet: model.info.featureSet, corpus: corpus.source, scheme: scheme?.name ?? 'arabic', elementNames: elementNames(scheme) };
  const text = flags.format === 'json' ? `${JSON.stringify({ ...header, ...report }, null, 2)}\n` : evalMarkdown(report, `${modelDir} on ${corpus.source}`, scheme);
  if (output) writeOutputSync(output, text);
  else await writeOut(text);
}

export function register(program: Command): void {
  const cmd = program
    .command('eval')
    .summary('A1/A2 of a model on gold-marked corpora, for the label and each label element')
    .description(
      'Ranks every gold-marked token\'s candidates C(t) (the analyzer\'s plus the labels seen for the word in training) ' +
      'and reports A1 (top choice right), A2 (right answer in the top two), E1 = 100 − A1 and E2 = 100 − A2, for the ' +
      'whole label, the case-less label (row caseless: right but for the case ending and mood vowel) and each label element, on all tokens and on ambiguous ones, with the ceiling (share of tokens ' +
      'whose gold label is among the candidates). Ties are shown: the rule the ranking used (the analyzer\'s order, or a ' +
      'label-key hash on a gold-first candidates file), the share of tokens whose first place was tied, and the label\'s A1/A2 ' +
      'with ties broken by a seeded random order. Markdown on stdout (or -o FILE), or JSON with --format json.',
    )
    .usage('[options] [model] <corpus...>')
    .argument('<corpus...>', 'gold-marked corpora (.pos, .cand/.tsv, .conllu), after the model (a directory or a model file) ' +
      'unless -m gives it; without either, the data folder\'s default model (lexdis setup)');
  modelOption(cmd);
  cmd
    .option('--features <set>', 'refuse a model trained with another feature set (element names of the model\'s label scheme allowed)')
    .addOption(new Option('--corpus-format <format>', 'corpus format (auto: by extension)').choices(CORPUS_FORMATS).default('auto'));
  formatOption(cmd, ['text', 'json'], 'text: the report as markdown; json: the report as JSON', {
    aliases: ['json'], misplaced: { values: CORPUS_FORMATS, hint: 'the corpus format is --corpus-format' },
  });
  seedOption(cmd, 'the random tie-break');
  tablesOption(cmd, 'the analyzer\'s tables, for CoNLL-U corpora (analyzed with the options the model records)');
  encodingOption(cmd, 'corpora');
  outputFileOption(cmd);
  quietAndProgress(cmd);
  cmd
    .action((paths: string[], flags: EvalFlags) => run(paths, flags));
}
