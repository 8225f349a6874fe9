/**
 * The JSON API over real HTTP on 127.0.0.1 (ephemeral port), served from a fake tagger:
 * every route, every error class, batch, and concurrent requests.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { getJson, postJson, serve, type Running } from '../fixtures/service/http.js';

let srv: Running;
const tagger = new FakeTagger();

before(async () => {
  srv = await serve(tagger, { bodyLimit: 64 * 1024, maxTextLength: 1000, maxBatch: 4, maxTop: 5, defaultTop: 2 });
});
after(() => srv.close());

function assertError(res: { status: number; body: any }, status: number, code: string): void {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body), ['error']);
  assert.equal(res.body.error.code, code);
  assert.equal(typeof res.body.error.message, 'string');
  assert.ok(res.body.error.message.length > 0);
}

test('POST /v1/analyze returns ranked analyses; non-Arabic tokens pass through, marked', async () => {
  const res = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب الطالب الدرس. Hello 2024 في المكتبة؟', top: 2 });
  assert.equal(res.status, 200);
  assert.equal(res.body.top, 2);
  assert.equal(res.body.sentences.length, 2);
  const [first, second] = res.body.sentences;
  assert.deepEqual(first.tokens.map((t: any) => t.input), ['كتب', 'الطالب', 'الدرس', '.']);
  const ktb = first.tokens[0];
  assert.equal(ktb.arabic, true);
  assert.equal(ktb.found, true);
  assert.equal(ktb.lookup, 'ktb');
  assert.equal(ktb.analyses.length, 2);
  assert.deepEqual(ktb.analyses.map((a: any) => a.rank), [1, 2]);
  assert.equal(ktb.analyses[0].gloss, ' + write + he/it <verb>');
  assert.equal(ktb.analyses[0].vocArabic, 'كَتَبَ');
  assert.equal(ktb.analyses[0].vocalized, 'كَتَبَ');
  assert.equal(res.body.vocalized.replace(/[\u064b-\u0652\u0670]/g, ''), 'كتب الطالب الدرس. Hello 2024 في المكتبة؟',
    'the vocalized text keeps every letter, space and punctuation mark');
  assert.ok(res.body.vocalized.startsWith('كَتَبَ '));
  assert.equal(ktb.analyses[0].elements.pos, 'VERB');
  assert.equal(ktb.analyses[0].lemmaVocalized, 'كَتَبَ', 'the lemma katab-u_1 as a reader looks it up');
  assert.equal(ktb.analyses[0].caseOrMood, '', 'a perfect verb has no case or mood');
  assert.equal(first.tokens[1].analyses[0].caseOrMood, 'nominative');
  assert.ok(ktb.analyses[0].confidence > ktb.analyses[1].confidence);
  const hello = second.tokens.find((t: any) => t.input === 'Hello');
  assert.deepEqual(hello, { input: 'Hello', lookup: null, arabic: false, found: false, analyses: [] });
  const dot = first.tokens[3];
  assert.equal(dot.arabic, false);
});

test('top defaults to the configured defaultTop; an empty text gives no sentences', async () => {
  const res = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب' });
  assert.equal(res.body.top, 2);
  assert.equal(res.body.sentences[0].tokens[0].analyses.length, 2);
  const empty = await postJson(`${srv.url}/v1/analyze`, { text: '   ' });
  assert.deepEqual(empty.body, { top: 2, sentences: [], vocalized: '   ' });
});

test('a text with line breaks is one document: the tagger gets it whole, in one call', async () => {
  const calls = tagger.calls;
  const res = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب الطالب\n\n  \nفي المكتبة', top: 1 });
  assert.equal(res.status, 200);
  assert.equal(tagger.calls, calls + 1);
  assert.deepEqual(res.body.sentences.map((s: any) => s.tokens.map((t: any) => t.input).join(' ')), ['كتب الطالب', 'في المكتبة']);
});

test('unknown Arabic words are marked found: false', async () => {
  const res = await postJson(`${srv.url}/v1/analyze`, { text: 'أوباما' });
  assert.deepEqual(res.body.sentences[0].tokens[0], { input: 'أوباما', lookup: '>wbAmA', arabic: true, found: false, analyses: [] });
});

test('POST /v1/analyze/batch answers each text in order', async () => {
  const texts = ['كتب الطالب', '', 'Hello', 'في المكتبة'];
  const res = await postJson(`${srv.url}/v1/analyze/batch`, { texts, top: 1 });
  assert.equal(res.status, 200);
  assert.equal(res.body.results.length, 4);
  assert.equal(res.body.results[0].sentences[0].tokens[1].analyses[0].gloss, 'the + student + ');
  assert.deepEqual(res.body.results[1].sentences, []);
  assert.equal(res.body.results[2].sentences[0].tokens[0].arabic, false);
  assert.equal(res.body.results[3].sentences[0].tokens[1].analyses[0].gloss, 'the + library/bookstore + [fem.sg.]');
});

test('GET /healthz and GET /v1/model', async () => {
  const health = await getJson(`${srv.url}/healthz`);
  assert.equal(health.status, 200);
  assert.equal(health.body.status, 'ok');
  assert.equal(typeof health.body.uptimeSeconds, 'number');
  const model = await getJson(`${srv.url}/v1/model`);
  assert.equal(model.status, 200);
  assert.deepEqual(model.body.model, tagger.modelInfo());
  assert.equal(model.body.service.name, 'lexdis');
  assert.deepEqual(model.body.service.limits, {
    bodyLimit: 65536,
    maxTextLength: 1000,
    maxBatch: 4,
    maxResponseBytes: 16 * 1024 * 1024,
    requestTimeoutMs: 10000,
    defaultTop: 2,
    maxTop: 5,
    maxWordLetters: 40,
  });
});

test('400 for malformed JSON, an empty body and schema violations', async () => {
  const url = `${srv.url}/v1/analyze`;
  assertError(await postJson(url, '{"text": "كتب"'), 400, 'MALFORMED_JSON');
  assertError(await postJson(url, ''), 400, 'MALFORMED_JSON');
  assertError(await postJson(url, '{"__proto__": {"x": 1}, "text": "a"}'), 400, 'MALFORMED_JSON');
  assertError(await postJson(url, { text: 42 }), 400, 'VALIDATION');
  assertError(await postJson(url, {}), 400, 'VALIDATION');
  assertError(await postJson(url, { text: 'a', top: 0 }), 400, 'VALIDATION');
  assertError(await postJson(url, { text: 'a', top: 6 }), 400, 'VALIDATION');
  assertError(await postJson(url, { text: 'a', top: '2' }), 400, 'VALIDATION');
  assertError(await postJson(url, { text: 'a', top: 1.5 }), 400, 'VALIDATION');
  assertError(await postJson(url, { text: 'a', extra: true }), 400, 'VALIDATION');
  assertError(await postJson(url, ['a']), 400, 'VALIDATION');
  assertError(await postJson(`${srv.url}/v1/analyze/batch`, { texts: 'a' }), 400, 'VALIDATION');
  assertError(await postJson(`${srv.url}/v1/analyze/batch`, { texts: ['a', 3] }), 400, 'VALIDATION');
  const v = await postJson(url, { text: 'a', top: 6 });
  assert.match(v.body.error.message, /top/);
});

test('inputScript: arabic unless the request asks for buckwalter or auto; anything else is refused', async () => {
  const url = `${srv.url}/v1/analyze`;
  assert.equal((await postJson(url, { text: 'Hello world' })).status, 200);
  assert.equal(tagger.lastInputScript, 'arabic');
  assert.equal((await postJson(url, { text: 'ktb', inputScript: 'buckwalter' })).status, 200);
  assert.equal(tagger.lastInputScript, 'buckwalter');
  assert.equal((await postJson(`${srv.url}/v1/analyze/batch`, { texts: ['ktb'], inputScript: 'auto' })).status, 200);
  assert.equal(tagger.lastInputScript, 'auto');
  assertError(await postJson(url, { text: 'a', inputScript: 'latin' }), 400, 'VALIDATION');
});

test('415 for a body that is not JSON', async () => {
  assertError(await postJson(`${srv.url}/v1/analyze`, 'text=كتب', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  assertError(await postJson(`${srv.url}/v1/analyze`, 'text=x', 'application/x-www-form-urlencoded'), 415, 'UNSUPPORTED_MEDIA_TYPE');
});

test('404 for unknown routes and wrong methods', async () => {
  assertError(await getJson(`${srv.url}/nope`), 404, 'NOT_FOUND');
  assertError(await getJson(`${srv.url}/v1/analyze`), 404, 'NOT_FOUND');
  assertError(await postJson(`${srv.url}/v2/analyze`, { text: 'a' }), 404, 'NOT_FOUND');
});

test('413 for a body over bodyLimit', async () => {
  const res = await postJson(`${srv.url}/v1/analyze`, { text: 'ك'.repeat(40 * 1024) });
  assertError(res, 413, 'BODY_TOO_LARGE');
});

test('422 for a text over maxTextLength and a batch over maxBatch', async () => {
  const long = await postJson(`${srv.url}/v1/analyze`, { text: 'ك'.repeat(1001) });
  assertError(long, 422, 'TEXT_TOO_LONG');
  assert.match(long.body.error.message, /1001.*1000/);
  assert.equal((await postJson(`${srv.url}/v1/analyze`, { text: 'ك'.repeat(1000) })).status, 200);
  const batchLong = await postJson(`${srv.url}/v1/analyze/batch`, { texts: ['كتب', 'ك'.repeat(1001)] });
  assertError(batchLong, 422, 'TEXT_TOO_LONG');
  assert.match(batchLong.body.error.message, /texts\[1\]/);
  assertError(await postJson(`${srv.url}/v1/analyze/batch`, { texts: ['a', 'b', 'c', 'd', 'e'] }), 422, 'TOO_MANY_TEXTS');
});

test('concurrent requests each get their own answer', async () => {
  const words = ['كتب', 'الطالب', 'الدرس', 'في', 'المكتبة'];
  const glosses: Record<string, string> = {
    كتب: ' + write + he/it <verb>', الطالب: 'the + student + ', الدرس: 'the + lesson + ', في: ' + in + ',
    المكتبة: 'the + library/bookstore + [fem.sg.]',
  };
  const texts = Array.from({ length: 60 }, (_, i) => `${words[i % 5]} ${words[(i * 3 + 1) % 5]} ${i}`);
  const answers = await Promise.all(texts.map((text) => postJson(`${srv.url}/v1/analyze`, { text, top: 1 })));
  answers.forEach((res, i) => {
    assert.equal(res.status, 200);
    const tokens = res.body.sentences[0].tokens;
    assert.deepEqual(tokens.map((t: any) => t.input), texts[i].split(' '));
    assert.equal(tokens[0].analyses[0].gloss, glosses[words[i % 5]]);
    assert.equal(tokens[1].analyses[0].gloss, glosses[words[(i * 3 + 1) % 5]]);
  });
});

test('every request leaves one structured access-log line', async () => {
  const before = srv.log.lines.length;
  await getJson(`${srv.url}/healthz`);
  await postJson(`${srv.url}/v1/analyze`, '{oops');
  await new Promise((r) => setTimeout(r, 20));
  const lines = srv.log.lines.slice(before).filter((l) => l.msg === 'access');
  assert.equal(lines.length, 2);
  assert.equal(lines[0].method, 'GET');
  assert.equal(lines[0].url, '/healthz');
  assert.equal(lines[0].status, 200);
  assert.equal(lines[1].status, 400);
  for (const l of lines) {
    assert.equal(typeof l.ms, 'number');
    assert.equal(typeof l.reqId, 'string');
    assert.equal(l.ip, '127.0.0.1');
  }
});
