/**
 * A pos file cut short (docs/reliability.md, src/formats/pos/pos-end.ts): a real corpus (the
 * good pos file of ./inputs.ts) cut at seeded random offsets, and at random line starts, where a
 * cut is hardest to see. Every cut that is not at a place where a record may end is refused with
 * INPUT_PARSE naming the file, a line and the byte offset, by the fast reader, the full parser
 * and the whole-text reader alike; a cut at a record boundary gives exactly the tokens before
 * it. And `train good.pos cut.pos -o MODEL` leaves MODEL as it was, byte for byte.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import type { Corpus } from '../../src/corpus/types.js';
import { InputParseError } from '../../src/errors.js';
import { loadPosCorpus, loadPosFile } from '../../src/formats/pos/pos.js';
import { lexdisInProcess } from '../helpers/cli-in-process.js';
import { treeDigest } from './harness.js';
import { writeGoodInputs } from './inputs.js';

const root = mkdtempSync(join(tmpdir(), 'lexdis-cut-pos-'));
let good: string;
let bytes: Buffer;
/** The byte offset where each line starts (the last: the file's length). */
let lineStarts: number[];

before(() => {
  good = writeGoodInputs(root, 24).pos;
  bytes = readFileSync(good);
  lineStarts = [0];
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lineStarts.push(i + 1);
});

after(() => rmSync(root, { recursive: true, force: true }));

/** The line that starts at byte `at` (at a line start), or '' at the end of the file. */
function lineAt(at: number): string {
  const nl = bytes.indexOf(10, at);
  return bytes.toString('utf8', at, nl < 0 ? bytes.length : nl);
}

/**
 * Where a file may end as far as its format can tell: at a line start whose line begins a record
 * (a blank line, a token, a document, a solution: a token may end after any whole solution, or
 * before its first), or right after the file's first SOLUTION line (no solution before it shows
 * whether a GLOSS line must follow).
 */
function mayEndAt(at: number): boolean {
  if (at === bytes.length) return true;
  if (bytes[at - 1] !== 10) return false;
  const firstSolution = lineStarts.find((s) => /^[ *] SOLUTION /.test(lineAt(s)));
  return /^(|INPUT STRING:.*|;;;.*|[ *] SOLUTION .*)$/.test(lineAt(at)) || lineStarts[lineStarts.indexOf(at) - 1] === firstSolution;
}

/** Where a record certainly ended: after a blank line, before a token or a document. */
const recordBoundary = (at: number): boolean =>
  at === bytes.length || (bytes[at - 1] === 10 && bytes[at - 2] === 10 && /^(INPUT STRING:|;;;)/.test(lineAt(at)));

const tokensBefore = (at: number): number => (bytes.toString('utf8', 0, at).match(/^INPUT STRING:/gm) ?? []).length;

const corpusTokens = (c: Corpus): number =>
  c.documents.reduce((n, d) => n + d.sentences.reduce((m, s) => m + s.tokens.length, 0), 0);

/**
 * The readers of a pos file: the fast reader (falling back on the full parser), the full parser
 * (which reads every Windows-1256 file: the fast reader takes UTF-8 only), the whole-text reader.
 */
const READERS: Record<string, (file: string) => number> = {
  fast: (file) => corpusTokens(loadPosCorpus(file, { twoThreads: false })),
  full: (file) => corpusTokens(loadPosCorpus(file, { encoding: 'windows-1256', chunkBytes: 4096 })),
  text: (file) => loadPosFile(file).documents.reduce((n, d) => n + d.tokens.length, 0),
};

/** Checks one cut with every reader. */
function checkCut(at: number): void {
  const file = join(root, `cut-${at}.pos`);
  writeFileSync(file, bytes.subarray(0, at));
  try {
    for (const [name, read] of Object.entries(READERS)) {
      let tokens: number | undefined;
      let error: unknown;
      try {
        tokens = read(file);
      } catch (err) {
        error = err;
      }
      const what = `${name} reader, cut at byte ${at} before ${JSON.stringify(lineAt(lineStarts.find((s) => s >= at) ?? at).slice(0, 40))}`;
      if (error === undefined) {
        assert.ok(mayEndAt(at), `a cut inside a record was accepted: ${what}`);
        assert.equal(tokens, tokensBefore(at), `not the tokens before the cut: ${what}`);
        continue;
      }
      assert.ok(!recordBoundary(at), `a cut at a record boundary was refused (${String(error)}): ${what}`);
      assert.ok(error instanceof InputParseError, `not an InputParseError (${String(error)}): ${what}`);
      assert.equal(error.code, 'INPUT_PARSE', what);
      assert.equal(error.file, file, what);
      assert.ok(Number.isInteger(error.line) && error.line! >= 1 && error.line! <= lineStarts.length, `line ${error.line}: ${what}`);
      assert.match(error.message, /byte offset \d+/, what);
    }
  } finally {
    rmSync(file);
  }
}

test('property: a pos file cut anywhere is refused with its file, line and byte offset, unless the cut is where a record may end (seeded)', () => {
  const offset = fc.oneof(
    fc.integer({ min: 1, max: bytes.length - 1 }),
    fc.integer({ min: 1, max: lineStarts.length - 2 }).map((i) => lineStarts[i]),
  );
  fc.assert(fc.property(offset, (at) => checkCut(at)), { numRuns: 150, seed: 20100042 });
});

test('every line start of the first tokens: refused inside a record, the tokens before it at a boundary', () => {
  const firstTokens = lineStarts.filter((s) => s > 0 && tokensBefore(s) <= 3);
  assert.ok(firstTokens.some((s) => recordBoundary(s)) && firstTokens.some((s) => !mayEndAt(s)));
  for (const at of firstTokens) checkCut(at);
});

test('train good.pos cut.pos -o MODEL fails with INPUT_PARSE naming the cut file and leaves MODEL byte for byte', async () => {
  const model = join(root, 'model');
  const trained = await lexdisInProcess(['train', good, '-o', model, '--seed', '1', '--progress', 'none']);
  assert.equal(trained.status, 0, trained.stderr);
  const kept = join(root, 'model-before');
  cpSync(model, kept, { recursive: true });
  const text = bytes.toString('utf8');
  // the case: the last line a SOLUTION cut after its lemma; and a SOLUTION whose GLOSS line is gone
  const solution = text.lastIndexOf('\n  SOLUTION ') + 1;
  const cuts = {
    'in-line.pos': text.slice(0, text.indexOf(']', solution) + 3),
    'no-gloss.pos': text.slice(0, text.indexOf('\n', solution) + 1),
  };
  for (const [name, cut] of Object.entries(cuts)) {
    const file = join(root, name);
    writeFileSync(file, cut);
    const before = treeDigest(model);
    const run = await lexdisInProcess(['train', good, file, '-o', model, '--seed', '1', '--progress', 'none']);
    assert.equal(run.status, 1, `${name}: ${run.stderr}`);
    assert.match(run.stderr.trim(), new RegExp(`^Error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: the file ends inside .* at byte offset \\d+: cut short\\? \\[INPUT_PARSE\\]$`), name);
    assert.deepEqual(treeDigest(model), before, `${name}: the model changed`);
  }
  assert.deepEqual(treeDigest(model), treeDigest(kept));
});
