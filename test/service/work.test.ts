import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../../src/service/errors.js';
import type { TaggedSentence, TaggerLike } from '../../src/service/types.js';
import { paragraphs, tagTexts } from '../../src/service/work.js';

/** Records each call; each sentence is the paragraph itself as one token. */
class Recorder implements TaggerLike {
  readonly seen: string[] = [];
  tagText(text: string, _options?: { top: number }): TaggedSentence[] {
    this.seen.push(text);
    return [{ tokens: [{ input: text, lookup: null, arabic: false, found: false, analyses: [] }] }];
  }
  modelInfo() { return {}; }
}

test('paragraphs: split at blank lines (LF or CRLF, blank lines with spaces), empty ones dropped', () => {
  assert.deepEqual(paragraphs('a b\nc\n\nd\r\n \r\ne\n\n\n'), ['a b\nc', 'd', 'e']);
  assert.deepEqual(paragraphs('   \n\n\t'), []);
  assert.deepEqual(paragraphs(''), []);
  assert.deepEqual(paragraphs('one line'), ['one line']);
});

test('tagTexts tags every paragraph of every text, in order', async () => {
  const t = new Recorder();
  const out = await tagTexts(t, ['p1\n\np2', '', 'p3'], 1, Infinity);
  assert.deepEqual(t.seen, ['p1', 'p2', 'p3']);
  assert.deepEqual(out.map((s) => s.map((x) => x.tokens[0].input)), [['p1', 'p2'], [], ['p3']]);
});

test('tagTexts stops with 503 TIMEOUT before the first unit that starts past the deadline', async () => {
  const t = new Recorder();
  let now = 0;
  const clock = () => now;
  const tagger: TaggerLike = {
    tagText: (text, o) => { now += 10; return t.tagText(text, o); },
    modelInfo: () => ({}),
  };
  await assert.rejects(tagTexts(tagger, ['a\n\nb\n\nc', 'd'], 1, 15, clock), (err: unknown) => {
    assert.ok(err instanceof HttpError);
    assert.equal(err.statusCode, 503);
    assert.equal(err.code, 'TIMEOUT');
    return true;
  });
  assert.deepEqual(t.seen, ['a', 'b']);
  // a deadline already past stops before any work
  const idle = new Recorder();
  await assert.rejects(tagTexts(idle, ['x'], 1, -1, () => 0), HttpError);
  assert.deepEqual(idle.seen, []);
});
