/**
 * The WikiNews diacritization benchmark, printed as JSON: a model (given, or trained here on UD
 * Arabic-PUD with a seed) diacritizes WikiNewsMax's undiacritized words sentence by sentence
 * (`diacritizeParagraph`, the library behind `lexdis diacritize`), and `eval-diac`'s scorer
 * compares the output with both golds: WikiNewsMax (max_gold, max_gold_alt accepted) and the
 * original WikiNews 2014 gold (rendered without dagger alif, that reference's convention).
 * Reported for each: WER/DER with and without the case ending, strict and relaxed, the oracle
 * (best candidate per word), error classes, words left without vowels, and words whose letters
 * differ from the input (must be 0). The tagger orders equal scores by the analyzer's order (a
 * run-time rule, src/tagger/ties.ts); `randomTies` gives the rates with ties at the top broken by a
 * seeded random order instead, and how many words such a tie decides. WikiNewsMax is for
 * evaluation only: nothing here is tuned on it.
 *
 * Run: `node dist/bench/wikinews.js --model DIR` or `node dist/bench/wikinews.js --train-pud [--seed 42]`
 * (`--tsv FILE` for another copy of WikiNewsMax.tsv).
 *
 * `agreedWords`: the relaxed rates on the words where the two golds agree (bench/wikinews-agreed.ts,
 * which says how agreement and alignment are defined); with `--peers DIR` beside `--model` or
 * `--train-pud`, each peer's rates there too, and lexdis's on the same words.
 *
 * `--peers DIR [--evaldiac EvalDiac.java]` alone: the peers' rows instead, their published WikiNews
 * 2014 outputs scored against their reference (bench/wikinews-peers.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths } from '../bin/data.js';
import { readWikiNewsTsv, stripMarks, type RefSentence, type SysSentence } from '../src/eval/diac-eval.js';
import { checkAlignment, scoreDiacritization, type DiacReport } from '../src/eval/diac-score.js';
import { loadCorpus } from '../src/import/load.js';
import { requireGold } from '../src/formats/pos/pos.js';
import { readTextFile } from '../src/io/files.js';
import { diacritizeParagraph, type DiacritizedWord } from '../src/tagger/diacritize.js';
import { hash32 } from '../src/random.js';
import { Tagger } from '../src/tagger/tagger-node.js';
import type { VocalizeOptions } from '../src/script/vocalize.js';
import { train } from '../training/train.js';
import { argNumber, argValue, hasFlag, round } from './common.js';
import { agreedWords } from './wikinews-agreed.js';
import { peersMain, readPeers } from './wikinews-peers.js';

const HELP = `usage: node dist/bench/wikinews.js (--model DIR | --train-pud [--seed 42]) [--tsv WikiNewsMax.tsv] [--peers DIR]
       node dist/bench/wikinews.js --peers DIR [--evaldiac EvalDiac.java]
Diacritizes WikiNewsMax sentence by sentence with the model's top analyses and prints JSON: WER/DER with and
without case ending, relaxed (EvalDiac conventions) and strict, oracle, error classes, for the WikiNewsMax gold and
the original WikiNews 2014 gold; the same rates with ties at the top broken by a seeded random order instead of the
analyzer's (randomTies); words/s; words without vowels; words whose letters changed (must be 0); agreedWords: the
relaxed rates on the words where the two golds agree (bench/wikinews-agreed.ts), and with --peers DIR each peer's
there, with lexdis's on the same words.
--peers DIR alone: the peers' published WikiNews 2014 outputs (abjadai/catt, benchmarking/all_models_WikiNews_data:
WikiNews_data_gt.txt and WikiNews_data_*.txt), scored relaxed and strict; --evaldiac FILE (EvalDiac.java,
qcri/advancing-arabic-diacritization, Evaluation/) runs the published scorer with java beside it.`;

/** Seed of the random order on ties (randomTies). */
const TIE_SEED = 42;

/**
 * The word a seeded random order on ties shows: among the candidates that share the first
 * score, the one with the smallest hash of the seed, the word and its rendering (neither the
 * candidates' order nor the gold enters).
 */
