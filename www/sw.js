// The service worker: the page offline. scripts/dist.mjs copies this file to
// the root of dist/ (a worker controls only the pages at or below its own
// folder) with BUILD filled in: the build's version (a hash of every file)
// and the files to keep. Then:
//
// - install caches every file of the build, all or nothing (cache.addAll
//   fails whole if one file fails, and the worker is then not installed: no
//   half-cached build is ever used), in a cache named after the version and
//   the registration's scope, `nqueens-<version> <scope>`: two copies of the
//   site on one host (`/courses/a/queens/` and `/courses/b/queens/`) each
//   keep their own, and neither ever deletes the other's;
// - fetch answers from the cache of the build the asking page loaded (a page
//   load gets this build; a worker, the build of the page that started it;
//   anything else, the build of the page or worker asking), so a query
//   string never changes a file (`?mode=count` and `nqueens.js?instance=2`
//   match without it: the host has no server logic);
// - a new build is a new worker with a new cache. It waits until no page of
//   the old build is open, or until a page asks it to take over (the "new
//   version" note's Reload). Taking over moves every open page to the new
//   worker (the browser does that), but a page still showing the old build
//   keeps getting the old build's files from the old cache, which stays
//   until no page or worker of the old build is left; only then, on the next
//   page load in this scope, is it deleted. A page never loads one module of
//   one build and the next of another. Only the very first build of a scope
//   takes the page that registered it (`clients.claim()`), so that page works
//   offline without another reload.
//
// In the source tree BUILD stays null: the dev server registers this worker
// only when asked (`?sw=1`), and then it goes to the network first and keeps
// a copy of what came, for trying offline use without a build, never stale.

// Written by scripts/dist.mjs: the whole line is replaced.
const BUILD = /** @type {{version: string, files: string[]} | null} */ (null);

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const PREFIX = 'nqueens-';
const SCOPE = worker.registration.scope;
const VERSION = BUILD ? BUILD.version : 'dev';
/** @param {string} version */
const cacheName = (version) => `${PREFIX}${version} ${SCOPE}`;
const CACHE = cacheName(VERSION);
/** Which build each open page and worker of this scope loaded: `?client=<id>` -> `{version, worker, at}`. */
const BOOK = cacheName('clients');
/**
 * A worker's entry this young is kept even if its client is not listed yet
 * (a worker being started by a page of an older build).
 */
const YOUNG_MS = 10_000;

/**
 * The version of a cache of this scope's builds, or null for any other cache
 * (another scope's, the book, anything else on the origin).
 * @param {string} key
 */
function ownVersion(key) {
  const space = key.indexOf(' ');
  if (!key.startsWith(PREFIX) || space < 0 || key.slice(space + 1) !== SCOPE || key === BOOK) return null;
  return key.slice(PREFIX.length, space);
}

/** Builds before caches were named with their scope: `nqueens-<hex>` or `nqueens-dev`. */
const LEGACY = /^nqueens-(?:[0-9a-f]+|dev)$/;

/** @param {string} client */
const bookKey = (client) => `${SCOPE}?client=${encodeURIComponent(client)}`;
/** @type {Map<string, string>}  the book, as far as this run of the worker has read or written it */
const known = new Map();

/**
 * Notes which build a page or worker loaded.
 * @param {string} client
 * @param {string} version
 * @param {boolean} isWorker
 */
async function remember(client, version, isWorker) {
  known.set(client, version);
  const book = await caches.open(BOOK);
  const entry = JSON.stringify({ version, worker: isWorker, at: Date.now() });
  await book.put(bookKey(client), new Response(entry, { headers: { 'content-type': 'application/json' } }));
}

/**
 * The build a page or worker loaded: from the book, or this build for a
 * client it never saw (the page the first install took, or none at all).
 * @param {string} client
 * @returns {Promise<string>}
 */
async function buildOf(client) {
  if (!client) return VERSION;
  const seen = known.get(client);
  if (seen) return seen;
  const hit = await (await caches.open(BOOK)).match(bookKey(client));
  const version = hit ? /** @type {{version: string}} */ (await hit.json()).version : VERSION;
  known.set(client, version);
  return version;
}

/**
 * Deletes this scope's caches of builds no open page or worker uses, and the
 * book's entries of clients that are gone. Other scopes' caches are never
 * touched; a cache from before scoped names goes if it holds this scope's page.
 */
