// The learner's variables and call stack at each step, against the test's
// own replay of the same search: Python's frames read by the tracer
// (www/workers/code-py-worker.js's PRELUDE, run here by python3), and the
// JavaScript rewrite (www/program/rewrite.js) run here in a context of its
// own, whose step calls hand over the variables in scope and whose functions
// note their calls. Also the page's side: each trace holds its steps'
// states (www/program/trace.js), none past the bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { rewriteProgram } from '../../www/program/rewrite.js';
import { Trace, KIND, ingestRuns } from '../../www/program/trace.js';

const worker = readFileSync(fileURLToPath(new URL('../../www/workers/code-py-worker.js', import.meta.url)), 'utf8');
const prelude = /const PRELUDE = `([\s\S]*?)`;/.exec(worker)?.[1];
const hasPython = spawnSync('python3', ['--version']).status === 0;

/**
 * The test's replay of a row-by-row search with a list of columns and a
 * bit mask of used columns: after each step (place, remove, found), the
 * variables of the function that made it and the calls under way.
 */
function replay(n) {
  const out = [];
  const cols = [];
  let used = 0;
  const stack = [['solve', { n }]];
  const go = (row) => {
    stack.push(['go', { row }]);
    if (row === n) {
      out.push({ vars: { row, cols: [...cols], used }, stack: stack.map(([f, a]) => [f, { ...a }]) });
    } else {
      for (let c = 0; c < n; c++) {
        if (used & (1 << c) || cols.some((q, r) => Math.abs(q - c) === row - r)) continue;
        cols.push(c); used |= 1 << c;
        out.push({ vars: { row, c, cols: [...cols], used }, stack: stack.map(([f, a]) => [f, { ...a }]) });
        go(row + 1);
        cols.pop(); used &= ~(1 << c);
        out.push({ vars: { row, c, cols: [...cols], used }, stack: stack.map(([f, a]) => [f, { ...a }]) });
      }
    }
    stack.pop();
  };
  go(0);
  return out;
}

const PYTHON = `def solve(n, board):
    cols = []
    used = 0
    def go(row):
        nonlocal used
        if row == n:
            board.found()
            return
        for c in range(n):
            if used & (1 << c) or any(abs(q - c) == row - r for r, q in enumerate(cols)):
                continue
            cols.append(c)
            used |= 1 << c
            board.place(row, c)
            go(row + 1)
            cols.pop()
            used &= ~(1 << c)
            board.remove(row, c)
    go(0)
`;

