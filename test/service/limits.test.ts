/**
 * Issue 15's service contract: the answer-size budget (422 RESPONSE_TOO_LARGE with the
 * figures, before any tagging), `fields`, NDJSON batches, and the error shape for framework
 * errors (bad URL, charset other than UTF-8); /v1/model names the corpus file, not its path.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { toBuckwalter } from '../../src/script/buckwalter.js';
import { estimateAnswerBytes, selectFields } from '../../src/service/fields.js';
import type { TaggedSentence, TaggerLike } from '../../src/service/types.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { getJson, postJson, serve, type Running } from '../fixtures/service/http.js';

/** The fake tagger, with a trainer's absolute corpus paths in its model information. */
class PathTagger extends FakeTagger {
  override modelInfo() {
    const sources = [{ source: '/home/trainer/secret/atb-p1.pos', documents: 3 }, { source: 'C:\\corpora\\atb-p2.pos', documents: 4 }];
    return { ...super.modelInfo(), corpus: { source: '/home/trainer/secret/atb-p1.pos,C:\\corpora\\atb-p2.pos', tokens: 9, sources } };
  }
}

const tagger = new PathTagger();
let srv: Running;
const BUDGET = 40_000;
before(async () => { srv = await serve(tagger, { maxResponseBytes: BUDGET, maxTop: 20 }); });
after(() => srv.close());

const words = (n: number) => Array.from({ length: n }, (_, i) => ['كتب', 'الطالب', 'في', 'المكتبة'][i % 4]).join(' ');

test('an answer estimated over maxResponseBytes is refused before tagging, with the figures', async () => {
  const text = words(60);
  const estimate = estimateAnswerBytes([text], 20, selectFields(undefined));
  assert.ok(estimate > BUDGET);
  const calls = tagger.calls;
  const res = await postJson(`${srv.url}/v1/analyze`, { text, top: 20 });
  assert.equal(res.status, 422);
  assert.equal(res.body.error.code, 'RESPONSE_TOO_LARGE');
  assert.match(res.body.error.message, new RegExp(`estimated at ${estimate} bytes .*top 20.*limit is ${BUDGET} bytes`));
  assert.equal(tagger.calls, calls, 'nothing was tagged');
  // the same text with fewer fields or a lower top fits, and the real answer is within the estimate
  const small = await postJson(`${srv.url}/v1/analyze`, { text, top: 3, fields: ['voc', 'gloss'] });
  assert.equal(small.status, 200, JSON.stringify(small.body));
  assert.ok(JSON.stringify(small.body).length <= estimateAnswerBytes([text], 3, selectFields(['voc', 'gloss'])));
  const batch = await postJson(`${srv.url}/v1/analyze/batch`, { texts: [words(20), words(20), words(20)], top: 20 });
  assert.equal(batch.status, 422);
  assert.match(batch.body.error.message, /for this batch/);
  const limits = (await getJson(`${srv.url}/v1/model`)).body.service.limits;
  assert.equal(limits.maxResponseBytes, BUDGET);
});

test('Buckwalter text is estimated as the Arabic it is read as: refused before tagging like the same text in Arabic', async () => {
  const arabic = words(60);
  const bw = toBuckwalter(arabic);
  const all = selectFields(undefined);
  const estimate = estimateAnswerBytes([arabic], 20, all);
  assert.equal(estimateAnswerBytes([bw], 20, all, 'buckwalter'), estimate);
  assert.equal(estimateAnswerBytes([bw], 20, all, 'auto'), estimate, 'auto: no Arabic letter, read as Buckwalter');
  assert.ok(estimateAnswerBytes([bw], 20, all, 'arabic') < BUDGET, 'read as Arabic script, the same letters are no words');
  const calls = tagger.calls;
  for (const inputScript of ['buckwalter', 'auto']) {
    const res = await postJson(`${srv.url}/v1/analyze`, { text: bw, top: 20, inputScript });
    assert.equal(res.status, 422, inputScript);
    assert.equal(res.body.error.code, 'RESPONSE_TOO_LARGE');
    assert.match(res.body.error.message, new RegExp(`estimated at ${estimate} bytes`), inputScript);
    const batch = await postJson(`${srv.url}/v1/analyze/batch`, { texts: [bw], top: 20, inputScript });
    assert.equal(batch.status, 422, inputScript);
    assert.match(batch.body.error.message, new RegExp(`for this batch is estimated at ${estimate} bytes`));
  }
  assert.equal(tagger.calls, calls, 'nothing was tagged');
});

test('fields: rank and the named analysis fields only; an unknown field is a 400', async () => {
  const res = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب الطالب', top: 2, fields: ['gloss', 'voc', 'pos'] });
  assert.equal(res.status, 200);
  const analyses = (res.body.sentences as TaggedSentence[]).flatMap((s) => s.tokens.flatMap((t) => t.analyses));
  assert.ok(analyses.length >= 3);
  for (const a of analyses) assert.deepEqual(Object.keys(a), ['rank', 'voc', 'pos', 'gloss']);
  const full = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب الطالب', top: 2 });
  assert.deepEqual(full.body.sentences[0].tokens[0].analyses[0].voc, res.body.sentences[0].tokens[0].analyses[0].voc);
  for (const bad of [['colour'], [], ['voc', 'voc']]) {
    assert.equal((await postJson(`${srv.url}/v1/analyze`, { text: 'كتب', fields: bad })).status, 400, JSON.stringify(bad));
  }
});

