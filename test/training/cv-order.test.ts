/**
 * No information from file order: permuting the non-gold analyses of a gold-first candidates
 * file, or moving the gold among them in the starred layout, changes no figure that does not
 * by definition use the analyzer's order (issue 11).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readCandidatesFile } from '../../src/formats/candidates.js';
import { Rng } from '../../src/random.js';
import { runCv } from '../../training/cv.js';
import { cvMarkdown } from '../../training/cv-render.js';
import type { CvReport } from '../../training/cv-report.js';
import { turkishLikeCandidates } from '../helpers/turkish-like.js';

const MODELS = 'full,full+prior,uni,most-frequent,random,first-solution';
const OPTIONS = { folds: 3, seed: 5, maxTokens: 0, models: MODELS };
const cv = (text: string) => runCv(readCandidatesFile(text, 'turkish-like.cand'), OPTIONS);

/** Rewrites every token line's analyses (column 2 on) with `f`. */
function mapLines(text: string, f: (analyses: string[], rng: Rng) => string[]): string {
  const rng = new Rng(99);
  return text.split('\n').map((l) => {
    if (!l.includes('\t')) return l;
    const [form, ...as] = l.split('\t');
    return as[0] === '?' ? l : [form, ...f(as, rng)].join('\t');
  }).join('\n');
}

/** Every model's figures that do not use the analyzer's order. */
function orderFree(r: CvReport) {
  return Object.fromEntries(Object.values(r.models).filter((m) => m.name !== 'first-solution').map((m) => [m.name, {
    tokens: m.report?.tokens, ceiling: m.report?.ceiling, ties: { ...m.report?.ties, order: undefined }, theta: m.theta,
    seenRandom: m.seen?.ties.random, unseenRandom: m.unseen?.ties.random,
  }]));
}
const withoutTiming = (r: CvReport) => ({ ...r, timing: undefined });

test('gold-first file: permuting the non-gold analyses changes no figure; first-solution is absent and says why', async () => {
  const text = turkishLikeCandidates({ seed: 3, documents: 30 });
  const permuted = mapLines(text, ([gold, ...rest], rng) => [gold, ...rng.shuffle(rest)]);
  assert.notEqual(permuted, text);
  const [a, b] = [await cv(text), await cv(permuted)];
  assert.deepEqual(withoutTiming(b), withoutTiming(a));
  assert.equal(a.ties.order, 'hash');
  assert.match(a.ties.firstSolutionAbsent ?? '', /gold-first/);
  assert.equal(a.models['first-solution'].report, null);
  const md = cvMarkdown(a);
  assert.match(md, /first-analyzer-solution baseline is absent: the candidates file is gold-first/);
  assert.match(md, /fixed hash of the label key/);
  // No context-blind baseline beats lexdis's default (Mfull+prior), with either tie-break.
  const prior = a.models['full+prior'].report!;
  for (const n of ['most-frequent', 'uni']) {
    const r = a.models[n].report!;
    assert.ok(prior.all.label.A1 > r.all.label.A1, `${n}: A1 ${r.all.label.A1} vs Mfull+prior ${prior.all.label.A1}`);
    assert.ok(prior.ties.random.A1 > r.ties.random.A1, `${n} with random ties: ${r.ties.random.A1} vs ${prior.ties.random.A1}`);
  }
});

test('starred layout: moving the gold among the analyses changes only what uses the analyzer\'s order', async () => {
  const text = turkishLikeCandidates({ seed: 3, documents: 30, starred: true });
  const moved = mapLines(text, (as, rng) => {
    const gold = as.findIndex((x) => x.startsWith('* '));
    const rest = as.filter((_, i) => i !== gold);
    rest.splice(rng.int(rest.length + 1), 0, as[gold]);
    return rest;
  });
  const goldFirst = mapLines(text, (as) => [as.find((x) => x.startsWith('* '))!.slice(2), ...as.filter((x) => !x.startsWith('* '))]);
  const [a, b, c] = [await cv(text), await cv(moved), await cv(goldFirst)];
  assert.equal(a.ties.order, 'analyzer');
  assert.ok(a.models['first-solution'].report, 'first-solution runs on the analyzer\'s order');
  assert.deepEqual(orderFree(b), orderFree(a));
  assert.deepEqual(orderFree(c), orderFree(a), 'the same figures as the gold-first reading of the same corpus');
  assert.notEqual(a.models['first-solution'].report!.all.label.A1, b.models['first-solution'].report!.all.label.A1);
});
