// The service worker of a site `lexdis site` wrote: on install it stores every file of the site
// (the list and the version below, which `lexdis site` fills in) in a cache of that version,
// then answers every request of the site from it, so the page works with no network. A new
// version (the site written again) replaces the old cache of this site (its scope) when it
// activates; the caches of other sites on the same origin are left alone.
const SITE = { version: '', files: [] };
/** This site's caches: named by its scope, then its version. */
const PREFIX = `lexdis-site ${self.registration.scope} `;
const CACHE = `${PREFIX}${SITE.version}`;
const urlOf = (file) => new URL(file, self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(SITE.files.map((f) => new Request(urlOf(f), { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const url = new URL(event.request.url);
    url.search = '';
    const key = url.href === self.registration.scope ? urlOf('index.html') : url.href;
    return (await cache.match(key)) ?? fetch(event.request);
  })());
});
