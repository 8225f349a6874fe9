/**
 * The page where the reader sees it, at a phone's size (390×844, touch) and a desktop's
 * (1280×800), served from the fake tagger: after a tap the word panel is inside the viewport
 * (a bottom sheet on the phone) and the tapped word is still in view above it; Latin inside
 * Arabic text keeps its order ("According to Reuters"), the textarea takes the direction of
 * what is typed; the sheet closes by its button or Escape; no console error. Saves
 * test/artifacts/service-page-390x844.png.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../testkit/chromium.js';
import { analyzeText, assertInViewport, DESKTOP, openPage, PHONE, screenshot, viewportBox, wordBoxes, type Box, PAGE_TEST_MS, PAGE_WAIT_MS, type OpenPage } from '../fixtures/service/page.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { serve, type Running } from '../fixtures/service/http.js';

const LATIN = ['According', 'to', 'Reuters'];
const MIXED = 'عقد الاجتماع في الأزمة. According to Reuters, قال إنه لن يذهب.';
/** Enough lines that the last words are far below the first screen on a phone. */
const LONG = `${'كتب الطالب الدرس في المكتبة.\n'.repeat(8)}${MIXED}`;

let srv: Running;
let browser: Browser;
const pages: OpenPage[] = [];

before(async () => {
  browser = await launchChromium();
  srv = await serve(new FakeTagger());
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const p = await openPage(browser, srv.url, viewport);
  pages.push(p);
  return p.page;
}

/** Latin words in reading order: left to right on a line, or on a later line. */
function assertLatinOrder(boxes: Box[], where: string): void {
  for (let i = 1; i < boxes.length; i++) {
    const [a, b] = [boxes[i - 1], boxes[i]];
    const sameLine = Math.abs(a.y - b.y) < a.height / 2;
    assert.ok(sameLine ? a.x + a.width <= b.x : b.y > a.y, `${where}: "${LATIN[i - 1]}" then "${LATIN[i]}": ${JSON.stringify([a, b])}`);
  }
}

/** Taps (or clicks) word `index` and checks the panel and the word are both in view, the word above a sheet. */
async function chooseAndCheck(
  page: Page,
  index: number,
  viewport: { width: number; height: number },
  touch: boolean,
): Promise<void> {
  const word = page.locator('#result .word').nth(index);
  if (touch) await word.tap();
  else await word.click();
  await page.locator('#detail .headword').waitFor({ timeout: PAGE_WAIT_MS });
  const panel = await viewportBox(page.locator('#panel'));
  const shown = await viewportBox(word);
  if (touch) {
    assertInViewport(panel, viewport, 'the word panel');
    assert.ok(
      panel.y >= viewport.height / 3,
      `the sheet leaves the upper part of the screen to the text: ${JSON.stringify(panel)}`,
    );
    assert.ok(
      shown.y + shown.height <= panel.y,
      `the tapped word is hidden by the sheet: ${JSON.stringify({ shown, panel })}`,
    );
  } else {
    assertInViewport(
      { ...panel, height: Math.min(panel.height, viewport.height - panel.y) },
      viewport,
      'the word panel',
    );
    assertInViewport(await viewportBox(page.locator('#detail .analysis').first()), viewport, 'the first reading');
  }
  assertInViewport(shown, viewport, 'the chosen word');
}

test('on a phone, a tapped word opens a bottom sheet inside the screen, the word still in view above it', { timeout: PAGE_TEST_MS }, async () => {
  const page = await open(PHONE);
  await analyzeText(page, LONG);
  assert.equal(await page.locator('#panel').isVisible(), false, 'no sheet before a word is chosen');
  const count = await page.locator('#result .word').count();
  for (const index of [count - 1, count - 4, 0]) await chooseAndCheck(page, index, PHONE, true);
  await screenshot(page, 'service-page-390x844');

  // the sheet closes by its button and by Escape; the focus goes back to the chosen word
  const chosen = await page.locator('#result .word[aria-pressed="true"]').textContent();
  await page.getByRole('button', { name: 'Close the word panel' }).tap();
  assert.equal(await page.locator('#panel').isVisible(), false);
  assert.equal(await page.evaluate('document.activeElement?.textContent'), chosen);
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#panel').isVisible(), true, 'the focused word opens it again');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#panel').isVisible(), false);
});

test('on a desktop, the panel beside the text is in view after a click, also far down a long text', { timeout: PAGE_TEST_MS }, async () => {
  const page = await open(DESKTOP);
  await analyzeText(page, LONG);
  assert.equal(await page.locator('#panel').isVisible(), true, 'the panel stands beside the text');
  const count = await page.locator('#result .word').count();
  for (const index of [0, count - 1]) await chooseAndCheck(page, index, DESKTOP, false);
});

test('Latin inside Arabic keeps its order, isolated, at both sizes; the textarea follows what is typed', { timeout: PAGE_TEST_MS }, async () => {
  for (const [viewport, page] of [[PHONE, pages[0].page], [DESKTOP, pages[1].page]] as const) {
    await analyzeText(page, MIXED);
    const where = `${viewport.width}×${viewport.height}`;
    const foreign = page.locator('#result bdi');
    assert.equal(await foreign.count(), 1, 'one isolated run');
    assert.equal(await foreign.textContent(), 'According to Reuters');
    assert.equal(await foreign.evaluate((e) => (globalThis as any).getComputedStyle(e).unicodeBidi), 'isolate'); // eslint-disable-line @typescript-eslint/no-explicit-any
    assertLatinOrder(await wordBoxes(foreign, LATIN), where);
    // its comma punctuates the Arabic sentence: it stands after the phrase in reading order, to its left
    const [comma] = await wordBoxes(page.locator('#result'), [',']);
    // on one line the run stands between the Arabic before it (to its right) and after it (to its left)
    const [before, after] = await Promise.all([viewportBox(page.locator('#result .word').nth(3)), viewportBox(page.locator('#result .word').nth(4))]);
    const run = await viewportBox(foreign);
    const oneLine = Math.abs(before.y - run.y) < run.height && Math.abs(after.y - run.y) < run.height;
    if (viewport === DESKTOP) assert.ok(oneLine, 'the sentence fits one line on a desktop');
    if (oneLine) {
      assert.ok(after.x + after.width <= run.x && run.x + run.width <= before.x, `${where}: ${JSON.stringify({ before, run, after })}`);
      assert.ok(after.x + after.width <= comma.x && comma.x + comma.width <= run.x, `${where}: the comma ${JSON.stringify({ comma, run, after })}`);
    }
  }
  const page = pages[1].page;
  const direction = () => page.locator('#text').evaluate((e) => (globalThis as any).getComputedStyle(e).direction); // eslint-disable-line @typescript-eslint/no-explicit-any
  assert.equal(await page.locator('#text').getAttribute('dir'), 'auto');
  await page.locator('#text').fill('According to Reuters, قال إنه لن يذهب.');
  assert.equal(await direction(), 'ltr', 'English first: left to right, not mirrored');
  await page.locator('#text').fill(MIXED);
  assert.equal(await direction(), 'rtl');
  for (const p of pages) assert.deepEqual(p.consoleErrors, []);
});
