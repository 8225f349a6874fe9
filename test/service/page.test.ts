/**
 * The page in headless Chromium (the build @sparticuz/chromium ships in its npm package, driven by
 * playwright-core), served from the fake tagger so every shown value is known: paste a
 * sentence, choose words by mouse and keyboard, check the panel against the tagger's own
 * answer, the font, and that no other origin is asked for anything. Fails (does not
 * skip) without Chromium. The real-model run is e2e.test.ts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../../src/config.js';
import type { TaggedToken, TaggerLike } from '../../src/service/types.js';
import { launchChromium } from '../fixtures/service/browser.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { serve, type Running } from '../fixtures/service/http.js';

const SENTENCE = 'كتب الطالب الدرس في المكتبة.';
const SCREENSHOT = join(projectRoot(), 'test', 'artifacts', 'service-page-fake.png');

let tagger: TaggerLike;
let srv: Running;
let browser: Browser;
let page: Page;
const requested: string[] = [];
const consoleErrors: string[] = [];

before(async () => {
  browser = await launchChromium();
  tagger = new FakeTagger();
  srv = await serve(tagger);
  page = await browser.newPage({ viewport: { width: 1200, height: 860 }, deviceScaleFactor: 1 });
  page.on('request', (r) => requested.push(r.url()));
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

/** The word button with exactly this text. */
function word(text: string) {
  return page.locator('#result').getByRole('button', { name: text, exact: true });
}

/** The tagger's own answer for a word of SENTENCE, which the page must show. */
function expected(word: string): TaggedToken {
  const tokens = tagger.tagText(SENTENCE, { top: 10 }).flatMap((s) => s.tokens);
  const token = tokens.find((t) => t.input === word);
  assert.ok(token && token.analyses.length > 0, `the tagger has no analysis for ${word}`);
  return token;
}

async function detailShows(token: TaggedToken): Promise<void> {
  const best = token.analyses[0];
  await page.locator('#detail .headword').filter({ hasText: best.vocalized }).waitFor({ timeout: 5000 });
  const parts = best.gloss.split(' + ').map((p) => p.trim());
  assert.equal(await page.locator('#detail .gloss-main').textContent(), parts[1]);
  const phrase = parts.filter(Boolean).join(' ');
  if (phrase === parts[1]) assert.equal(await page.locator('#detail .gloss-phrase').count(), 0);
  else assert.equal(await page.locator('#detail .gloss-phrase').textContent(), phrase);
  assert.equal((await page.locator('#detail .translit').textContent()), best.voc);
  assert.equal(await page.locator('#detail .alts li').count(), token.analyses.length - 1);
}

test('the page analyzes a pasted sentence and shows a chosen word', { timeout: 90_000 }, async () => {
  await page.goto(srv.url, { waitUntil: 'networkidle' });
  assert.equal(await page.title(), 'lexdis · Arabic reading helper');
  await page.locator('#text').fill(SENTENCE);
  await page.getByRole('button', { name: 'Analyze' }).click();
  await page.locator('#result .word').first().waitFor({ timeout: 10_000 });

  const words = await page.locator('#result .word').allTextContents();
  assert.deepEqual(words, ['كتب', 'الطالب', 'الدرس', 'في', 'المكتبة']);
  const vocalized = await page.locator('#vocalized').textContent();
  assert.ok(await page.locator('#vocalized').isVisible(), 'the vocalized sentence is shown above the words');
  assert.equal(vocalized?.replace(/[\u064b-\u0652\u0670]/g, ''), SENTENCE, 'the vocalized sentence keeps the typed letters');
  assert.ok(vocalized?.startsWith(expected('كتب').analyses[0].vocalized));
  assert.equal(await page.locator('#result').getAttribute('dir'), 'rtl');
  assert.equal(await page.locator('#result').getAttribute('lang'), 'ar');
  assert.equal(await page.locator('#detail').getAttribute('aria-live'), 'polite');

  const student = expected('الطالب');
  await word('الطالب').click();
  await detailShows(student);
  assert.equal(await page.locator('#result .word[aria-pressed="true"]').textContent(), 'الطالب');
  const pcts = await page.locator('#detail .pct').allTextContents();
  assert.equal(pcts.length, student.analyses.length);
  pcts.forEach((p, i) => {
    const v = student.analyses[i].confidence * 100;
    assert.equal(p, `${v >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(1)}%`);
  });
  for (const p of pcts) assert.match(p, /^\d+(\.\d)?%$/);
});

test('words are reachable and opened by keyboard (Tab, Enter, Space, arrows)', { timeout: 30_000 }, async () => {
  await word('الطالب').focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate('document.activeElement?.textContent'), 'الدرس');
  await page.keyboard.press('Enter');
  await detailShows(expected('الدرس'));
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate('document.activeElement?.textContent'), 'في');
  await page.keyboard.press('Space');
  await detailShows(expected('في'));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await detailShows(expected('المكتبة'));
});

test('the page renders in Noto Naskh Arabic and asks nothing of any other origin', { timeout: 30_000 }, async () => {
  await word('كتب').click();
  await detailShows(expected('كتب'));
  const fonts: string[] = await page.evaluate(`document.fonts.ready.then(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family + ' ' + f.weight))`);
  assert.ok(fonts.some((f) => f.includes('Noto Naskh Arabic')), `loaded fonts: ${fonts.join(', ')}`);
  const foreign = requested.filter((u) => !u.startsWith(`${srv.url}/`) && !u.startsWith('data:'));
  assert.deepEqual(foreign, []);
  assert.deepEqual(consoleErrors, []);
  mkdirSync(join(projectRoot(), 'test', 'artifacts'), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  assert.ok(existsSync(SCREENSHOT));
});
