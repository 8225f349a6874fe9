/**
 * Whether a long-running tagger's memory stays bounded (a service worker's, a `lexdis tag`
 * over a large file), printed as JSON. One Tagger tags `--words` words of new text, in texts of
 * 1,000 words (50 lines of 20), and after every `--every` words reports its heap and resident
 * memory after a forced collection, and the word types it keeps. The text is the worst case
 * for the caches: words of 3 to 6 random Arabic letters (seeded), nearly every one new and
 * most given many backoff analyses (an unknown name with its clitics split off every way).
 * At the end it empties the analyzer's cache, then the tagger's word types, and reports what
 * each held. Needs `node --expose-gc`.
 *
 * `--analyzer-cache N` gives the analyzer's cache another size than its default (100,000 forms).
 *
 * Run: `node --expose-gc dist/bench/tag-memory.js --model DIR [--words 200000] [--every 20000] [--seed 7] [--analyzer-cache N]`.
 */
import { dataPaths } from '../bin/data.js';
import { Rng } from '../src/random.js';
import { Tagger } from '../src/rank/tagger.js';
import { argNumber, argValue, errorLine, exitOnHelp, MB } from './common.js';

const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';
const WORDS_PER_LINE = 20;
const LINES_PER_TEXT = 50;

/** Heap and resident MB after two forced collections. */
function memory(): { heapMB: number; rssMB: number } {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  gc();
  const m = process.memoryUsage();
  return { heapMB: Math.round(m.heapUsed / MB), rssMB: Math.round(m.rss / MB) };
}

/** A text of random letter words (see the module comment). */
function randomText(rng: Rng): string {
  const lines: string[] = [];
  for (let l = 0; l < LINES_PER_TEXT; l++) {
    const words: string[] = [];
    for (let w = 0; w < WORDS_PER_LINE; w++) {
      let word = '';
      for (let n = 3 + Math.floor(rng.next() * 4); n > 0; n--) word += LETTERS[Math.floor(rng.next() * LETTERS.length)];
      words.push(word);
    }
    lines.push(`${words.join(' ')} .`);
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  if (!model) throw new Error('usage: node --expose-gc dist/bench/tag-memory.js --model DIR [--words N] [--every N] [--seed S]');
  if (typeof (globalThis as { gc?: unknown }).gc !== 'function') throw new Error('run node with --expose-gc');
  const words = argNumber(argv, '--words', 200_000);
  const every = argNumber(argv, '--every', 20_000);
  const rng = new Rng(argNumber(argv, '--seed', 7));
  const cacheSize = argValue(argv, '--analyzer-cache');
  const tagger = await Tagger.load(model, { tables: dataPaths.bama(), ...(cacheSize === undefined ? {} : { analyzer: { cacheSize: Number(cacheSize) } }) });
  const points = [{ words: 0, ...memory(), wordTypes: 0, wordsPerSecond: 0 }];
  const perText = WORDS_PER_LINE * LINES_PER_TEXT;
  let done = 0;
  let since = performance.now();
  while (done < words) {
    tagger.tagText(randomText(rng), { top: 3 });
    done += perText;
    if (done % every < perText || done >= words) {
      const wps = Math.round((done - points[points.length - 1].words) / ((performance.now() - since) / 1000));
      points.push({ words: done, ...memory(), wordTypes: tagger.words.size, wordsPerSecond: wps });
      since = performance.now();
    }
  }
  const before = memory().heapMB;
  tagger.analyzer.clearCache();
  const noAnalyses = memory().heapMB;
  tagger.words.clear();
  const noWordTypes = memory().heapMB;
  process.stdout.write(`${JSON.stringify({
    kind: 'lexdis-bench-tag-memory', model, words, analyzerCacheForms: tagger.analyzer.options.cacheSize, points,
    heldMB: { analyzerCache: before - noAnalyses, wordTypes: noAnalyses - noWordTypes, rest: noWordTypes - points[0].heapMB },
  }, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