/** POSTs a batch asking for NDJSON; the answer's status, content type and parsed lines. */
async function ndjson(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text, lines: text.split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
}

test('a batch streams as NDJSON on Accept: application/x-ndjson, one line per text, same content as JSON', async () => {
  const texts = ['كتب الطالب.', '', 'في المكتبة'];
  const r = await ndjson(`${srv.url}/v1/analyze/batch`, { texts, top: 2 });
  assert.equal(r.status, 200);
  assert.match(r.type ?? '', /^application\/x-ndjson/);
  assert.ok(r.text.endsWith('\n'));
  const json = await postJson(`${srv.url}/v1/analyze/batch`, { texts, top: 2 });
  assert.deepEqual(
    r.lines,
    json.body.results.map((x: { sentences: unknown; vocalized: string }, index: number) => ({
      index,
      sentences: x.sentences,
      vocalized: x.vocalized,
    })),
  );
});

test('an NDJSON batch past its deadline ends with an error line', async () => {
  const slow: TaggerLike = new FakeTagger({ delayMs: 60 });
  const s = await serve(slow, { requestTimeoutMs: 100 });
  try {
    const r = await ndjson(`${s.url}/v1/analyze/batch`, { texts: ['كتب', 'في', 'الطالب', 'كتب', 'في'] });
    assert.equal(r.status, 200);
    const last = r.lines.at(-1);
    assert.equal(last.error.code, 'TIMEOUT');
    assert.equal(last.index, r.lines.length - 1);
    assert.ok(r.lines.length < 5);
  } finally {
    await s.close();
  }
});

/** A raw GET of `path` (fetch would normalize a bad URL). */
function rawGet(url: string, path: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    }).on('error', reject).end();
  });
}

test('framework errors have the documented shape: a bad URL, a charset other than UTF-8', async () => {
  const bad = await rawGet(srv.url, '/%E0%A4%A');
  assert.equal(bad.status, 400);
  assert.deepEqual(Object.keys(bad.body), ['error']);
  assert.equal(bad.body.error.code, 'BAD_REQUEST');
  for (const charset of ['latin1', 'ISO-8859-1', 'utf-16']) {
    const res = await postJson(`${srv.url}/v1/analyze`, { text: 'كتب' }, `application/json; charset=${charset}`);
    assert.equal(res.status, 415, charset);
    assert.deepEqual(Object.keys(res.body), ['error']);
    assert.equal(res.body.error.code, 'UNSUPPORTED_MEDIA_TYPE');
    assert.match(res.body.error.message, /UTF-8/);
  }
  for (const ok of ['application/json; charset=utf-8', 'application/json; charset="UTF8"', 'application/json']) {
    assert.equal((await postJson(`${srv.url}/v1/analyze`, { text: 'كتب' }, ok)).status, 200, ok);
  }
});

/** POSTs raw bytes as application/json; the status and the parsed answer. */
async function postBytes(url: string, bytes: Uint8Array): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
  return { status: res.status, body: await res.json() };
}

test('a body that is not UTF-8 is a 400 INPUT_PARSE naming the first bad byte, never U+FFFD in the text', async () => {
  const head = Buffer.from('{"text":"كتب ', 'utf8');
  const cases: Array<[string, Buffer]> = [
    ['a Windows-1256 byte', Buffer.concat([head, Buffer.from([0xc7, 0x20]), Buffer.from('"}')])],
    ['a lone continuation byte', Buffer.concat([head, Buffer.from([0x80]), Buffer.from('"}')])],
    ['an encoded surrogate', Buffer.concat([head, Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])],
    ['a character cut by the end', Buffer.concat([head, Buffer.from([0xd9])])],
  ];
  for (const [what, body] of cases) {
    for (const path of ['/v1/analyze', '/v1/analyze/batch']) {
      const res = await postBytes(`${srv.url}${path}`, body);
      assert.equal(res.status, 400, `${what} ${path}`);
      assert.deepEqual(res.body, {
        error: { code: 'INPUT_PARSE', message: `the body is not valid UTF-8: a bad byte at byte offset ${head.length}` },
      }, what);
    }
  }
  // a U+FFFD the client typed is text like any other; JSON's own errors are still MALFORMED_JSON
  const typed = await postBytes(`${srv.url}/v1/analyze`, Buffer.from('{"text":"كتب \ufffd"}', 'utf8'));
  assert.equal(typed.status, 200);
  assert.ok(typed.body.vocalized.endsWith(' \ufffd'), typed.body.vocalized);
  assert.equal((await postBytes(`${srv.url}/v1/analyze`, Buffer.from('{"text":'))).body.error.code, 'MALFORMED_JSON');
  assert.equal((await postBytes(`${srv.url}/v1/analyze`, Buffer.alloc(0))).body.error.code, 'MALFORMED_JSON');
  const proto = await postBytes(`${srv.url}/v1/analyze`, Buffer.from('{"text":"x","__proto__":{"a":1}}'));
  assert.equal(proto.body.error.code, 'MALFORMED_JSON');
});

test('/v1/model names the corpus files, never their paths', async () => {
  const model = (await getJson(`${srv.url}/v1/model`)).body.model;
  assert.equal(model.corpus.source, 'atb-p1.pos,atb-p2.pos');
  assert.equal(model.corpus.tokens, 9);
  assert.deepEqual(model.corpus.sources, [{ source: 'atb-p1.pos', documents: 3 }, { source: 'atb-p2.pos', documents: 4 }]);
});
