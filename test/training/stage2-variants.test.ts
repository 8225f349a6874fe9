/**
 * Stage two's rows with case endings in the candidates: the gold gets 1, a candidate that
 * differs from it only in its case ending gets `variantTarget`, every other candidate 0.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Analyzer } from '../../src/analyzer/index.js';
import { dataPaths } from '../../bin/data.js';
import { projectUd } from '../../src/import/ud-project.js';
import { goldIndices } from '../../src/corpus/types.js';
import { caselessKey } from '../../src/labels/caseless.js';
import { Model } from '../../src/model/model-node.js';
import { prepareDocument } from '../../src/tagger/prepare.js';
import { buildRows, defaultStage2Options } from '../../training/stage2.js';
import { train } from '../../training/train.js';

function pudWithCase(sentences: number) {
  const blocks = readFileSync(dataPaths.pudConllu(), 'utf8').split(/\n\n+/).filter((b) => b.trim());
  const analyzer = Analyzer.load(dataPaths.bama(), { caseEndings: true });
  return projectUd(blocks.slice(0, sentences).join('\n\n') + '\n\n', analyzer, { file: 'pud-head' }).corpus;
}

test('rows: 1 for each gold label, variantTarget for their case variants, 0 for other analyses; recorded in the model', async () => {
  const corpus = pudWithCase(200);
  const { model } = await train(corpus, { workers: 0, seed: 3 });
  assert.equal(model.info.options.variantTarget, defaultStage2Options.variantTarget);
  assert.equal(model.info.analyzer?.caseEndings, true);
  const docs = corpus.documents.slice(0, 20).map((d) => prepareDocument(d, model.lexicon).doc);
  for (const variantTarget of [0.3, 0]) {
    const { rows } = buildRows(docs, model.extractor, { variantTarget, maxTokens: 0 });
    let row = 0;
    let variants = 0;
    let several = 0;
    for (const d of docs) for (const s of d.sentences) for (const t of s.tokens) {
      if (!t.arabic || t.gold < 0 || t.candidates.length < 2) continue;
      // every gold label of a token with several (the projection's ties) has the target 1
      const golds = goldIndices(t);
      if (golds.length > 1) several++;
      const gold = new Set(golds.map((g) => caselessKey(t.candidates[g].lemma, t.candidates[g].morph)));
      t.candidates.forEach((c, k) => {
        const want = golds.includes(k) ? 1 : gold.has(caselessKey(c.lemma, c.morph)) ? variantTarget : 0;
        if (!golds.includes(k) && want === variantTarget && variantTarget > 0) variants++;
        assert.equal(rows.y[row + k], want, `${t.form} ${c.morph}`);
      });
      row += t.candidates.length;
    }
    assert.equal(row, rows.n);
    assert.ok(several > 0, 'tokens with several gold labels');
    if (variantTarget > 0) assert.ok(variants > 100, `case variants of the gold: ${variants}`);
  }
  assert.ok(model instanceof Model);
});
