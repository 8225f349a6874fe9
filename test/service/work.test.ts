import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../src/service/errors.js';
import type { TaggedSentence, TaggerLike } from '../../src/service/types.js';
import { TurnQueue } from '../../src/service/queue.js';
import { tagTexts } from '../../src/service/work.js';

/** Records each call; each text comes back as one sentence of one token. */
class Recorder implements TaggerLike {
  readonly seen: string[] = [];
  tagText(text: string, _options?: { top: number }): TaggedSentence[] {
    this.seen.push(text);
    return [{ tokens: [{ input: text, lookup: null, arabic: false, found: false, analyses: [] }] }];
  }
  modelInfo() { return {}; }
}

test('tagTexts tags each text whole (one document, line breaks included), in order; blank texts need no call', async () => {
  const t = new Recorder();
  const out = await tagTexts(t, new TurnQueue(10), ['p1\n\np2', '  \n', 'p3'], 1, Infinity);
  assert.deepEqual(t.seen, ['p1\n\np2', 'p3']);
  assert.deepEqual(out.map((s) => s.map((x) => x.tokens[0].input)), [['p1\n\np2'], [], ['p3']]);
});

test('tagTexts stops with 503 TIMEOUT before the first text reached past the deadline', async () => {
  const t = new Recorder();
  let now = 0;
  const tagger: TaggerLike = {
    tagText: (text, o) => { now += 10; return t.tagText(text, o); },
    modelInfo: () => ({}),
  };
  await assert.rejects(tagTexts(tagger, new TurnQueue(10), ['a', 'b', 'c', 'd'], 1, 15, () => now), (err: unknown) => {
    assert.ok(err instanceof HttpError);
    assert.equal(err.statusCode, 503);
    assert.equal(err.code, 'TIMEOUT');
    return true;
  });
  assert.deepEqual(t.seen, ['a', 'b']);
  // a deadline already past (the request waited too long) stops before any work
  const idle = new Recorder();
  await assert.rejects(tagTexts(idle, new TurnQueue(10), ['x'], 1, -1, () => 0), HttpError);
  assert.deepEqual(idle.seen, []);
});
