// The API's boundary in node: a seeded run
// solved at step 0 (judged by a plain JS checker and a fresh replay), the
// conflicts trace against stepping, methods called on the wrong object, a
// huge string argument, and a getter in runLengths' options.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;
/** The wasm's exports (its memory). */
let wasm;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  wasm = await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
});

/** True when `queens` has one queen a row and no two attack: a plain JS judge. */
function isSolution(queens) {
  const n = queens.length;
  for (let a = 0; a < n; a++) {
    if (!(queens[a] >= 0 && queens[a] < n)) return false;
    for (let b = a + 1; b < n; b++) if (queens[a] === queens[b] || Math.abs(queens[a] - queens[b]) === b - a) return false;
  }
  return true;
}

/** Attacking pairs, pair by pair. */
function pairs(queens) {
  let count = 0;
  for (let a = 0; a < queens.length; a++) for (let b = a + 1; b < queens.length; b++) if (queens[a] === queens[b] || Math.abs(queens[a] - queens[b]) === b - a) count++;
  return count;
}

test('a seeded run whose first board is a solution is solved at step 0', () => {
  const seeded = api.algorithms().filter((a) => a.goal === 'one' && a.seeded);
  let found = 0;
  for (const { id } of seeded) {
    for (let seed = 0; seed < 400; seed++) {
      const s = api.Session.seeded(id, 4, seed);
      try {
        const first = [...s.queens()];
        if (!isSolution(first)) {
          assert.equal(s.solutionCount, 0, `${id} seed ${seed}`);
          continue;
        }
        found++;
        const label = `${id} N=4 seed ${seed}`;
        assert.equal(s.done, true, `${label}: done`);
        assert.equal(s.solutionCount, 1, `${label}: one solution`);
        const solutions = s.solutions();
        assert.equal(solutions.length, 1, label);
        assert.equal(solutions[0].step, 0, label);
        assert.deepEqual([...solutions[0].queens], first, label);
        assert.equal(s.runToSolution(), true, `${label}: runToSolution`);
        assert.equal(s.stepIndex, 0, label);
        assert.equal(s.stepKind, 'start', label);
        assert.match(s.message(), /already a solution/, label);
        // The fast path from the same seed: no step, the same board.
        const fast = api.findOne(id, 4, seed);
        assert.equal(Number(fast.steps), 0, label);
        assert.deepEqual([...fast.queens], first, label);
      } finally {
        s.free();
      }
    }
  }
  assert.ok(found > 0, 'some seed solves at step 0');
  const named = api.Session.seeded('hill-climbing', 4, 127);
  assert.ok(isSolution([...named.queens()]) && named.solutionCount === 1 && named.runToSolution(), 'the issue\'s own case');
  named.free();
});

test('conflictTrace() labels each value with the step that had it, past 1,024 steps', () => {
  const s = api.Session.seeded('annealing', 30, 2);
  const truth = [pairs([...s.queens()])];
  while (s.step()) truth.push(pairs([...s.queens()]));
  assert.ok(truth.length > 2_000, `a run past the trace's first level (${truth.length} steps)`);
  for (const points of [2, 10, 64, 600, 5_000]) {
    const trace = s.conflictTrace(points);
    assert.ok(trace.steps.length <= points, `${points}: within the points asked`);
    const seen = new Set();
    for (let i = 0; i < trace.steps.length; i++) {
      const at = trace.steps[i];
      assert.ok(!seen.has(at), `${points}: step ${at} appears once`);
      seen.add(at);
      assert.equal(trace.conflicts[i], truth[at], `${points}: step ${at} had ${truth[at]} pairs`);
    }
  }
  s.free();
});

