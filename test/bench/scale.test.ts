import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  corpusStats, generateScaleCorpus, loadScaleSource, renameLemma, renameWord, ScaleGenerator, variantTag, writeScalePos,
} from '../../bench/scale.js';
import { fitHeaps, totalVariation } from '../../bench/scale-stats.js';
import type { Corpus } from '../../src/corpus/types.js';
import { corpusToPos, loadPosFile, posToCorpus, writePosFile } from '../../src/formats/pos/pos.js';

const source = loadScaleSource('pud');
const sourceStats = corpusStats(source);
const digest = (c: Corpus) => createHash('sha256').update(writePosFile(corpusToPos(c))).digest('hex');
const untag = (s: string) => s.replace(/[PJRVG]/g, '');

test('variant tags are distinct words over P J R V G; renaming keeps first and last letters', () => {
  const tags = new Set<string>();
  for (let v = 1; v <= 800; v++) {
    const t = variantTag(v);
    assert.match(t, /^[PJRVG]+$/);
    tags.add(t);
  }
  assert.equal(tags.size, 800);
  assert.equal(renameWord('ktAb', 0), 'ktAb');
  const r = renameWord('ktAb', 7);
  assert.equal(r[0], 'k');
  assert.equal(r.at(-1), 'b');
  assert.equal(untag(r), 'ktAb');
  assert.equal(renameLemma('kitAb_1', 3), `kitAb${variantTag(3)}_1`);
  assert.equal(renameLemma('Hasan', 1), `Hasan${variantTag(1)}`);
});

test('Heaps fit recovers K and β of an exact power law', () => {
  const pts: [number, number][] = [1000, 3000, 10000, 30000].map((n) => [n, 2.5 * n ** 0.7]);
  const f = fitHeaps(pts);
  assert.ok(Math.abs(f.beta - 0.7) < 1e-9);
  assert.ok(Math.abs(f.K - 2.5) < 1e-6);
});

test('generation is deterministic for a seed and differs between seeds', () => {
  const a = generateScaleCorpus(source, { tokens: 15_000, seed: 7 });
  const b = generateScaleCorpus(source, { tokens: 15_000, seed: 7 });
  const c = generateScaleCorpus(source, { tokens: 15_000, seed: 8 });
  assert.equal(digest(a), digest(b));
  assert.notEqual(digest(a), digest(c));
});

test('a generated corpus keeps the source statistics and grows its vocabulary on the Heaps curve', () => {
  const gen = new ScaleGenerator(source, { tokens: 80_000, seed: 42 });
  const corpus: Corpus = { documents: [...gen.generate()] };
  const st = corpusStats(corpus);
  assert.ok(st.tokens >= 80_000 && st.tokens < 80_000 + sourceStats.docTokens.max);
  const rel = (a: number, b: number) => Math.abs(a - b) / b;
  assert.ok(rel(st.docTokens.mean, sourceStats.docTokens.mean) < 0.06, `doc length ${st.docTokens.mean} vs ${sourceStats.docTokens.mean}`);
  assert.ok(rel(st.candidates.mean, sourceStats.candidates.mean) < 0.03, `candidates ${st.candidates.mean} vs ${sourceStats.candidates.mean}`);
  assert.ok(totalVariation(st.candidates.shares, sourceStats.candidates.shares) < 0.03);
  assert.ok(totalVariation(st.goldPos, sourceStats.goldPos) < 0.03);
  assert.ok(rel(st.goldTokens / st.tokens, sourceStats.goldTokens / sourceStats.tokens) < 0.03);
  // vocabulary: on the source's fitted curve, far beyond the source's own
  const words = gen.wordHeaps.K * st.tokens ** gen.wordHeaps.beta;
  const lemmas = gen.lemmaHeaps.K * st.tokens ** gen.lemmaHeaps.beta;
  assert.ok(rel(st.wordTypes, words) < 0.05, `word types ${st.wordTypes}, Heaps ${Math.round(words)}`);
  assert.ok(rel(st.lemmaTypes, lemmas) < 0.05, `lemma types ${st.lemmaTypes}, Heaps ${Math.round(lemmas)}`);
  assert.ok(st.wordTypes > 1.5 * sourceStats.wordTypes);
  const share = gen.renamedTokens / gen.tokens;
  assert.ok(share > 0.1 && share < 0.9, `renamed share ${share}`);
});

