/**
 * `lexdis cv CORPUS --extra FILE…`: the extra corpora join every fold's training part and
 * never its test part; the figures are CORPUS's held-out tokens only.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../../src/config.js';
import { goldTokenCount, type Corpus } from '../../src/corpus/types.js';
import { UsageError } from '../../src/errors.js';
import { corpusToPos, writePosFile } from '../../src/formats/pos/pos.js';
import { runCv } from '../../training/cv.js';
import { assignFolds, foldSplit } from '../../training/cv-folds.js';
import { reportFigures } from '../../training/cv-report.js';
import { analysesSkip } from '../helpers/reference.js';
import { cvCorpus } from './cv-fixture.js';

const all = cvCorpus(20, 3, 12);
const corpus: Corpus = { ...all, documents: all.documents.slice(0, 12), source: 'main' };
const extra: Corpus = { documents: all.documents.slice(12).map((d) => ({ ...d, id: `extra/${d.id}` })), source: 'extra' };

test('every fold: the extra documents in the training part, never in the test part', { skip: analysesSkip() }, () => {
  const a = assignFolds(corpus, 3, 7);
  const extraDocs = new Set(extra.documents);
  for (let k = 0; k < 3; k++) {
    const s = foldSplit(corpus, a, k, extra.documents);
    assert.ok(s.test.every((d) => corpus.documents.includes(d) && !extraDocs.has(d)), `fold ${k}: only the corpus's documents are tested`);
    assert.ok(extra.documents.every((d) => s.train.documents.includes(d)), `fold ${k}: every extra document trains`);
    assert.equal(s.train.documents.length + s.test.length, corpus.documents.length + extra.documents.length);
  }
});

test('runCv with extra corpora: the test tokens are the corpus\'s only, the training parts larger', { skip: analysesSkip() }, async () => {
  const base = { folds: 3, seed: 7, maxTokens: 0, models: 'full' };
  const without = await runCv(corpus, base);
  const withExtra = await runCv(corpus, { ...base, extra });
  const gold = goldTokenCount(corpus);
  for (const r of [without, withExtra]) {
    assert.equal(r.folds.reduce((n, f) => n + f.testTokens, 0), gold);
    assert.equal(r.models.full.report!.tokens, gold);
  }
  assert.deepEqual(withExtra.folds.map((f) => f.testDocuments), without.folds.map((f) => f.testDocuments));
  withExtra.folds.forEach((f, k) =>
    assert.equal(f.trainDocuments, without.folds[k].trainDocuments + extra.documents.length),
  );
  assert.deepEqual(withExtra.corpus.extra, { source: 'extra', goldDocuments: extra.documents.length });
  assert.equal(without.corpus.extra, undefined);
  // the worker threads get the extra documents too
  const threaded = await runCv(corpus, { ...base, extra, jobs: 2 });
  assert.deepEqual(reportFigures(threaded), reportFigures(withExtra));
});

test('an extra corpus sharing a document with the corpus is refused', { skip: analysesSkip() }, async () => {
  const clash: Corpus = { documents: [corpus.documents[0]], source: 'clash' };
  await assert.rejects(runCv(corpus, { folds: 3, seed: 7, models: 'full', extra: clash }), (e: unknown) => e instanceof UsageError && /also a document of the corpus/.test(e.message));
});

test('lexdis cv refuses the corpus given again as an extra corpus', { skip: analysesSkip() }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-cv-extra-'));
  try {
    const file = join(dir, 'main.pos');
    writeFileSync(file, writePosFile(corpusToPos(corpus)));
    const r = spawnSync(join(projectRoot(), 'bin', 'lexdis'), ['cv', file, '--extra', join(dir, '.', 'main.pos'), '--folds', '3', '-o', join(dir, 'out')],
      { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
    assert.equal(r.status, 2, 'a usage error');
    assert.match(r.stderr, /the same corpus file as .*given twice \[USAGE\]/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
