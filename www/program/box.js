// The box a learner's program runs in: a hidden iframe, sandboxed without
// allow-same-origin (an opaque origin: none of the page's storage, cookies
// or service worker), whose srcdoc document carries a Content-Security-Policy
// that the worker it makes inherits. The policy lets the box run inline script,
// make workers and modules from blob: addresses it made itself, and compile
// WebAssembly; every request to anywhere else (fetch, XHR, WebSocket,
// WebSocketStream, EventSource, import() of an address, importScripts, fonts,
// ...) and code built from text (eval, Function, string timers) is refused by
// the browser, present names and future ones alike.
//
// The page hands the box everything it runs as text or bytes: the worker's
// script (its sandbox prologue and the program), and for Python the Pyodide
// files the page read from its own origin (its cache). Messages go through a
// MessageChannel whose port only the page and the box hold; the box forwards
// the worker's messages, its uncaught errors and the policy's refusals
// (securitypolicyviolation). Closing the box removes the iframe, which ends
// its worker. Nothing it sends is trusted: the runner (runner.js) checks it
// (guard.js).

/** What the box's document and its workers may do. */
const BOX_POLICY = "default-src 'none'; script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'; worker-src blob:";

/** The longest text the box forwards from an error or a refusal. */
const TEXT_CAP = 2_000;

// The box's own script: waits for the page's port, makes the worker from the
// parts of text it is given, forwards both ways. It runs in the opaque origin.
const BOOT = `
(() => {
  const CAP = ${TEXT_CAP};
  const cut = (v) => { try { const s = String(v ?? ''); return s.length > CAP ? s.slice(0, CAP) + '…' : s; } catch { return ''; } };
  let port = null;
  const refused = (e) => port && port.postMessage({ type: 'refused', directive: cut(e.effectiveDirective || e.violatedDirective), uri: cut(e.blockedURI), sample: cut(e.sample) });
  document.addEventListener('securitypolicyviolation', refused);
  addEventListener('message', (event) => {
    const m = event.data;
    if (port || event.source !== parent || !m || m.type !== 'box' || !event.ports[0]) return;
    port = event.ports[0];
    const url = URL.createObjectURL(new Blob(m.parts, { type: 'text/javascript' }));
    let worker;
    try {
      worker = new Worker(url, { type: m.module ? 'module' : 'classic', name: cut(m.name) });
    } catch (error) {
      port.postMessage({ type: 'error', message: cut(error && error.message), lineno: 0, ours: false });
      return;
    }
    worker.onmessage = (e) => {
      const d = e.data;
      const moves = d && d.data && d.data.buffer instanceof ArrayBuffer ? [d.data.buffer] : [];
      try { port.postMessage({ type: 'worker', data: d }, moves); } catch (error) { port.postMessage({ type: 'error', message: cut('A message from the program could not be passed on: ' + (error && error.message)), lineno: 0, ours: false }); }
    };
    worker.onmessageerror = () => port.postMessage({ type: 'error', message: 'A message from the program could not be read.', lineno: 0, ours: false });
    worker.onerror = (e) => {
      e.preventDefault();
      port.postMessage({ type: 'error', message: cut(e.message), lineno: Number(e.lineno) || 0, ours: e.filename === url });
    };
    port.onmessage = (e) => worker.postMessage(e.data.data, e.data.moves || []);
    if (m.first) worker.postMessage(m.first, m.moves || []);
  });
})();
`;

const SRCDOC = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${BOX_POLICY}"><script>${BOOT}</script>`;

/**
 * @typedef {object} BoxHooks
 * @property {(data: any) => void} message  what the worker posted
 * @property {(error: { message: string, lineno: number, ours: boolean }) => void} error  an uncaught error of the worker (ours: in the script the box was given)
 * @property {(sentence: string) => void} refused  a request or code the policy refused, in words
 */

/**
 * A sentence for a refusal of the box's policy.
 * @param {{ directive?: unknown, uri?: unknown, sample?: unknown }} v
 */
function refusalSentence(v) {
  const directive = String(v?.directive ?? '').slice(0, 60);
  const uri = String(v?.uri ?? '').slice(0, 200);
  if (uri === 'eval' || directive === 'script-src' && !uri) return 'The browser refused code built from text (eval, Function or a string timer).';
  if (uri === 'wasm-eval') return 'The browser refused to compile WebAssembly.';
  const what = /^https?:|^wss?:/.test(uri) ? `a request to ${uri}` : uri ? `loading ${uri}` : 'a request';
  return `The browser refused ${what} (${directive || 'its policy'}): a program runs with no network.`;
}

/**
 * Opens a box: a sandboxed iframe whose worker is made from `parts` (text).
 * @param {object} spec
 * @param {string[]} spec.parts  the worker's script, in parts of text
 * @param {boolean} [spec.module]  a module worker
 * @param {string} [spec.name]
 * @param {any} [spec.first]  posted to the worker as soon as it exists
 * @param {Transferable[]} [spec.moves]  transferred with `first`
 * @param {BoxHooks} hooks
 * @returns {{ post: (data: any, moves?: Transferable[]) => void, close: () => void }}
 */
export function openBox(spec, hooks) {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.dataset.part = 'program-box';
  frame.title = 'The box a program runs in';
  frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
  frame.srcdoc = SRCDOC;
  const channel = new MessageChannel();
  let closed = false;
  /** @type {{ data: any, moves: Transferable[] }[]} */
  let waiting = [];
  let open = false;
  // The worker's first message says its script is read: an iframe removed
  // before that would abort the read, so a box closed earlier waits for it.
  let up = false;
  /** @type {number} */
  let lingering = 0;
  const remove = () => {
    clearTimeout(lingering);
    channel.port1.close();
    frame.remove();
  };
  channel.port1.onmessage = (event) => {
    if (!up && (event.data?.type === 'worker' || event.data?.type === 'error')) {
      up = true;
      if (closed) remove();
    }
    if (closed) return;
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'worker') hooks.message(m.data);
    else if (m.type === 'error') hooks.error({ message: String(m.message ?? '').slice(0, TEXT_CAP), lineno: Number(m.lineno) || 0, ours: m.ours === true });
    else if (m.type === 'refused') hooks.refused(refusalSentence(m));
  };
  frame.addEventListener('load', () => {
    if (closed || open) return;
    open = true;
    /** @type {Window} */ (frame.contentWindow).postMessage({ type: 'box', parts: spec.parts, module: !!spec.module, name: spec.name ?? 'program', first: spec.first, moves: spec.moves }, '*', [channel.port2, ...(spec.moves ?? [])]);
    for (const w of waiting) channel.port1.postMessage({ data: w.data, moves: w.moves }, w.moves);
    waiting = [];
  }, { once: true });
  document.body.append(frame);
  return {
    post(data, moves = []) {
      if (closed) return;
      if (open) channel.port1.postMessage({ data, moves }, moves);
      else waiting.push({ data, moves });
    },
    close() {
      if (closed) return;
      closed = true;
      if (up || !open) remove();
      else lingering = window.setTimeout(remove, 5_000);
    },
  };
}
