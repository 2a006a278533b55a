// A learner's run as a session for Race (www/program/trace-session.js),
// against a replay written here of the records it was made from: the step
// each work budget stops at (steps, and checks = safe calls), stepping on
// within a budget, the queens and the solutions at each step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Trace, KIND } from '../../www/program/trace.js';
import { TraceSession, yourSearchInfo, YOUR_SEARCH } from '../../www/program/trace-session.js';
import { Kept } from '../../www/lib/kept.js';

/** Row backtracking's tracer records at n, with a safe call before each place. */
function records(n) {
  const out = [];
  const cols = [];
  const go = () => {
    const row = cols.length;
    if (row === n) { out.push(KIND.FOUND, 0, 0, 1); return; }
    for (let col = 0; col < n; col++) {
      const ok = cols.every((c, r) => c !== col && Math.abs(c - col) !== row - r);
      out.push(ok ? KIND.SAFE : KIND.UNSAFE, row, col, 2);
      if (!ok) continue;
      out.push(KIND.PLACE, row, col, 3);
      cols.push(col);
      go();
      cols.pop();
      out.push(KIND.REMOVE, row, col, 4);
    }
  };
  go();
  return out;
}

/** The replay: after each step, the checks made so far, the queens by row and the solutions so far. */
function replay(n, recs) {
  const steps = [{ checks: 0, queens: new Array(n).fill(-1), solutions: [] }];
  let checks = 0;
  const queens = new Array(n).fill(-1);
  const solutions = [];
  for (let i = 0; i < recs.length; i += 4) {
    const [kind, row, col] = recs.slice(i, i + 3);
    if (kind === KIND.SAFE || kind === KIND.UNSAFE) { checks++; continue; }
    if (kind === KIND.PLACE) queens[row] = col;
    if (kind === KIND.REMOVE) queens[row] = -1;
    if (kind === KIND.FOUND) solutions.push({ step: steps.length, queens: [...queens] });
    steps.push({ checks, queens: [...queens], solutions: [...solutions] });
  }
  // The last step also holds the checks after it.
  steps[steps.length - 1].checks = checks;
  return steps;
}

test('seekWork and runWithin stop where the replay says, on the steps clock and the checks clock', () => {
  const n = 6;
  const recs = records(n);
  const trace = new Trace(n);
  trace.ingest(Int32Array.from(recs));
  const truth = replay(n, recs);
  const s = new TraceSession(trace);
  assert.equal(s.totalSteps, truth.length - 1);
  const last = truth.length - 1;
  for (const budget of [0, 1, 2, 5, 17, 100, 333, truth[last].checks - 1, truth[last].checks, truth[last].checks + 10]) {
    let want = 0;
    for (let k = 0; k <= last; k++) if (truth[k].checks <= budget) want = k;
    s.seekWork('checks', budget);
    assert.equal(s.stepIndex, want, `checks budget ${budget}`);
    assert.ok(s.checks <= budget || want === 0);
    s.seek(0);
    let moved = 0;
    while (s.runWithin('checks', budget, 7) > 0) moved++;
    assert.equal(s.stepIndex, want, `runWithin, checks budget ${budget}`);
    s.seekWork('steps', budget);
    assert.equal(s.stepIndex, Math.min(budget, last), `steps budget ${budget}`);
  }
  for (const k of [0, 1, 7, 50, last]) {
    s.seek(k);
    assert.deepEqual([...s.queens()], truth[k].queens, `queens at ${k}`);
    assert.equal(s.checks, truth[k].checks, `checks at ${k}`);
    assert.equal(s.solutionCount, truth[k].solutions.length);
    assert.deepEqual(s.solutions(100).map((x) => ({ step: x.step, queens: [...x.queens] })), truth[k].solutions);
  }
  s.seek(last);
  assert.equal(s.done, true);
  assert.equal(s.solutionCount, 4);
  s.seek(0);
  assert.equal(s.runToSolution(1_000_000), true);
  assert.equal(s.stepIndex, truth.findIndex((x) => x.solutions.length === 1));
});

test('a kept run (the shell’s store, handed to every mode) is offered at its board size only', () => {
  const trace = new Trace(5);
  trace.ingest(Int32Array.from(records(5)));
  const kept = new Kept();
  let told = 0;
  kept.onKeep(() => told++);
  assert.equal(kept.get(5), null);
  kept.keep(5, trace);
  assert.equal(told, 1);
  assert.deepEqual(kept.sizes(), [5]);
  assert.equal(kept.get(4), null);
  assert.equal(new TraceSession(kept.get(5)).totalSteps, trace.steps);
  assert.equal(yourSearchInfo(kept.sizes()).id, YOUR_SEARCH);
  assert.deepEqual([yourSearchInfo(kept.sizes()).minN, yourSearchInfo(kept.sizes()).maxN], [5, 5]);
});

test('a program that never calls safe() counts each step as a check, so it cannot win on checks at 0', () => {
  const trace = new Trace(4);
  const recs = records(4);
  // The same search with its safe calls left out: only place, remove and found.
  const noChecks = [];
  for (let i = 0; i < recs.length; i += 4) if (recs[i] !== KIND.SAFE && recs[i] !== KIND.UNSAFE) noChecks.push(...recs.slice(i, i + 4));
  trace.ingest(Int32Array.from(noChecks));
  assert.equal(trace.checks, 0);
  const s = new TraceSession(trace);
  for (const k of [0, 1, 7, trace.steps]) {
    s.seek(k);
    assert.equal(s.checks, k);
  }
  assert.match(yourSearchInfo([4]).checkIs, /never calls safe\(\).*each of its steps as a check/);
});

test('breakpoints: run() stops on the first step a line with a breakpoint makes, and holds there until a seek', () => {
  const trace = new Trace(5);
  trace.ingest(Int32Array.from(records(5)));
  const s = new TraceSession(trace);
  const lines = [...Array(trace.steps).keys()].map((i) => trace.record(trace.stepAt[i])[3]);
  const line = lines[lines.length - 1];
  s.breakpoints = new Set([line]);
  const moved = s.run(1_000_000);
  assert.equal(s.stepIndex, lines.indexOf(line) + 1, 'the first step of that line');
  assert.equal(moved, s.stepIndex);
  assert.equal(s.hitBreakpoint, line);
  assert.equal(s.run(10), 0, 'held until seen');
  s.seek(s.stepIndex);
  s.run(1_000_000);
  assert.equal(s.stepIndex, lines.indexOf(line, lines.indexOf(line) + 1) + 1, 'then on to the next time that line makes a step');
});
