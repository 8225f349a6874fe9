/**
 * Diacritization speed with a loaded model, one thread, printed as JSON: `diacritizeText` (the
 * library behind `lexdis diacritize`) on UD Arabic-PUD's 1,000 raw sentences, beside the
 * baseline measured in the same run, `Tagger.tagText` with the top analysis only (the same
 * analysis and ranking without the rendering and the text reassembly). Each is run once with
 * a cold analyzer cache and then `--repeat` times warm; the warm median counts, per wall second
 * and per CPU second of this thread (the fairer figure on a machine shared with other work).
 * Target: ≥ 15k Arabic words/s warm.
 *
 * Run: `node dist/bench/diacritize.js --model DIR [--repeat 3]`.
 */
import { dataPaths } from '../bin/data.js';
import { readTextFile } from '../src/io/files.js';
import { diacritizeText } from '../src/tagger/diacritize.js';
import { Tagger } from '../src/tagger/tagger-node.js';
import { argNumber, argValue, hasFlag, median, round, wallAndCpuSeconds } from './common.js';

const HELP = `usage: node dist/bench/diacritize.js --model DIR [--repeat 3] [--text FILE]
Prints JSON: Arabic words/s of diacritizeText and of tagText (top 1, the baseline), cold and warm, one thread.`;

async function main(argv: string[]): Promise<void> {
  if (hasFlag(argv, '--help') || hasFlag(argv, '-h')) { console.log(HELP); return; }
  const dir = argValue(argv, '--model');
  if (!dir) throw new Error(HELP);
  const repeat = argNumber(argv, '--repeat', 3);
  const text = readTextFile(argValue(argv, '--text') ?? dataPaths.referenceSentences());
  const t0 = performance.now();
  const tagger = await Tagger.load(dir, { tables: dataPaths.bama() });
  const loadSeconds = (performance.now() - t0) / 1000;
  let words = 0;
  const cold = wallAndCpuSeconds(() => {
    words = diacritizeText(tagger, text).reduce((n, p) => n + p.words.length, 0);
  });
  const warmDiacritize = Array.from({ length: repeat }, () => wallAndCpuSeconds(() => diacritizeText(tagger, text)));
  const warmTag = Array.from({ length: repeat }, () => wallAndCpuSeconds(() => tagger.tagText(text, { top: 1, inputScript: 'arabic' })));
  const rate = (s: number): number => Math.round(words / s);
  const rates = (runs: Array<{ wall: number; cpu: number }>) => ({
    wordsPerWallSecond: rate(median(runs.map((r) => r.wall))), wordsPerCpuSecond: rate(median(runs.map((r) => r.cpu))),
  });
  const diacritizeWarm = rates(warmDiacritize);
  const tagWarm = rates(warmTag);
  console.log(
    JSON.stringify(
      {
        model: dir,
        text: argValue(argv, '--text') ?? 'UD Arabic-PUD raw sentences',
        arabicWords: words,
        loadSeconds: round(loadSeconds, 2),
        diacritize: { cold: rates([cold]), warm: diacritizeWarm },
        baselineTagTextTop1: { warm: tagWarm },
        ratioToBaseline: round(diacritizeWarm.wordsPerCpuSecond / tagWarm.wordsPerCpuSecond, 3),
        target: 15000,
        meetsTargetWall: diacritizeWarm.wordsPerWallSecond >= 15000,
        meetsTargetCpu: diacritizeWarm.wordsPerCpuSecond >= 15000,
      },
      null,
      2,
    ),
  );
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
