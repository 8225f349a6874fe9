/**
 * The answer budget from the actual input (docs/service.md, "Limits"): the estimate made before
 * tagging counts each word's letters (a long word's analyses spell it out in six fields), a run
 * longer than a word is data, and the answer's real bytes are counted as it is made, so that no
 * answer passes maxResponseBytes whatever its analyses hold.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { dataPaths } from '../../bin/data.js';
import { Analyzer, MAX_WORD_LETTERS } from '../../src/analyzer/index.js';
import { Rng } from '../../src/random.js';
import { toBuckwalter } from '../../src/script/buckwalter.js';
import { Tagger } from '../../src/tagger/tagger.js';
import { estimateAnswerBytes, selectFields } from '../../src/service/fields.js';
import type { TaggedSentence } from '../../src/service/types.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { train } from '../../training/train.js';
import { pudCorpus } from '../helpers/pud.js';
import { postJson, serve, type Running } from '../fixtures/service/http.js';

const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويةىأإؤئ';
const ALL = selectFields(undefined);

function randomWords(rng: Rng, n: number, min: number, max: number): string {
  return Array.from({ length: n }, () => Array.from({ length: min + rng.int(max - min + 1) }, () => LETTERS[rng.int(LETTERS.length)]).join('')).join(' ');
}

let real: Running;
before(async () => {
  const { model } = await train(pudCorpus(120), { workers: 0, seed: 3 });
  const tagger = new Tagger(model, Analyzer.load(dataPaths.bama(), { backoff: true, caseEndings: true }));
  real = await serve(tagger, { maxTop: 20 });
});
after(() => real.close());

test('the estimate counts each word\'s letters: ten 40-letter words cost several times ten 4-letter ones', () => {
  const rng = new Rng(1);
  const short = estimateAnswerBytes([randomWords(rng, 10, 4, 4)], 20, ALL);
  const long = estimateAnswerBytes([randomWords(rng, 10, 40, 40)], 20, ALL);
  assert.ok(long > 2 * short, `${long} vs ${short}`);
  // a run longer than a word is data: its bytes (two a letter) once in the token and once in the
  // vocalized text, the token's and the text's frames
  const run = 'ب'.repeat(20_000);
  assert.equal(estimateAnswerBytes([run], 20, ALL), 2 * 2 * 20_000 + 80 + 64);
});

test('real answers stay within their estimate: PUD, random words of 2–40 letters, voweled ones, 20,000-letter runs, at top 20', async () => {
  const rng = new Rng(2);
  const voweled = randomWords(rng, 30, 2, MAX_WORD_LETTERS).split(' ').map((w) => [...w].map((c) => `${c}\u0651\u064e`).join('')).join(' ');
  const texts = [
    'ذهب الطالب إلى المكتبة ليقرأ كتابا عن تاريخ مصر.',
    randomWords(rng, 60, 2, MAX_WORD_LETTERS),
    voweled,
  ];
  for (const text of texts) {
    for (const fields of [ALL, selectFields(['vocalized', 'gloss'])]) {
      const res = await postJson(`${real.url}/v1/analyze`, { text, top: 20, fields: fields.length === ALL.length ? undefined : fields });
      assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
      const bytes = Buffer.byteLength(JSON.stringify(res.body));
      const estimate = estimateAnswerBytes([text], 20, fields);
      assert.ok(bytes <= estimate, `${bytes} bytes > the estimate ${estimate} for ${text.slice(0, 30)}…`);
    }
  }
  // ten runs of 19,989 letters (the batch): passed through as data, nothing analysed
  const runs = Array.from({ length: 10 }, (_, i) => LETTERS[i].repeat(19_989));
  const res = await postJson(`${real.url}/v1/analyze/batch`, { texts: runs, top: 20 });
  assert.equal(res.status, 200);
  assert.ok(Buffer.byteLength(JSON.stringify(res.body)) <= estimateAnswerBytes(runs, 20, ALL));
  const tokens = (res.body.results as Array<{ sentences: TaggedSentence[] }>).flatMap((r) =>
    r.sentences.flatMap((s) => s.tokens),
  );
  assert.ok(
    tokens.length === 10 && tokens.every((t) => !t.arabic && t.analyses.length === 0),
    JSON.stringify(tokens).slice(0, 200),
  );
});

test('Buckwalter input: its answers stay within the estimate; 20,000 characters of it are refused before tagging, as in Arabic', async () => {
  const sentence = 'ذهب الطالب إلى المكتبة ليقرأ كتابا عن تاريخ مصر. ';
  const bw = toBuckwalter(sentence);
  const res = await postJson(`${real.url}/v1/analyze`, { text: bw, top: 20, inputScript: 'buckwalter' });
  assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
  const bytes = Buffer.byteLength(JSON.stringify(res.body));
  assert.ok(bytes <= estimateAnswerBytes([bw], 20, ALL, 'buckwalter'), `${bytes} bytes over the estimate`);
  assert.ok(bytes > estimateAnswerBytes([bw], 20, ALL, 'arabic'), 'read as Arabic script the estimate would miss the words');
  // the case: 20,000 characters of Buckwalter at top 20, over the default 16 MiB
  const times = Math.ceil(20_000 / bw.length);
  const long = bw.repeat(times).slice(0, 20_000);
  const estimate = estimateAnswerBytes([long], 20, ALL, 'buckwalter');
  assert.equal(estimate, estimateAnswerBytes([sentence.repeat(times).slice(0, 20_000)], 20, ALL), 'as the same text in Arabic');
  for (const [text, inputScript] of [[long, 'buckwalter'], [long, 'auto']] as const) {
    const refused = await postJson(`${real.url}/v1/analyze`, { text, top: 20, inputScript });
    assert.equal(refused.status, 422, inputScript);
    // "estimated at": the refusal before any tagging (one that grew while tagging says "grew past")
    assert.match(refused.body.error.message, new RegExp(`^the answer for this text is estimated at ${estimate} bytes`), inputScript);
  }
});

/** A tagger whose analyses are far larger than any estimate (a gloss of 5,000 characters). */
class BloatedTagger extends FakeTagger {
  override tagText(text: string, options: { top: number }): TaggedSentence[] {
    return super.tagText(text, options).map((s) => ({
      tokens: s.tokens.map((t) => ({ ...t, analyses: t.analyses.map((a) => ({ ...a, gloss: 'x'.repeat(5000) })) })),
    }));
  }
}

