// The Python tracer of "Your search" (the Python text inside
// www/workers/code-py-worker.js, which Pyodide runs in the browser) run by
// the machine's own CPython: the most calls a run may make, counted here;
// the records it sends against a replay written here; and the limit of
// calls holding for each N. Skipped where no python3 is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const worker = readFileSync(fileURLToPath(new URL('../../www/workers/code-py-worker.js', import.meta.url)), 'utf8');
const prelude = /const PRELUDE = `([\s\S]*?)`;/.exec(worker)?.[1];
const hasPython = spawnSync('python3', ['--version']).status === 0;

/** Runs `program` under the tracer for each N of ns with `maxCalls`; what it sent and how it ended. */
function trace(program, ns, maxCalls) {
  const driver = `${prelude}
import json
sent = []
ended = []
states = []
def flush(buf, texts, calls, snaps=(), snap_steps=(), masks=(), *rest):
    sent.extend(buf.tolist())
    states.extend(zip(snap_steps, snaps))
def finish(reason, message, line, calls):
    ended.append([reason, message, line, calls])
run(${JSON.stringify(program)}, ${JSON.stringify(ns)}, ${maxCalls}, flush, finish)
print(json.dumps({"records": sent, "end": ended, "states": [[k, json.loads(t)] for k, t in states]}))
`;
  return JSON.parse(execFileSync('python3', ['-c', driver], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

test('the Python tracer stops a run at its most calls, each N counted afresh', { skip: !hasPython && 'no python3 here' }, () => {
  assert.ok(prelude, 'code-py-worker.js holds its PRELUDE');
  const out = trace('def solve(n, board):\n    while True:\n        board.safe(0, 0)\n', [3, 4], 5000);
  assert.deepEqual(out.end, [['calls', '', 0, 5000]]);
  const kinds = [];
  for (let i = 0; i < out.records.length; i += 4) kinds.push(out.records[i]);
  assert.equal(kinds.filter((k) => k === 2 || k === 3).length, 5000, 'every check up to the limit was sent');
  // Two boards of 3 calls each, then a stop: each N has a limit of its own.
  const two = trace('def solve(n, board):\n    for i in range(3):\n        board.safe(0, i)\n', [3, 4], 3);
  assert.deepEqual(two.end, [['done', '', 0, 3]]);
});

test('the Python tracer sends what a replay written here expects: kind, square, the caller’s line; safe answered by the board', { skip: !hasPython && 'no python3 here' }, () => {
  const program = 'def solve(n, board):\n    board.place(0, 1)\n    board.say("hello")\n    a = board.safe(1, 1)\n    b = board.safe(1, 3)\n    board.place(1, 3)\n    board.found()\n    board.remove(0, 1)\n';
  const out = trace(program, [4], 100);
  assert.deepEqual(out.end, [['done', '', 0, 6]]);
  assert.deepEqual(out.records, [6, 0, 4, 0, 0, 0, 1, 2, 5, 0, -1, 3, 2, 1, 1, 4, 3, 1, 3, 5, 0, 1, 3, 6, 4, -1, -1, 7, 1, 0, 1, 8]);
  const bad = trace('def solve(n, board):\n    board.place(0, 0)\n    board.place(0, 0)\n', [4], 100);
  assert.equal(bad.end[0][0], 'bad');
  assert.match(bad.end[0][1], /board\.place\(0, 0\) on line 3 puts a second queen/);
});
