// Pointing at a missed solution (www/program/grade.js's missedAt, through
// www/program/check.js's judgeRun) for the four ways a student's search
// loses solutions, each written here as a search that makes the records a
// sandbox sends; the step is checked against the test's own replay of the
// boards, step by step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KIND, ingestRuns } from '../../www/program/trace.js';
import { judgeRun } from '../../www/program/check.js';
import { missedAt } from '../../www/program/grade.js';

/** Every solution of n as columns by row, in row-by-row order: the test's own enumeration. */
function solutions(n) {
  const out = [];
  const cols = [];
  const go = (row) => {
    if (row === n) return void out.push([...cols]);
    for (let c = 0; c < n; c++) {
      if (cols.some((q, r) => q === c || Math.abs(q - c) === row - r)) continue;
      cols.push(c); go(row + 1); cols.pop();
    }
  };
  go(0);
  return out;
}

/** A recorder: the records of one run over several N, as a sandbox sends them. */
function recorder() {
  const out = [];
  let n = 0;
  let board = [];
  return {
    out,
    start(size) { n = size; board = []; out.push(KIND.BOARD, 0, n, 0); },
    safe(r, c) {
      const ok = !board.some(([qr, qc]) => qr === r || qc === c || Math.abs(qr - r) === Math.abs(qc - c));
      out.push(ok ? KIND.SAFE : KIND.UNSAFE, r, c, 3);
      return ok;
    },
    place(r, c) { board.push([r, c]); out.push(KIND.PLACE, r, c, 5); },
    remove(r, c) { board = board.filter(([qr, qc]) => qr !== r || qc !== c); out.push(KIND.REMOVE, r, c, 7); },
    found() { out.push(KIND.FOUND, -1, -1, 9); },
  };
}

/** The four bugs, each a search over one N on the recorder's board. */
const BUGS = {
  // A column marked used and never unmarked when the queen is taken back.
  'arrays not reset': (n, b) => {
    const used = new Array(n).fill(false);
    const go = (row) => {
      if (row === n) return b.found();
      for (let c = 0; c < n; c++) {
        if (used[c] || !b.safe(row, c)) continue;
        used[c] = true; b.place(row, c); go(row + 1); b.remove(row, c);
      }
    };
    go(0);
  },
  'c < n - 1': (n, b) => {
    const go = (row) => {
      if (row === n) return b.found();
      for (let c = 0; c < n - 1; c++) {
        if (!b.safe(row, c)) continue;
        b.place(row, c); go(row + 1); b.remove(row, c);
      }
    };
    go(0);
  },
  // Returns as soon as one solution is found, all the way up.
  'an early return': (n, b) => {
    const go = (row) => {
      if (row === n) { b.found(); return true; }
      for (let c = 0; c < n; c++) {
        if (!b.safe(row, c)) continue;
        b.place(row, c);
        const done = go(row + 1);
        b.remove(row, c);
        if (done) return true;
      }
      return false;
    };
    go(0);
  },
  'return for continue': (n, b) => {
    const go = (row) => {
      if (row === n) return b.found();
      for (let c = 0; c < n; c++) {
        if (!b.safe(row, c)) return;
        b.place(row, c); go(row + 1); b.remove(row, c);
      }
    };
    go(0);
  },
};

/**
 * The test's replay: the boards after each step; the deepest prefix of
 * `cols` a board holds exactly (nothing else on it); the first step after
 * first holding it where the board no longer holds all of it; or the last
 * step if it never held the first queen.
 */
function replayStep(records, n, cols) {
  const boards = [];
  let board = new Map(); // "r,c" -> true
  for (let i = 0; i < records.length; i += 4) {
    const [kind, r, c] = records.slice(i, i + 4);
    if (kind === KIND.PLACE) board.set(`${r},${c}`, true);
    else if (kind === KIND.REMOVE) board.delete(`${r},${c}`);
    else if (kind !== KIND.FOUND) continue;
    boards.push(new Map(board));
  }
  const holds = (b, d) => [...Array(d).keys()].every((r) => b.has(`${r},${cols[r]}`));
  const depth = (b) => { let d = 0; while (d < n && holds(b, d + 1)) d++; return b.size === d ? d : 0; };
  let best = 0, first = 0;
  boards.forEach((b, i) => { const d = depth(b); if (d > best) { best = d; first = i + 1; } });
  if (!best) return { best, step: boards.length };
  for (let k = first + 1; k <= boards.length; k++) if (!holds(boards[k - 1], best)) return { best, step: k };
  return { best, step: boards.length };
}

for (const [name, search] of Object.entries(BUGS)) {
  test(`a missed solution is pointed at for ${name}: the step that left its deepest partial board, as the replay finds it`, () => {
    const upTo = 6;
    const rec = recorder();
    const perN = [];
    for (let n = 1; n <= upTo; n++) {
      const from = rec.out.length;
      rec.start(n);
      search(n, rec);
      perN.push(rec.out.slice(from + 4));
    }
    const traces = [];
    ingestRuns(traces, Int32Array.from(rec.out));
    const v = judgeRun(traces, { reason: 'done', line: 0 }, upTo);
    assert.equal(v.right, false);
    assert.ok(v.missed, 'a missed solution is pointed at');
    // The first N that misses one, and the first solution it misses, by the test's own count.
    const n = v.missed.n;
    const foundKeys = new Set(traces[n - 1].found.filter((f) => f.solution).map((f) => f.squares.map((s) => s % n).join(',')));
    const lostN = [...Array(upTo).keys()].map((i) => i + 1).find((size) => solutions(size).some((s) => !new Set(traces[size - 1].found.filter((f) => f.solution).map((f) => f.squares.map((q) => q % size).join(','))).has(s.join(','))));
    assert.equal(n, lostN);
    const lost = solutions(n).find((s) => !foundKeys.has(s.join(',')));
    assert.deepEqual(v.missed.cols, lost);
    const truth = replayStep(perN[n - 1], n, lost);
    assert.equal(v.missed.depth, truth.best, 'the deepest partial board');
    assert.equal(v.missed.step, truth.step, "the step that left it");
    // And every solution it misses at every N up to 7, deep prefixes among them.
    const deep = [];
    for (let size = 4; size <= 7; size++) {
      const r = recorder();
      r.start(size);
      search(size, r);
      const records = r.out.slice(4);
      const t = [];
      ingestRuns(t, Int32Array.from(r.out));
      const reported = new Set(t[0].found.filter((f) => f.solution).map((f) => f.key));
      for (const sol of solutions(size)) {
        const squares = sol.map((c, row) => row * size + c);
        if (reported.has(squares.join(','))) continue;
        const want = replayStep(records, size, sol);
        const got = missedAt(t[0], squares);
        assert.deepEqual([got.depth, got.step], [want.best, want.step], `N = ${size}, ${sol}`);
        deep.push(got.depth);
      }
    }
    assert.ok(deep.some((d) => d >= 1), `some missed solution had a partial board of a row or more: ${deep}`);
  });
}
