/**
 * Tagging raw text through the fast path (C(t) kept per word type, plans and group values
 * kept, scores summed from value tables: rankTextSteps) gives the straightforward path's
 * candidates and scores, bit for bit, for every candidate of every word of PUD sentences:
 * textToCorpus → prepareToRank with the typed marks → z rows → model.score (→ the model's
 * sequence decoding of each sentence, and its case pass, when it has them). Also warm (the
 * caches full), with a word-type cache too small for the text, and for a word whose typed
 * diacritics narrow its candidates.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dataPaths } from '../../bin/data.js';
import { GenerationCache } from '../../src/analyzer/cache.js';
import { prepareInput } from '../../src/analyzer/script.js';
import { textToCorpus } from '../../src/formats/text.js';
import { prepareToRank } from '../../src/tagger/pipeline.js';
import { rankTextSteps } from '../../src/tagger/tag-steps.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { decodeSentence } from '../../src/tagger/ranker.js';
import { analyzerCandidates, WordTypeCache } from '../../src/tagger/word-types.js';
import { analyzedToCorpus } from '../../src/formats/text.js';
import { Analyzer } from '../../src/analyzer/index.js';
import type { Model } from '../../src/model/model.js';
import { train } from '../../training/train.js';
import { bamaAnalyzer, pudCorpus } from '../helpers/pud.js';

/** Per token in text order: its candidates' keys and the scores of the straightforward path. */
function reference(tagger: Tagger, text: string): Array<{ keys: string[]; scores: number[] }> {
  const model: Model = tagger.model;
  const doc = prepareToRank(textToCorpus(tagger.analyzer, text).documents[0], model.lexicon, { typedMarks: true }).doc;
  const df = model.extractor.document(doc);
  return doc.sentences.flatMap((s, si) => {
    const local = s.tokens.map((t, ti) => {
      const z = df.token(si, ti, t.candidates);
      return Float64Array.from(t.candidates, (_, k) => model.score(z, k));
    });
    const seq = model.sequence;
    const scores = seq
      ? decodeSentence(s.tokens, seq.prepare(s.tokens, local, model.info.temperature), seq, model.casePass)
      : local;
    return s.tokens.map((t, ti) => ({ keys: t.candidates.map((c) => c.key), scores: Array.from(scores[ti]) }));
  });
}

/** The same from the fast path: rankTextSteps, each ranked candidate put back at its index. */
function fast(tagger: Tagger, text: string, words: WordTypeCache): Array<{ keys: string[]; scores: number[] }> {
  const out: Array<{ keys: string[]; scores: number[] }> = [];
  for (const sent of rankTextSteps(tagger.analyzer, tagger.ranker, prepareInput(text, 'arabic'), words)) {
    if (!sent) continue;
    for (const rt of sent) {
      const scores: number[] = new Array(rt.ranked.length);
      for (const r of rt.ranked) scores[r.index] = r.score;
      out.push({ keys: rt.token.candidates.map((c) => c.key), scores });
    }
  }
  return out;
}

test('fast tagging = the straightforward path, every candidate and score, cold, warm and with evictions', async () => {
  const { model } = await train(pudCorpus(120), { workers: 0, seed: 4 });
  const tagger = new Tagger(model, bamaAnalyzer());
  const lines = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 80);
  const text = [...lines, 'هٰذا كَتَبَ الطالب في المدرسة.'].join('\n');
  const want = reference(tagger, text);
  assert.ok(want.length > 1500 && want.some((t) => t.keys.length > 5));
  const check = (got: ReturnType<typeof fast>, what: string) => {
    assert.equal(got.length, want.length, what);
    got.forEach((t, i) => {
      assert.deepEqual(t.keys, want[i].keys, `${what}: token ${i} candidates`);
      t.scores.forEach((s, k) => {
        if (!Object.is(s, want[i].scores[k])) assert.fail(`${what}: token ${i} candidate ${k}: ${s} ≠ ${want[i].scores[k]}`);
      });
    });
  };
  check(fast(tagger, text, tagger.words), 'cold');
  check(fast(tagger, text, tagger.words), 'warm');
  const tiny = new WordTypeCache(model.lexicon, 8);
  check(fast(tagger, text, tiny), 'tiny cache');
  assert.ok(tiny.size <= 8);
  // the typed diacritics narrowed كَتَبَ's candidates, on the fast path as on the other
  const kataba = fast(tagger, text, tagger.words).at(-5)!;
  const ktb = fast(tagger, 'كتب', tagger.words)[0];
  assert.ok(kataba.keys.length >= 1 && kataba.keys.length < ktb.keys.length, `${kataba.keys.length} of ${ktb.keys.length}`);
});

test('a word type is rebuilt when the analyzer gives it other analyses (a new analyzer, or the analyzer cache evicted it)', async () => {
  const { model } = await train(pudCorpus(40), { workers: 0, seed: 4 });
  const words = new WordTypeCache(model.lexicon);
  const a = bamaAnalyzer().analyzeLine('كتب')[0];
  const first = words.sentences([[a]])[0].tokens[0].candidates;
  assert.equal(words.sentences([[a]])[0].tokens[0].candidates, first, 'shared while the analysis is the same');
  assert.ok(Object.isFrozen(first));
  const copy = a.kind === 'word' ? { ...a, solutions: [...a.solutions] } : a;
  const again = words.sentences([[copy]])[0].tokens[0].candidates;
  assert.notEqual(again, first);
  assert.deepEqual(again, first);
});

test('GenerationCache: bounded, a hit stays, capacity 0 stores nothing', () => {
  const c = new GenerationCache<string, number>(4);
  for (let i = 0; i < 100; i++) {
    c.set(`k${i}`, i);
    assert.equal(c.get('k0'), 0, 'used every insertion: kept');
    assert.ok(c.size <= 4);
  }
  assert.equal(c.get('k1'), undefined, 'not used: dropped');
  c.clear();
  assert.equal(c.size, 0);
  const none = new GenerationCache<string, number>(0);
  none.set('a', 1);
  assert.equal(none.get('a'), undefined);
});

test('analyzerCandidates = the pos conversion of the analyzed word (every field), for PUD words, alternatives, backoff and case endings', () => {
  const text = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(0, 200).join('\n');
  let words = 0;
  let fromAlternatives = 0;
  let backoff = 0;
  for (const options of [{}, { caseEndings: true, backoff: true }]) {
    const lines = Analyzer.load(dataPaths.bama(), options).analyzeText(text);
    const want = analyzedToCorpus(lines).documents[0].sentences.flatMap((s) => s.tokens);
    const got = lines.flat();
    assert.equal(got.length, want.length);
    got.forEach((a, i) => {
      if (a.kind !== 'word') return;
      words++;
      if (a.solutions.length === 0 && a.alternatives.some((x) => x.solutions.length > 0)) fromAlternatives++;
      if (a.solutions.some((s) => s.source === 'backoff')) backoff++;
      const mine = analyzerCandidates(a);
      assert.deepEqual(mine, want[i].candidates, `${a.input}`);
      mine.forEach((c, k) => assert.deepEqual(Object.keys(c), Object.keys(want[i].candidates[k])));
    });
  }
  assert.ok(words > 5000 && fromAlternatives > 0 && backoff > 0, `${words} words, ${fromAlternatives} from alternatives, ${backoff} backoff`);
});
