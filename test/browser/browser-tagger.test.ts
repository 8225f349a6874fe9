/**
 * `lexdis/browser` without a browser: BrowserTagger talks to the worker's side (serveTagger) over
 * a MessageChannel, as a page talks to its Web Worker. It answers what the core answers with the
 * same model (an analysis as the service's POST /v1/analyze, a diacritization as `lexdis
 * diacritize`), sends an analysis's sentences in parts before the answer, fetches a model by URL
 * with its progress, and rejects with the error's own class and code (a damaged model, a URL that
 * answers 404, a bad argument, a closed tagger). The real Web Worker in Chromium: test/site/.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { dataPaths } from '../../bin/data.js';
import { BrowserTagger, DataFetchError, ModelFormatError, UsageError, type WorkerLike } from '../../src/browser/index.js';
import { PART_WORDS, serveTagger } from '../../src/browser/serve.js';
import * as core from '../../src/core/index.js';
import { prepareInput } from '../../src/analyzer/script.js';
import { vocalizedText } from '../../src/tagger/diacritize.js';
import { smallModelBytes } from '../helpers/small-model.js';

/** Thirty PUD sentences the model was not trained on. */
const TEXT = readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(300, 330).join('\n');
let bytes: Uint8Array;
let server: Server;
let url = '';

/** A worker's side served on one port of a channel; the other port, as the page's worker. */
function channelWorker(): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  serveTagger(port1 as unknown as WorkerLike);
  port1.start();
  port2.start();
  return Object.assign(port2, { terminate: () => { port1.close(); port2.close(); } }) as unknown as WorkerLike;
}

before(async () => {
  bytes = await smallModelBytes();
  server = createServer((req, res) => {
    if (req.url !== '/model.lexdis') return res.writeHead(404).end();
    res.writeHead(200, { 'content-length': bytes.byteLength }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(() => server?.close());

test('it answers what the core answers: the service\'s analysis, lexdis diacritize\'s text, in parts first', async () => {
  const tagger = await BrowserTagger.load({ model: bytes, worker: channelWorker() });
  const local = core.Tagger.fromModel(core.Model.fromBytes(bytes));
  try {
    assert.equal(tagger.info.featureSet, local.modelInfo().featureSet);
    const parts: number[] = [];
    const analysis = await tagger.analyze(TEXT, { top: 3, onSentences: (s) => parts.push(s.length) });
    const expected = local.tagText(TEXT, { top: 3 });
    assert.deepEqual(analysis.sentences, expected);
    assert.equal(analysis.vocalized, vocalizedText(prepareInput(TEXT), expected).text);
    assert.equal(analysis.top, 3);
    const words = expected.reduce((n, s) => n + s.tokens.length, 0);
    assert.ok(parts.length >= Math.floor(words / (PART_WORDS * 2)) && parts.length > 1, `${words} words came in ${parts.length} parts`);
    assert.equal(parts.reduce((a, b) => a + b, 0), expected.length, 'every sentence came in a part');
    assert.deepEqual(await tagger.diacritize(TEXT), core.diacritizeText(local, TEXT));
    const bw = await tagger.diacritize('ktbt AlTAlbp', { inputScript: 'buckwalter' });
    assert.deepEqual(bw, core.diacritizeText(local, 'ktbt AlTAlbp', { inputScript: 'buckwalter' }));
  } finally {
    tagger.close();
  }
});

test('a model fetched by URL, with its progress; a URL that answers 404 is a DataFetchError', async () => {
  const progress: Array<[number, number]> = [];
  const tagger = await BrowserTagger.load({ model: `${url}/model.lexdis`, worker: channelWorker(), onProgress: (l, t) => progress.push([l, t]) });
  tagger.close();
  assert.ok(progress.length > 0);
  assert.deepEqual(progress.at(-1), [bytes.byteLength, bytes.byteLength]);
  await assert.rejects(BrowserTagger.load({ model: `${url}/missing.lexdis`, worker: channelWorker() }),
    (e: unknown) => e instanceof DataFetchError && e.code === 'DATA_FETCH' && /missing\.lexdis answered 404/.test(e.message));
});

test('errors cross with their class and code; a closed tagger refuses, and rejects what waited', async () => {
  const damaged = bytes.slice();
  damaged[damaged.length - 100] ^= 0xff;
  await assert.rejects(BrowserTagger.load({ model: damaged, worker: channelWorker() }),
    (e: unknown) => e instanceof ModelFormatError && e.code === 'MODEL_FORMAT');
  const unused = channelWorker();
  await assert.rejects(BrowserTagger.load({ model: 42 as never, worker: unused }), UsageError);
  unused.terminate();
  const tagger = await BrowserTagger.load({ model: bytes, worker: channelWorker() });
  await assert.rejects(tagger.analyze(TEXT, { top: -1 }), (e: unknown) => e instanceof UsageError && /options\.top/.test(e.message));
  const waiting = tagger.analyze(TEXT);
  tagger.close();
  await assert.rejects(waiting, (e: unknown) => e instanceof UsageError && /closed/.test(e.message));
  await assert.rejects(tagger.diacritize('كتب'), (e: unknown) => e instanceof UsageError && /closed/.test(e.message));
});
