// "Your search"'s pure modules against truths written here: the grader
// (www/program/grade.js) against a plain enumeration of every solution with
// wrong, duplicate and missing boards planted; the trace (www/program/trace.js)
// against a replay of hand-made records; the rewrite of tracer calls
// (www/program/rewrite.js) against the lines the calls are on; the link's
// packing (www/program/link.js) against node's own raw DEFLATE.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { allSolutions, gradeReports } from '../../www/program/grade.js';
import { Trace, KIND, ingestRuns } from '../../www/program/trace.js';
import { rewriteProgram } from '../../www/program/rewrite.js';
import { packSource, unpackSource } from '../../www/program/link.js';

/** OEIS A000170, N = 1..12. */
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

/** Every solution of n by the plainest search: all n^n boards with one queen a row, each tested pair by pair. */
function plainSolutions(n) {
  const out = [];
  const cols = new Array(n).fill(0);
  const total = n ** n;
  for (let k = 0; k < total; k++) {
    let x = k;
    for (let r = 0; r < n; r++) { cols[r] = x % n; x = Math.floor(x / n); }
    let ok = true;
    for (let a = 0; a < n && ok; a++) for (let b = a + 1; b < n && ok; b++) if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) ok = false;
    if (ok) out.push(cols.map((c, r) => r * n + c).join(','));
  }
  return out.sort();
}

/** A found() report of a board given as its squares. */
const report = (squares, step) => ({ step, squares, key: squares.join(','), solution: false, pair: null, firstStep: 0 });

test('allSolutions lists every solution once, as the plain enumeration does, and counts OEIS A000170', () => {
  for (let n = 1; n <= 7; n++) {
    const ours = allSolutions(n).map((s) => s.join(',')).sort();
    assert.deepEqual(ours, plainSolutions(n), `n = ${n}`);
  }
  for (let n = 1; n <= 12; n++) assert.equal(allSolutions(n).length, A000170[n - 1], `n = ${n}`);
});

test('the grader finds planted wrong, duplicate and missing boards', () => {
  const n = 6;
  const truth = plainSolutions(n).map((k) => k.split(',').map(Number));
  assert.equal(truth.length, 4);
  // Reports: the 1st solution, the 2nd twice, a board with two queens on a diagonal, and a board one queen short; the 3rd and 4th are missing.
  const diagonal = [0 * n + 0, 1 * n + 1, 2 * n + 3, 3 * n + 5, 4 * n + 2, 5 * n + 4];
  const short = truth[0].slice(0, 5);
  const reports = [report(truth[0], 10), report(truth[1], 20), report(diagonal, 30), report(truth[1], 40), report(short, 50)];
  const g = gradeReports(n, reports);
  assert.equal(g.expected, 4);
  assert.equal(g.found, 2);
  assert.equal(g.wrong, 2);
  assert.equal(g.duplicates, 1);
  assert.equal(g.missed, 2);
  assert.equal(g.right, false);
  assert.equal(g.firstWrong?.step, 30);
  assert.equal(g.firstDuplicate?.step, 40);
  const missing = truth.slice(2).map((s) => s.join(','));
  assert.ok(g.oneMissed && missing.includes(g.oneMissed.join(',')), 'the missed solution drawn is one of the missing');
  // Every solution once, in any order: right.
  const all = gradeReports(n, [...truth].reverse().map((s, i) => report(s, i + 1)));
  assert.deepEqual([all.right, all.found, all.wrong, all.duplicates, all.missed], [true, 4, 0, 0, 0]);
  // N = 3 has none: reporting nothing is right, reporting anything is wrong.
  assert.equal(gradeReports(3, []).right, true);
  assert.equal(gradeReports(3, [report([0, 5, 7], 1)]).wrong, 1);
});

/** Records of a row backtracking at n, made here as the tracer would record them, with the page's steps replayed alongside. */
function backtrackingRecords(n) {
  const records = [];
  const steps = [{ queens: new Array(n).fill(-1), checks: 0, placements: 0, solutions: 0 }];
  const cols = [];
  let checks = 0, placements = 0, solutions = 0;
  const snapshot = () => {
    const queens = new Array(n).fill(-1);
    cols.forEach((c, r) => { queens[r] = c; });
    steps.push({ queens, checks, placements, solutions });
  };
  const free = (row, col) => cols.every((c, r) => c !== col && Math.abs(c - col) !== row - r);
  const go = (row) => {
    if (row === n) {
      records.push(KIND.FOUND, -1, -1, 3);
      solutions++;
      snapshot();
      return;
    }
    for (let col = 0; col < n; col++) {
      const ok = free(row, col);
      records.push(ok ? KIND.SAFE : KIND.UNSAFE, row, col, 5);
      checks++;
      if (!ok) continue;
      records.push(KIND.PLACE, row, col, 6);
      placements++;
      cols.push(col);
      snapshot();
      go(row + 1);
      records.push(KIND.REMOVE, row, col, 8);
      cols.pop();
      snapshot();
    }
  };
  go(0);
  return { records: Int32Array.from(records), steps };
}

