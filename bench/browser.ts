/**
 * The reading helper in the browser: `lexdis site` of a model, served by a plain static file server
 * on 127.0.0.1 (testkit/static-server.ts), opened in the packaged headless Chromium
 * (testkit/chromium.ts). Printed as JSON, each figure the median of `--rounds` fresh browser
 * contexts (no cache, no service worker):
 *   - `coldLoadMs`: from the page's navigation to the first vocalized paragraph (a paragraph typed
 *     and Analyze pressed at once, so it waits for the model: fetched, checked, the tagger made),
 *     and `transferBytes`, what the server sent by then (headers included; the service worker
 *     stores the site, the model once);
 *   - `wordsPerSecond`: the in-browser tagger (BrowserTagger, its Web Worker) analyzing `--words`
 *     words of PUD, a first pass over text it has not seen and a second, warm one, the time from
 *     the call to the answer, messages included;
 *   - `longestTaskMs`: the reading page vocalizing the same `--words` words (typed, Analyze,
 *     until every word is shown): the longest task of the page's main thread the Long Tasks API
 *     reports (it reports those over 50 ms: 0 when there was none), and their count; then a task
 *     of 150 ms the page runs on purpose, which it must report (`probe150ms`), or the API is not there;
 *   - `checks`: the targets, each with its figure: cold load ≤ 3,000 ms, transfer ≤ 8 MB, warm ≥
 *     10,000 words/s, no main-thread task over 100 ms.
 *
 * Run: `node dist/bench/browser.js --model DIR [--rounds 3] [--words 5000] [--out FILE]` (the
 * model: the PUD-trained one, `DATA/models/pud` after `lexdis setup`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { dataDir, dataPaths } from '../bin/data.js';
import { writeSite } from '../src/site/write-site.js';
import { launchChromium } from '../testkit/chromium.js';
import { serveStatic, type StaticServer } from '../testkit/static-server.js';
import { argNumber, argValue, emitJson, errorLine, exitOnHelp, median, round } from './common.js';

/** The first sentences of PUD holding at least `words` white-space words. */
function pudText(words: number): { text: string; words: number } {
  const lines: string[] = [];
  let n = 0;
  for (const line of readFileSync(dataPaths.referenceSentences(), 'utf8').split('\n')) {
    if (n >= words) break;
    lines.push(line);
    n += line.split(/\s+/).filter(Boolean).length;
  }
  return { text: lines.join('\n'), words: n };
}

/** A fresh context (no cache, no service worker) whose pages record the Long Tasks API's tasks. */
async function freshContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // the page's own code: a string, as the page runs it (this file is typed for Node, not the DOM)
  await context.addInitScript(`window.lexdisLongTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.lexdisLongTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });`);
  return context;
}

/**
 * Serves `site` on a static server of its own and runs `use` on a page of a fresh context opened
 * at it (the time it is opened given: the page's navigation starts then); stops both after.
 */
async function onFreshPage<T>(
  browser: Browser, site: string, use: (page: Page, server: StaticServer, openedAt: number) => Promise<T>,
): Promise<T> {
  const server = await serveStatic(site);
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    const openedAt = Date.now();
    await page.goto(server.url, { waitUntil: 'domcontentloaded' });
    return await use(page, server, openedAt);
  } finally {
    await context.close();
    await server.close();
  }
}

/** One cold load: milliseconds to the first vocalized paragraph, and the bytes sent by then. */
async function coldLoad(browser: Browser, site: string, paragraph: string): Promise<{ ms: number; bytes: number }> {
  return onFreshPage(browser, site, async (page, server, openedAt) => {
    await page.locator('#text').fill(paragraph);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.locator('#result .word').first().waitFor({ timeout: 120_000 });
    const ms = Date.now() - openedAt;
    await page.locator('#status').filter({ hasText: 'analyzed' }).waitFor({ timeout: 120_000 });
    return { ms, bytes: server.bytesSent() };
  });
}

/** The in-browser tagger's words/s over `text`: a first pass, then a warm one. */
async function taggerSpeed(
  browser: Browser, site: string, text: string, words: number,
): Promise<{ first: number; warm: number }> {
  return onFreshPage(browser, site, async (page) => {
    const ms = await page.evaluate<{ first: number; warm: number }>(`(async (text) => {
      const { BrowserTagger } = await import(new URL('lexdis-browser.js', location.href).href);
      const tagger = await BrowserTagger.load({ model: 'model.lexdis', worker: 'lexdis-worker.js' });
      const pass = async () => {
        const t0 = performance.now();
        await tagger.analyze(text, { top: 10 });
        return performance.now() - t0;
      };
      const first = await pass();
      const warm = await pass();
      tagger.close();
      return { first, warm };
    })(${JSON.stringify(text)})`);
    return { first: words / (ms.first / 1000), warm: words / (ms.warm / 1000) };
  });
}

