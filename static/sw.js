/* Tablekeeper's service worker: after one visit the app shell and the whole rules reference
   work without network (docs/PAGES.md, "Offline"). Served at /sw.js by
   rulesref.offline_views.service_worker, which puts the shell version in below. */
'use strict';

const VERSION = '__SHELL_VERSION__';  // a hash of the static files and templates: a deploy changes it
const CACHE = 'tk-' + VERSION;
const INDEX = '/rules/index.json';
const OFFLINE = '/offline/';

// Install fails when one of these cannot be fetched: without them offline use is broken anyway.
const SHELL = [
  '/', '/rules/', INDEX, OFFLINE,
  '/static/css/site.css', '/static/vendor/htmx-2.0.11.min.js', '/static/js/offline-search.js',
  '/manifest.webmanifest', '/static/icons/icon-192.png', '/static/icons/icon-512.png', '/static/icons/icon.svg',
];
// The page scripts of the home and table pages, and every game's own table assets: cached when the
// server has them. The view fills in the games' list from the catalog.
const OPTIONAL = ['/static/js/home.js', '/static/js/table.js', '/static/js/table-input.js', '/static/js/cards.js', '/static/js/why-sheet.js', ...__GAME_ASSETS__];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'reload' skips the HTTP cache, so a new version never precaches the previous files.
    await cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
    await Promise.all(OPTIONAL.map((url) => cache.add(new Request(url, { cache: 'reload' })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('tk-') && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // The game's API and every write must reach the server: a failure is the page's to report
  // (table.js queues taps). Other origins are none of our business.
  if (request.method !== 'GET' || url.origin !== self.location.origin ||
      url.pathname.startsWith('/api/') || url.pathname.startsWith('/admin/')) return;
  if (url.pathname === INDEX) return event.respondWith(staleWhileRevalidate(event));
  if (url.pathname.startsWith('/static/') || url.pathname === '/manifest.webmanifest') {
    return event.respondWith(cacheFirst(event));
  }
  if (request.mode === 'navigate') return event.respondWith(networkFirst(event, url));
  // Everything else (htmx fragments, polling) goes to the network untouched, so that the page
  // sees the failure and falls back itself (offline-search.js, table.js).
});

// Fetch and keep a copy of a good answer. Redirected answers are not kept: a browser refuses
// one as the answer to a navigation.
function fetchAndKeep(event, request, keep = true) {
  let saving = Promise.resolve();
  const response = fetch(request).then((res) => {
    if (keep && res.ok && !res.redirected) {
      const copy = res.clone();
      saving = caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return res;
  });
  event.waitUntil(response.then(() => saving).catch(() => {}));
  return response;
}

async function cacheFirst(event) {
  return (await caches.match(event.request)) || fetchAndKeep(event, event.request);
}

async function staleWhileRevalidate(event) {
  const cached = await caches.match(event.request);
  const fresh = fetchAndKeep(event, event.request);
  if (!cached) return fresh;
  fresh.catch(() => {});  // offline: the copy we answered with is all there is
  return cached;
}

// Pages: the network when it answers within 3 s (a table on a weak signal should not wait
// longer), else the copy from the last visit, else the offline page.
async function networkFirst(event, url) {
  // One copy per page: a copy per search (/rules/?q=...) would grow without end, and the page
  // without its query serves just as well offline (fromCache).
  const network = fetchAndKeep(event, event.request, !url.search);
  network.catch(() => {});
  const timeout = new Promise((resolve) => setTimeout(resolve, 3000));
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
    return (await fromCache(event.request)) || await network;
  } catch (err) {
    // no network: fall through
  }
  const cached = await fromCache(event.request);
  if (cached) return cached;
  // An entry never opened on this device: the offline page shows it from the rules index.
  const entry = url.pathname.match(/^\/rules\/([^/]+)\/$/);
  if (entry && entry[1] !== 'results' && entry[1] !== 'engine') {
    return Response.redirect(OFFLINE + '?entry=' + entry[1].replace(/\+/g, '%2B'), 302);
  }
  return (await caches.match(OFFLINE)) || Response.error();
}

// /rules/?q=dodge offline: the search page without its query still searches (offline-search.js).
async function fromCache(request) {
  return (await caches.match(request)) || caches.match(request, { ignoreSearch: true });
}
