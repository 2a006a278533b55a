// Making a wasm instance, with retries: the page (core.js) and every worker
// (count, many runs, solve big, the puzzle coach) start their copy of the core
// through here. Instantiation can fail for a moment: a browser short of
// address space says "WebAssembly.instantiate(): Out of memory: Cannot
// allocate Wasm memory for new instance" (once in 124 loads of the puzzle
// page), a flaky network fails the .wasm request. So a failure is tried again
// after a pause that grows (200, 800, 2,000 ms), and only then reported, as a
// sentence: the caller shows it where the answer would have gone, and the
// rest of the page carries on. No DOM here: it runs in workers too.

/** The pause before each new try, in ms: four tries in all, about 3 s. */
export const RETRY_DELAYS_MS = Object.freeze([200, 800, 2000]);

/** How much of the browser's own message a sentence quotes. */
const REASON_CHARS = 120;

/**
 * Calls `make` (which instantiates, e.g. the module's default `init`) until it
 * resolves, pausing `delays[i]` ms before try i + 2. wasm-bindgen's init
 * forgets a failed attempt, so calling it again really tries again.
 * @template T
 * @param {() => Promise<T>} make
 * @param {{delays?: readonly number[], onRetry?: (tries: number, error: unknown) => void, what?: string}} [options]
 *   onRetry: told after each failed try that will be retried; what: the
 *   sentence's subject, "The solver" unless a worker names itself
 * @returns {Promise<T>} what `make` gives; rejects with a {@link WasmLoadError}
 */
export async function withRetries(make, { delays = RETRY_DELAYS_MS, onRetry, what = 'The solver' } = {}) {
  for (let tries = 1; ; tries++) {
    try {
      return await make();
    } catch (error) {
      if (tries > delays.length) throw new WasmLoadError(error, tries, what);
      onRetry?.(tries, error);
      await new Promise((resolve) => setTimeout(resolve, delays[tries - 1]));
    }
  }
}

/**
 * One instance made on demand, for a worker: the first call starts
 * {@link withRetries}, later calls share it; once it has failed, the next call
 * starts again (with retries of its own), so a job that comes after a passing
 * shortage still runs.
 * @template T
 * @param {() => Promise<T>} make
 * @param {Parameters<typeof withRetries>[1]} [options]
 * @returns {() => Promise<T>}
 */
export function loader(make, options) {
  /** @type {Promise<T> | null} */
  let pending = null;
  return () => {
    pending ??= withRetries(make, options).catch((error) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** Instantiation failed on every try; the message is a sentence for a person. */
export class WasmLoadError extends Error {
  /**
   * @param {unknown} cause  the last try's error
   * @param {number} tries  how many tries failed
   * @param {string} [what]  the sentence's subject
   */
  constructor(cause, tries, what = 'The solver') {
    super(`${what} could not be loaded after ${tries} tries (the browser said: “${reasonText(cause)}”). Closing other tabs or reloading the page usually helps.`);
    this.name = 'WasmLoadError';
    this.cause = cause;
    this.tries = tries;
  }
}

/**
 * The browser's reason, as a sentence may quote it: one line, no control or
 * bidi characters, an address cut to its file name, at most REASON_CHARS
 * characters, no trailing full stop.
 * @param {unknown} error
 * @returns {string}
 */
export function reasonText(error) {
  const raw = error instanceof Error ? error.message : String(error);
  const line = raw
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"”]*\/([^\s'"”/]*)/gi, '$1')
    .trim()
    .replace(/\.+$/, '');
  return line.length > REASON_CHARS ? `${line.slice(0, REASON_CHARS - 1)}…` : line || 'no reason given';
}
