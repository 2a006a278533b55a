// The page's error area (#error, role="alert").
//
// Three kinds of trouble end up here:
//  - warnings about input (a malformed URL parameter, an N the algorithm can't do):
//    the page carries on with a sensible choice; the user can dismiss the note;
//  - errors thrown by the core as JS `Error`s (a clear sentence from Rust);
//  - wasm panics, which surface in JS as `WebAssembly.RuntimeError: unreachable`.
//    The core remembers the panic's message (`lastPanic()`), so we show that rather
//    than "unreachable". After a panic the wasm instance may be poisoned, so we
//    offer a Reload button; the rest of the page keeps doing what it can.

const box = () => document.getElementById('error');

let lastPanicGetter = () => '';
let onPanic = () => {};

/** Lets this module ask the core for its last panic message, and tell main.js a panic happened. */
export function connectCore({ lastPanic, panicked }) {
  lastPanicGetter = lastPanic;
  onPanic = panicked;
}

/** True for the error a wasm trap (a Rust panic) turns into. */
export function isWasmTrap(error) {
  return typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError;
}

function panicMessage(error) {
  let message = '';
  try {
    message = lastPanicGetter() || '';
  } catch {
    // The instance may be too broken to answer; fall back to the trap's own text.
  }
  return message || (error && error.message) || 'unknown panic';
}

/** Shows a problem. `kind` is 'warning' (input), 'error' (core error) or 'panic'. */
export function showProblem(text, kind = 'error') {
  const el = box();
  if (!el) return;
  // A panic outranks everything: don't let a later warning hide it.
  if (el.dataset.kind === 'panic' && kind !== 'panic') return;
  el.replaceChildren();
  el.dataset.kind = kind;
  el.className = `problem problem-${kind}`;

  const title = document.createElement('strong');
  title.textContent = kind === 'panic' ? 'The solver crashed. ' : kind === 'warning' ? 'Note: ' : 'Error: ';
  const body = document.createElement('span');
  body.className = 'problem-text';
  body.textContent = text;
  el.append(title, body);

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

/** Shows any thrown value the right way: panics with the core's message, errors with theirs. */
export function reportError(error) {
  if (isWasmTrap(error)) {
    showProblem(panicMessage(error), 'panic');
    onPanic();
  } else if (error instanceof Error) {
    showProblem(error.message || String(error), 'error');
  } else {
    showProblem(String(error), 'error');
  }
}

/** Runs `fn`; if it throws, shows the error and returns `fallback`. Wrap every call into wasm in this. */
export function guard(fn, fallback = undefined) {
  try {
    return fn();
  } catch (error) {
    reportError(error);
    return fallback;
  }
}

/** Catches what nobody else did: uncaught errors and rejected promises anywhere on the page. */
export function watchGlobalErrors() {
  window.addEventListener('error', (event) => {
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
 * Cheap: one call returning "" every half second.
 */
export function watchForPanics(intervalMs = 500) {
  const timer = setInterval(() => {
    let message = '';
    try {
      message = lastPanicGetter();
    } catch (error) {
      message = (error && error.message) || 'the solver stopped answering';
    }
    if (message) {
      clearInterval(timer);
      if (box()?.dataset.kind !== 'panic') {
        showProblem(message, 'panic');
        onPanic();
      }
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
