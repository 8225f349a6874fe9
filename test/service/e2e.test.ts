/**
 * End to end with a real model: train one on part of UD Arabic-PUD through the library
 * (seeded), save it, start `lexdis serve --model DIR --port 0` as a child process, open
 * the page in headless Chromium, paste a sentence, click a word and check the shown
 * gloss and lemma against the API's answer, and tap one on a phone. Saves
 * test/artifacts/service-page-model-1280x800.png and -390x844.png (the CI artifacts). Ends
 * with SIGTERM: the server must exit with status 0.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../../src/config.js';
import { dataPaths } from '../../bin/data.js';
import { loadCorpus } from '../../src/import/load.js';
import { requireGold } from '../../src/formats/pos/pos.js';
import type { TaggedSentence, TaggedToken } from '../../src/service/types.js';
import { defaultTrainOptions, train } from '../../training/train.js';
import { launchChromium } from '../../testkit/chromium.js';
import { analyzeText, assertInViewport, DESKTOP, openPage, PHONE, screenshot, stripMarks, viewportBox, PAGE_TEST_MS, PAGE_WAIT_MS } from '../fixtures/service/page.js';

/** The sentence pasted into the page. */
const SENTENCE = 'ذهب الطالب إلى المكتبة ليقرأ كتابا عن تاريخ مصر.';
/** Training documents taken from the front of UD Arabic-PUD (one sentence each). */
const TRAIN_DOCS = 200;

let work: string;
let server: ChildProcess;
let exited: Promise<number | null>;
let url: string;
let browser: Browser;
let page: Page;
let stderr = '';
let answer: TaggedSentence[];
let vocalized: string;

before(async () => {
  browser = await launchChromium();
  work = mkdtempSync(join(tmpdir(), 'lexdis-e2e-'));
  const corpus = requireGold(loadCorpus([dataPaths.pudConllu()], { tables: dataPaths.bama() }));
  const { model } = await train(
    { ...corpus, documents: corpus.documents.slice(0, TRAIN_DOCS) },
    { seed: 42, workers: 0 },
  );
  await model.save(join(work, 'model'));

  server = spawn(process.execPath, [join(projectRoot(), 'bin', 'lexdis'), 'serve', '--model', join(work, 'model'), '--port', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  url = await new Promise<string>((resolve, reject) => {
    server.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const m = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(stderr);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`lexdis serve exited with ${code}: ${stderr}`)));
  });
  const res = await fetch(`${url}/v1/analyze`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: SENTENCE, top: 10 }),
  });
  assert.equal(res.status, 200);
  ({ sentences: answer, vocalized } = (await res.json()) as { sentences: TaggedSentence[]; vocalized: string });
  page = (await openPage(browser, url, DESKTOP)).page;
});

after(async () => {
  await browser?.close();
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (work) rmSync(work, { recursive: true, force: true });
});

function token(word: string): TaggedToken {
  const t = answer.flatMap((s) => s.tokens).find((x) => x.input === word);
  assert.ok(t, `no token ${word} in the answer`);
  return t;
}

test('lexdis serve warms up on the model\'s training words before it listens', () => {
  const warmed = /lexdis: warmed up on (\d+) of the model's training words/.exec(stderr);
  assert.ok(warmed && Number(warmed[1]) > 0, stderr.slice(0, 500));
  assert.ok(stderr.indexOf('warmed up') < stderr.indexOf('Server listening'), 'the warm-up comes first');
});

test('GET /v1/model describes the trained model', async () => {
  const info = (await (await fetch(`${url}/v1/model`)).json()) as { model: Record<string, unknown> };
  assert.equal(info.model.featureSet, defaultTrainOptions.featureSet);
  assert.equal((info.model.corpus as { documents: number }).documents, TRAIN_DOCS);
});

test('paste a sentence, click a word: the page shows the model\'s analyses, on a desktop and on a phone', { timeout: PAGE_TEST_MS }, async () => {
  await page.goto(url, { waitUntil: 'networkidle' });
  await analyzeText(page, SENTENCE);
  assert.equal((await page.locator('#result').textContent())?.trim(), vocalized.trim(), 'the text is shown once, vocalized');
  const arabicWords = answer.flatMap((s) => s.tokens).filter((t) => t.arabic).map((t) => t.input);
  assert.deepEqual((await page.locator('#result .word').allTextContents()).map(stripMarks), arabicWords, 'its words are the buttons');

  for (const word of ['المكتبة', 'ذهب']) {
    const expected = token(word);
    assert.ok(expected.found, `${word} should be found by the analyzer`);
    const index = arabicWords.indexOf(word);
    await page.locator('#result .word').nth(index).click();
    const best = expected.analyses[0];
    await page.locator('#detail .analysis .voc').first().filter({ hasText: best.vocalized }).waitFor({ timeout: PAGE_WAIT_MS });
    const stem = best.gloss.split(' + ').map((p) => p.trim())[1];
    assert.ok(stem, `gloss "${best.gloss}" has a stem part`);
    assert.equal(await page.locator('#detail .gloss-main').first().textContent(), stem);
    assert.equal(await page.locator('#detail .lemma-ar').first().textContent(), best.lemmaVocalized);
    assert.equal(await page.locator('#detail .analysis').count(), expected.analyses.length);
  }
  assert.match(token('المكتبة').analyses[0].gloss, /library/);
  assert.ok(token('ذهب').analyses.length > 1, 'ذهب is ambiguous (go, take, gild, gold…)');
  assert.ok(existsSync(await screenshot(page, 'service-page-model-1280x800')));

  const phone = await openPage(browser, url, PHONE);
  await analyzeText(phone.page, SENTENCE);
  await phone.page.locator('#result .word').nth(arabicWords.indexOf('المكتبة')).tap();
  await phone.page.locator('#detail .headword').waitFor({ timeout: PAGE_WAIT_MS });
  assertInViewport(await viewportBox(phone.page.locator('#panel')), PHONE, 'the word panel');
  assert.ok(existsSync(await screenshot(phone.page, 'service-page-model-390x844')));
  assert.deepEqual(phone.consoleErrors, []);
});

/** Runs `lexdis ARGS…` to completion. */
function lexdis(args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [join(projectRoot(), 'bin', 'lexdis'), ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stderr: r.stderr };
}

test('lexdis serve: clear errors for a busy port, a bad port and a missing model', { timeout: PAGE_TEST_MS }, async () => {
  const busy = lexdis(['serve', '--model', join(work, 'model'), '--port', new URL(url).port]);
  assert.equal(busy.status, 2, 'the address asked for cannot be used: a usage error');
  assert.match(busy.stderr, /^Error: cannot listen on 127\.0\.0\.1:\d+: address already in use \[USAGE\]$/m);
  const badPort = lexdis(['serve', '--model', join(work, 'model'), '--port', '70000']);
  assert.equal(badPort.status, 2);
  assert.match(badPort.stderr, /--port must be a port number/);
  const missing = lexdis(['serve', '--model', join(work, 'nope'), '--port', '0']);
  assert.equal(missing.status, 1);
  assert.match(missing.stderr, /^Error: .*nope.*\[DATA_NOT_FOUND\]$/m);
  for (const r of [busy, badPort, missing]) assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
});

test('SIGTERM stops lexdis serve with status 0', { timeout: PAGE_TEST_MS }, async () => {
  server.kill('SIGTERM');
  assert.equal(await exited, 0, stderr.slice(-2000));
  assert.match(stderr, /"msg":"shutting down"/);
});