async function tidy() {
  const live = new Set((await worker.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((client) => client.id));
  const book = await caches.open(BOOK);
  const used = new Set([VERSION]);
  const now = Date.now();
  for (const request of await book.keys()) {
    const client = new URL(request.url).searchParams.get('client') ?? '';
    const entry = await book.match(request);
    const { version, worker: isWorker, at } = entry ? /** @type {{version: string, worker: boolean, at: number}} */ (await entry.json()) : { version: '', worker: false, at: 0 };
    if (live.has(client) || (isWorker && now - at < YOUNG_MS)) used.add(version);
    else {
      known.delete(client);
      await book.delete(request);
    }
  }
  for (const key of await caches.keys()) {
    const version = ownVersion(key);
    if (version !== null) {
      if (!used.has(version)) await caches.delete(key);
    } else if (LEGACY.test(key) && (await (await caches.open(key)).match(SCOPE))) {
      await caches.delete(key);
    }
  }
}

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
    (async () => {
      // The first build of this scope takes the page that registered it (it
      // was loaded from this same build). A later one takes nobody: the
      // pages it gets are the old worker's, each served from its own build.
      const first = BUILD === null || !(await caches.keys()).some((key) => key !== CACHE && ownVersion(key) !== null);
      await tidy();
      if (first) await worker.clients.claim();
    })(),
  );
});

// "skip-waiting": the page's "new version" note, the user asked for the new
// build now. "tidy": a page has loaded, so any page it replaced is gone.
worker.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') worker.skipWaiting();
  else if (event.data === 'tidy') event.waitUntil(tidy());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== location.origin) return;
  event.respondWith(BUILD ? fromBuild(event) : networkFirst(request));
});

/**
 * A file of the build the asking page or worker loaded, from its cache;
 * anything else (not part of a build) from the network.
 * @param {FetchEvent} event
 * @returns {Promise<Response>}
 */
async function fromBuild(event) {
  const { request } = event;
  const version = request.mode === 'navigate' ? VERSION : await buildOf(event.clientId);
  // A page being loaded, or a worker being started: the client it makes keeps this build.
  if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId, version, request.mode !== 'navigate'));
  const cache = (await caches.has(cacheName(version))) ? await caches.open(cacheName(version)) : await caches.open(CACHE);
  // The page, as `./` or its index file with any query, is the cached `./`.
  const root = new URL('./', location.href).href;
  const page = request.url.split(/[?#]/, 1)[0];
  const key = page === root || page === `${root}index.html` ? root : request;
  // One copy a file: a Vary header (the host's `Vary: Accept-Encoding`) never makes a kept file miss.
  const hit = await cache.match(key, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  // Python (pyodide/) is not installed with the build: kept the first time it is used.
  if (page.startsWith(`${root}pyodide/`)) return keptOnFirstUse(event, cache, page);
  return fetch(request);
}

/** @type {Map<string, Promise<boolean>>} the pyodide/ files being fetched to be kept, by address */
const keeping = new Map();

/**
 * A file of pyodide/ that this build's cache does not hold yet: fetched once
 * and kept whole, then answered from the cache. The fetch is the worker's
 * own, not the asking page's: a page or worker that goes away meanwhile (a
 * reload) does not cut the copy short, and a second ask while it is kept
 * waits for the same copy rather than starting another (a second copy cut
 * short could cost the one already kept). When the network is gone, a copy
 * another build of this scope kept is as good (Pyodide's files do not
 * change with the build).
 * @param {FetchEvent} event
 * @param {Cache} cache
 * @param {string} page  the file's address without its query
 * @returns {Promise<Response>}
 */
async function keptOnFirstUse(event, cache, page) {
  let keep = keeping.get(page);
  if (!keep) {
    keep = keepFile(cache, page).finally(() => keeping.delete(page));
    keeping.set(page, keep);
  }
  event.waitUntil(keep.catch(() => false));
  if (await keep.catch(() => false)) {
    const hit = await cache.match(page, { ignoreVary: true });
    if (hit) return hit;
  }
  try {
    return await fetch(event.request);
  } catch (error) {
    for (const key of await caches.keys()) {
      if (ownVersion(key) === null) continue;
      const other = await (await caches.open(key)).match(page, { ignoreSearch: true, ignoreVary: true });
      if (other) return other;
    }
    throw error;
  }
}

/**
 * Fetches a file and keeps it whole; true once kept. Only a whole answer is
 * kept (never a part of a file, never an error).
 * @param {Cache} cache
 * @param {string} page
 */
async function keepFile(cache, page) {
  const response = await fetch(page);
  if (response.status !== 200) return false;
  await cache.put(page, response);
  return true;
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
