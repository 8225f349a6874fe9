import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../src/service/errors.js';
import { ANALYSIS_FIELDS, selectFields } from '../../src/service/fields.js';
import type { TaggedSentence, TaggerLike } from '../../src/service/types.js';
import { TurnQueue } from '../../src/service/queue.js';
import { SLICE_MS, tagTextJson } from '../../src/service/work.js';

const sentence = (input: string): TaggedSentence => ({
  tokens: [{ input, lookup: null, arabic: false, found: false, analyses: [] }],
});
const all = { top: 1, fields: ANALYSIS_FIELDS, deadline: Infinity };

/** Records each call; each text comes back as one sentence of one token. */
class Recorder implements TaggerLike {
  readonly seen: string[] = [];
  tagText(text: string, _options?: { top: number }): TaggedSentence[] {
    this.seen.push(text);
    return [sentence(text)];
  }
  modelInfo() { return {}; }
}

/** A tagger whose texts take one step per word, each step advancing `clock` by 10, logging it and taking `busyMs`. */
class Stepper implements TaggerLike {
  now = 0;
  readonly log: string[] = [];
  constructor(readonly busyMs = 0) {}
  tagText(text: string): TaggedSentence[] { return [...this.tagSteps(text)].filter((s) => s !== null); }
  *tagSteps(text: string): Generator<TaggedSentence | null> {
    for (const w of text.split(' ')) {
      this.now += 10;
      this.log.push(w);
      for (const end = performance.now() + this.busyMs; performance.now() < end;) { /* a step's work */ }
      yield w.endsWith('.') ? sentence(w) : null;
    }
  }
  modelInfo() { return {}; }
}

test('tagTextJson tags a text whole (one document, line breaks included); a blank text needs no call', async () => {
  const t = new Recorder();
  const q = new TurnQueue(10);
  assert.deepEqual(JSON.parse(await tagTextJson(t, q, 'p1\n\np2', all)), [sentence('p1\n\np2')]);
  assert.equal(await tagTextJson(t, q, '  \n', all), '[]');
  assert.deepEqual(t.seen, ['p1\n\np2']);
});

test('the deadline is checked before every step: a long text stops with 503 TIMEOUT inside it', async () => {
  const t = new Stepper();
  await assert.rejects(tagTextJson(t, new TurnQueue(10), 'a b. c d e. f', { ...all, deadline: 25, clock: () => t.now }), (err: unknown) => {
    assert.ok(err instanceof HttpError);
    assert.equal(err.statusCode, 503);
    assert.equal(err.code, 'TIMEOUT');
    return true;
  });
  assert.deepEqual(t.log, ['a', 'b.', 'c'], 'no step after the one that crossed the deadline');
  // a deadline already past (the request waited too long) stops before any work
  const idle = new Recorder();
  await assert.rejects(tagTextJson(idle, new TurnQueue(10), 'x', { ...all, deadline: -1, clock: () => 0 }), HttpError);
  assert.deepEqual(idle.seen, []);
});

test('the last step counts too: a text finished past the deadline is a timeout, not an answer', async () => {
  const t = new Stepper();
  await assert.rejects(tagTextJson(t, new TurnQueue(10), 'a b.', { ...all, deadline: 15, clock: () => t.now }), HttpError);
});

test('texts tagged at once are served in order, each in slices: the event loop runs between slices', async () => {
  const t = new Stepper(SLICE_MS + 1);
  const q = new TurnQueue(10);
  const events: string[] = [];
  const tick = setInterval(() => events.push('loop'), 0);
  const [a, b] = await Promise.all([tagTextJson(t, q, 'a1 a2 a3.', all), tagTextJson(t, q, 'b1 b2.', all)]);
  clearInterval(tick);
  assert.deepEqual(t.log, ['a1', 'a2', 'a3.', 'b1', 'b2.'], 'the first text finishes before the second starts');
  assert.deepEqual(JSON.parse(a), [sentence('a3.')]);
  assert.deepEqual(JSON.parse(b), [sentence('b2.')]);
  assert.ok(events.length >= 3, `the loop turned ${events.length} times while 5 slow steps ran`);
  // quick steps share one turn
  const quick = new Stepper();
  const turns: string[] = [];
  await Promise.all([tagTextJson(quick, q, 'a1 a2.', all), q.run(() => turns.push(`after ${quick.log.length}`))]);
  assert.deepEqual(turns, ['after 2']);
});

test('fields keep rank and the requested analysis fields only', async () => {
  const analysis = { rank: 1, voc: 'kataba', vocArabic: 'كَتَبَ', vocalized: 'كَتَبَ', lemma: 'katab-u_1', lemmaArabic: 'x', lemmaVocalized: 'x', morph: 'm', pos: 'VERB', caseOrMood: '',
    elements: { pos: 'VERB' }, gloss: 'write', score: 1, confidence: 0.5, source: 'analyzer' as const };
  const tagger: TaggerLike = { tagText: () => [{ tokens: [{ input: 'كتب', lookup: 'ktb', arabic: true, found: true, analyses: [analysis] }] }], modelInfo: () => ({}) };
  const got = JSON.parse(await tagTextJson(tagger, new TurnQueue(10), 'كتب', { ...all, fields: selectFields(['gloss', 'voc']) }));
  assert.deepEqual(got[0].tokens[0].analyses, [{ rank: 1, voc: 'kataba', gloss: 'write' }]);
  assert.deepEqual(got[0].tokens[0].lookup, 'ktb');
  assert.deepEqual(selectFields(undefined), ANALYSIS_FIELDS);
});