test('an answer that grows past maxResponseBytes while it is made is stopped: 422, or an NDJSON error line', async () => {
  const srv = await serve(new BloatedTagger(), { maxResponseBytes: 20_000, maxTop: 20 });
  try {
    const text = 'كتب الطالب في المكتبة.';
    assert.ok(estimateAnswerBytes([text], 3, ALL) <= 20_000);
    const res = await postJson(`${srv.url}/v1/analyze`, { text, top: 3 });
    assert.equal(res.status, 422);
    assert.equal(res.body.error.code, 'RESPONSE_TOO_LARGE');
    assert.match(res.body.error.message, /grew past the limit of 20000 bytes/);
    const batch = await postJson(`${srv.url}/v1/analyze/batch`, { texts: ['كتب.', text], top: 3 });
    assert.equal(batch.status, 422);
    const nd = await fetch(`${srv.url}/v1/analyze/batch`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' }, body: JSON.stringify({ texts: ['كتب.', text], top: 3 }),
    });
    const lines = (await nd.text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    assert.equal(lines[0].index, 0);
    assert.ok(lines[0].sentences, 'the first text fits');
    assert.deepEqual([lines[1].index, lines[1].error.code], [1, 'RESPONSE_TOO_LARGE']);
    for (const l of lines) assert.ok(Buffer.byteLength(JSON.stringify(l)) <= 20_000);
  } finally {
    await srv.close();
  }
});
