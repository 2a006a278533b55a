// The run worker of a Python program in "Your search" (www/code/): a
// module worker that loads CPython (Pyodide, served from pyodide/ at the top,
// copied there from the npm package by scripts/copy-pyodide.mjs), says how far the
// load has got, and runs one program when the page asks, then is thrown
// away. The page starts the next run's worker ahead, so a Run finds Python
// loaded.
//
// Before the program runs, the network (fetch, XMLHttpRequest, WebSocket,
// EventSource, importScripts, nested workers: what js.fetch,
// pyodide.http.pyfetch and open_url reach), storage (indexedDB, caches) and
// postMessage are taken from the worker's global scope, and open() of a URL
// is refused, each with a sentence. The tracer is a Python object whose
// records ([kind, row, col, line], the kinds of code-js-worker.js) go to the
// page in chunks of Int32Array; the line is the caller's frame's f_lineno.

/** @type {any} */
const scope = self;
const post = scope.postMessage.bind(scope);

/** The tracer and the runner, in Python. */
const PRELUDE = `
import sys, builtins, time
from array import array

class Stopped(BaseException):
    pass

def _first_line(tb):
    line = 0
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<your program>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line

def run(source, ns, max_calls, flush, finish):
    state = {"finished": False, "calls": 0, "says": 0, "last": time.monotonic()}
    buf = array("i")
    texts = []
    CHUNK = 32768
    getframe = sys._getframe

    def send():
        if len(buf) or texts:
            flush(buf, texts[:], state["calls"])
            del buf[:]
            texts.clear()
            state["last"] = time.monotonic()

    def end(reason, message="", line=0):
        if state["finished"]:
            return
        state["finished"] = True
        send()
        finish(reason, message, line, state["calls"])

    def rec(kind, row, col, line):
        if state["finished"]:
            raise Stopped("The run has ended.")
        if state["calls"] >= max_calls:
            end("calls")
            raise Stopped("The run stopped at the most tracer calls a run may make.")
        state["calls"] += 1
        buf.extend((kind, row, col, line))
        if len(buf) >= CHUNK * 4:
            send()
        elif state["calls"] & 4095 == 0 and time.monotonic() - state["last"] > 0.15:
            send()

    def bad(sentence, line):
        end("bad", sentence, line)
        raise Stopped(sentence)

    class Board:
        __slots__ = ("_n", "_occupied", "_rows", "_cols", "_downs", "_ups")

        def __init__(self, n):
            self._n = n
            self._occupied = bytearray(n * n)
            self._rows = [0] * n
            self._cols = [0] * n
            self._downs = [0] * (2 * n)
            self._ups = [0] * (2 * n)

        def _square(self, call, row, col, line):
            n = self._n
            if state["finished"]:
                raise Stopped("The run has ended.")
            if type(row) is not int or type(col) is not int or not (0 <= row < n) or not (0 <= col < n):
                bad(f"board.{call}({row!r}, {col!r}) on line {line} names a square off the {n}×{n} board: row and column are whole numbers from 0 to {n - 1}.", line)
            return row * n + col

        def place(self, row, col):
            line = getframe(1).f_lineno
            sq = self._square("place", row, col, line)
            if self._occupied[sq]:
                bad(f"board.place({row}, {col}) on line {line} puts a second queen on row {row}, column {col}.", line)
            self._occupied[sq] = 1
            self._rows[row] += 1; self._cols[col] += 1
            self._downs[row + col] += 1; self._ups[row - col + self._n - 1] += 1
            rec(0, row, col, line)

        def remove(self, row, col):
            line = getframe(1).f_lineno
            sq = self._square("remove", row, col, line)
            if not self._occupied[sq]:
                bad(f"board.remove({row}, {col}) on line {line} takes away a queen that is not there: row {row}, column {col} is empty.", line)
            self._occupied[sq] = 0
            self._rows[row] -= 1; self._cols[col] -= 1
            self._downs[row + col] -= 1; self._ups[row - col + self._n - 1] -= 1
            rec(1, row, col, line)

        def safe(self, row, col):
            line = getframe(1).f_lineno
            self._square("safe", row, col, line)
            answer = not (self._rows[row] or self._cols[col] or self._downs[row + col] or self._ups[row - col + self._n - 1])
            rec(3 if answer else 2, row, col, line)
            return answer

        def found(self):
            rec(4, -1, -1, getframe(1).f_lineno)

        def say(self, text):
            line = getframe(1).f_lineno
            if state["says"] >= max_calls:
                bad(f"board.say() on line {line} was called {max_calls} times, the most a run may.", line)
            texts.append(str(text)[:300])
            state["calls"] -= 1
            rec(5, state["says"], -1, line)
            state["says"] += 1

    space = {"__name__": "__main__"}
    try:
        code = compile(source, "<your program>", "exec")
    except SyntaxError as error:
        end("error", f"SyntaxError: {error.msg}", error.lineno or 0)
        return
    try:
        exec(code, space)
    except Stopped:
        return
    except BaseException as error:
        end("error", f"{type(error).__name__}: {error}", _first_line(error.__traceback__))
        return
    solve = space.get("solve")
    if not callable(solve):
        end("error", "The program defines no function solve(n, board): write one, and the page calls it with the board size and the board.", 0)
        return
    for index, n in enumerate(ns):
        state["calls"] = -1
        rec(6, index, n, 0)
        try:
            solve(n, Board(n))
        except Stopped:
            return
        except RecursionError as error:
            end("error", f"RecursionError: {error}: a recursion that never ends, or goes too deep.", _first_line(error.__traceback__))
            return
        except BaseException as error:
            end("error", f"{type(error).__name__}: {error}", _first_line(error.__traceback__))
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

/** @type {any} */
let pyodide = null;
let running = false;

async function load() {
  post({ type: 'progress', fraction: 0.05, text: 'Loading Python…' });
  const base = new URL('../../pyodide/', scope.location.href).href;
  try {
    // The address is built, so no tool follows it: Pyodide is served, not in git.
    const { loadPyodide } = await import(`${base}pyodide.mjs`);
    post({ type: 'progress', fraction: 0.15, text: 'Loading Python: starting CPython…' });
    pyodide = await loadPyodide({ indexURL: base, stdout: () => {}, stderr: () => {} });
    post({ type: 'progress', fraction: 0.9, text: 'Loading Python: preparing the tracer…' });
    pyodide.runPython(PRELUDE, { globals: pyodide.toPy({}) });
    post({ type: 'ready' });
  } catch (error) {
    post({ type: 'failed', message: `Python could not be loaded: ${/** @type {Error} */ (error)?.message ?? error}` });
  }
}

scope.onmessage = (/** @type {MessageEvent} */ event) => {
  const job = event.data;
  if (!pyodide || running || job?.type !== 'run') return;
  running = true;
  const { nonce, source, ns, maxCalls } = job;
  const space = pyodide.globals.get('dict')();
  pyodide.runPython(PRELUDE, { globals: space });
  pyodide.runPython(CLOSE_PYTHON, { globals: pyodide.globals.get('dict')() });
  closeTheWorker();
  const flush = (/** @type {any} */ buf, /** @type {any} */ texts, /** @type {number} */ calls) => {
    const view = buf.getBuffer('i32');
    const data = view.data.slice();
    view.release();
    buf.destroy();
    const said = texts.toJs();
    texts.destroy();
    post({ nonce, type: 'chunk', data, texts: said, calls }, [data.buffer]);
  };
  const finish = (/** @type {string} */ reason, /** @type {string} */ message, /** @type {number} */ line, /** @type {number} */ calls) => {
    post({ nonce, type: 'end', reason, message, line, calls });
  };
  try {
    space.get('run')(source, pyodide.toPy(ns), maxCalls, flush, finish);
  } catch (error) {
    post({ nonce, type: 'end', reason: 'error', message: String(/** @type {Error} */ (error)?.message ?? error), line: 0, calls: 0 });
  }
};

load();
