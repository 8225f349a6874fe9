import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Corpus } from '../../src/corpus/types.js';
import { CorpusError } from '../../src/errors.js';
import { LABEL_ELEMENTS } from '../../src/labels/elements.js';
import { runCv } from '../../training/cv.js';
import { cvMarkdown, writeCvResults } from '../../training/cv-render.js';
import { reportFigures } from '../../training/cv-report.js';
import { analysesSkip } from '../helpers/reference.js';
import { cvCorpus } from './cv-fixture.js';

const corpus = cvCorpus(30, 4, 15);
const base = { folds: 3, seed: 7, maxTokens: 0 };

test('a small cv run: report structure, tables, Mfull beats random, files', { skip: analysesSkip() }, async () => {
  const r = await runCv(corpus, { ...base, models: 'full,uni,baselines,ind,cheat,2pass,lemma,pos,full/svc,curve:50,curve:100' });
  assert.equal(r.kind, 'lexdis-cv-report');
  assert.equal(r.folds.length, 3);
  assert.equal(r.corpus.goldDocuments, 30);
  assert.equal(r.folds.reduce((s, f) => s + f.testDocuments, 0), 30);
  for (const name of r.options.models) {
    const m = r.models[name];
    assert.ok(m.report, `${name} has a report`);
    assert.equal(m.perFold.length, 3, name);
    assert.equal(m.skipped.length, 0, name);
  }
  // Every model is scored on the same gold tokens.
  const tokens = new Set(Object.values(r.models).map((m) => m.report!.tokens));
  assert.equal(tokens.size, 1);
  const full = r.models.full.report!;
  assert.equal(r.models.full.seen!.tokens + r.models.full.unseen!.tokens, full.tokens);
  assert.ok(r.models.full.unseen!.tokens > 0 && r.models.full.seen!.all.label.A1 > r.models.full.unseen!.all.label.A1);
  const random = r.models.random.report!;
  assert.ok(full.all.label.A1 > random.all.label.A1 + 5, `Mfull A1 ${full.all.label.A1} vs random ${random.all.label.A1}`);
  assert.ok(full.all.label.A2 >= random.all.label.A2);
  assert.deepEqual(r.tables.table5.map((x) => x.model), ['ind', 'uni', 'cheat', '2pass', 'full']);
  assert.deepEqual(r.tables.baselines.map((x) => x.model), ['first-solution', 'random', 'most-frequent', 'full']);
  assert.deepEqual(r.tables.solvers.map((x) => x.model), ['full', 'full/svc']);
  assert.equal(r.tables.table4.length, LABEL_ELEMENTS.length);
  const lemmaRow = r.tables.table4.find((x) => x.le === 'lemma')!;
  assert.equal(lemmaRow.own!.A1, r.models.lemma.report!.all.lemma.A1);
  assert.equal(lemmaRow.full!.E1, full.all.lemma.E1);
  assert.equal(r.tables.table4.find((x) => x.le === 'mood')!.own, undefined);
  assert.deepEqual(r.tables.curve.map((p) => p.percent), [50, 100]);
  assert.equal(r.tables.curve[1].A1, full.all.label.A1);
  assert.ok(r.tables.curve[0].trainDocuments < r.tables.curve[1].trainDocuments);
  assert.ok(r.models.full.theta && Object.keys(r.models.full.theta).length > 100);
  assert.equal(r.check.fullBeatsBaselinesAndUni === null, false);

  const dir = mkdtempSync(join(tmpdir(), 'lexdis-cv-'));
  try {
    const files = writeCvResults(join(dir, 'out'), r, 'lexdis cv test');
    assert.deepEqual(files.map((f) => f.slice(dir.length + 5)), ['report.json', 'report.md', 'curve.csv', 'curve.svg']);
    assert.deepEqual(JSON.parse(readFileSync(files[0], 'utf8')), JSON.parse(JSON.stringify(r)));
    const md = readFileSync(files[1], 'utf8');
    for (const h of ['## Table 5', '## Table 4', '## Baselines', '## Solver ablation', '## Learning curve', '## Words seen and unseen']) assert.ok(md.includes(h), h);
    assert.ok(md.includes('| Mfull |'));
    assert.equal(readFileSync(files[2], 'utf8').trim().split('\n').length, 3);
    const svg = readFileSync(files[3], 'utf8');
    assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal((svg.match(/<polyline /g) ?? []).length, 3, 'A1, A2 and the ceiling');
    assert.ok(!existsSync(join(dir, 'out', 'report.json.tmp')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(cvMarkdown(r).includes('Mind'));
});

test('same seed, same figures, with 1 or 2 jobs; another seed, other folds', { skip: analysesSkip() }, async () => {
  const models = 'full,random,most-frequent,curve:50';
  const a = await runCv(corpus, { ...base, models, jobs: 1 });
  const b = await runCv(corpus, { ...base, models, jobs: 2 });
  const c = await runCv(corpus, { ...base, models, jobs: 1 });
  assert.deepEqual(reportFigures(b), reportFigures(a));
  assert.deepEqual(reportFigures(c), reportFigures(a));
  assert.equal(b.timing.jobs, 2);
  const other = await runCv(corpus, { ...base, models: 'random', seed: 8 });
  assert.notDeepEqual(other.folds.map((f) => f.testTokens), a.folds.map((f) => f.testTokens));
});

test('bad input: no gold marks, fewer documents than folds, training parts too small', { skip: analysesSkip() }, async () => {
  const noGold: Corpus = {
    source: 'nogold.pos',
    documents: corpus.documents.map((d) => ({
      ...d,
      sentences: d.sentences.map((s) => ({ ...s, tokens: s.tokens.map((t) => ({ ...t, gold: -1 })) })),
    })),
  };
  await assert.rejects(runCv(noGold, { ...base, models: 'full' }), (e: unknown) => e instanceof CorpusError && /no gold marks/.test(e.message) && e.file === 'nogold.pos');
  const few: Corpus = { documents: corpus.documents.slice(0, 6), source: 'few.pos' };
  await assert.rejects(runCv(few, { ...base, folds: 10, models: 'full' }), (e: unknown) => e instanceof CorpusError && /6 documents with gold marks, fewer than the 10 folds/.test(e.message));
  await assert.rejects(runCv(few, { ...base, folds: 2, models: 'full' }), (e: unknown) => e instanceof CorpusError && /training part has only 3 documents/.test(e.message));
});
