// The run worker of a Python program in "Your search" (www/code/): a
// module worker that the page (www/program/runner.js) reads as text and
// hands a box (www/program/box.js: a sandboxed iframe whose
// Content-Security-Policy refuses every request and code built from text).
// The page posts it Pyodide's files (its two modules as
// text, the .wasm and the standard library as bytes, the lock file), which
// it read from its own origin: the worker makes modules of them from blob:
// addresses and answers Pyodide's own fetches of the .wasm and the standard
// library from them, so the box never asks the network for anything. It
// says how far the load has got, runs one program when the page asks, and
// is thrown away; the page starts the next run's box ahead, so a Run finds
// Python loaded.
//
// The browser's policy is the wall. Before the program runs, the names a
// program would try (fetch, XMLHttpRequest, WebSocket, EventSource,
// importScripts, nested workers, indexedDB, caches, postMessage; Python's
// pyodide.http and open() of a URL) are also replaced, each by a refusal in
// a sentence, so the usual attempts read clearly; what they miss the policy
// refuses, and the refusal goes to the page. Error messages and say() texts
// are cut to their caps in Python, before they cross. The tracer is a
// Python object whose records ([kind, row, col, line], the kinds of
// code-js-worker.js) go to the page in chunks of Int32Array; the line is the
// caller's frame's f_lineno. A program can reach the runner's Python state
// through frames; the page checks every record and counts the calls and the
// time itself (www/program/guard.js), so what it changes there forges
// nothing.

/** @type {any} */
const scope = self;
const post = scope.postMessage.bind(scope);

