/**
 * The page at 1280×800 in headless Chromium (the build @sparticuz/chromium ships in its npm
 * package, driven by playwright-core), served from the fake tagger so every shown value is
 * known: one text, vocalized, whose words are the buttons; the word panel with every reading,
 * its case or mood, vocalized lemma (the ID on demand) and ties shown as ties; mouse and
 * keyboard; the font; no other origin asked for anything, no console error. The phone and
 * mixed-direction text: page-phone.test.ts. Fails (does not skip) without Chromium. The
 * real-model run is e2e.test.ts.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { TaggedToken, TaggerLike } from '../../src/service/types.js';
import { launchChromium } from '../../testkit/chromium.js';
import { analyzeText, assertInViewport, DESKTOP, openPage, screenshot, stripMarks, viewportBox, PAGE_TEST_MS, PAGE_WAIT_MS, type OpenPage } from '../fixtures/service/page.js';
import { FakeTagger } from '../../testkit/fake-tagger.js';
import { postJson, serve, type Running } from '../fixtures/service/http.js';

const SENTENCE = 'كتب الطالب الدرس في المكتبة.';
/** Words with ties and with readings that differ only in their case or mood (testkit/fake-tagger.ts). */
const TIES = 'عقد الاجتماع في الأزمة.\nلن يذهب';

let tagger: TaggerLike;
let srv: Running;
let browser: Browser;
let open: OpenPage;
let page: Page;