function randomTieChoice(w: DiacritizedWord): string {
  const tied = w.tied ?? [];
  if (tied.length < 2) return w.vocalized;
  const salt = hash32(w.input, TIE_SEED);
  return tied.reduce((best, c) => (hash32(c, salt) < hash32(best, salt) ? c : best));
}

/** Diacritizes every reference sentence's plain text; counts words whose letters changed. */
function diacritize(tagger: Tagger, ref: readonly RefSentence[], vocalize: Partial<VocalizeOptions>) {
  let changed = 0;
  const t0 = performance.now();
  let tiedWords = 0;
  const random: SysSentence[] = [];
  const sys: SysSentence[] = ref.map((s) => {
    const p = diacritizeParagraph(tagger, s.plain ?? '', { candidates: true, vocalize });
    for (const w of p.words) if (stripMarks(w.vocalized) !== stripMarks(w.input)) changed++;
    for (const w of p.words) if (new Set(w.tied).size > 1) tiedWords++;
    random.push({
      line: s.line,
      words: p.words.map((w) => ({ text: randomTieChoice(w), source: w.source, candidates: w.candidates })),
    });
    return {
      line: s.line,
      words: p.words.map((w) => ({ text: w.vocalized, source: w.source, candidates: w.candidates })),
    };
  });
  return { sys, random, tiedWords, changed, seconds: (performance.now() - t0) / 1000 };
}

async function loadTagger(argv: string[]): Promise<{ tagger: Tagger; model: string }> {
  const dir = argValue(argv, '--model');
  if (dir) return { tagger: await Tagger.load(dir, { tables: dataPaths.bama() }), model: dir };
  if (!hasFlag(argv, '--train-pud')) throw new Error(HELP);
  const seed = argNumber(argv, '--seed', 42);
  const corpus = requireGold(loadCorpus([dataPaths.pudConllu()], { tables: dataPaths.bama() }));
  const { model } = await train(corpus, { seed });
  const tmp = mkdtempSync(join(tmpdir(), 'lexdis-wikinews-'));
  try {
    await model.save(join(tmp, 'model'));
    return { tagger: await Tagger.load(join(tmp, 'model'), { tables: dataPaths.bama() }), model: `trained on UD Arabic-PUD, seed ${seed}` };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The report of a run against one gold, with `randomTies`: the words a tie at the top decides
 * (renderings differ) and the rates with ties broken at random.
 */
function score(
  ref: RefSentence[],
  run: { sys: SysSentence[]; random: SysSentence[]; tiedWords: number },
  file: string,
) {
  checkAlignment(ref, run.sys, { ref: file, sys: '<diacritized WikiNews>' });
  const report: DiacReport = scoreDiacritization(ref, run.sys);
  return {
    ...report,
    randomTies: { seed: TIE_SEED, wordsTied: run.tiedWords, rates: scoreDiacritization(ref, run.random).rates },
  };
}

async function main(argv: string[]): Promise<void> {
  if (hasFlag(argv, '--help') || hasFlag(argv, '-h')) { console.log(HELP); return; }
  const peers = argValue(argv, '--peers');
  if (peers && !argValue(argv, '--model') && !hasFlag(argv, '--train-pud')) { peersMain(argv, peers); return; }
  const tsv = argValue(argv, '--tsv') ?? dataPaths.wikiNewsMax();
  const text = readTextFile(tsv);
  const max = readWikiNewsTsv(text, tsv, 'max');
  const original = readWikiNewsTsv(text, tsv, 'original');
  const { tagger, model } = await loadTagger(argv);
  const runMax = diacritize(tagger, max, {});
  const run2014 = diacritize(tagger, original, { daggerAlif: false });
  const words = runMax.sys.reduce((n, s) => n + s.words.length, 0);
  console.log(JSON.stringify({
    model, reference: tsv, sentences: max.length, words,
    wordsPerSecond: Math.round(words / runMax.seconds),
    lettersChangedFromInput: runMax.changed + run2014.changed,
    wikiNewsMax: score(max, runMax, tsv),
    wikiNews2014: score(original, run2014, tsv),
    agreedWords: agreedWords({ max, original }, runMax.sys, {
      peers: peers ? readPeers(peers) : undefined, withoutDaggerAlif: run2014.sys,
    }),
    secondsTotal: round(runMax.seconds + run2014.seconds, 2),
  }, null, 2));
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