/** The tracer and the runner, in Python. */
const PRELUDE = `
import sys
from array import array

class Stopped(BaseException):
    pass

def _text(value, cap):
    # Cut to cap before it crosses to the page; a huge str() is cut here.
    try:
        s = value if type(value) is str else str(value)
    except BaseException:
        return "something that cannot be shown"
    return s if len(s) <= cap else s[:cap] + "…"

def _describe(error):
    return _text(type(error).__name__, 100) + ": " + _text(error, 2000)

def _first_line(tb):
    line = 0
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<your program>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line

# The learner's state at each step: the variables of the calling frame and
# the call stack of the program's functions, each a JSON text (bounded:
# 64 items a list, 16 keys a dict, 80 characters a text, two levels deep),
# for the first SNAP_STEPS steps of each N and SNAP_RUN steps of a run.
SNAP_STEPS = 100000
SNAP_RUN = 300000

def _plain(v, depth):
    import itertools, math
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v if -2**53 < v < 2**53 else str(v)
    if isinstance(v, float):
        return v if math.isfinite(v) else str(v)
    if isinstance(v, str):
        return v[:80]
    if isinstance(v, (list, tuple, range, bytearray, set, frozenset)):
        if depth >= 2:
            return "[…]"
        items = sorted(v, key=repr) if isinstance(v, (set, frozenset)) else v
        return [_plain(x, depth + 1) for x in itertools.islice(items, 64)]
    if isinstance(v, dict):
        if depth >= 1:
            return "{…}"
        return {str(k)[:40]: _plain(x, depth + 1) for k, x in itertools.islice(v.items(), 16)}
    return repr(v)[:80]

def _frames_state(frame, board_type):
    import json
    stack = []
    f = frame
    while f is not None and f.f_code.co_filename == "<your program>":
        code = f.f_code
        if code.co_name != "<module>":
            local = f.f_locals
            args = {}
            for name in code.co_varnames[:code.co_argcount]:
                value = local.get(name)
                args[name] = "board" if type(value) is board_type else _plain(value, 1)
            stack.append([code.co_name, args])
        f = f.f_back
    stack.reverse()
    names = {}
    for name, value in list(frame.f_locals.items())[:32]:
        if name.startswith("__") or callable(value) or type(value) is board_type or type(value).__name__ == "module":
            continue
        names[name] = _plain(value, 0)
    return json.dumps({"s": stack[-64:], "v": names}, separators=(",", ":"), ensure_ascii=False)

def _mask_names(source):
    # Names the program uses as bit masks: with & | ^ << >> or ~, or given such a value.
    import ast
    ops = (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names = set()
    def side(x):
        if isinstance(x, ast.UnaryOp):
            x = x.operand
        if isinstance(x, ast.Name):
            names.add(x.id)
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ops):
            side(node.left)
            # A shift's count is no mask: only what it shifts.
            if not isinstance(node.op, (ast.LShift, ast.RShift)):
                side(node.right)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
            side(node.operand)
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ops):
            side(node.target)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.BinOp) and isinstance(node.value.op, ops):
            for target in node.targets:
                side(target)
    return sorted(names)

def run(source, ns, max_calls, flush, finish):
    buf = array("i")
    snaps = []
    snap_steps = []
    masks = _mask_names(source)
    weights = []
    counts = []
    count_calls = 0
    steps_in_n = 0
    captured = 0
    extend = buf.extend
    texts = []
    getframe = sys._getframe
    # calls (steps and checks) for the N being run, says, finished
    calls = 0
    says = 0
    finished = False
    EAGER = 256
    BATCH = 8191

    def send():
        nonlocal masks
        if len(buf) or texts or counts:
            flush(buf, texts[:], calls, snaps[:], snap_steps[:], masks, weights[:], counts[:])
            masks = []
            del weights[:]
            del counts[:]
            del buf[:]
            texts.clear()
            snaps.clear()
            snap_steps.clear()

    def weight_of(call, k, line):
        # found(k) / count(k): how many solutions a board, or a count, stands for.
        if k is None:
            return 1
        if type(k) is not int or not (0 <= k <= 10**9):
            bad(f"board.{call}({str(k)[:40]}) on line {line}: the count is a whole number from 0 to 1,000,000,000.", line)
        return k

    def state(frame):
        # After each step: the caller's variables and stack, while the bounds allow.
        nonlocal steps_in_n, captured
        steps_in_n += 1
        if steps_in_n > SNAP_STEPS or captured >= SNAP_RUN:
            return
        captured += 1
        snaps.append(_frames_state(frame, Board))
        snap_steps.append(steps_in_n)

    def end(reason, message="", line=0):
        nonlocal finished
        if finished:
            return
        finished = True
        send()
        finish(reason, message, line, calls)

    def bad(sentence, line):
        end("bad", sentence, line)
        raise Stopped(sentence)

    def over():
        if finished:
            raise Stopped("The run has ended.")
        end("calls")
        raise Stopped("The run stopped at the most tracer calls a run may make.")

    def off(call, row, col, n, line):
        bad(f"board.{call}({_text(repr(row), 60)}, {_text(repr(col), 60)}) on line {line} names a square off the {n}×{n} board: row and column are whole numbers from 0 to {n - 1}.", line)

    class Board:
        __slots__ = ("place", "remove", "safe", "found", "say", "count")

    def make_board(n):
        # The board's state lives in this closure; the learner gets only the five calls.
        occupied = bytearray(n * n)
        rows = [0] * n
        cols = [0] * n
        downs = [0] * (2 * n)
        ups = [0] * (2 * n)
        shift = n - 1

        def place(row, col):
            nonlocal calls
            line = getframe(1).f_lineno
            if type(row) is not int or type(col) is not int or not (0 <= row < n and 0 <= col < n):
                off("place", row, col, n, line)
            if finished or calls >= max_calls:
                over()
            sq = row * n + col
            if occupied[sq]:
                bad(f"board.place({row}, {col}) on line {line} puts a second queen on row {row}, column {col}.", line)
            occupied[sq] = 1
            rows[row] += 1
            cols[col] += 1
            downs[row + col] += 1
            ups[row - col + shift] += 1
            calls += 1
            extend((0, row, col, line))
            state(getframe(1))
            if calls <= EAGER or not calls & BATCH:
                send()

        def remove(row, col):
            nonlocal calls
            line = getframe(1).f_lineno
            if type(row) is not int or type(col) is not int or not (0 <= row < n and 0 <= col < n):
                off("remove", row, col, n, line)
            if finished or calls >= max_calls:
                over()
            sq = row * n + col
            if not occupied[sq]:
                bad(f"board.remove({row}, {col}) on line {line} takes away a queen that is not there: row {row}, column {col} is empty.", line)
            occupied[sq] = 0
            rows[row] -= 1
            cols[col] -= 1
            downs[row + col] -= 1
            ups[row - col + shift] -= 1
            calls += 1
            extend((1, row, col, line))
            state(getframe(1))
            if calls <= EAGER or not calls & BATCH:
                send()

        def safe(row, col):
            nonlocal calls
            line = getframe(1).f_lineno
            if type(row) is not int or type(col) is not int or not (0 <= row < n and 0 <= col < n):
                off("safe", row, col, n, line)
            if finished or calls >= max_calls:
                over()
            answer = not (rows[row] or cols[col] or downs[row + col] or ups[row - col + shift])
            calls += 1
            extend((3 if answer else 2, row, col, line))
            if calls <= EAGER or not calls & BATCH:
                send()
            return answer

        def found(k=None):
            nonlocal calls
            line = getframe(1).f_lineno
            weight = weight_of("found", k, line)
            if finished or calls >= max_calls:
                over()
            calls += 1
            extend((4, -1, -1, line))
            state(getframe(1))
            if weight != 1:
                weights.extend((n, steps_in_n, weight))
            if calls <= EAGER or not calls & BATCH:
                send()

        def say(text):
            nonlocal says
            line = getframe(1).f_lineno
            if finished:
                raise Stopped("The run has ended.")
            if says >= max_calls:
                bad(f"board.say() on line {line} was called {max_calls} times, the most a run may.", line)
            texts.append(_text(text, 300))
            extend((5, says, -1, line))
            says += 1
            if len(texts) >= 4096:
                send()

        def count(k=1):
            nonlocal count_calls
            line = getframe(1).f_lineno
            if finished:
                raise Stopped("The run has ended.")
            weight = weight_of("count", k, line)
            count_calls += 1
            if count_calls > max_calls:
                bad(f"board.count() on line {line} was called more than {max_calls} times, the most a run may.", line)
            counts.extend((n, weight))

        board = Board()
        board.count = count
        board.place = place
        board.remove = remove
        board.safe = safe
        board.found = found
        board.say = say
        return board

    space = {"__name__": "__main__"}
    try:
        code = compile(source, "<your program>", "exec")
    except SyntaxError as error:
        end("error", "SyntaxError: " + _text(error.msg, 2000), error.lineno or 0)
        return
    try:
        exec(code, space)
    except Stopped:
        return
    except BaseException as error:
        end("error", _describe(error), _first_line(error.__traceback__))
        return
    solve = space.get("solve")
    if not callable(solve):
        end("error", "The program defines no function solve(n, board): write one, and the page calls it with the board size and the board.", 0)
        return
    for index, n in enumerate(ns):
        # The limit of calls holds for each N.
        calls = 0
        steps_in_n = 0
        extend((6, index, n, 0))
        send()
        try:
            solve(n, make_board(n))
        except Stopped:
            return
        except RecursionError as error:
            end("error", "RecursionError: " + _text(error, 300) + ": a recursion that never ends, or goes too deep.", _first_line(error.__traceback__))
            return
        except BaseException as error:
            end("error", _describe(error), _first_line(error.__traceback__))
            return
    end("done")
`;