test('the trace replays records into the same boards and counters as a replay written here, at every step, in any chunking', () => {
  const n = 6;
  const { records, steps } = backtrackingRecords(n);
  for (const chunk of [4, 28, 4000, records.length]) {
    const trace = new Trace(n);
    for (let i = 0; i < records.length; i += chunk) trace.ingest(records.subarray(i, i + chunk));
    assert.equal(trace.steps, steps.length - 1);
    for (let k = 0; k < steps.length; k++) {
      const view = trace.at(k);
      const queens = new Array(n).fill(-1);
      for (let s = 0; s < n * n; s++) if (view.occupied[s]) queens[Math.floor(s / n)] = s % n;
      assert.deepEqual(queens, steps[k].queens, `step ${k}`);
      assert.deepEqual([view.counters.placements, view.counters.solutions], [steps[k].placements, steps[k].solutions], `step ${k}`);
      if (k < steps.length - 1) assert.equal(view.counters.checks, steps[k].checks, `checks at step ${k}`);
    }
    assert.equal(trace.at(trace.steps).counters.checks, steps[steps.length - 1].checks);
    assert.equal(trace.solutions, 4);
  }
});

test('a run over several N splits at its board records into a trace a size, in any chunking, each as that size\'s run alone', () => {
  const sizes = [4, 5, 6];
  const alone = sizes.map((n) => backtrackingRecords(n).records);
  const run = Int32Array.from(sizes.flatMap((n, i) => [KIND.BOARD, 0, n, 0, ...alone[i]]));
  for (const chunk of [4, 36, 400, run.length]) {
    const traces = [];
    for (let i = 0; i < run.length; i += chunk) ingestRuns(traces, run.subarray(i, i + chunk));
    assert.deepEqual(traces.map((t) => t.n), sizes, `chunks of ${chunk}`);
    sizes.forEach((n, i) => {
      const own = new Trace(n);
      own.ingest(alone[i]);
      assert.deepEqual(traces[i].records.subarray(0, traces[i].length * 4), own.records.subarray(0, own.length * 4), `N = ${n}, chunks of ${chunk}`);
      assert.deepEqual([traces[i].steps, traces[i].solutions], [own.steps, A000170[n - 1]], `N = ${n}`);
    });
  }
});

test('rewriting names each tracer call with its line, leaving strings, comments and other names alone', () => {
  const source = [
    'function solve(n, board) {',
    '  const s = "board.place(1, 2)"; // board.safe(0, 0)',
    '  if (board.safe(0, 0)) board.place(0, 0);',
    '  /* board.remove(0, 0)',
    '     board.found() */ myboard.placed(1);',
    '  board',
    '    .found();',
    '  import("http://x/");',
    '}',
  ].join('\n');
  const { code, lines } = rewriteProgram(source);
  assert.deepEqual(lines, [3, 7]);
  const out = code.split('\n');
  assert.equal(out.length, source.split('\n').length, 'no line moves');
  assert.equal(out[1], source.split('\n')[1], 'strings and comments unchanged');
  // A step's call also hands over the variables in scope there, declared before it.
  assert.equal(out[2], '  if (board[__nqueensLine(3, "safe")](0, 0)) board[__nqueensLine(3, "place", () => ({ s, n, board }))](0, 0);');
  assert.equal(out[4], source.split('\n')[4]);
  assert.equal(out[6], '    [__nqueensLine(7, "found", () => ({ s, n, board }))]();');
  assert.equal(rewriteProgram('b?.safe(1, 2)').code, 'b?.[__nqueensLine(1, "safe")](1, 2)');
  assert.equal(out[7], '  __nqueensImport("http://x/");');
});

test('a program packed for the link is raw DEFLATE in base64url without padding, and comes back whole', async () => {
  const program = 'def solve(n, board):\n    pass  # é ♛\n';
  const packed = await packSource(program);
  assert.match(packed, /^[A-Za-z0-9_-]+$/);
  const bytes = Buffer.from(packed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  assert.equal(zlib.inflateRawSync(bytes).toString('utf8'), program);
  assert.equal(await unpackSource(packed), program);
  const theirs = zlib.deflateRawSync(Buffer.from(program)).toString('base64url');
  assert.equal(await unpackSource(theirs), program);
  await assert.rejects(unpackSource('not*base64'), /not base64url/);
  await assert.rejects(unpackSource('AAAA'), /not raw DEFLATE|not UTF-8/);
});