test('Python: each step carries the caller’s variables and the calls under way, as the replay has them', { skip: !hasPython && 'no python3 here' }, () => {
  const n = 5;
  const driver = `${prelude}
import json
states = []
masks = []
def flush(buf, texts, calls, snaps=(), snap_steps=(), m=(), *rest):
    states.extend(zip(snap_steps, snaps))
    masks.extend(m)
def finish(reason, message, line, calls):
    pass
run(${JSON.stringify(PYTHON)}, [${n}], 1000000, flush, finish)
print(json.dumps({"states": [[k, json.loads(t)] for k, t in states], "masks": masks}))
`;
  const out = JSON.parse(execFileSync('python3', ['-c', driver], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const truth = replay(n);
  assert.equal(out.states.length, truth.length);
  out.states.forEach(([k, s], i) => {
    assert.equal(k, i + 1);
    // The replay's variables (the found() frame has no c); Python's frame also holds n and the board, left out.
    const { board, n: size, ...vars } = s.v;
    assert.equal(board, undefined, 'the board is no variable to show');
    assert.equal(size, n);
    assert.deepEqual(vars, truth[i].vars, `step ${k}`);
    assert.deepEqual(s.s, truth[i].stack.map(([f, a]) => [f, f === 'solve' ? { ...a, board: 'board' } : a]), `step ${k}`);
  });
  assert.ok(out.masks.includes('used'), `used is a mask: ${out.masks}`);
});

const JS = `function solve(n, board) {
  const cols = [];
  let used = 0;
  function go(row) {
    if (row === n) { board.found(); return; }
    for (let c = 0; c < n; c++) {
      if (used & (1 << c) || cols.some((q, r) => Math.abs(q - c) === row - r)) continue;
      cols.push(c); used |= 1 << c;
      board.place(row, c);
      go(row + 1);
      cols.pop(); used &= ~(1 << c);
      board.remove(row, c);
    }
  }
  go(0);
}`;

test('JavaScript: the rewritten program hands each step the variables in scope and the calls under way, as the replay has them', () => {
  const n = 5;
  const { code, masks, traced } = rewriteProgram(JS);
  assert.equal(traced, true);
  assert.deepEqual(masks, ['used']);
  assert.equal(code.split('\n').length, JS.split('\n').length, 'no line moves');
  const seen = [];
  const frames = [];
  let getter = null;
  const board = {};
  const step = () => {
    const vars = JSON.parse(JSON.stringify(getter()));
    getter = null;
    delete vars.board;
    seen.push({ vars, stack: JSON.parse(JSON.stringify(frames)) });
  };
  board.place = step;
  board.remove = step;
  board.found = step;
  const context = vm.createContext({
    __nqueensLine: (line, name, state) => { if (state) getter = state; return name; },
    __nqueensEnter: (name, names, values) => frames.push([name, Object.fromEntries(names.filter((k) => k !== 'board').map((k, i) => [k, values[i]]))]),
    __nqueensLeave: () => frames.pop(),
    Math,
  });
  vm.runInContext(`${code}\nsolve(${n}, board)`, Object.assign(context, { board }));
  const truth = replay(n);
  assert.equal(seen.length, truth.length);
  seen.forEach((s, i) => {
    const { n: size, ...vars } = s.vars;
    assert.equal(size, n);
    assert.deepEqual(vars, truth[i].vars, `step ${i + 1}`);
    assert.deepEqual(s.stack, truth[i].stack, `step ${i + 1}`);
  });
});

test('a variable declared after the step’s call is not handed over (it would not be set yet)', () => {
  const { code } = rewriteProgram('function solve(n, board) {\n  let a = 1;\n  board.place(0, 0);\n  let b = 2;\n}');
  assert.match(code, /"place", \(\) => \(\{ a, n, board \}\)\)/);
});

test('each trace holds its steps’ states from the chunks, and none past the ones sent', () => {
  const traces = [];
  const data = Int32Array.from([KIND.BOARD, 0, 4, 0, KIND.PLACE, 0, 1, 3, KIND.SAFE, 1, 3, 4, KIND.PLACE, 1, 3, 5, KIND.BOARD, 1, 5, 0, KIND.PLACE, 0, 0, 3]);
  const state = (row) => JSON.stringify({ s: [['solve', { n: 4 }], ['go', { row }]], v: { row } });
  ingestRuns(traces, data, [], { states: [state(0), state(1), state(0)], stateSteps: [1, 2, 1], masks: ['used'] });
  assert.deepEqual(traces.map((t) => t.n), [4, 5]);
  assert.deepEqual(traces[0].stateAt(2), { stack: [['solve', { n: 4 }], ['go', { row: 1 }]], vars: { row: 1 } });
  assert.deepEqual(traces[1].stateAt(1).vars, { row: 0 });
  assert.equal(traces[0].stateAt(0), null);
  assert.equal(traces[1].stateAt(2), null);
  assert.deepEqual(traces[1].masks, ['used']);
  assert.ok(traces[0] instanceof Trace);
});

test('a nested function declared before its outer variables still hands them over once they are set, and leaves out one not set yet', () => {
  const source = 'function solve(n, board) {\n  function go(row) {\n    board.place(row, 0);\n  }\n  const cols = [7];\n  go(0);\n  let later = 1;\n}';
  const { code } = rewriteProgram(source);
  const seen = [];
  let getter = null;
  const board = { place: () => { seen.push(getter()); getter = null; } };
  const context = vm.createContext({
    __nqueensLine: (line, name, state) => { if (state) getter = state; return name; },
    __nqueensEnter: () => {},
    __nqueensLeave: () => {},
    board,
  });
  vm.runInContext(`${code}\nsolve(3, board)`, context);
  assert.equal(seen.length, 1);
  assert.deepEqual(Object.keys(seen[0]).sort(), ['board', 'cols', 'n', 'row']);
  assert.deepEqual(JSON.parse(JSON.stringify(seen[0].cols)), [7]);
});
