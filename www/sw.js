// The service worker: the page offline. scripts/dist.mjs copies this file to
// the root of dist/ (a worker controls only the pages at or below its own
// folder) with BUILD filled in: the build's version (a hash of every file)
// and the files to keep. Then:
//
// - install caches every file of the build in a cache named after its
//   version, all or nothing (cache.addAll fails whole if one file fails, and
//   the worker is then not installed: no half-cached build is ever used);
// - fetch answers from that cache first, so a reload with the network gone
//   shows the page and every mode works, count mode's workers and wasm
//   included (a query string never changes a file: the host has no server
//   logic, so `?mode=count` and `nqueens.js?instance=2` match without it);
// - a new build is a new worker with a new cache. It waits until no page of
//   the old build is open, or until the page asks it to take over (the "new
//   version" note's Reload), so a page never loads one module of the old
//   build and the next of the new; on activate it deletes every other
//   version's cache.
//
// In the source tree BUILD stays null: the dev server registers this worker
// only when asked (`?sw=1`), and then it goes to the network first and keeps
// a copy of what came, for trying offline use without a build, never stale.

// Written by scripts/dist.mjs: the whole line is replaced.
const BUILD = /** @type {{version: string, files: string[]} | null} */ (null);

const PREFIX = 'nqueens-';
const CACHE = `${PREFIX}${BUILD ? BUILD.version : 'dev'}`;

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener('install', (event) => {
  if (!BUILD) {
    worker.skipWaiting();
    return;
  }
  const files = BUILD.files;
  event.waitUntil(
    // `no-cache` asks the host whether the browser's copy of each file is
    // current (the page has just loaded most of them): the cache gets this
    // build's bytes, never an older copy, and a first visit is not
    // downloaded twice.
    caches.open(CACHE).then((cache) => cache.addAll(files.map((file) => new Request(file, { cache: 'no-cache' })))),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      // The first install takes the page that registered it (it was loaded
      // from this same build), so it works offline without another reload.
      .then(() => worker.clients.claim()),
  );
});

// The page's "new version" note: the user asked for the new build now.
worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') worker.skipWaiting();
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(BUILD ? cacheFirst(request) : networkFirst(request));
});

/**
 * The build's files from its cache; anything else (not part of the build)
 * from the network.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // The page, as `./` or `./index.html` with any query, is the cached `./`.
  const root = new URL('./', location.href).href;
  const page = request.url.split(/[?#]/, 1)[0];
  const key = page === root || page === `${root}index.html` ? root : request;
  const hit = await cache.match(key, { ignoreSearch: true });
  return hit ?? fetch(request);
}

/**
 * Development: the network, and a copy for when it is gone.
 * @param {Request} request
 * @returns {Promise<Response>}
 */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw error;
  }
}
