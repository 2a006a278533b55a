// Symmetry and counting searches graded by their total (www/program/grade.js,
// www/program/check.js): a search over half of row 0 that says each board
// stands for two (found(2)), and a bit-mask counter that builds no board
// (count(k)), written here as the records and counts a sandbox sends, graded
// against OEIS A000170; each board reported is still checked, and the
// verdict says which way it was graded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KIND, ingestRuns } from '../../www/program/trace.js';
import { judgeRun } from '../../www/program/check.js';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** OEIS A000170, N = 1..8. */
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92];
const DONE = { reason: 'done', line: 0 };

/** A search over row 0's first half (and its middle column at odd N, counted once); `middle` false forgets that column. */
function halfRow(upTo, { middle = true } = {}) {
  const data = [];
  const weights = [];
  for (let n = 1; n <= upTo; n++) {
    data.push(KIND.BOARD, 0, n, 0);
    let steps = 0;
    const cols = [];
    const go = (row, weight) => {
      if (row === n) {
        data.push(KIND.FOUND, -1, -1, 4);
        steps++;
        if (weight !== 1) weights.push(n, steps, weight);
        return;
      }
      const last = row === 0 ? Math.ceil(n / 2) - (middle ? 0 : n % 2) : n;
      for (let c = 0; c < last; c++) {
        if (cols.some((q, r) => q === c || Math.abs(q - c) === row - r)) continue;
        cols.push(c); data.push(KIND.PLACE, row, c, 6); steps++;
        go(row + 1, row === 0 ? (n % 2 === 1 && c === (n - 1) / 2 ? 1 : 2) : weight);
        cols.pop(); data.push(KIND.REMOVE, row, c, 8); steps++;
      }
    };
    go(0, 1);
  }
  return { data: Int32Array.from(data), weights };
}

/** A bit-mask counter: no board at all, count(total) once per N. */
function counter(upTo, { off = 0 } = {}) {
  const data = [];
  const counts = [];
  for (let n = 1; n <= upTo; n++) {
    data.push(KIND.BOARD, 0, n, 0);
    const full = (1 << n) - 1;
    const go = (cols, d1, d2) => {
      if (cols === full) return 1;
      let free = full & ~(cols | d1 | d2), total = 0;
      while (free) {
        const bit = free & -free;
        free ^= bit;
        total += go(cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1);
      }
      return total;
    };
    counts.push(n, go(0, 0, 0) + (n === upTo ? off : 0));
  }
  return { data: Int32Array.from(data), counts };
}

test('a search over half of row 0 with found(2) is graded by its total, right for every N, and says so', () => {
  const { data, weights } = halfRow(8);
  const traces = [];
  ingestRuns(traces, data, [], { states: [], stateSteps: [], masks: [], weights, counts: [] });
  const v = judgeRun(traces, DONE, 8);
  assert.deepEqual(v.grades.map((g) => g.total), A000170);
  assert.ok(v.grades.every((g) => g.by === 'total'));
  assert.equal(v.right, true, v.sentence);
  assert.match(v.sentence, /Graded by its total/);
  // Board by board it would miss about half of them: each board it reported is a solution, found once.
  assert.ok(v.grades.every((g) => g.wrong === 0 && g.duplicates === 0));
  assert.ok(v.grades[7].found < 92);
});

test('forgetting the middle column at odd N is graded wrong, saying its total is fewer', () => {
  const { data, weights } = halfRow(7, { middle: false });
  const traces = [];
  ingestRuns(traces, data, [], { states: [], stateSteps: [], masks: [], weights, counts: [] });
  const v = judgeRun(traces, DONE, 7);
  assert.equal(v.right, false);
  assert.match(v.sentence, /its total at N = 1 is 0, fewer than the 1 solutions there are/);
  assert.match(v.sentence, /Graded by its total/);
});

test('a counter that builds no board is graded by count(k): right, and one off is wrong the right way', () => {
  for (const [off, right] of [[0, true], [1, false], [-1, false]]) {
    const { data, counts } = counter(8, { off });
    const traces = [];
    ingestRuns(traces, data, [], { states: [], stateSteps: [], masks: [], weights: [], counts });
    const v = judgeRun(traces, DONE, 8);
    assert.equal(v.right, right, v.sentence);
    assert.equal(v.grades[7].total, 92 + off);
    if (off > 0) assert.match(v.sentence, /N = 8 is 93, more than the 92/);
    if (off < 0) assert.match(v.sentence, /N = 8 is 91, fewer than the 92/);
  }
});

test('a board still is checked when the total is graded: a wrong board found(2) is wrong', () => {
  const data = Int32Array.from([KIND.BOARD, 0, 4, 0, KIND.PLACE, 0, 0, 1, KIND.PLACE, 1, 1, 2, KIND.FOUND, -1, -1, 3]);
  const traces = [];
  ingestRuns(traces, data, [], { states: [], stateSteps: [], masks: [], weights: [4, 3, 2], counts: [] });
  const v = judgeRun(traces, DONE, 1);
  assert.equal(v.grades[0].wrong, 1);
  assert.equal(v.right, false);
});

test('Python: found(k) and count(k) travel with their N and step, and a bad count is a sentence with its line', { skip: spawnSync('python3', ['--version']).status !== 0 && 'no python3 here' }, () => {
  const worker = readFileSync(fileURLToPath(new URL('../../www/workers/code-py-worker.js', import.meta.url)), 'utf8');
  const prelude = /const PRELUDE = `([\s\S]*?)`;/.exec(worker)?.[1];
  const program = 'def solve(n, board):\n    board.place(0, 0)\n    board.found(2)\n    board.count(n * 10)\n    if n == 5:\n        board.count(-1)\n';
  const driver = `${prelude}
import json
weights, counts, ended = [], [], []
def flush(buf, texts, calls, snaps=(), steps=(), masks=(), w=(), c=()):
    weights.extend(w)
    counts.extend(c)
def finish(reason, message, line, calls):
    ended.append([reason, message, line])
run(${JSON.stringify(program)}, [3, 4, 5], 1000, flush, finish)
print(json.dumps({"weights": weights, "counts": counts, "end": ended}))
`;
  const out = JSON.parse(execFileSync('python3', ['-c', driver], { encoding: 'utf8' }));
  assert.deepEqual(out.weights, [3, 2, 2, 4, 2, 2, 5, 2, 2]);
  assert.deepEqual(out.counts, [3, 30, 4, 40, 5, 50]);
  assert.equal(out.end[0][0], 'bad');
  assert.match(out.end[0][1], /board\.count\(-1\) on line 6: the count is a whole number/);
  assert.equal(out.end[0][2], 6);
});
