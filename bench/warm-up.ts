/**
 * What Tagger.warmUp saves a service's first requests, one thread, printed as JSON. For each
 * number of warm-up words (0: none), a fresh process loads the model and the analyzer, warms
 * up on that many of the model's training words, then tags `--requests` texts of `--lines`
 * lines each of `--text` (default UD Arabic-PUD's raw sentences) one after another, with
 * top 3, as `lexdis serve` answers them: milliseconds of the warm-up, of each request, and of
 * all the requests. A text the model was trained on is analyzed faster (its words are the
 * warm-up's); give another with --text for a fairer figure.
 *
 * Run: `node dist/bench/warm-up.js --model DIR [--text FILE] [--words 0,1000,2000,5000] [--requests 10] [--lines 3]`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dataPaths } from '../bin/data.js';
import { readTextFile, splitLines } from '../src/io.js';
import { Tagger } from '../src/rank/tagger.js';
import { argNumber, argValue, errorLine, exitOnHelp, round } from './common.js';

interface Run {
  warmUpWords: number;
  warmUpMs: number;
  requestMs: number[];
  totalRequestMs: number;
}

/** In a fresh process: load, warm up on `words` words, tag the requests. */
async function child(model: string, text: string, words: number, requests: number, lines: number): Promise<Run> {
  const tagger = await Tagger.load(model, { tables: dataPaths.bama() });
  const w = words > 0 ? tagger.warmUp(words) : { words: 0, ms: 0 };
  const all = splitLines(readTextFile(text)).filter((l) => l.trim() !== '');
  const requestMs: number[] = [];
  for (let r = 0; r < requests; r++) {
    const body = all.slice(r * lines, (r + 1) * lines).join('\n');
    const t = performance.now();
    tagger.tagText(body, { top: 3 });
    requestMs.push(round(performance.now() - t, 1));
  }
  return { warmUpWords: w.words, warmUpMs: Math.round(w.ms), requestMs, totalRequestMs: Math.round(requestMs.reduce((a, b) => a + b, 0)) };
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  if (!model) throw new Error('usage: node dist/bench/warm-up.js --model DIR [--text FILE] [--words 0,1000] [--requests 10] [--lines 3]');
  const text = argValue(argv, '--text') ?? dataPaths.referenceSentences();
  const requests = argNumber(argv, '--requests', 10);
  const lines = argNumber(argv, '--lines', 3);
  const childWords = argValue(argv, '--child');
  if (childWords !== undefined) {
    process.stdout.write(JSON.stringify(await child(model, text, Number(childWords), requests, lines)));
    return;
  }
  const counts = (argValue(argv, '--words') ?? '0,1000,2000,5000').split(',').map(Number);
  if (counts.some((n) => !Number.isInteger(n) || n < 0)) throw new Error('--words takes whole numbers ≥ 0, comma-separated');
  const self = fileURLToPath(import.meta.url);
  const runs = counts.map((n) => JSON.parse(execFileSync(process.execPath, [self, '--model', model, '--text', text,
    '--requests', String(requests), '--lines', String(lines), '--child', String(n)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })) as Run);
  process.stdout.write(`${JSON.stringify({ kind: 'lexdis-bench-warm-up', model, text, requests, linesPerRequest: lines, runs }, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
