// The page's error area (#error, role="alert").
//
// Four kinds of trouble end up here:
//  - warnings about input (a malformed URL parameter, an N the algorithm can't do):
//    the page carries on with a sensible choice; the user can dismiss the note;
//  - errors thrown by the core as JS `Error`s (a clear sentence from Rust);
//  - wasm panics, which surface in JS as `WebAssembly.RuntimeError: unreachable`.
//    The core remembers the panic's message (`lastPanic()`), so we use that rather
//    than "unreachable". A module that has trapped cannot be trusted, so the
//    page's owner (main.js) starts a fresh instance and says so ('restarted');
//  - a panic the page could not recover from ('panic'): a Reload button.

/** @typedef {'warning' | 'error' | 'restarted' | 'panic'} ProblemKind */

const box = () => document.getElementById('error');

/** @type {() => string} */
let lastPanicGetter = () => '';
/** @type {(message: string) => boolean} */
let onPanic = () => false;

/**
 * Lets this module ask the core for its last panic message, and hand a panic to
 * the page's owner: `panicked(message)` returns true if it deals with it (a
 * restart), false to show the panic with a Reload button. Call again with the
 * new instance's lastPanic after a restart.
 * @param {{ lastPanic: () => string, panicked?: (message: string) => boolean }} hooks
 */
export function connectCore({ lastPanic, panicked }) {
  lastPanicGetter = lastPanic;
  if (panicked) onPanic = panicked;
}

/**
 * True for the error a wasm trap (a Rust panic) turns into.
 * @param {unknown} error
 * @returns {error is WebAssembly.RuntimeError}
 */
function isWasmTrap(error) {
  return typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError;
}

/**
 * The panic's own words: "panicked at src/…:1:2:\nmessage" → "message".
 * @param {unknown} message
 */
export function panicText(message) {
  return String(message).replace(/^panicked at [^\n]*:\n/, '').trim();
}

/** @param {Error} error  the trap */
function panicMessage(error) {
  let message = '';
  try {
    message = lastPanicGetter() || '';
  } catch {
    // The instance may be too broken to answer; fall back to the trap's own text.
  }
  return message || (error && error.message) || 'unknown panic';
}

/** @type {Record<ProblemKind, string>} */
const TITLES = { panic: 'The solver crashed. ', warning: 'Note: ', error: 'Error: ', restarted: '' };

/**
 * Shows a problem. `kind` is 'warning' (input), 'error' (core error), 'restarted' or 'panic'.
 * @param {string} text
 * @param {ProblemKind} [kind]
 */
export function showProblem(text, kind = 'error') {
  const el = box();
  if (!el) return;
  // A panic outranks everything: don't let a later warning hide it.
  if (el.dataset.kind === 'panic' && kind !== 'panic') return;
  el.replaceChildren();
  el.dataset.kind = kind;
  el.className = `problem problem-${kind}`;

  if (TITLES[kind]) {
    const title = document.createElement('strong');
    title.textContent = TITLES[kind];
    el.append(title);
  }
  const body = document.createElement('span');
  body.className = 'problem-text';
  body.textContent = text;
  el.append(body);

  const actions = document.createElement('span');
  actions.className = 'problem-actions';
  if (kind === 'panic') {
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.id = 'reload';
    reload.textContent = 'Reload';
    reload.title = 'Reload the page to get a fresh solver';
    reload.addEventListener('click', () => location.reload());
    actions.append(reload);
  } else {
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'dismiss';
    dismiss.textContent = 'Dismiss';
    dismiss.title = 'Hide this message';
    dismiss.addEventListener('click', clearProblem);
    actions.append(dismiss);
  }
  el.append(actions);
  el.hidden = false;
}

/** Hides warnings and errors (never a panic: that needs a reload). */
export function clearProblem() {
  const el = box();
  if (!el || el.dataset.kind === 'panic') return;
  el.hidden = true;
  el.replaceChildren();
  delete el.dataset.kind;
}

/**
 * A panic: the owner restarts the core, or the page shows it with Reload.
 * @param {string} message
 */
function panicked(message) {
  if (!onPanic(message)) showProblem(panicText(message), 'panic');
}

/**
 * Shows any thrown value the right way: panics with the core's message, errors with theirs.
 * @param {unknown} error
 */
export function reportError(error) {
  if (isWasmTrap(error)) {
    panicked(panicMessage(error));
  } else if (error instanceof Error) {
    showProblem(error.message || String(error), 'error');
  } else {
    showProblem(String(error), 'error');
  }
}

/**
 * Runs `fn`; if it throws, shows the error and returns `fallback`. Wrap every call into wasm in this.
 * @template T
 * @template [F=undefined]
 * @param {() => T} fn
 * @param {F} [fallback]
 * @returns {T | F}
 */
export function guard(fn, fallback = undefined) {
  try {
    return fn();
  } catch (error) {
    reportError(error);
    return /** @type {F} */ (fallback); // F is undefined when no fallback is given
  }
}

/**
 * Runs `fn` for an answer the caller words itself: a refusal (the core's
 * Error) comes back as its sentence in `refused`, shown nowhere; a trap is
 * reported as guard reports it.
 * @template T
 * @param {() => T} fn
 * @returns {{ value: T, refused: null } | { value: null, refused: string | null }}
 */
export function attempt(fn) {
  try {
    return { value: fn(), refused: null };
  } catch (error) {
    if (isWasmTrap(error) || !(error instanceof Error)) {
      reportError(error);
      return { value: null, refused: null };
    }
    return { value: null, refused: error.message || String(error) };
  }
}

/**
 * Adds a sentence to the warning shown (a link's problems), or shows it as one.
 * @param {string} text
 */
export function addWarning(text) {
  const el = box();
  const shown = el && !el.hidden && el.dataset.kind === 'warning' ? el.querySelector('.problem-text')?.textContent ?? '' : '';
  showProblem(shown ? `${shown} ${text}` : text, 'warning');
}

/** Catches what nobody else did: uncaught errors and rejected promises anywhere on the page. */
export function watchGlobalErrors() {
  window.addEventListener('error', (event) => {
    // The browser's notice that a resize observer's work waits for the next
    // frame is no error of the page: nothing failed, so nothing is shown.
    if (!event.error && /^ResizeObserver loop/.test(event.message ?? '')) return;
    // Resource load failures (a missing script) arrive here with no `error` object.
    reportError(event.error ?? new Error(event.message || 'A script failed to load.'));
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason ?? new Error('A promise was rejected without a reason.'));
  });
}

/**
 * Notices a panic that happened outside our own calls (e.g. from the developer console
 * or another module using the same instance) by polling `lastPanic()` now and then.
 * Cheap: one call returning "" every half second. It keeps watching after a
 * restart, then asking the new instance (connectCore).
 */
export function watchForPanics(intervalMs = 500) {
  let seen = '';
  const getter = () => lastPanicGetter;
  let watched = getter();
  const timer = setInterval(() => {
    if (watched !== getter()) {
      watched = getter(); // a new instance: its panics are new
      seen = '';
    }
    let message = '';
    try {
      message = watched();
    } catch (error) {
      const thrown = /** @type {import('../types.js').Thrown} */ (error);
      message = (thrown && thrown.message) || 'the solver stopped answering';
    }
    if (message && message !== seen) {
      seen = message;
      panicked(message);
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
