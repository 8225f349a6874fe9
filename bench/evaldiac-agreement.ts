/**
 * Agreement of `lexdis eval-diac` (relaxed convention) with the published WikiNews scorer
 * EvalDiac (qcri/advancing-arabic-diacritization, Evaluation/EvalDiac.java) on the peers'
 * published WikiNews 2014 outputs (abjadai/catt, benchmarking/all_models_WikiNews_data/),
 * printed as JSON. Neither repository is shipped: pass their folders.
 *
 * The peers tokenize punctuation and digits differently from the reference, and EvalDiac
 * drops every line whose white-space word count differs. So both scorers are given the same
 * files: each line reduced to its Arabic words, and lines whose Arabic word counts differ from
 * the reference's dropped (their number is reported). EvalDiac runs through `java` when
 * `--evaldiac FILE.java` is given (java 11 or later runs a single source file); otherwise only
 * lexdis's figures are printed.
 *
 * Run: `node dist/bench/evaldiac-agreement.js --catt DIR [--evaldiac Evaluation/EvalDiac.java]`
 * (DIR = the folder holding WikiNews_data_gt.txt and the peers' WikiNews_data_*.txt).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { arabicWords, readPlainReference, readPlainSystem } from '../src/eval/diac-eval.js';
import { checkAlignment, scoreDiacritization } from '../src/eval/diac-score.js';
import { readTextFile } from '../src/io/files.js';
import { argValue, hasFlag, round } from './common.js';

const HELP = `usage: node dist/bench/evaldiac-agreement.js --catt DIR [--evaldiac EvalDiac.java]
  --catt DIR          folder with WikiNews_data_gt.txt and the peers' WikiNews_data_*.txt (abjadai/catt, benchmarking/all_models_WikiNews_data)
  --evaldiac FILE     EvalDiac.java (qcri/advancing-arabic-diacritization, Evaluation/); run with java to compare
Prints JSON: per peer, lines kept, lexdis relaxed WER/DER with and without case ending, EvalDiac's, and the differences.`;

interface EvalDiacFigures { wer: number; werNoCase: number; der: number }

/** Runs EvalDiac (single-source java) and reads its last summary line. */
function runEvalDiac(java: string, ref: string, sys: string): EvalDiacFigures {
  const once = (stem: boolean): string => {
    const r = spawnSync('java', [java, '-r', ref, '-s', sys, '-t', String(stem)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0) throw new Error(`EvalDiac failed: ${r.stderr}`);
    const last = r.stdout.trim().split('\n').pop() ?? '';
    if (!/WER:/.test(last)) throw new Error(`EvalDiac printed no summary: ${last}`);
    return last;
  };
  const full = once(false);
  const stem = once(true);
  const num = (line: string, key: string): number => Number(new RegExp(`${key}:([0-9.]+)%`).exec(line)?.[1]);
  return { wer: num(full, 'WER'), der: num(full, 'DER'), werNoCase: num(stem, 'WER') };
}

/** The reference and one peer reduced to their Arabic words, on the lines where the counts agree. */
function alignedFiles(
  gtLines: string[],
  sysLines: string[],
): { ref: string; sys: string; kept: number; dropped: number } {
  const ref: string[] = [];
  const sys: string[] = [];
  let dropped = 0;
  gtLines.forEach((line, i) => {
    const r = arabicWords(line);
    const s = arabicWords(sysLines[i] ?? '');
    if (r.length === 0 && s.length === 0) return;
    if (r.length !== s.length) {
      dropped++;
      return;
    }
    ref.push(r.join(' '));
    sys.push(s.join(' '));
  });
  return { ref: ref.join('\n') + '\n', sys: sys.join('\n') + '\n', kept: ref.length, dropped };
}

function main(argv: string[]): void {
  if (hasFlag(argv, '--help') || hasFlag(argv, '-h')) { console.log(HELP); return; }
  const dir = argValue(argv, '--catt');
  if (!dir) throw new Error(HELP);
  const java = argValue(argv, '--evaldiac');
  const gtLines = readTextFile(join(dir, 'WikiNews_data_gt.txt')).split(/\r?\n/);
  const peers = readdirSync(dir).filter((f) => /^WikiNews_data_.*\.txt$/.test(f) && !/_gt(_no_tashkeel)?\.txt$/.test(f)).sort();
  const work = mkdtempSync(join(tmpdir(), 'lexdis-evaldiac-'));
  const rows: Array<Record<string, unknown>> = [];
  try {
    for (const peer of peers) {
      const a = alignedFiles(gtLines, readTextFile(join(dir, peer)).split(/\r?\n/));
      const refFile = join(work, 'ref.txt');
      const sysFile = join(work, 'sys.txt');
      writeFileSync(refFile, a.ref);
      writeFileSync(sysFile, a.sys);
      const ref = readPlainReference(a.ref, refFile);
      const sys = readPlainSystem(a.sys);
      checkAlignment(ref, sys, { ref: refFile, sys: sysFile });
      const r = scoreDiacritization(ref, sys);
      const lexdis = { wer: r.rates.relaxed.wer, werNoCase: r.rates.relaxed.werNoCase, der: r.rates.relaxed.der };
      const row: Record<string, unknown> = { peer: peer.replace(/^WikiNews_data_|\.txt$/g, ''), linesKept: a.kept, linesDropped: a.dropped, words: r.words, lexdis, strict: r.rates.strict };
      if (java) {
        const e = runEvalDiac(java, refFile, sysFile);
        row.evalDiac = e;
        row.difference = {
          wer: round(lexdis.wer - e.wer, 2),
          werNoCase: round(lexdis.werNoCase - e.werNoCase, 2),
          der: round(lexdis.der - e.der, 2),
        };
      }
      rows.push(row);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const diffs = rows.flatMap((r) =>
    r.difference ? Object.values(r.difference as Record<string, number>).map(Math.abs) : [],
  );
  console.log(
    JSON.stringify(
      {
        scorer: 'lexdis eval-diac, relaxed convention',
        reference: 'WikiNews_data_gt.txt (WikiNews 2014)',
        evalDiac: java ? 'run' : 'not run (no --evaldiac)',
        maxAbsDifference: diffs.length ? Math.max(...diffs) : null,
        withinTenthOfAPoint: diffs.length ? diffs.every((d) => d <= 0.1) : null,
        peers: rows,
      },
      null,
      2,
    ),
  );
}

main(process.argv.slice(2));