/** Python's own ways out, closed with a sentence (the JS ones below close what they call). */
const CLOSE_PYTHON = `
import builtins, sys
def _refuse(name, what):
    def refuse(*args, **kwargs):
        raise PermissionError(f"{name} is blocked: a program in \\"Your search\\" runs with no {what}.")
    return refuse
_open = builtins.open
def _guarded_open(file, *args, **kwargs):
    if isinstance(file, str) and "://" in file:
        raise PermissionError(f"open({file!r}) is blocked: a program in \\"Your search\\" runs with no network.")
    return _open(file, *args, **kwargs)
builtins.open = _guarded_open
try:
    import pyodide.http as _http
    _http.pyfetch = _refuse("pyodide.http.pyfetch", "network")
    _http.open_url = _refuse("pyodide.http.open_url", "network")
except Exception:
    pass
for _name in ("urllib.request", "http.client", "socket"):
    sys.modules.pop(_name, None)
`;

/** @param {string} name  @param {string} what */
const blocked = (name, what) => function () {
  throw new Error(`${name} is blocked: a program in "Your search" runs with no ${what}.`);
};

/** Takes the network, storage and messages away from this worker's global scope. */
function closeTheWorker() {
  /** @param {string} name  @param {string} what */
  const shut = (name, what) => {
    const refuse = blocked(name, what);
    for (let proto = Object.getPrototypeOf(scope); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      if (Object.prototype.hasOwnProperty.call(proto, name)) {
        try { delete proto[name]; } catch { /* shadowed below */ }
      }
    }
    try {
      // A function is handed out (calling it throws); storage's getter throws at once.
      Object.defineProperty(scope, name, { get: () => (what === 'storage' ? refuse() : refuse), set: () => {}, configurable: false });
    } catch { /* not configurable */ }
  };
  for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts', 'Worker', 'SharedWorker', 'BroadcastChannel']) shut(name, 'network');
  for (const name of ['indexedDB', 'caches']) shut(name, 'storage');
  shut('postMessage', 'way to message the page but its board');
}

/**
 * The learner's state at the steps of a chunk, as the message's extra
 * fields: `states` (JSON texts), `stateSteps` (each one's step within its N)
 * and `masks` (the names used as bit masks, in the first chunk).
 * @param {any} snaps  @param {any} snapSteps  @param {any} masks
 */
function states(snaps, snapSteps, masks) {
  const out = { states: snaps.toJs(), stateSteps: snapSteps.toJs(), masks: masks.toJs() };
  snaps.destroy();
  snapSteps.destroy();
  masks.destroy?.();
  return out;
}

/** @type {any} */
let pyodide = null;
let running = false;
let loading = false;

