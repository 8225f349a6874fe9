/**
 * Golden test: the engine against what AraMorph.pl (BAMA 1.0) printed for the 1,000
 * sentences of UD Arabic-PUD. Same token sequence; for each token the same set of solutions
 * (vocalization, lemma ID, morphology, gloss) and the same alternatives. Tokens that differ
 * are listed, with their reason, in test/fixtures/analyzer/golden-differences.json, which
 * this test holds exactly; the printer must reproduce every other token's text byte for byte.
 * Skipped, with the reason, where the reference is not there and Perl cannot build it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Analyzer } from '../../src/analyzer/engine-node.js';
import { formatToken } from '../../src/analyzer/print.js';
import { projectRoot } from '../../src/config.js';
import { dataPaths } from '../../bin/data.js';
import { readTextFile } from '../../src/io/files.js';
import { analysesSkip } from '../helpers/reference.js';
import { compareWithReference, parseReference, type Difference } from './reference.js';

const EXPECTED_FILE = join(projectRoot(), 'test', 'fixtures', 'analyzer', 'golden-differences.json');

describe('the analyzer against AraMorph.pl on PUD (golden)', { skip: analysesSkip() }, () => {
  const analyzer = Analyzer.load(dataPaths.bama());
  const ours = analyzer.analyzeText(readTextFile(dataPaths.referenceSentences())).flat();
  const reference = parseReference(readTextFile(dataPaths.referenceAnalyses()));

  test('same token sequence as the reference (input string, kind, look-up word)', () => {
    assert.equal(ours.length, reference.length);
    assert.equal(ours.length, 17_958);
    for (let i = 0; i < ours.length; i++) {
      const o = ours[i];
      const r = reference[i];
      assert.deepEqual([o.kind, o.input, o.kind === 'word' ? o.lookup : ''], [r.kind, r.input, r.lookup], `token ${i + 1} (line ${r.line})`);
    }
  });

  const differences = compareWithReference(ours, reference);

  test('at least 99.5% of tokens have the same solutions and alternatives', () => {
    const rate = 1 - differences.length / reference.length;
    assert.ok(rate >= 0.995, `match rate ${(rate * 100).toFixed(3)}%`);
  });

  test('every differing token is listed, with its reason, in golden-differences.json (exactly)', () => {
    const expected = JSON.parse(readFileSync(EXPECTED_FILE, 'utf8')) as { differences: Difference[] };
    const strip = (d: Difference) => ({
      token: d.token,
      line: d.line,
      input: d.input,
      lookup: d.lookup,
      reason: d.reason,
      ours: d.ours,
      reference: d.reference,
    });
    assert.deepEqual(differences.map(strip), expected.differences.map(strip), JSON.stringify(differences, null, 1));
    assert.ok(differences.every((d) => d.reason !== 'other'), 'a difference no known reason explains');
  });

  test('the printer reproduces the reference text of every token without a listed difference', () => {
    const listed = new Set(differences.map((d) => d.token));
    let mismatches = 0;
    let firstBad = '';
    for (let i = 0; i < ours.length; i++) {
      if (listed.has(i + 1)) continue;
      if (formatToken(ours[i]) !== reference[i].block) {
        mismatches++;
        firstBad ||= `token ${i + 1}:\n${formatToken(ours[i])}---\n${reference[i].block}`;
      }
    }
    assert.equal(mismatches, 0, firstBad);
  });
});
