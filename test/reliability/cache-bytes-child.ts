/**
 * The child process of cache-bytes.test.ts (run with `node --expose-gc`): a Tagger whose caches
 * may take `CACHE_BYTES` bytes (argv[2]) tags many distinct words of 20 to 40 letters (random
 * letters: nearly all new, each with backoff analyses, the caches' worst case) and runs of 4,000
 * to 20,000 letters, then prints one JSON line: the heap (with array buffers) it grew by after
 * forced collections from where its caches were empty, what the caches are charged, and how many word types they hold.
 */
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { Analyzer } from '../../src/analyzer/index.js';
import { Rng } from '../../src/random.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';

const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';

function heap(): number {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function word(rng: Rng, letters: number): string {
  let w = '';
  for (let i = 0; i < letters; i++) w += LETTERS[rng.int(LETTERS.length)];
  return w;
}

/** `lines` lines of ten words of 20–40 letters, every fifth line with a run of 4,000–20,000 letters. */
function text(rng: Rng, lines: number): string {
  const out: string[] = [];
  for (let l = 0; l < lines; l++) {
    const words = Array.from({ length: 10 }, () => word(rng, 20 + rng.int(21)));
    if (l % 5 === 0) words.push(word(rng, 4000 + rng.int(16_001)));
    out.push(`${words.join(' ')} .`);
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const cacheBytes = Number(process.argv[2]);
  const words = Number(process.argv[3]);
  const { model } = await train(pudCorpus(120), { workers: 0, seed: 3 });
  const analyzer = Analyzer.load(dataPaths.bama(), {
    backoff: true,
    caseEndings: true,
    cacheBytes: Math.floor(cacheBytes / 4),
  });
  const tagger = new Tagger(model, analyzer, cacheBytes);
  const rng = new Rng(35);
  // warm: the code, the feature memo, the lexicon entries random letters meet, PUD's words
  tagger.tagText(readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 100).join('\n'), { top: 3 });
  tagger.tagText(text(rng, 30), { top: 3 });
  // from empty caches: what they hold after the words is all they add
  tagger.words.clear();
  tagger.rendered.clear();
  analyzer.clearCache();
  const before = heap();
  for (let done = 0; done < words; done += 100) tagger.tagText(text(rng, 10), { top: 3 });
  const after = heap();
  process.stdout.write(`${JSON.stringify({
    grewBytes: after - before,
    charged: { wordTypes: tagger.words.heldBytes, rendered: tagger.rendered.heldBytes, analyzer: analyzer.cachedBytes },
    wordTypes: tagger.words.size,
  })}\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.stack}\n`);
  process.exitCode = 1;
});