/** The reading page vocalizing `text` (model loaded first): its longest main-thread task, how many over 50 ms. */
async function pageTasks(
  browser: Browser, site: string, text: string,
): Promise<{ longestMs: number; over50: number; probeMs: number }> {
  return onFreshPage(browser, site, async (page) => {
    await page.locator('#status').filter({ hasText: 'Ready' }).waitFor({ timeout: 120_000 });
    await page.locator('#text').fill(text);
    await page.evaluate('window.lexdisLongTasks.length = 0');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.locator('#status').filter({ hasText: 'analyzed' }).waitFor({ timeout: 120_000 });
    // the Long Tasks API reports a task once it has ended: a frame later
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100)))');
    const tasks = await page.evaluate<number[]>('window.lexdisLongTasks');
    // the probe: a 150 ms task of the page's own must be reported, or the figure above means nothing
    await page.evaluate('setTimeout(() => { const end = performance.now() + 150; while (performance.now() < end); }, 0)');
    await page.evaluate('new Promise((r) => setTimeout(r, 300))');
    const probe = await page.evaluate<number[]>('window.lexdisLongTasks');
    const probeMs = Math.max(0, ...probe.slice(tasks.length));
    return { longestMs: Math.max(0, ...tasks), over50: tasks.length, probeMs };
  });
}

async function main(argv: string[]): Promise<void> {
  exitOnHelp(argv, import.meta.url);
  const model = argValue(argv, '--model');
  if (!model) throw new Error('--model DIR is required (the PUD-trained model: DATA/models/pud after lexdis setup)');
  const rounds = argNumber(argv, '--rounds', 3);
  const { text, words } = pudText(argNumber(argv, '--words', 5000));
  const paragraph = text.split('\n')[0];
  const dir = mkdtempSync(join(tmpdir(), 'lexdis-bench-site-'));
  const browser = await launchChromium();
  try {
    const site = join(dir, 'site');
    const written = await writeSite({ model, out: site, dataDir: dataDir() });
    const cold = [];
    const speed = [];
    const tasks = [];
    for (let r = 0; r < rounds; r++) {
      cold.push(await coldLoad(browser, site, paragraph));
      speed.push(await taggerSpeed(browser, site, text, words));
      tasks.push(await pageTasks(browser, site, text));
      process.stderr.write(`[bench browser] round ${r + 1}/${rounds}\n`);
    }
    const coldLoadMs = median(cold.map((c) => c.ms));
    const transferBytes = median(cold.map((c) => c.bytes));
    const warm = median(speed.map((s) => s.warm));
    const longestTaskMs = Math.max(...tasks.map((t) => t.longestMs));
    emitJson({
      kind: 'lexdis-bench-browser', date: new Date().toISOString(), model, rounds, words,
      siteBytes: written.files.reduce((n, f) => n + f.bytes, 0),
      coldLoadMs: { median: coldLoadMs, rounds: cold.map((c) => c.ms) },
      transferBytes: { median: transferBytes, rounds: cold.map((c) => c.bytes) },
      wordsPerSecond: {
        first: round(median(speed.map((s) => s.first)), 0), warm: round(warm, 0),
        rounds: speed.map((s) => ({ first: round(s.first, 0), warm: round(s.warm, 0) })),
      },
      longestTaskMs: {
        max: round(longestTaskMs, 0),
        rounds: tasks.map((t) => ({
          longest: round(t.longestMs, 0), over50: t.over50, probe150ms: round(t.probeMs, 0),
        })),
      },
      checks: {
        coldLoadAtMost3s: { value: coldLoadMs, pass: coldLoadMs <= 3000 },
        transferAtMost8MB: { value: transferBytes, pass: transferBytes <= 8e6 },
        warmAtLeast10kWordsPerSecond: { value: round(warm, 0), pass: warm >= 10_000 },
        noMainThreadTaskOver100ms: {
          value: round(longestTaskMs, 0), pass: longestTaskMs <= 100 && tasks.every((t) => t.probeMs >= 150),
        },
      },
    }, argValue(argv, '--out'));
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${errorLine(err)}\n`);
  process.exitCode = 1;
});
