// Count mode across the page's tabs: a count holds a Web Lock named after its
// N while it runs and saves, so another tab knows N is being counted there and
// waits for the lock to be let go; the tabs also tell each other on a
// BroadcastChannel when a count of N starts or stops. A browser without Web
// Locks (a page served over plain http from another machine) or without
// BroadcastChannel counts as if it were the only tab.

/** The Web Lock a count of N holds while it runs, in whichever tab of the page. */
const countLock = (/** @type {number} */ n) => `nqueens-count-${n}`;

/** The channel on which the page's tabs say that a count of N started or stopped. */
const CHANNEL = 'nqueens-count';

/**
 * Holds N's lock if no other tab holds it: resolves to the function that
 * lets it go, or null when another tab counts N.
 * @param {number} n
 * @returns {Promise<(() => Promise<void> | void) | null>}  the function resolves once the lock is let go
 */
export function holdLock(n) {
  const locks = globalThis.navigator?.locks;
  if (!locks) return Promise.resolve(() => {});
  return new Promise((resolve) => {
    /** @type {Promise<unknown>} settles once the lock is let go */
    const request = locks
      .request(countLock(n), { ifAvailable: true }, (lock) => {
        if (!lock) return resolve(null);
        return new Promise((release) => resolve(() => {
          release(undefined);
          return request.then(() => {}, () => {});
        }));
      })
      .catch(() => resolve(() => {}));
  });
}

/**
 * Whether a tab holds N's lock for a count (this one's own count included);
 * the shared hold of a tab waiting for it to be let go (whenFree) is no count.
 * @param {number} n
 */
export async function lockHeld(n) {
  const locks = globalThis.navigator?.locks;
  if (!locks) return false;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === countLock(n) && lock.mode === 'exclusive');
  } catch {
    return false;
  }
}

/**
 * Calls `then` once no tab holds N's lock, unless `signal` aborts first.
 * @param {number} n
 * @param {AbortSignal} signal
 * @param {() => void} then
 */
export function whenFree(n, signal, then) {
  globalThis.navigator?.locks
    ?.request(countLock(n), { mode: 'shared', signal }, async () => {})
    .then(() => { if (!signal.aborted) then(); }, () => {});
}

/**
 * The channel to the page's other tabs: `post(n)` says a count of N started
 * or stopped here; `heard(n)` is called when another tab says so.
 * @param {(n: unknown) => void} heard
 */
export function tabChannel(heard) {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = (event) => heard(event.data?.n);
  return { post: (/** @type {number} */ n) => channel?.postMessage({ n }) };
}