test('a method called on the other class\'s object, a freed one or a stranger is refused with a sentence', () => {
  const session = api.Session.seeded('min-conflicts', 10, 1);
  const finder = new api.Finder('queen-search', 10, 1);
  const getter = (cls, name) => Object.getOwnPropertyDescriptor(cls.prototype, name).get;
  const cases = [
    ['Finder.run on a Session', () => api.Finder.prototype.run.call(session, 5), /this is not a Finder/],
    ['Session.conflicts on a Finder', () => api.Session.prototype.conflicts.call(finder), /this is not a Session/],
    ['Session.stepIndex on a Finder', () => getter(api.Session, 'stepIndex').call(finder), /this is not a Session/],
    ['Finder.steps on a Session', () => getter(api.Finder, 'steps').call(session), /this is not a Finder/],
    ['Session.step on a plain object', () => api.Session.prototype.step.call({ __wbg_ptr: 8 }), /this is not a Session/],
    ['Session.step on undefined', () => api.Session.prototype.step.call(undefined), /this is not a Session/],
  ];
  for (const [what, call, sentence] of cases) assert.throws(call, (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && sentence.test(e.message), what);
  // Both still work.
  assert.equal(session.run(5), 5);
  assert.equal(typeof finder.run(100), 'boolean');
  // A pointer copied onto another object, then freed: refused, and the core goes on.
  const copy = Object.create(api.Session.prototype);
  copy.__wbg_ptr = session.__wbg_ptr;
  assert.throws(() => copy.step(), /this is not a Session/, 'a copied pointer is not a Session');
  session.free();
  assert.throws(() => session.step(), /this is not a Session/, 'a freed Session');
  assert.throws(() => session.free(), /this is not a Session/, 'freed twice');
  finder.free();
  for (let i = 0; i < 50; i++) api.Session.seeded('min-conflicts', 50, i).free();
  const after = api.Session.seeded('min-conflicts', 10, 1);
  assert.equal(after.runToSolution(), true, 'the core works after every refusal');
  after.free();
});

test('a huge string argument is refused without being copied into the wasm', () => {
  const huge = 'x'.repeat(2 ** 28);
  // Made flat here (V8 builds a repeated string lazily), so the timing below is the call's own.
  assert.equal(huge.indexOf('y'), -1);
  const before = wasm.memory.buffer.byteLength;
  for (const call of [
    () => new api.Session(huge, 8),
    () => api.Session.seeded(huge, 8, 1),
    () => api.findOne(huge, 8, 1),
    () => new api.Finder(huge, 8, 1),
    () => api.runLengths(huge, 8, 0, 10, 100),
    () => new api.Session('bitwise', huge),
    () => api.Session.seeded('min-conflicts', 8, huge),
  ]) {
    const started = performance.now();
    assert.throws(call, (e) => e instanceof Error && e.message.length < 400, 'a short sentence');
    assert.ok(performance.now() - started < 1_000, 'refused at once, not after copying 256 MiB');
  }
  const s = new api.Session('bitwise', 8);
  assert.throws(() => s.seekWork(huge, 10), /checks|steps/);
  s.free();
  const grown = wasm.memory.buffer.byteLength - before;
  assert.ok(grown < 4 * 2 ** 20, `the wasm's memory did not grow by the string (${grown} bytes)`);
});

test('runLengths reads its options without running a getter', () => {
  let ran = 0;
  const options = {
    get restarts() {
      ran++;
      return false;
    },
  };
  assert.throws(() => api.runLengths('restarts', 8, 0, 10, 1000, options), /restarts/);
  assert.equal(ran, 0, 'the getter never ran');
  // An inherited getter is not the caller's option: never run either.
  const inherited = Object.create({
    get restarts() {
      ran++;
      return false;
    },
  });
  api.runLengths('restarts', 8, 0, 10, 1000, inherited);
  assert.equal(ran, 0);
  // A plain option still works, and means what it says.
  const off = api.runLengths('restarts', 8, 0, 10, 100_000, { restarts: false });
  const on = api.runLengths('restarts', 8, 0, 10, 100_000, { restarts: true });
  const plain = api.runLengths('restarts', 8, 0, 10, 100_000);
  assert.deepEqual([...on.steps], [...plain.steps]);
  assert.equal(off.steps.length, 10);
});
