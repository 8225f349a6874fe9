// The reading page's backend in a static site (`lexdis site`): the tagger runs in this browser,
// in a Web Worker (lexdis-browser.js starts lexdis-worker.js), on the model the site carries;
// nothing typed leaves the browser. A service worker (sw.js) keeps the site's files, so that once
// opened the page works with no network. `lexdis serve` serves backend-service.js in its place.
import { BrowserTagger } from './lexdis-browser.js';

/** The page's limits here: no server to protect, a text as long as a long article. */
const LIMITS = { maxTop: 10, maxTextLength: 500000 };

/**
 * Registers the service worker and waits until it has stored the site's files (or failed: the
 * page then works online only), so that the model is fetched once, into its cache.
 */
async function keepOffline() {
  if (!('serviceWorker' in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register('sw.js');
  } catch {
    return;
  }
  const installing = registration.installing ?? registration.waiting;
  if (!installing) return;
  await new Promise((resolve) => {
    const settled = () => ['activated', 'redundant'].includes(installing.state) && resolve();
    installing.addEventListener('statechange', settled);
    settled();
  });
}

/**
 * What the page needs before the first text (the model's line, the limits, what the site carries),
 * and `analyze`, which waits for the model. `onStatus(message)` tells how the loading goes.
 */
export async function connect(onStatus = () => {}) {
  const site = await (await fetch('site.json')).json();
  onStatus('Loading the model…');
  const tagger = keepOffline().then(() => BrowserTagger.load({
    model: site.model.file,
    worker: 'lexdis-worker.js',
    onProgress: (loaded, total) => total && onStatus(`Loading the model… ${Math.floor((100 * loaded) / total)}%`),
  }));
  tagger.then(() => onStatus('Ready: the model runs in this browser, offline too.'),
    (err) => onStatus(`The model did not load: ${err.message}`));
  return {
    model: site.model.info,
    limits: LIMITS,
    carries: site.carries,
    analyze: async (text, top) => (await tagger).analyze(text, { top }),
  };
}