test('renamed tokens keep a source token\'s candidates (same morphologies and gold position), names aside', () => {
  const bySource = new Map<string, Set<string>>();
  for (const d of source.documents) for (const s of d.sentences) for (const t of s.tokens) {
    const sig = JSON.stringify([t.gold, t.candidates.map((c) => [untag(c.lemma), c.morph, c.source])]);
    const base = t.arabic ? untag(t.lookup) : t.lookup;
    if (!bySource.has(base)) bySource.set(base, new Set());
    bySource.get(base)!.add(sig);
  }
  const corpus = generateScaleCorpus(source, { tokens: 30_000, seed: 3 });
  let renamed = 0;
  const variants = new Map<string, string>();
  for (const d of corpus.documents) {
    const inDoc = new Map<string, string>();
    for (const s of d.sentences) for (const t of s.tokens) {
      const base = t.arabic ? untag(t.lookup) : t.lookup;
      const sig = JSON.stringify([t.gold, t.candidates.map((c) => [untag(c.lemma), c.morph, c.source])]);
      assert.ok(bySource.get(base)?.has(sig), `${t.lookup}: no source token ${base} with these candidates`);
      if (base !== t.lookup) renamed++;
      // one spelling per word type within a copy; one candidate list per spelling overall
      if (t.arabic) {
        assert.equal(inDoc.get(base) ?? t.lookup, t.lookup);
        inDoc.set(base, t.lookup);
        const lemmas = t.candidates.map((c) => c.lemma).join('|');
        const seen = variants.get(`${t.lookup}|${t.candidates.map((c) => untag(c.lemma)).join('|')}`);
        assert.equal(seen ?? lemmas, lemmas);
        variants.set(`${t.lookup}|${t.candidates.map((c) => untag(c.lemma)).join('|')}`, lemmas);
      }
    }
  }
  assert.ok(renamed > 0);
});

test('the streamed pos file reads back to the same corpus statistics and leaves no temporary file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-scale-'));
  try {
    const file = join(dir, 'scale.pos');
    const bytes = writeScalePos(new ScaleGenerator(source, { tokens: 12_000, seed: 5 }), file);
    assert.ok(bytes > 0);
    assert.deepEqual(readdirSync(dir), ['scale.pos']);
    const back = corpusStats(posToCorpus(loadPosFile(file)));
    const mem = corpusStats(generateScaleCorpus(source, { tokens: 12_000, seed: 5 }));
    for (const k of ['documents', 'sentences', 'tokens', 'arabicTokens', 'goldTokens', 'goldUnmatched', 'wordTypes', 'lemmaTypes', 'goldLabelTypes'] as const)
      assert.equal(back[k], mem[k], k);
    assert.deepEqual(back.candidates, mem.candidates);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the reference source (BAMA analyses, seeded pseudo-gold) gives documents of 1–5 sentences with gold marks', () => {
  const ref = loadScaleSource('reference', 1);
  const again = loadScaleSource('reference', 1);
  assert.equal(digest(ref), digest(again));
  let arabicWithCandidates = 0;
  let gold = 0;
  for (const d of ref.documents) {
    assert.ok(d.sentences.length >= 1 && d.sentences.length <= 5);
    for (const s of d.sentences) for (const t of s.tokens) {
      if (t.arabic && t.candidates.length > 0) arabicWithCandidates++;
      if (t.gold >= 0) gold++;
    }
  }
  assert.equal(gold, arabicWithCandidates);
  const st = corpusStats(generateScaleCorpus(ref, { tokens: 20_000, seed: 1 }));
  assert.ok(st.tokens >= 20_000 && st.goldTokens > 0);
});
