/**
 * Tagging speed with a trained model, single thread, printed as JSON:
 * - model size on disk, load time (Model.load) and the memory it takes;
 * - ranking: ModelRanker over documents prepared with the model's seen labels (C(t)), on
 *   fresh scale-up documents (another seed than the training corpus), tokens/s with and
 *   without the preparation (target ≥ 20k tokens/s);
 * - raw text: the analyzer alone, then the whole Tagger (analyzer + C(t) + ranking) on UD
 *   Arabic-PUD's 1,000 sentences, with cold caches and again warm (the median of `--repeat`
 *   runs, per wall and per CPU second of this thread: the fairer figure on a shared machine),
 *   in tokens (words and punctuation) and in Arabic words (target ≥ 40k words/s, judged by
 *   bench/run.ts on both the first, cold pass and the warm ones), with the word types the first
 *   pass met (each new to the tagger: their analysis, C(t), β* walks and rendering are its cost);
 * - with `--new-text FILE`: the warm tagger on a text it has not seen (its tagging caches
 *   hold PUD's words only), Arabic words per wall and CPU second, and the word types it added:
 *   what a tagger that has warmed up does on new text. FILE is raw text, one paragraph a line,
 *   or a WikiNewsMax TSV (a name ending in `.tsv`: its undiacritized sentences, one a line;
 *   read for speed only).
 *
 * Run: `node dist/bench/tag.js --model DIR [--tokens 100000] [--seed 43] [--repeat 3] [--new-text FILE]`.
 */
import { Analyzer } from '../src/analyzer/index.js';
import { dataPaths } from '../bin/data.js';
import { readWikiNewsTsv } from '../src/eval/diac-eval.js';
import { readTextFile } from '../src/io/files.js';
import { Model, modelAnalyzerOptions } from '../src/model/model-node.js';
import { prepareDocument } from '../src/tagger/prepare.js';
import { ModelRanker } from '../src/tagger/ranker.js';
import { Tagger } from '../src/tagger/tagger.js';
import type { TaggedSentence } from '../src/tagger/tagged.js';
import { argNumber, argValue, errorLine, exitOnHelp, MB, median, peakRssBytes, round, wallAndCpuSeconds } from './common.js';
import { generateScaleCorpus, loadScaleSource, type ScaleSource } from './scale.js';

const rss = () => process.memoryUsage().rss;


/** Arabic words of tagged text. */
function arabicWords(sentences: readonly TaggedSentence[]): number {
  return sentences.reduce((n, s) => n + s.tokens.filter((t) => t.arabic).length, 0);
}

