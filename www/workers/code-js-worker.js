// The tracer of a JavaScript program in "Your search" (www/code/) and its
// prologue. The page (www/program/runner.js) reads this file as text and
// hands a box (www/program/box.js: a sandboxed iframe whose
// Content-Security-Policy refuses every request and code built from text)
// a worker script of four parts:
//
//   this file
//   __nqueensInit(<nonce>, <job>);    (job.offset: the lines before the program)
//   the learner's program (its calls rewritten to carry their line)
//   __nqueensStart(typeof solve === 'function' ? solve : undefined);
//
// The browser's policy is the wall. Before the program runs, this file also
// replaces the names a program would try (fetch, XMLHttpRequest, WebSocket,
// EventSource, WebTransport, importScripts, nested workers, indexedDB,
// caches, navigator.storage, postMessage, eval, the Function constructors,
// string timers) by functions that throw a sentence naming them, so the
// usual attempts read clearly; whatever it misses the policy refuses, and
// the refusal (securitypolicyviolation) goes to the page as a sentence.
// Error messages and say() texts are cut to their caps here, before they
// cross to the page, which checks every record again (www/program/guard.js).
//
// The tracer is `board`: place, remove, safe, found and say, each recorded
// with the program's line (the page rewrites `.place(` on line L to
// `[__nqueensLine(L, "place")](`, which notes the line; a call by any other
// route finds its line in a stack trace). Its state and its answers to safe() live in this closure, which
// the program cannot reach; the board object is frozen. Records go to the
// page in chunks of Int32Array (transferred): [kind, row, col, line] each.
// Kinds: 0 place, 1 remove, 2 safe (answered false), 3 safe (answered
// true), 4 found, 5 say (row: the index of its text), 6 start of a board of
// size col (a new solve() call; row: the run's N index).
//
// A quiet job (job.quiet, for timing) counts the calls against the limit but
// records nothing, sends no chunk and keeps no state: the end says how long
// the solve() calls took, on this worker's clock.

