// Your search's model with no DOM (www/code/model.js) and the one checker
// (www/program/check.js) over traces made here by the test's own searches:
// each N's say() texts, a verdict that belongs to the program it judged, the
// board size shown after a failed check, the runs kept for Race, and the
// sentences that used to run together or miscount.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CodeModel, closed, runSummary, workComparison } from '../../www/code/model.js';
import { judgeRun } from '../../www/program/check.js';
import { Trace, KIND, ingestRuns } from '../../www/program/trace.js';
import { TraceSession } from '../../www/program/trace-session.js';
import { CELL } from '../../www/components/cells.js';

/** OEIS A000170, N = 1..8. */
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92];

/**
 * The records of a row-by-row search over every N of ns, as a sandbox sends
 * them: a board record starts each N; `lastCol(n)` is the last column tried
 * (n - 1 for a right search); say() before every found(), its text's index
 * counted over the whole run as the sandboxes count it.
 */
function searchRecords(ns, { lastCol = (n) => n - 1 } = {}) {
  const out = [];
  const texts = [];
  for (const n of ns) {
    out.push(KIND.BOARD, 0, n, 0);
    const cols = [];
    const go = (row) => {
      if (row === n) {
        texts.push(`N ${n}: ${cols.join('')}`);
        out.push(KIND.SAY, texts.length - 1, -1, 5, KIND.FOUND, -1, -1, 6);
        return;
      }
      for (let c = 0; c <= lastCol(n); c++) {
        const ok = cols.every((q, r) => q !== c && Math.abs(q - c) !== row - r);
        out.push(ok ? KIND.SAFE : KIND.UNSAFE, row, c, 10);
        if (!ok) continue;
        cols.push(c);
        out.push(KIND.PLACE, row, c, 12);
        go(row + 1);
        out.push(KIND.REMOVE, row, c, 14);
        cols.pop();
      }
    };
    go(0);
  }
  return { data: Int32Array.from(out), texts };
}

/** Feeds records into traces in chunks of `size` records, each chunk's texts with it (their say records' indexes). */
function feed(records, size) {
  const traces = [];
  let textAt = 0;
  for (let i = 0; i < records.data.length; i += size * 4) {
    const data = records.data.subarray(i, i + size * 4);
    let says = 0;
    for (let j = 0; j < data.length; j += 4) if (data[j] === KIND.SAY) says++;
    ingestRuns(traces, data, records.texts.slice(textAt, textAt + says));
    textAt += says;
  }
  return traces;
}

const DONE = { reason: 'done', line: 0 };

test('each N’s trace shows its own say() texts, though the sandboxes number them over the whole run', () => {
  const records = searchRecords([4, 5, 6]);
  for (const size of [1, 7, 1000]) {
    const traces = feed(records, size);
    assert.deepEqual(traces.map((t) => t.n), [4, 5, 6]);
    for (const t of traces) {
      const founds = t.found.map((f) => f.step);
      assert.equal(founds.length, A000170[t.n - 1]);
      for (const step of founds) {
        const cols = t.found.find((f) => f.step === step).squares.map((s) => s % t.n).join('');
        assert.equal(t.at(step).sentence, `N ${t.n}: ${cols}`, `N = ${t.n}, step ${step}, chunks of ${size}`);
      }
    }
  }
});

test('a Check’s verdict belongs to the program it checked: an edit or a new run marks it out of date', () => {
  const kept = [];
  const model = new CodeModel({ keep: (n, t) => kept.push(n) });
  model.n = 5;
  model.begin('check');
  const v = model.endCheck(feed(searchRecords([1, 2, 3, 4, 5]), 64), DONE, 'program A');
  assert.equal(v.right, true);
  assert.deepEqual(kept, [1, 2, 3, 4, 5]);
  assert.equal(model.verdict.stale, '');
  model.edited('program A');
  assert.equal(model.verdict.stale, '', 'the same text is the same program');
  model.edited('program B');
  assert.match(model.verdict.stale, /edited/);
  model.begin('check');
  assert.equal(model.verdict, null, 'a new check starts with no verdict');
  model.endCheck(feed(searchRecords([1, 2, 3, 4, 5]), 64), DONE, 'program B');
  model.begin('run');
  assert.match(model.verdict.stale, /new run/);
});