/** The raw text of `--new-text FILE`: the file, or a WikiNewsMax TSV's undiacritized sentences one a line. */
function newTextOf(file: string): string {
  const text = readTextFile(file);
  return file.endsWith('.tsv') ? readWikiNewsTsv(text, file, 'max').map((s) => s.plain ?? '').join('\n') : text;
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const dir = argValue(argv, '--model');
  if (!dir) throw new Error('usage: node dist/bench/tag.js --model DIR [--tokens N] [--seed S]');
  const tokens = argNumber(argv, '--tokens', 100_000);
  const seed = argNumber(argv, '--seed', 43);
  const source = (argValue(argv, '--source') ?? 'pud') as ScaleSource;

  const rss0 = rss();
  const t0 = performance.now();
  const model = await Model.load(dir);
  const loadSeconds = (performance.now() - t0) / 1000;
  const modelRss = rss() - rss0;
  const corpus = generateScaleCorpus(loadScaleSource(source, seed), { tokens, seed });
  // the prepared documents stay referenced (in `ranking`) to the end, as before the split: the peak RSS counts them
  const ranking = rankingRun(model, corpus);
  const text = textRun(model, argNumber(argv, '--repeat', 3));
  const newTextFile = argValue(argv, '--new-text');
  const newText = newTextFile ? newTextRun(text.tagger, newTextFile) : undefined;

  const out = {
    kind: 'lexdis-bench-tag',
    model: {
      dir,
      bytesOnDisk: model.bytesOnDisk,
      loadSeconds: round(loadSeconds),
      storeLoadMs: Math.round(model.loadMs),
      rssMB: Math.round(modelRss / MB),
    },
    ranking: ranking.figures,
    text: text.figures,
    ...(newText ? { newText: { file: newTextFile, ...newText } } : {}),
    checksum: ranking.sink + text.sink,
    peakRssMB: Math.round(peakRssBytes() / MB),
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

/**
 * Takes the model and the scale-up corpus; gives the ranking figures (its documents prepared with the
 * model's seen labels, a warm-up, then one timed pass of ModelRanker), a checksum of the ranked output and
 * the prepared documents.
 */
function rankingRun(
  model: Model, corpus: ReturnType<typeof generateScaleCorpus>,
): { figures: object; sink: number; prepared: unknown[] } {
  const ranker = new ModelRanker(model);
  let nTokens = 0;
  let scored = 0;
  let candidates = 0;
  const tp = performance.now();
  const prepared = corpus.documents.map((d) => prepareDocument(d, model.lexicon).doc);
  const prepareSeconds = (performance.now() - tp) / 1000;
  for (const d of prepared) for (const s of d.sentences) for (const t of s.tokens) {
    nTokens++;
    if (t.candidates.length > 0) {
      scored++;
      candidates += t.candidates.length;
    }
  }
  // warm-up on the first documents, then one timed pass over all of them
  let sink = 0;
  for (const d of prepared.slice(0, 50)) sink += ranker.rankDocument(d).length;
  const tr = performance.now();
  for (const d of prepared) for (const sent of ranker.rankDocument(d)) for (const rt of sent) sink += rt.ranked.length;
  const rankSeconds = (performance.now() - tr) / 1000;
  const figures = {
    documents: prepared.length,
    tokens: nTokens,
    scoredTokens: scored,
    candidatesPerScoredToken: round(candidates / Math.max(scored, 1)),
    prepareSeconds: round(prepareSeconds),
    rankSeconds: round(rankSeconds),
    tokensPerSecond: Math.round(nTokens / rankSeconds),
    tokensPerSecondWithPrepare: Math.round(nTokens / (rankSeconds + prepareSeconds)),
  };
  return { figures, sink, prepared };
}

/**
 * Takes the model and the number of warm runs; gives the raw-text figures on PUD's sentences (the
 * analyzer alone, then the whole tagger cold and warm), the tagger (warm) and a checksum.
 */
function textRun(model: Model, repeat: number): { figures: object; tagger: Tagger; sink: number } {
  const text = readTextFile(dataPaths.referenceSentences());
  const ta = performance.now();
  const analyzer = Analyzer.load(dataPaths.bama());
  const analyzerLoadSeconds = (performance.now() - ta) / 1000;
  const tb = performance.now();
  const lines = analyzer.analyzeText(text);
  const analyzeSeconds = (performance.now() - tb) / 1000;
  const textTokens = lines.reduce((n, l) => n + l.length, 0);
  const tagger = new Tagger(model, Analyzer.load(dataPaths.bama(), modelAnalyzerOptions(model.info)));
  const tc = performance.now();
  const cold = tagger.tagText(text, { top: 1 });
  const tagColdSeconds = (performance.now() - tc) / 1000;
  const firstPassNewWordTypes = tagger.words.size;
  const warm = Array.from({ length: repeat }, () => wallAndCpuSeconds(() => tagger.tagText(text, { top: 1 })));
  const tagWarmSeconds = median(warm.map((r) => r.wall));
  const tagWarmCpuSeconds = median(warm.map((r) => r.cpu));
  const words = arabicWords(cold);
  const figures = {
    sentences: lines.length,
    tokens: textTokens,
    analyzerLoadSeconds: round(analyzerLoadSeconds),
    analyzerTokensPerSecond: Math.round(textTokens / analyzeSeconds),
    taggerColdTokensPerSecond: Math.round(textTokens / tagColdSeconds),
    taggerWarmTokensPerSecond: Math.round(textTokens / tagWarmSeconds),
    arabicWords: words,
    taggerColdWordsPerSecond: Math.round(words / tagColdSeconds),
    firstPassNewWordTypes,
    taggerWarmWordsPerSecond: Math.round(words / tagWarmSeconds),
    taggerWarmWordsPerCpuSecond: Math.round(words / tagWarmCpuSeconds),
    warmRuns: repeat,
  };
  return { figures, tagger, sink: cold.length };
}

/** Takes the warm tagger and `--new-text`'s file; gives its figures on that text, new to it. */
function newTextRun(tagger: Tagger, file: string): Record<string, number> {
  const fresh = newTextOf(file);
  const types = tagger.words.size;
  let out: TaggedSentence[] = [];
  const r = wallAndCpuSeconds(() => (out = tagger.tagText(fresh, { top: 1 })));
  return {
    arabicWords: arabicWords(out),
    newWordTypes: tagger.words.size - types,
    wordsPerWallSecond: Math.round(arabicWords(out) / r.wall),
    wordsPerCpuSecond: Math.round(arabicWords(out) / r.cpu),
  };
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