/** Where Pyodide believes its files are; its fetches of them are answered from what the page gave. */
const BASE = 'https://pyodide.invalid/';

/** @param {string} text */
const moduleOf = (text) => import(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));

/**
 * Loads Python from the files the page gave.
 * @param {{ mjs: string, asm: string, wasm: ArrayBuffer, stdlib: ArrayBuffer, lock: string }} files
 */
async function load(files) {
  post({ type: 'progress', fraction: 0.05, text: 'Loading Python…' });
  try {
    /** @type {Map<string, () => Response>} */
    const served = new Map([
      [`${BASE}pyodide.asm.wasm`, () => new Response(files.wasm, { headers: { 'content-type': 'application/wasm' } })],
      [`${BASE}python_stdlib.zip`, () => new Response(files.stdlib)],
    ]);
    // Pyodide's own fetches, answered from the given files; anything else is refused.
    scope.fetch = async (/** @type {unknown} */ url) => {
      const answer = served.get(String(url));
      if (!answer) throw new Error(`${String(url)} is not one of Python's files.`);
      return answer();
    };
    const { loadPyodide } = await moduleOf(files.mjs);
    const createPyodideModule = (await moduleOf(files.asm)).default;
    post({ type: 'progress', fraction: 0.15, text: 'Loading Python: starting CPython…' });
    pyodide = await loadPyodide({ indexURL: BASE, createPyodideModule, lockFileContents: JSON.parse(files.lock), stdout: () => {}, stderr: () => {} });
    post({ type: 'progress', fraction: 0.9, text: 'Loading Python: preparing the tracer…' });
    pyodide.runPython(PRELUDE, { globals: pyodide.toPy({}) });
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'failed', message: `Python could not be loaded: ${String(/** @type {Error} */ (error)?.message ?? error).slice(0, 500)}` });
  }
}

// What the browser's policy refused, said to the page.
scope.addEventListener('securitypolicyviolation', (/** @type {SecurityPolicyViolationEvent} */ event) => {
  if (!runNonce) return;
  const uri = String(event.blockedURI).slice(0, 200);
  const directive = String(event.effectiveDirective || event.violatedDirective).slice(0, 60);
  const sentence = uri === 'eval' ? 'The browser refused code built from text (eval, Function or a string timer).'
    : `The browser refused ${/^(https?|wss?):/.test(uri) ? `a request to ${uri}` : uri ? `loading ${uri}` : 'a request'} (${directive}): a program runs with no network.`;
  post({ nonce: runNonce, type: 'refused', sentence });
});
scope.addEventListener('unhandledrejection', (/** @type {PromiseRejectionEvent} */ event) => event.preventDefault());

let runNonce = '';

scope.onmessage = (/** @type {MessageEvent} */ event) => {
  const job = event.data;
  if (job?.type === 'load' && !pyodide && !loading) {
    loading = true;
    load(job.files);
    return;
  }
  if (!pyodide || running || job?.type !== 'run') return;
  running = true;
  const { nonce, source, ns, maxCalls } = job;
  runNonce = nonce;
  const space = pyodide.globals.get('dict')();
  pyodide.runPython(PRELUDE, { globals: space });
  pyodide.runPython(CLOSE_PYTHON, { globals: pyodide.globals.get('dict')() });
  closeTheWorker();
  const flush = (/** @type {any} */ buf, /** @type {any} */ texts, /** @type {number} */ calls, /** @type {any} */ snaps, /** @type {any} */ snapSteps, /** @type {any} */ masks, /** @type {any} */ weights, /** @type {any} */ counts) => {
    const view = buf.getBuffer('i32');
    const data = view.data.slice();
    view.release();
    buf.destroy();
    const said = texts.toJs().map((/** @type {unknown} */ t) => String(t).slice(0, 301));
    texts.destroy();
    const counted = { weights: weights.toJs(), counts: counts.toJs() };
    weights.destroy();
    counts.destroy();
    post({ nonce, type: 'chunk', data, texts: said, calls, ...states(snaps, snapSteps, masks), ...counted }, [data.buffer]);
  };
  const finish = (/** @type {string} */ reason, /** @type {string} */ message, /** @type {number} */ line, /** @type {number} */ calls) => {
    const end = { nonce, type: 'end', reason, message: String(message).slice(0, 2000), line, calls };
    // The policy's refusals of requests the program started arrive as events: a moment for them.
    if (reason === 'done') setTimeout(() => post(end), 30);
    else post(end);
  };
  try {
    space.get('run')(source, pyodide.toPy(ns), maxCalls, flush, finish);
  } catch (error) {
    post({ nonce, type: 'end', reason: 'error', message: String(/** @type {Error} */ (error)?.message ?? error).slice(0, 2000), line: 0, calls: 0 });
  }
};