test('a failed Check shows the N where it first went wrong, and N follows, saying so', () => {
  const model = new CodeModel();
  model.n = 6;
  model.begin('check');
  // c < n - 1: every N's last column is never tried; N = 1 then reports nothing.
  const traces = feed(searchRecords([1, 2, 3, 4, 5, 6], { lastCol: (n) => n - 2 }), 50);
  const v = model.endCheck(traces, DONE, 'p');
  assert.equal(v.right, false);
  assert.equal(v.shownN, 1);
  assert.equal(model.trace.n, 1);
  assert.equal(model.n, 1);
  assert.match(model.shownNote, /N = 1, where it first went wrong.*N = 6/);
  // Which N went wrong first is the test's own count against A000170.
  const wrongNs = traces.filter((t) => t.solutions !== A000170[t.n - 1]).map((t) => t.n);
  assert.equal(v.shownN, wrongNs[0]);
});

test('a run kept for Race only when it ended by itself; a stopped check keeps the Ns it finished', () => {
  const kept = [];
  const model = new CodeModel({ keep: (n) => kept.push(n) });
  model.n = 5;
  model.begin('run');
  model.endRun(feed(searchRecords([5]), 64), { reason: 'stopped', line: 0 });
  assert.deepEqual(kept, []);
  model.begin('check');
  const traces = feed(searchRecords([1, 2, 3]), 64);
  const v = model.endCheck(traces, { reason: 'time', message: 'Stopped after 10 seconds.', line: 0 }, 'p');
  assert.deepEqual(kept, [1, 2], 'the last N was cut short');
  assert.equal(v.finished, false);
  assert.match(v.sentence, /did not finish every N \(Stopped after 10 seconds\)/);
});

test('the session’s squares use the shared flags of components/cells.js', () => {
  const traces = feed(searchRecords([4]), 100);
  const s = new TraceSession(traces[0]);
  // After place(0,1), place(1,3): queens on 1 and 7 of a 4×4 board.
  const at = [...Array(traces[0].steps).keys()].find((k) => traces[0].at(k + 1).occupied.reduce((a, b) => a + b, 0) === 2) + 1;
  s.seek(at);
  const occupied = traces[0].at(at).occupied;
  const cells = s.cells();
  for (let q = 0; q < 16; q++) {
    if (occupied[q]) assert.ok(cells[q] & CELL.QUEEN);
    const attacked = [...occupied.keys()].some((o) => occupied[o] && o !== q && (Math.floor(o / 4) === Math.floor(q / 4) || o % 4 === q % 4 || Math.abs(Math.floor(o / 4) - Math.floor(q / 4)) === Math.abs((o % 4) - (q % 4))));
    assert.equal(Boolean(cells[q] & (CELL.THREATENED | CELL.CONFLICT)), attacked, `square ${q}`);
  }
});

test('sentences: one step is "1 step", an error and the summary are two sentences, no "0.0× the checks"', () => {
  const t = new Trace(1);
  t.ingest(Int32Array.from([KIND.PLACE, 0, 0, 2]));
  assert.equal(runSummary(t), '1 step, 0 checks, 0 solutions found at N = 1.');
  const model = new CodeModel();
  model.n = 1;
  model.begin('run');
  const said = model.endRun([], { reason: 'error', message: "SyntaxError: Unexpected token ';'", line: 3 });
  assert.match(said, /Unexpected token ';'\. 0 steps/);
  assert.equal(closed('Stopped.'), 'Stopped.');
  const note = workComparison({ checks: 0, placements: 500 }, { checks: 900, placements: 100 });
  assert.doesNotMatch(note, /0\.0×/);
  assert.match(note, /5\.0× the placements/);
  assert.match(note, /never calls board\.safe\(\)/);
});

test('judgeRun grades every N against every solution, as A000170 counts them', () => {
  const traces = feed(searchRecords([1, 2, 3, 4, 5, 6, 7, 8]), 4096);
  const v = judgeRun(traces, DONE, 8);
  assert.equal(v.right, true);
  assert.deepEqual(v.grades.map((g) => g.expected), A000170);
  assert.match(v.sentence, /^Right: .*1, 0, 0, 2, 10, 4, 40, 92/);
});

test('a run of checks and no step says its count with separators', () => {
  const t = new Trace(4);
  const data = [];
  for (let i = 0; i < 1234; i++) data.push(KIND.SAFE, 0, 0, 2);
  t.ingest(Int32Array.from(data));
  assert.equal(t.at(0).sentence, 'The program made 1,234 checks and no step.');
});
