/**
 * The peers' rows of bench/wikinews.ts (`--peers DIR`): their published WikiNews 2014 outputs
 * (abjadai/catt, benchmarking/all_models_WikiNews_data/: WikiNews_data_gt.txt, the reference, and
 * the peers' WikiNews_data_*.txt) scored by `eval-diac`'s scorer (relaxed and strict), and, given
 * the published scorer EvalDiac (qcri/advancing-arabic-diacritization, Evaluation/EvalDiac.java,
 * run by `java` 11 or later as a single source file), its figures beside them and the differences.
 * Neither repository is shipped. The peers tokenize punctuation and digits differently from the
 * reference, and EvalDiac drops every line whose white-space word count differs, so both scorers
 * are given the same lines (`alignedLines`): each line reduced to its Arabic words, and lines whose
 * Arabic word counts differ from the reference's dropped (their number is reported).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { arabicWords, readPlainReference, readPlainSystem } from '../src/eval/diac-eval.js';
import { checkAlignment, scoreDiacritization } from '../src/eval/diac-score.js';
import { readTextFile } from '../src/io/files.js';
import { argValue, round } from './common.js';

/** The reference file of the peers' folder. */
export const PEERS_REFERENCE = 'WikiNews_data_gt.txt';

/** The peers' folder read: the reference's lines and each peer's (name without `WikiNews_data_` and `.txt`). */
export interface PeersFolder {
  gtLines: string[];
  peers: Array<{ name: string; file: string; lines: string[] }>;
}

/** Reads the reference and every peer's output (`WikiNews_data_*.txt` but the reference and its undiacritized copy). */
export function readPeers(dir: string): PeersFolder {
  const lines = (file: string): string[] => readTextFile(file).split(/\r?\n/);
  const files = readdirSync(dir).filter((f) => /^WikiNews_data_.*\.txt$/.test(f) && !/_gt(_no_tashkeel)?\.txt$/.test(f)).sort();
  return {
    gtLines: lines(join(dir, PEERS_REFERENCE)),
    peers: files.map((f) => ({
      name: basename(f).replace(/^WikiNews_data_|\.txt$/g, ''), file: join(dir, f), lines: lines(join(dir, f)),
    })),
  };
}

/** A reference line kept for scoring: its index among the reference's lines, its Arabic words and the peer's. */
export interface AlignedLine { index: number; ref: string[]; sys: string[] }

/**
 * The reference's and a peer's lines reduced to their Arabic words, kept where the counts agree:
 * line n of the peer faces line n of the reference; lines empty on both sides are skipped, lines
 * whose counts differ are dropped (counted).
 */
export function alignedLines(
  gtLines: readonly string[],
  sysLines: readonly string[],
): { lines: AlignedLine[]; dropped: number } {
  const lines: AlignedLine[] = [];
  let dropped = 0;
  gtLines.forEach((line, index) => {
    const ref = arabicWords(line);
    const sys = arabicWords(sysLines[index] ?? '');
    if (ref.length === 0 && sys.length === 0) return;
    if (ref.length !== sys.length) dropped++;
    else lines.push({ index, ref, sys });
  });
  return { lines, dropped };
}

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

/** One peer's output scored by lexdis (and by EvalDiac given `java`), files written in `work`. */
function scorePeer(
  work: string,
  gtLines: string[],
  peer: PeersFolder['peers'][number],
  java: string | undefined,
): Record<string, unknown> {
  const a = alignedLines(gtLines, peer.lines);
  const refFile = join(work, 'ref.txt');
  const sysFile = join(work, 'sys.txt');
  const text = (side: 'ref' | 'sys'): string => a.lines.map((l) => l[side].join(' ')).join('\n') + '\n';
  writeFileSync(refFile, text('ref'));
  writeFileSync(sysFile, text('sys'));
  const ref = readPlainReference(text('ref'), refFile);
  const sys = readPlainSystem(text('sys'));
  checkAlignment(ref, sys, { ref: refFile, sys: sysFile });
  const r = scoreDiacritization(ref, sys);
  const lexdis = { wer: r.rates.relaxed.wer, werNoCase: r.rates.relaxed.werNoCase, der: r.rates.relaxed.der };
  const row: Record<string, unknown> = {
    peer: peer.name, linesKept: a.lines.length, linesDropped: a.dropped, words: r.words, lexdis, strict: r.rates.strict,
  };
  if (java) {
    const e = runEvalDiac(java, refFile, sysFile);
    row.evalDiac = e;
    row.difference = {
      wer: round(lexdis.wer - e.wer, 2),
      werNoCase: round(lexdis.werNoCase - e.werNoCase, 2),
      der: round(lexdis.der - e.der, 2),
    };
  }
  return row;
}

/** `--peers DIR` alone: every peer's output in DIR scored against WikiNews_data_gt.txt; prints the JSON. */
export function peersMain(argv: string[], dir: string): void {
  const java = argValue(argv, '--evaldiac');
  const { gtLines, peers } = readPeers(dir);
  const work = mkdtempSync(join(tmpdir(), 'lexdis-evaldiac-'));
  let rows: Array<Record<string, unknown>>;
  try {
    rows = peers.map((peer) => scorePeer(work, gtLines, peer, java));
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
        reference: `${PEERS_REFERENCE} (WikiNews 2014)`,
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
