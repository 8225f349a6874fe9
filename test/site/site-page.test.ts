/**
 * The site `lexdis site` writes, as a reader uses it, in the packaged headless Chromium: served by
 * a plain static file server on 127.0.0.1 (no lexdis process), the page on a desktop and on a
 * 390×844 phone vocalizes 30 PUD sentences and a line of mixed Arabic and Latin text exactly as
 * `lexdis diacritize` does with the same model (the tagger runs in the page's Web Worker), each
 * Arabic word a button whose readings show in view when tapped, the Latin words in order, what the
 * site carries named; then the server is stopped and the page reloaded: it still works, from the
 * service worker's cache. No console error, no other origin asked for anything. Two sites of
 * different versions in folders of one origin each keep their own cache.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { dataDir, dataPaths } from '../../bin/data.js';
import * as core from '../../src/core/index.js';
import { MODEL_FILE } from '../../src/model/store-format.js';
import { writeSite } from '../../src/site/write-site.js';
import { launchChromium } from '../../testkit/chromium.js';
import { analyzeText, assertInViewport, DESKTOP, PAGE_TEST_MS, PAGE_WAIT_MS, PHONE, stripMarks, viewportBox } from '../fixtures/service/page.js';
import { serveStatic, type StaticServer } from '../../testkit/static-server.js';
import { smallModelDir } from '../helpers/small-model.js';

const MIXED = 'قالت وكالة Reuters في 2025 إن الطالبة كتبت الدرس.';
/** Thirty PUD sentences, then a line of mixed text. */
const TEXT = `${readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n').slice(300, 330).join('\n')}\n${MIXED}`;
const OFFLINE_TEXT = 'ذهب الولد إلى المدرسة في الصباح.';

let dir = '';
let browser: Browser;
let tagger: core.Tagger;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lexdis-site-page-'));
  const model = await smallModelDir();
  await writeSite({ model, out: join(dir, 'site'), dataDir: dataDir() });
  tagger = core.Tagger.fromModel(core.Model.fromBytes(readFileSync(join(model, MODEL_FILE))));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `lexdis diacritize`'s vocalized text and its Arabic words' vocalizations. */
function diacritized(text: string): { text: string; words: string[] } {
  const paragraphs = core.diacritizeText(tagger, text);
  return { text: paragraphs.map((p) => p.text).join(''), words: paragraphs.flatMap((p) => p.words.map((w) => w.vocalized)) };
}

/** Analyzes `text` in the page and checks it shows what diacritize gives, its words as buttons. */
async function showsAsDiacritize(page: Page, text: string): Promise<void> {
  await analyzeText(page, text);
  const expected = diacritized(text);
  const result = page.locator('#result');
  assert.equal((await result.textContent())?.trim(), expected.text.trim(), 'the text shown is lexdis diacritize\'s');
  assert.equal(stripMarks((await result.textContent()) ?? '').trim(), stripMarks(text).trim(), 'with the letters typed');
  assert.deepEqual(await result.locator('button.word').allTextContents(), expected.words.filter((w) => /[\u0621-\u064A]/.test(w)),
    'each Arabic word a button, vocalized as diacritize vocalizes it');
}

/** Opens the site at `viewport`, uses it, stops the server, reloads, uses it again. */
async function readerSession(viewport: typeof DESKTOP | typeof PHONE, report: (line: string) => void): Promise<void> {
  const server: StaticServer = await serveStatic(join(dir, 'site'));
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: phone, isMobile: phone });
  const errors: string[] = [];
  const asked: string[] = [];
  context.on('request', (r) => asked.push(r.url()));
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const t0 = Date.now();
    await page.goto(server.url);
    await showsAsDiacritize(page, TEXT);
    // printed, never asserted (the benchmark, bench/browser.ts, holds it against its target)
    report(`${viewport.width}×${viewport.height}: cold load to the vocalized text ${Date.now() - t0} ms`);
    assert.deepEqual((await page.locator('#result bdi.foreign').allTextContents()).slice(-2), ['Reuters', '2025'], 'the last line\'s Latin word and number, in order');
    const word = page.locator('#result button.word').nth(3);
    const shown = (await word.textContent()) ?? '';
    await (phone ? word.tap() : word.click());
    await page.locator('#detail .headword').filter({ hasText: shown }).waitFor({ timeout: PAGE_WAIT_MS });
    assert.ok(await page.locator('#detail .analysis').count() >= 1, 'the word\'s readings');
    assertInViewport(await viewportBox(page.locator('#detail .headword')), viewport, 'the tapped word\'s readings');
    assert.match((await page.locator('#carries').textContent()) ?? '', /BAMA 1\.0[\s\S]*GPL-2\.0[\s\S]*UD Arabic-PUD[\s\S]*CC BY-SA 3\.0/);
    await server.close();
    await page.reload();
    await showsAsDiacritize(page, OFFLINE_TEXT);
    assert.deepEqual(errors, [], 'no console error');
    assert.deepEqual(asked.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:')), [], 'no other origin');
    assert.equal(server.served.filter((p) => p === `/${MODEL_FILE}`).length, 1, 'the model fetched once');
  } finally {
    await context.close();
    await server.close();
  }
}

test('on a desktop: the site vocalizes as lexdis diacritize, shows a word\'s readings, and works offline once opened', { timeout: PAGE_TEST_MS }, async (t) => {
  await readerSession(DESKTOP, (line) => t.diagnostic(line));
});

test('on a 390×844 phone: the same, a tapped word\'s readings in view', { timeout: PAGE_TEST_MS }, async (t) => {
  await readerSession(PHONE, (line) => t.diagnostic(line));
});

test('two sites of different versions in folders of one origin: each keeps its own cache and works offline', { timeout: PAGE_TEST_MS }, async () => {
  const root = join(dir, 'origin');
  for (const name of ['a', 'b']) cpSync(join(dir, 'site'), join(root, name), { recursive: true });
  // b is another version of the site: its service worker names another cache
  const sw = join(root, 'b', 'sw.js');
  writeFileSync(sw, readFileSync(sw, 'utf8').replace(/"version":"([0-9a-f]+)"/, (_m, v: string) => `"version":"${[...v].reverse().join('')}"`));
  const server = await serveStatic(root);
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    const page = await context.newPage();
    for (const name of ['a', 'b']) {
      await page.goto(`${server.url}${name}/`);
      await showsAsDiacritize(page, OFFLINE_TEXT);
    }
    await server.close();
    for (const name of ['a', 'b']) {
      await page.goto(`${server.url}${name}/`);
      await showsAsDiacritize(page, MIXED);
    }
  } finally {
    await context.close();
    await server.close();
  }
});
