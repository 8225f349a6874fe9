/**
 * How many Arabic words the analyzer leaves without any analysis, without and with the
 * backoff option (src/analyzer/backoff.ts), and what the backoff costs in speed, printed as
 * JSON. Corpora: UD Arabic-PUD's 1,000 sentences and the words of WikiNewsMax (when present
 * in the data folder). A word counts as without analysis when neither it nor any of its
 * alternative spellings has a solution. Speed: analysis of each corpus in a fresh analyzer
 * (cold cache, load excluded), median of --runs runs; the ratio is with / without backoff.
 *
 * Run: `npx tsc -p . && node dist/bench/unknown-words.js [--runs N]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Analyzer } from '../src/analyzer/engine.js';
import { dataDir, dataPaths } from '../bin/data.js';
import { readTextFile } from '../src/io.js';
import { argNumber, hasFlag, median, round } from './common.js';

const HELP = `Usage: node dist/bench/unknown-words.js [--runs N]

Counts the Arabic words of UD Arabic-PUD and WikiNewsMax that get no analysis from the
analyzer, without and with backoff, and times both (JSON on stdout).`;

/** One line of text per sentence (PUD) or per word (WikiNewsMax: its dediacritized column). */
function corpora(): Record<string, string[]> {
  const out: Record<string, string[]> = { pud: readTextFile(dataPaths.referenceSentences()).split('\n') };
  const wn = join(dataDir(), 'wikinews-max', 'WikiNewsMax.tsv');
  if (existsSync(wn)) {
    out.wikinews = readFileSync(wn, 'utf8').split('\n').slice(1).map((l) => l.split('\t')[0]).filter((w) => w !== '' && w !== '#');
  }
  return out;
}

function measure(lines: readonly string[], backoff: boolean, runs: number) {
  let words = 0;
  let without = 0;
  let backoffWords = 0;
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const analyzer = Analyzer.load(dataPaths.bama(), { backoff });
    const t = performance.now();
    const analyzed = lines.map((l) => analyzer.analyzeLine(l));
    ms.push(performance.now() - t);
    if (r > 0) continue;
    for (const line of analyzed)
      for (const tok of line) {
        if (tok.kind !== 'word') continue;
        words++;
        if (tok.solutions.length === 0 && tok.alternatives.every((a) => a.solutions.length === 0)) without++;
        if (tok.solutions.some((s) => s.source === 'backoff')) backoffWords++;
      }
  }
  return { arabicWords: words, withoutAnalysis: without, withoutAnalysisPct: round((100 * without) / words, 2), backoffWords, ms: round(median(ms), 1) };
}

function main(argv: string[]): void {
  if (hasFlag(argv, '--help') || hasFlag(argv, '-h')) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const runs = Math.max(1, argNumber(argv, '--runs', 3));
  const result: Record<string, unknown> = { kind: 'lexdis-bench-unknown-words', runs };
  for (const [name, lines] of Object.entries(corpora())) {
    const off = measure(lines, false, runs);
    const on = measure(lines, true, runs);
    result[name] = { withoutBackoff: off, withBackoff: on, timeRatio: round(on.ms / off.ms, 2) };
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main(process.argv.slice(2));