before(async () => {
  browser = await launchChromium();
  tagger = new FakeTagger();
  srv = await serve(tagger);
  open = await openPage(browser, srv.url, DESKTOP);
  page = open.page;
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

/** The tagger's own answer for a word of `text`, which the page must show. */
function expected(text: string, word: string): TaggedToken {
  const token = tagger.tagText(text, { top: 10 }).flatMap((s) => s.tokens).find((t) => t.input === word);
  assert.ok(token && token.analyses.length > 0, `the tagger has no analysis for ${word}`);
  return token;
}

/** The word button showing `token` (its top analysis, as the fake's vocalized text does). */
function button(token: TaggedToken) {
  return page.locator('#result').getByRole('button', { name: token.analyses[0].vocalized, exact: true });
}

const pct = (p: number): string => {
  const v = p * 100;
  return `${v >= 10 || v === 0 ? v.toFixed(0) : v.toFixed(1)}%`;
};

/** Waits for the panel to show `token` and checks every reading against the tagger's analyses. */
async function panelShows(token: TaggedToken): Promise<void> {
  const shown = token.analyses[0].vocalized;
  await page.locator('#detail .headword').filter({ hasText: shown }).waitFor({ timeout: PAGE_WAIT_MS });
  const readings = page.locator('#detail .analysis');
  assert.equal(await readings.count(), token.analyses.length);
  for (const [i, a] of token.analyses.entries()) {
    const r = readings.nth(i);
    assert.equal(await r.locator('.voc').textContent(), a.vocalized);
    assert.equal(await r.locator('.gloss-main').textContent(), a.gloss.split(' + ')[1].trim());
    assert.equal(await r.locator('.lemma-ar').textContent(), a.lemmaVocalized, 'the lemma, vocalized, in Arabic script');
    assert.equal(await r.locator('.pct').textContent(), pct(a.confidence));
    const caseTag = r.locator('.case-tag');
    if (a.caseOrMood) assert.equal(await caseTag.textContent(), a.caseOrMood);
    else assert.equal(await caseTag.count(), 0);
    // the lemma ID on demand: hidden until its details are opened
    assert.equal(await r.locator('.lemma-id').isVisible(), false);
    assert.equal(await r.locator('.lemma-id').textContent(), a.lemma);
  }
}

test('one text, vocalized, whose words are the buttons', { timeout: PAGE_TEST_MS }, async () => {
  assert.equal(await page.title(), 'lexdis · Arabic reading helper');
  await analyzeText(page, SENTENCE);
  const api = (await postJson(`${srv.url}/v1/analyze`, { text: SENTENCE, top: 10 })).body as { vocalized: string };
  const result = page.locator('#result');
  assert.equal((await result.textContent())?.trim(), api.vocalized.trim(), 'the text shown is the vocalized text, once');
  assert.equal(stripMarks((await result.textContent()) ?? '').trim(), SENTENCE, 'with the typed letters');
  const words = await result.locator('.word').allTextContents();
  assert.deepEqual(words.map(stripMarks), ['كتب', 'الطالب', 'الدرس', 'في', 'المكتبة']);
  assert.deepEqual(words, ['كتب', 'الطالب', 'الدرس', 'في', 'المكتبة'].map((w) => expected(SENTENCE, w).analyses[0].vocalized),
    'each button shows its word vocalized');
  assert.equal(await result.locator('button').count(), words.length, 'the words are real buttons');
  assert.equal(await page.locator('#vocalized').count(), 0, 'no second copy of the text');
  assert.equal(await result.getAttribute('dir'), 'rtl');
  assert.equal(await result.getAttribute('lang'), 'ar');

  const student = expected(SENTENCE, 'الطالب');
  await button(student).click();
  await panelShows(student);
  assert.equal(await result.locator('.word[aria-pressed="true"]').textContent(), student.analyses[0].vocalized);
  assertInViewport(await viewportBox(page.locator('#detail .headword')), DESKTOP, 'the chosen word in the panel');
  assert.equal(await page.locator('#detail .analysis .in-text').count(), 1, 'the reading the text shows is marked');
  assert.equal(await page.locator('#announce').getAttribute('aria-live'), 'polite');
  assert.equal(await page.locator('#announce').textContent(),
    `${student.analyses[0].vocalized}: 2 readings; the first: noun, nominative, student, ${pct(student.analyses[0].confidence)}.`,
    'screen readers hear the word, how many readings, and the first');
  await page.locator('#detail .analysis').first().locator('summary').click();
  assert.equal(await page.locator('#detail .analysis').first().locator('.lemma-id').isVisible(), true, 'the lemma ID on demand');
});

test('readings name their case or mood; ties are shown as ties, with the analyzer\'s order as the reason', { timeout: PAGE_TEST_MS }, async () => {
  await analyzeText(page, TIES);
  const crisis = expected(TIES, 'الأزمة');
  await button(crisis).click();
  await panelShows(crisis);
  assert.deepEqual(await page.locator('#detail .case-tag').allTextContents(), ['genitive', 'accusative', 'nominative'],
    'readings that share lemma and gloss differ by their case, named');
  // readings 2 and 3 have the same score: both say so, the first is not tied
  assert.deepEqual(await page.locator('#detail .analysis').evaluateAll((els) => els.map((e) => e.querySelector('.tie') !== null)), [false, true, true]);
  assert.equal(await page.locator('#detail .tie-note').count(), 0, 'the first reading is not tied');

  const held = expected(TIES, 'عقد');
  await button(held).click();
  await panelShows(held);
  assert.equal(await page.locator('#detail .tie').count(), 3);
  const note = (await page.locator('#detail .tie-note').textContent()) ?? '';
  assert.match(note, /Readings 1, 2, 3 are tied/);
  assert.match(note, /analyzer's order/);
  assert.match((await page.locator('#announce').textContent()) ?? '', /, tied with reading 2, 3\.$/);
  const pcts = await page.locator('#detail .pct').allTextContents();
  assert.equal(new Set(pcts.slice(0, 3)).size, 1, 'tied readings show the same confidence');
  assert.equal(await page.locator('#detail .analysis').first().locator('.lemma-ar').textContent(), 'عَقَدَ', 'not Eaqad-i_1');

  const going = expected(TIES, 'يذهب');
  await button(going).click();
  await panelShows(going);
  assert.deepEqual(await page.locator('#detail .case-tag').allTextContents(), ['subjunctive', 'jussive', 'indicative']);
  await screenshot(page, 'service-page-1280x800');
});

test('words are reachable and opened by keyboard (Tab, Enter, Space, arrows), the focus visible', { timeout: PAGE_TEST_MS }, async () => {
  await analyzeText(page, SENTENCE);
  const name = (w: string) => expected(SENTENCE, w).analyses[0].vocalized;
  await button(expected(SENTENCE, 'الطالب')).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate('document.activeElement?.textContent'), name('الدرس'));
  assert.equal(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle'), 'solid', 'the focus is visible');
  await page.keyboard.press('Enter');
  await panelShows(expected(SENTENCE, 'الدرس'));
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate('document.activeElement?.textContent'), name('في'));
  await page.keyboard.press('Space');
  await panelShows(expected(SENTENCE, 'في'));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await panelShows(expected(SENTENCE, 'المكتبة'));
});

test('the page renders in Noto Naskh Arabic, asks nothing of any other origin, logs no error', { timeout: PAGE_TEST_MS }, async () => {
  const fonts: string[] = await page.evaluate(`document.fonts.ready.then(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family + ' ' + f.weight))`);
  assert.ok(fonts.some((f) => f.includes('Noto Naskh Arabic')), `loaded fonts: ${fonts.join(', ')}`);
  assert.equal(await page.locator('#result .word').first().evaluate((e) => (globalThis as any).getComputedStyle(e).fontFamily), '"Noto Naskh Arabic", serif');
  const foreign = open.requested.filter((u) => !u.startsWith(`${srv.url}/`) && !u.startsWith('data:'));
  assert.deepEqual(foreign, []);
  assert.deepEqual(open.consoleErrors, []);
});