(() => {
  const scope = /** @type {any} */ (self);
  const post = scope.postMessage.bind(scope);
  const clock = performance.now.bind(performance);
  const later = scope.setTimeout.bind(scope);

  const here = String(scope.location.href);
  const ErrorOf = Error;
  const EvalErrorOf = EvalError;
  // What the tracer itself uses, taken before the program can change it.
  const apply = Reflect.apply;
  const sliceTyped = Object.getPrototypeOf(Int32Array.prototype).slice;
  const sliceText = String.prototype.slice;
  const StringOf = String;
  /** The longest error message sent. */
  const MESSAGE_CAP = 2000;
  /** The longest say() text sent. */
  const TEXT_CAP = 300;
  /** @param {unknown} v  @param {number} cap */
  const cut = (v, cap) => {
    try {
      const s = StringOf(v);
      return s.length > cap ? `${apply(sliceText, s, [0, cap])}…` : s;
    } catch {
      return 'something that cannot be shown';
    }
  };

  /** Records per chunk sent to the page. */
  const CHUNK = 1 << 15;
  /** Between two chunks, at most this long while calls come (the page's progress line). */
  const FLUSH_MS = 100;
  /** The first calls of a run, each sent at once. */
  const EAGER = 256;

  let nonce = '';
  /** @type {{ ns: number[], maxCalls: number, offset: number, quiet?: boolean }} */
  let job = { ns: [], maxCalls: 0, offset: 1 };
  let started = false;
  let finished = false;

  // What the program may not reach: each a function that throws a sentence.
  /** @param {string} name  @param {string} what */
  const blocked = (name, what) => {
    const refuse = function () {
      throw new ErrorOf(`${name} is blocked: a program in "Your search" runs with no ${what}.`);
    };
    return refuse;
  };
  const NETWORK = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel'];
  const STORAGE = ['indexedDB', 'caches'];
  /** @param {any} target  @param {string} name  @param {() => never} refuse */
  const shut = (target, name, refuse) => {
    // A function is handed out (calling it throws); an object's getter throws at once.
    const object = STORAGE.includes(name) || name === 'storage' || name === 'locks';
    try {
      Object.defineProperty(target, name, { get: () => (object ? refuse() : refuse), set: () => {}, configurable: false });
    } catch {
      // not configurable here: nothing else to do
    }
  };
  /** @param {string} name  @param {string} what */
  const shutEverywhere = (name, what) => {
    const refuse = blocked(name, what);
    // The global's own property and any on its prototypes, so that no
    // getter or method is left to call on the global.
    for (let proto = Object.getPrototypeOf(scope); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      if (Object.prototype.hasOwnProperty.call(proto, name)) {
        try { delete proto[name]; } catch { /* kept: shadowed below */ }
      }
    }
    shut(scope, name, refuse);
  };
  for (const name of NETWORK) shutEverywhere(name, 'network');
  for (const name of STORAGE) shutEverywhere(name, 'storage');
  shutEverywhere('postMessage', 'way to message the page but its board');
  shutEverywhere('eval', 'code built from text');
  const nav = scope.navigator;
  if (nav) {
    for (let proto = Object.getPrototypeOf(nav); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const name of ['storage', 'locks', 'serviceWorker']) {
        if (Object.prototype.hasOwnProperty.call(proto, name)) {
          try { delete proto[name]; } catch { /* shadowed below */ }
        }
      }
    }
    for (const name of ['storage', 'locks']) shut(nav, name, blocked(`navigator.${name}`, 'storage'));
  }
  // A dynamic import( in the program is rewritten to this (www/program/rewrite.js).
  Object.defineProperty(scope, '__nqueensImport', { value: blocked('import()', 'network'), writable: false, configurable: false });
  // Timers take functions only: a string would be code built from text.
  for (const name of ['setTimeout', 'setInterval']) {
    const timer = scope[name];
    const refuse = blocked(`${name} with a string`, 'code built from text');
    Object.defineProperty(scope, name, {
      value: (/** @type {unknown} */ f, /** @type {unknown[]} */ ...rest) => (typeof f === 'function' ? timer.call(scope, f, ...rest) : refuse()),
      writable: false,
      configurable: false,
    });
  }
  const textCode = blocked('The Function constructor', 'code built from text');
  for (const fn of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    const proto = Object.getPrototypeOf(fn);
    try {
      Object.defineProperty(proto, 'constructor', { value: textCode, writable: false, configurable: false });
    } catch {
      // already fixed
    }
  }

  // The board: its state, checked by this closure only.
  let n = 0;
  let nIndex = 0;
  /** @type {Uint8Array} */ let occupied = new Uint8Array(0);
  /** @type {Int32Array} */ let rows = new Int32Array(0);
  /** @type {Int32Array} */ let cols = new Int32Array(0);
  /** @type {Int32Array} */ let downs = new Int32Array(0);
  /** @type {Int32Array} */ let ups = new Int32Array(0);

  let buffer = new Int32Array(CHUNK * 4);
  let used = 0;
  /** @type {string[]} */
  let texts = [];
  let textCount = 0;
  let calls = 0;
  /** records made in the run (says too) */
  let total = 0;
  let lastFlush = clock();

  const flush = () => {
    if (job.quiet) {
      // Nothing goes to the page: what a chunk would carry is dropped.
      used = 0;
      texts = [];
      weights = [];
      counts = [];
      return;
    }
    if (used === 0 && texts.length === 0 && counts.length === 0) return;
    const data = /** @type {Int32Array} */ (apply(sliceTyped, buffer, [0, used * 4]));
    post({ nonce, type: 'chunk', data, texts, calls, ...takeStates(), ...takeCounts() }, [data.buffer]);
    used = 0;
    texts = [];
    lastFlush = clock();
  };

  /** Ends the run: what is left of the trace, then why it ended. @param {object} end */
  const finish = (end) => {
    if (finished) return;
    finished = true;
    flush();
    post({ nonce, type: 'end', calls, ...end });
  };

  /** A stop the program's own try/catch cannot swallow for long: every later call throws it again. */
  class Stopped extends ErrorOf {}

  /** The line of the program that called, from a stack trace (calls not rewritten). */
  const lineFromStack = () => {
    const stack = String(new ErrorOf().stack ?? '');
    let at = stack.indexOf(here);
    while (at >= 0) {
      const m = /^:(\d+):\d+/.exec(stack.slice(at + here.length));
      if (m) return Number(m[1]) - job.offset;
      at = stack.indexOf(here, at + here.length);
    }
    return 0;
  };

  /** @param {number} kind  @param {number} row  @param {number} col  @param {number} line */
  const record = (kind, row, col, line) => {
    if (finished) throw new Stopped('The run has ended.');
    if (calls >= job.maxCalls) {
      finish({ reason: 'calls' });
      throw new Stopped(`The run stopped at ${job.maxCalls.toLocaleString('en')} tracer calls, the most a run may make.`);
    }
    calls++;
    if (job.quiet) return;
    const at = used * 4;
    buffer[at] = kind;
    buffer[at + 1] = row;
    buffer[at + 2] = col;
    buffer[at + 3] = line;
    used++;
    total++;
    // The first calls go at once (a program that then loops for ever keeps
    // them); later ones in chunks, or when a chunk has waited FLUSH_MS.
    if (used === CHUNK || total <= EAGER) {
      flush();
      buffer = new Int32Array(CHUNK * 4);
    } else if ((total & 255) === 0 && clock() - lastFlush > FLUSH_MS) {
      flush();
      buffer = new Int32Array(CHUNK * 4);
    }
  };

  /** A bad call stops the run with a sentence naming it and its line. @param {string} sentence  @param {number} line */
  const bad = (sentence, line) => {
    finish({ reason: 'bad', message: sentence, line });
    throw new Stopped(sentence);
  };

  /** @param {string} call  @param {unknown} row  @param {unknown} col  @param {number} line */
  const square = (call, row, col, line) => {
    if (finished) throw new Stopped('The run has ended.');
    const ok = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < n;
    if (!ok(row) || !ok(col)) {
      bad(`board.${call}(${String(row)}, ${String(col)}) on line ${line} names a square off the ${n}×${n} board: row and column are whole numbers from 0 to ${n - 1}.`, line);
    }
    return /** @type {number} */ (row) * n + /** @type {number} */ (col);
  };

  /** @param {unknown} row  @param {unknown} col  @param {number} line */
  const place = (row, col, line) => {
    const sq = square('place', row, col, line);
    const r = /** @type {number} */ (row), c = /** @type {number} */ (col);
    if (occupied[sq]) bad(`board.place(${r}, ${c}) on line ${line} puts a second queen on row ${r}, column ${c}.`, line);
    occupied[sq] = 1;
    rows[r]++; cols[c]++; downs[r + c]++; ups[r - c + n - 1]++;
    captureState();
    record(0, r, c, line);
  };
  /** @param {unknown} row  @param {unknown} col  @param {number} line */
  const remove = (row, col, line) => {
    const sq = square('remove', row, col, line);
    const r = /** @type {number} */ (row), c = /** @type {number} */ (col);
    if (!occupied[sq]) bad(`board.remove(${r}, ${c}) on line ${line} takes away a queen that is not there: row ${r}, column ${c} is empty.`, line);
    occupied[sq] = 0;
    rows[r]--; cols[c]--; downs[r + c]--; ups[r - c + n - 1]--;
    captureState();
    record(1, r, c, line);
  };
  /** @param {unknown} row  @param {unknown} col  @param {number} line */
  const safe = (row, col, line) => {
    square('safe', row, col, line);
    const r = /** @type {number} */ (row), c = /** @type {number} */ (col);
    const answer = rows[r] === 0 && cols[c] === 0 && downs[r + c] === 0 && ups[r - c + n - 1] === 0;
    record(answer ? 3 : 2, r, c, line);
    return answer;
  };
  /** @param {number} line  @param {unknown} [k]  how many solutions the board stands for (1 when not given) */
  const found = (line, k) => {
    const weight = weightOf('found', k, line);
    captureState();
    if (weight !== 1) weights.push(n, stepsInN, weight);
    record(4, -1, -1, line);
  };
  /** @param {unknown} text  @param {number} line */
  const say = (text, line) => {
    if (finished) throw new Stopped('The run has ended.');
    // Not a step or a check: kept out of the count of calls, with a bound of its own.
    if (textCount >= job.maxCalls) bad(`board.say() on line ${line} was called ${job.maxCalls.toLocaleString('en')} times, the most a run may.`, line);
    if (!job.quiet) texts[texts.length] = cut(text, TEXT_CAP);
    calls--;
    record(5, textCount++, -1, line);
  };

  // The line of the call being made: noted by the rewritten call site
  // (__nqueensLine), taken by the method it names; 0 when the call came
  // another way (a method passed around), and then read from a stack trace.
  let pending = 0;
  const line = () => {
    const at = pending;
    pending = 0;
    return at || lineFromStack();
  };
  Object.defineProperty(scope, '__nqueensLine', {
    configurable: false,
    writable: false,
    value: (/** @type {number} */ at, /** @type {string} */ name, /** @type {(() => Record<string, unknown>) | undefined} */ state) => {
      pending = at;
      if (state) stateOf = state;
      return name;
    },
  });

  // ---- What a found board stands for, and a counter's counts -----------------
  // board.found(k) says the board stands for k solutions (a board and its
  // mirror image: 2); board.count(k) adds k solutions with no board (a
  // counter). Both go to the page as the chunk's extra fields: `weights`
  // (N, step within its N, k) triples and `counts` (N, k) pairs.
  /** @type {number[]} */ let weights = [];
  /** @type {number[]} */ let counts = [];
  let countCalls = 0;
  /** @param {string} call  @param {unknown} k  @param {number} line */
  const weightOf = (call, k, line) => {
    if (k === undefined) return 1;
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > 1e9) bad(`board.${call}(${String(k).slice(0, 40)}) on line ${line}: the count is a whole number from 0 to 1,000,000,000.`, line);
    return /** @type {number} */ (k);
  };
  /** @param {unknown} k  @param {number} line */
  const count = (k, line) => {
    if (finished) throw new Stopped('The run has ended.');
    const weight = weightOf('count', k === undefined ? 1 : k, line);
    if (++countCalls > job.maxCalls) bad(`board.count() on line ${line} was called more than ${job.maxCalls.toLocaleString('en')} times, the most a run may.`, line);
    counts.push(n, weight);
  };
  /** The counts of the chunk being sent, as its extra fields. */
  const takeCounts = () => {
    const out = { weights, counts };
    weights = [];
    counts = [];
    return out;
  };

  // ---- The learner's state at each step -------------------------------------
  // The rewritten program notes each call of its functions (__nqueensEnter,
  // __nqueensLeave) and hands each step's call the variables in scope there
  // (through __nqueensLine); after each step they are kept as a JSON text,
  // bounded (64 items a list, 16 keys an object, 80 characters a text, two
  // levels deep), for the first SNAP_STEPS steps of each N and SNAP_RUN of
  // a run. They go to the page with the chunk of their step.
  const SNAP_STEPS = 100_000;
  const SNAP_RUN = 300_000;
  /** @type {Array<[string, Record<string, unknown>]>} the program's calls under way, outermost first */
  const frames = [];
  /** @type {(() => Record<string, unknown>) | null} the variables of the step call being made */
  let stateOf = null;
  let stepsInN = 0;
  let captured = 0;
  /** @type {string[]} */ let states = [];
  /** @type {number[]} */ let stateSteps = [];
  /** @type {object | null} */ let boardNow = null;

  /** A value as JSON holds it, bounded. @param {unknown} v  @param {number} depth  @returns {unknown} */
  const plain = (v, depth) => {
    if (v === boardNow) return 'board';
    if (v === null || v === undefined || typeof v === 'boolean') return v ?? null;
    if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
    if (typeof v === 'string') return v.slice(0, 80);
    if (typeof v === 'bigint' || typeof v === 'symbol' || typeof v === 'function') return String(v).slice(0, 80);
    if (Array.isArray(v) || ArrayBuffer.isView(v) || v instanceof Set) {
      if (depth >= 2) return '[…]';
      const items = v instanceof Set ? [...v].slice(0, 64) : Array.prototype.slice.call(v, 0, 64);
      return items.map((x) => plain(x, depth + 1));
    }
    if (depth >= 1) return '{…}';
    /** @type {Record<string, unknown>} */
    const out = {};
    const entries = v instanceof Map ? [...v].slice(0, 16) : Object.keys(/** @type {object} */ (v)).slice(0, 16).map((k) => [k, /** @type {any} */ (v)[k]]);
    for (const [k, x] of entries) out[String(k).slice(0, 40)] = plain(x, depth + 1);
    return out;
  };
  /** At a step (before its record, so both go in one chunk): its variables and the calls under way, while the bounds allow. */
  const captureState = () => {
    stepsInN++;
    const getter = stateOf;
    stateOf = null;
    if (job.quiet || stepsInN > SNAP_STEPS || captured >= SNAP_RUN) return;
    captured++;
    /** @type {Record<string, unknown>} */
    const vars = {};
    try {
      const given = getter ? getter() : {};
      for (const k of Object.keys(given).slice(0, 32)) if (typeof given[k] !== 'function' && given[k] !== boardNow) vars[k] = plain(given[k], 0);
    } catch {
      // A variable not yet set: the step keeps the calls only.
    }
    states.push(JSON.stringify({ s: frames.slice(-64), v: vars }));
    stateSteps.push(stepsInN);
  };
  /** The states of the chunk being sent, as its extra fields. */
  const takeStates = () => {
    const out = { states, stateSteps };
    states = [];
    stateSteps = [];
    return out;
  };
  /** A new N: its steps count from 1. @param {object} board */
  const newStates = (board) => {
    stepsInN = 0;
    frames.length = 0;
    boardNow = board;
  };
  Object.defineProperty(scope, '__nqueensEnter', {
    configurable: false,
    writable: false,
    value: (/** @type {string} */ name, /** @type {string[]} */ names, /** @type {unknown[]} */ values) => {
      /** @type {Record<string, unknown>} */
      const args = {};
      names.forEach((k, i) => { args[k] = plain(values[i], 1); });
      frames.push([name, args]);
    },
  });
  Object.defineProperty(scope, '__nqueensLeave', {
    configurable: false,
    writable: false,
    value: () => { frames.pop(); },
  });

  // The board object: the six calls, frozen.
  const makeBoard = () => Object.freeze({
    place: (/** @type {unknown} */ r, /** @type {unknown} */ c) => place(r, c, line()),
    remove: (/** @type {unknown} */ r, /** @type {unknown} */ c) => remove(r, c, line()),
    safe: (/** @type {unknown} */ r, /** @type {unknown} */ c) => safe(r, c, line()),
    found: (/** @type {unknown} */ k) => found(line(), k),
    count: (/** @type {unknown} */ k) => count(k, line()),
    say: (/** @type {unknown} */ t) => say(t, line()),
  });

  /** The line of the program an error came from (its first frame in the program), or 0. @param {unknown} error  @param {boolean} [overflow] */
  const errorLine = (error, overflow = false) => {
    let stack = '';
    try {
      stack = StringOf(/** @type {any} */ (error)?.stack ?? '');
    } catch {
      return 0;
    }
    // The frames are at the end: a huge message before them is skipped.
    if (stack.length > 100_000) stack = apply(sliceText, stack, [stack.length - 100_000]);
    /** @type {number[]} */
    const lines = [];
    for (let at = stack.indexOf(here); at >= 0; at = stack.indexOf(here, at + here.length)) {
      const m = /^:(\d+):\d+/.exec(stack.slice(at + here.length));
      if (m) lines.push(Number(m[1]) - job.offset);
    }
    if (!lines.length) return 0;
    if (!overflow) return Math.max(0, lines[0]);
    // A stack overflow is thrown where a call begins: the line of the
    // recursive call is the one most frames stand on.
    /** @type {Map<number, number>} */
    const times = new Map();
    for (const line of lines) times.set(line, (times.get(line) ?? 0) + 1);
    let best = 0, most = 0;
    for (const [line, count] of times) if (count > most) { best = line; most = count; }
    return Math.max(0, best);
  };

  /** @param {unknown} error */
  const describe = (error) => {
    try {
      // The policy's refusal of eval or Function, in the page's words.
      if (error instanceof EvalErrorOf) return 'EvalError: the browser refused code built from text (eval, Function or a string timer): a program in "Your search" runs without it.';
      if (error instanceof ErrorOf) return cut(`${cut(error.name, 100)}: ${cut(error.message, MESSAGE_CAP)}`, MESSAGE_CAP);
      return `The program threw ${cut(error, MESSAGE_CAP)}.`;
    } catch {
      return 'The program threw something that cannot be shown.';
    }
  };


  // An error thrown outside solve() (the program's top level, a timer): named here, cut to its cap.
  scope.addEventListener('error', (/** @type {ErrorEvent} */ event) => {
    event.preventDefault();
    if (finished) return;
    const line = event.lineno ? event.lineno - job.offset : 0;
    finish({ reason: 'error', message: cut(StringOf(event.message ?? 'The program failed.').replace(/^Uncaught /, ''), MESSAGE_CAP), line: line > 0 ? line : 0 });
  });
  scope.addEventListener('unhandledrejection', (/** @type {PromiseRejectionEvent} */ event) => event.preventDefault());
  // What the browser's policy refused, said to the page.
  scope.addEventListener('securitypolicyviolation', (/** @type {SecurityPolicyViolationEvent} */ event) => {
    const uri = cut(event.blockedURI, 200);
    const directive = cut(event.effectiveDirective || event.violatedDirective, 60);
    const sentence = uri === 'eval' ? 'The browser refused code built from text (eval, Function or a string timer).'
      : `The browser refused ${/^(https?|wss?):/.test(uri) ? `a request to ${uri}` : uri ? `loading ${uri}` : 'a request'} (${directive}): a program runs with no network.`;
    if (nonce) post({ nonce, type: 'refused', sentence });
  });

  Object.defineProperty(scope, '__nqueensInit', {
    configurable: false,
    writable: false,
    value: (/** @type {string} */ key, /** @type {{ ns: number[], maxCalls: number, offset: number, quiet?: boolean }} */ given) => {
      if (nonce) return;
      nonce = key;
      job = given;
    },
  });

  Object.defineProperty(scope, '__nqueensStart', {
    configurable: false,
    writable: false,
    value: async (/** @type {unknown} */ solve) => {
      if (started) return;
      started = true;
      // A task later, when the read of this script has finished, the box hears of it and the program starts.
      await new Promise((resolve) => later(resolve, 0));
      post({ type: 'up' });
      if (typeof solve !== 'function') {
        finish({ reason: 'error', message: 'The program defines no function solve(n, board): write one, and the page calls it with the board size and the board.', line: 0 });
        return;
      }
      // The time of the solve() calls, for a quiet job's end.
      let solveMs = 0;
      for (let i = 0; i < job.ns.length && !finished; i++) {
        n = job.ns[i];
        nIndex = i;
        occupied = new Uint8Array(n * n);
        rows = new Int32Array(n);
        cols = new Int32Array(n);
        downs = new Int32Array(2 * n);
        ups = new Int32Array(2 * n);
        // The limit of calls holds for each N.
        calls = -1;
        record(6, nIndex, n, 0);
        const board = makeBoard();
        newStates(board);
        try {
          const from = clock();
          await /** @type {Function} */ (solve)(n, board);
          solveMs += clock() - from;
        } catch (error) {
          if (finished) return;
          if (error instanceof Stopped) return;
          try {
            const overflow = error instanceof RangeError && /call stack/i.test(cut(error.message, 200));
            finish({
              reason: 'error',
              message: overflow ? `The program ran out of stack (${cut(error.message, 200)}): a recursion that never ends, or goes too deep.` : describe(error),
              line: errorLine(error, overflow),
            });
          } catch {
            // The program broke what describes its error: its error is still named.
            finished = false;
            finish({ reason: 'error', message: 'The program failed, and had changed the language\'s own objects so that its error cannot be described.', line: 0 });
          }
          return;
        }
      }
      // The policy's refusals of requests the program started arrive as events: a moment for them.
      await new Promise((resolve) => later(resolve, 30));
      finish(job.quiet ? { reason: 'done', ms: solveMs } : { reason: 'done' });
    },
  });
})();
