// The exported API under hostile use, in node with pkg/ loaded: every export
// and method gets arguments of every wrong kind, random call sequences are
// compared with fresh sessions, and after each part the module must still
// answer. Seeded, so a failure replays; a few seconds in all.
//
// What "handled" means here: a call either works or throws an `Error` whose
// message is a sentence (ends in a full stop, no longer than a few hundred
// characters, no control or bidi characters). Never a wasm trap
// (`WebAssembly.RuntimeError`), never a bare TypeError from the glue.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(ROOT, 'pkg');

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;

before(async () => {
  assert.ok(fs.existsSync(path.join(PKG, 'nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
});

/** A small, seeded PRNG (mulberry32): the same sequence on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BIDI = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

/** Calls `fn`; returns {value} or {error}, failing the test on anything but a sentence. */
function handled(what, fn) {
  try {
    return { value: fn() };
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `${what}: a wasm trap (${error?.message})`);
    assert.ok(error instanceof Error, `${what}: threw a non-Error ${String(error)}`);
    const message = error.message;
    assert.ok(message.length > 10 && message.length < 400, `${what}: message length ${message.length}: ${message.slice(0, 80)}`);
    assert.ok(/[.!]$/.test(message), `${what}: not a sentence: ${message}`);
    assert.ok(!BIDI.test(message), `${what}: echoes a bidi control`);
    assert.ok(!/[\u0000-\u0008\u000b-\u001f]/.test(message), `${what}: echoes a control character`);
    assert.ok(!/unreachable|null pointer|recursive use|TypeError/i.test(message), `${what}: not our message: ${message}`);
    return { error };
  }
}

/** The module still answers, correctly: 4 solutions at N=6, 92 counted at N=8. */
function assertHealthy(after) {
  const s = new api.Session('bitwise', 6);
  try {
    s.run(Infinity);
    assert.equal(s.solutionCount, 4, `healthy after ${after}`);
  } finally {
    s.free();
  }
  assert.equal(api.countSolutions(8), 92n, `healthy after ${after}`);
}

const HOSTILE = [
  undefined, null, true, false, NaN, Infinity, -Infinity, -1, -0.5, 0.5, 0.9999999, 8.0000001,
  2 ** 53 + 2, 1e300, -(2 ** 31), 2 ** 32, 2 ** 32 + 3,
  '', ' ', '8-1', '5e', '0x8', '8.0', '+3', '-1', '1e3', ' 7 ', '\u202e8', 'eight', 'x'.repeat(100_000),
  [7], [], {}, { valueOf: () => 8 }, Object.create(null), () => 8, new Date(0),
  10n, -1n, 2n ** 70n, Symbol('n'),
];

const describe = (value) => {
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  try { return String(value); } catch { return typeof value; }
};

test('hostile arguments to every export give sentences, never a trap', () => {
  let calls = 0;
  let refused = 0;
  const call = (what, fn) => {
    calls += 1;
    if (handled(what, fn).error) refused += 1;
  };
  for (const bad of HOSTILE) {
    const b = describe(bad);
    call(`new Session(${b}, 8)`, () => new api.Session(bad, 8).free());
    call(`new Session('bitwise', ${b})`, () => new api.Session('bitwise', bad).free());
    for (const { id, minN, maxN } of api.algorithms()) {
      const s = new api.Session(id, Math.min(maxN, Math.max(minN, 5)));
      try {
        call(`${id}.run(${b})`, () => s.run(bad));
        call(`${id}.runToSolution(${b})`, () => s.runToSolution(bad));
        call(`${id}.seek(${b})`, () => s.seek(bad));
        call(`${id}.solutions(${b})`, () => s.solutions(bad));
        call(`${id}.solutions(1, ${b})`, () => s.solutions(1, bad));
        call(`${id}.icicle(${b})`, () => s.icicle(bad));
        call(`${id}.conflictTrace(${b})`, () => s.conflictTrace(bad));
        // The session still reads back consistently after whatever happened.
        assert.equal(s.cells().length, 25);
        assert.equal(s.queens().length, 5);
        assert.ok(typeof s.message() === 'string' && s.message().length > 0);
      } finally {
        s.free();
      }
    }
    call(`countSolutions(${b})`, () => api.countSolutions(bad));
    call(`countFundamental(${b})`, () => api.countFundamental(bad));
    call(`countBoth(${b})`, () => api.countBoth(bad));
    call(`countSubtasks(${b})`, () => api.countSubtasks(bad));
    call(`countSubtask(8, ${b})`, () => api.countSubtask(8, bad));
    call(`countSubtask(${b}, 0)`, () => api.countSubtask(bad, 0));
    call(`countSubtaskRange(8, 0, ${b})`, () => api.countSubtaskRange(8, 0, bad));
    call(`countSubtaskWeights(${b})`, () => api.countSubtaskWeights(bad));
    call(`countSymmetries(${b})`, () => api.countSymmetries(bad));
    call(`countMethod(${b})`, () => api.countMethod(bad));
    call(`completions(8, ${b})`, () => api.completions(8, bad));
    call(`completions(${b}, [])`, () => api.completions(bad, []));
    call(`completions(8, [${b}])`, () => api.completions(8, [bad]));
    call(`completion(8, [${b}])`, () => api.completion(8, [bad]));
    call(`hint(8, [${b}])`, () => api.hint(8, [bad]));
    call(`hintWithReason(${b}, [0])`, () => api.hintWithReason(bad, [0]));
    call(`culprit(8, ${b})`, () => api.culprit(8, bad));
    call(`puzzle(${b}, 'easy', 1)`, () => api.puzzle(bad, 'easy', 1));
    call(`puzzle(8, ${b}, 1)`, () => api.puzzle(8, bad, 1));
    call(`puzzle(8, 'hard', ${b})`, () => api.puzzle(8, 'hard', bad));
    call(`puzzleLevels(${b})`, () => api.puzzleLevels(bad));
    call(`completions(8, [], ${b})`, () => api.completions(8, [], bad));
    call(`completion(8, [0], [${b}])`, () => api.completion(8, [0], [bad]));
    call(`deduce(${b}, [], [])`, () => api.deduce(bad, [], []));
    call(`deduce(8, ${b}, [])`, () => api.deduce(8, bad, []));
    call(`deduce(8, [0], ${b})`, () => api.deduce(8, [0], bad));
    call(`deduce(8, [${b}], [])`, () => api.deduce(8, [bad], []));
    call(`deduce(8, [], [${b}])`, () => api.deduce(8, [], [bad]));
    call(`new Session('bitwise', 8, ${b})`, () => new api.Session('bitwise', 8, bad).free());
    call(`findOne(${b}, 8)`, () => api.findOne(bad, 8));
    call(`findOne('queen-search', ${b})`, () => api.findOne('queen-search', bad));
    call(`findOne('construction', ${b})`, () => api.findOne('construction', bad));
    call(`findOne('min-conflicts', 8, ${b})`, () => api.findOne('min-conflicts', 8, bad));
    call(`Session.seeded(${b}, 8, 1)`, () => api.Session.seeded(bad, 8, 1).free());
    call(`Session.seeded('annealing', ${b}, 1)`, () => api.Session.seeded('annealing', bad, 1).free());
    call(`Session.seeded('annealing', 8, ${b})`, () => api.Session.seeded('annealing', 8, bad).free());
    call(`new Finder(${b}, 8)`, () => new api.Finder(bad, 8).free());
    call(`new Finder('queen-search', ${b})`, () => new api.Finder('queen-search', bad).free());
    call(`new Finder('restarts', 8, ${b})`, () => new api.Finder('restarts', 8, bad).free());
    const finder = new api.Finder('hill-climbing', 8, 3);
    call(`finder.run(${b})`, () => finder.run(bad));
    assert.equal(finder.queens().length, 8);
    finder.free();
    call(`new Session('bitwise', 8, [${b}])`, () => new api.Session('bitwise', 8, [bad]).free());
  }
  // The goal-"all" searches and the sizes past findMaxN are refused by name.
  assert.throws(() => api.findOne('bitwise', 8), /finds every solution, not one/);
  assert.throws(() => api.findOne('hill-climbing', 1001), /from 4×4 to 1,000×1,000/);
  assert.throws(() => api.findOne('construction', 3), /no solution/);
  assert.throws(() => api.Session.seeded('construction', 2, 1), /no solution/);
  assert.throws(() => new api.Finder('bitwise', 8), /finds every solution, not one/);
  assert.ok(calls > 1000, `${calls} hostile calls`);
  assert.ok(refused > calls / 2, `most hostile calls are refused (${refused} of ${calls})`);
  assertHealthy('hostile arguments');
});

test('numbers follow one strict rule in every export', () => {
  const s = new api.Session('bitwise', '6');
  try {
    assert.equal(s.n, 6, 'plain digits are a number');
    assert.equal(s.run(' 10 '), 10);
    assert.equal(s.run(5n), 5, 'a BigInt is a number');
    for (const loose of ['8-1', '5e', '0x8', '8.0', '1e3']) {
      assert.throws(() => s.run(loose), (e) => e.message.includes(JSON.stringify(loose)), loose);
      assert.throws(() => new api.Session('bitwise', loose), Error, loose);
      assert.throws(() => api.countSolutions(loose), Error, loose);
    }
    assert.throws(() => s.run(true), /got a value of type boolean/);
    assert.throws(() => s.run(null), /got nothing/);
    assert.throws(() => s.run([7]), /got a value of type object/);
    assert.throws(() => s.solutions(-1), /limit/);
    assert.equal(s.solutions(2 ** 32).length, s.solutionCount, 'a limit above 2^32 is just a big limit');
    // Messages print the number as JavaScript does.
    assert.throws(() => s.run(0.9999999), /got 0\.9999999\./);
    assert.throws(() => new api.Session('bitwise', 8.0000001), /N = 8\.0000001 is not/);
    assert.equal(api.countSolutions('8'), 92n, 'the counters read numbers by the same rule');
  } finally {
    s.free();
  }
  // Echoed text is clipped and loses its bidi controls.
  assert.throws(() => new api.Session(`\u202e${'q'.repeat(1_000_000)}`, 8), (e) => e.message.length < 300 && !BIDI.test(e.message));
  assertHealthy('strict numbers');
});

test('seek refuses far jumps at once, and a refused seek changes nothing', () => {
  const s = new api.Session('bitwise', 20);
  try {
    const start = performance.now();
    assert.throws(() => s.seek(1e12), /too far ahead.*run\(\)/s);
    assert.ok(performance.now() - start < 100, 'refused within 100 ms');
    assert.equal(s.stepIndex, 0);
  } finally {
    s.free();
  }
  // The example: a failed seek past the end leaves the session as it was.
  const small = new api.Session('bitwise', 6);
  try {
    small.run(37);
    assert.throws(() => small.seek(1e9), Error);
    assert.equal(small.stepIndex, 37);
    assert.equal(small.furthestStep, 37);
    assert.equal(small.totalSteps, undefined);
  } finally {
    small.free();
  }
});

test('the module refuses more live sessions than fit, with a sentence', () => {
  const held = [];
  try {
    let refusal = null;
    for (let i = 0; i < 1000 && !refusal; i++) {
      const { value, error } = handled('new Session', () => new api.Session('bitwise', 20));
      if (error) refusal = error;
      else held.push(value);
    }
    assert.ok(refusal, 'a limit is reached');
    assert.match(refusal.message, /free\(\)/);
    assert.ok(held.length >= 6, `the page's six fit (${held.length})`);
    held.pop().free();
    const again = new api.Session('bitwise', 8);
    again.free();
  } finally {
    for (const s of held) s.free();
  }
  assertHealthy('many sessions');
});

test('a method called after free() throws an Error, and the module goes on', () => {
  const s = new api.Session('bitwise', 8);
  s.free();
  assert.throws(() => s.step(), Error);
  assertHealthy('use after free');
});

/** Everything a page reads back from a session, as one comparable value. */
function fingerprint(s) {
  const registers = JSON.stringify(s.registers(), (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  return {
    step: s.stepIndex,
    cells: Array.from(s.cells()).join(''),
    queens: Array.from(s.queens()).join(','),
    counters: [s.checks, s.placements, s.backtracks, s.solutionCount, s.moves, s.restarts].join(','),
    conflicts: [s.conflicts(), Array.from(s.queenConflicts()).join(',')].join(';'),
    trace: JSON.stringify(s.conflictTrace(16), (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)),
    line: s.line,
    kind: s.stepKind,
    message: s.message(),
    registers,
    solutions: s.solutions().map((f) => f.step).join(','),
    space: Object.values(s.space() ?? {}).join(','),
    levels: Array.from(s.nodesByDepth()).join(','),
  };
}

test('random call sequences match fresh sessions at every step', () => {
  const rand = random(20261122);
  const pick = (items) => items[Math.floor(rand() * items.length)];
  // Small boards, so 25 fresh runs per sequence stay quick: the searches
  // over N^N boards get 5, the other searches for every solution 6.
  const size = (a) => (a.goal === 'all' && a.space !== 'all-boards' ? 6 : 5);
  const ids = api.algorithms().map((a) => a.id);
  let compared = 0;
  for (const a of api.algorithms()) {
    const { id, minN, maxN } = a;
    const n = Math.min(maxN, Math.max(minN, size(a)));
    for (let sequence = 0; sequence < 40; sequence++) {
      const s = new api.Session(id, n);
      try {
        for (let op = 0; op < 25; op++) {
          const kind = pick(['step', 'run', 'back', 'seek', 'solution', 'reset', 'hostile']);
          const k = Math.floor(rand() * 3000);
          if (kind === 'step') s.step();
          else if (kind === 'run') s.run(k);
          else if (kind === 'back') s.stepBack();
          else if (kind === 'seek') handled(`${id}.seek(${k})`, () => s.seek(k));
          else if (kind === 'solution') s.runToSolution(k);
          else if (kind === 'reset') s.reset();
          else handled(`${id} hostile`, () => s.run(pick(HOSTILE)));
          const fresh = new api.Session(id, n);
          try {
            fresh.run(s.stepIndex);
            assert.deepEqual(fingerprint(s), fingerprint(fresh), `${id} N=${n}, sequence ${sequence}, after op ${op} (${kind})`);
            compared += 1;
          } finally {
            fresh.free();
          }
        }
      } finally {
        s.free();
      }
    }
  }
  assert.equal(compared, ids.length * 40 * 25);
  assertHealthy('random sequences');
});

test('space() and nodesByDepth() keep exact books, in BigInts past 2^64', () => {
  for (const { id, goal, minN, maxN } of api.algorithms()) {
    if (goal === 'one') {
      // A search for one solution keeps no books over the N^N boards.
      const one = new api.Session(id, Math.min(maxN, Math.max(minN, 8)));
      one.run(Infinity);
      assert.deepEqual([one.space(), one.icicle(30), one.decidedBetween(0, 10)], [null, null, null], id);
      const levels = Array.from(one.nodesByDepth());
      assert.equal(levels.reduce((a, b) => a + b, 0), one.placements, id);
      one.free();
      continue;
    }
    const s = new api.Session(id, 8);
    try {
      s.run(Infinity);
      const { total, ruledOut, solutions, pending } = s.space();
      assert.equal(total, 8n ** 8n, id);
      assert.equal(solutions, 92n, id);
      assert.equal(pending, 0n, id);
      assert.equal(ruledOut + solutions, total, id);
      const levels = Array.from(s.nodesByDepth());
      assert.equal(levels.length, 8);
      assert.equal(levels.reduce((a, b) => a + b, 0), s.placements, id);
    } finally {
      s.free();
    }
  }
  const tree = new api.Session('bitwise', 6);
  try {
    assert.ok(tree.icicle(30).every((v) => v === 0), 'nothing decided at the start');
    tree.run(Infinity);
    const icicle = tree.icicle(30);
    assert.equal(icicle.length, 6 * 30);
    assert.ok(icicle.every((v) => v === 1), 'everything decided at the end');
  } finally {
    tree.free();
  }
  const perms = new api.Session('permutations', 6);
  try {
    assert.ok(perms.icicle(30).some((v) => v > 0), 'boards that repeat a column are decided from the start');
    perms.run(Infinity);
    assert.ok(perms.icicle(30).every((v) => v === 1), 'everything decided at the end');
  } finally {
    perms.free();
  }
  const fixed = new api.Session('bitwise', 6, [1]);
  assert.equal(fixed.icicle(30), null, 'no tree for a search from fixed queens');
  fixed.free();
  const big = new api.Session('bitwise', 20);
  try {
    big.run(100_000);
    const { total, ruledOut, solutions, pending } = big.space();
    assert.equal(total, 20n ** 20n);
    assert.ok(total > 2n ** 64n);
    assert.equal(ruledOut + solutions + pending, total);
  } finally {
    big.free();
  }
});

test('puzzle exports: completions, hints, culprits and fixed-queen sessions agree', () => {
  // An 8×8 board with a queen in the corner: 4 of the 92 solutions.
  assert.equal(api.completions(8, [0]), 4n);
  assert.equal(api.completions(8, new Int32Array([0])), 4n, 'typed arrays work too');
  assert.equal(api.completions(8, []), 92n);
  assert.equal(api.completions(8, [0, 9]), 0n, 'two queens on a diagonal');
  assert.equal(api.completions(8, [0, 1]), 0n, 'two queens in a row');
  assert.throws(() => api.completions(8, [64]), /off the 8×8 board/);
  assert.throws(() => api.completions(8, [5, 5]), /given twice/);
  const square = api.hint(8, [0]);
  assert.ok(Number.isInteger(square) && square >= 8, `a square in an empty row: ${square}`);
  assert.ok(api.completions(8, [0, square]) > 0n, 'the hint keeps a solution possible');
  assert.match(api.hintWithReason(8, [0]).reason, /\.$/);
  assert.equal(api.culprit(8, [0]), null, 'nothing to move on a live board');
  const culprit = api.culprit(8, [0, 9]);
  assert.ok(culprit === 0 || culprit === 9);
  assert.ok(api.completions(8, [0, 9].filter((q) => q !== culprit)) > 0n);
  const cols = api.completion(8, [0]);
  assert.equal(cols[0], 0);
  const puzzle = api.puzzle(8, 'hard', 42);
  assert.equal(api.completions(8, puzzle), 1n, 'a generated puzzle has one completion');
  const fixedQueens = api.algorithms().filter((a) => a.takesFixedQueens);
  assert.ok(fixedQueens.length > 0, 'some search starts from fixed queens');
  for (const { id } of fixedQueens) {
    const s = new api.Session(id, 8, [0]);
    try {
      assert.equal(s.queens()[0], 0, 'the fixed queen is on the board from the start');
      s.run(Infinity);
      assert.equal(s.solutionCount, 4, id);
      const { total, ruledOut, solutions } = s.space();
      assert.equal(total, 8n ** 7n, 'the space holds the boards with the fixed queen');
      assert.equal(ruledOut + solutions, total);
    } finally {
      s.free();
    }
  }
  for (const { id, minN, maxN } of api.algorithms().filter((a) => !a.takesFixedQueens)) {
    assert.throws(() => new api.Session(id, Math.min(maxN, Math.max(minN, 8)), [0]), /cannot start from queens/, id);
  }
  assertHealthy('puzzle exports');
});

/** Throws a sentence (by `handled`'s rule); returns the message. */
function refusal(what, fn) {
  const { error } = handled(what, fn);
  assert.ok(error, `${what} is refused`);
  return error.message;
}

test('decidedBetween reads indices by the one rule, and never runs the caller\'s code', () => {
  const s = new api.Session('bitwise', 6);
  try {
    s.run(200);
    const all = 6n ** 6n;
    const expected = s.decidedBetween(0n, all);
    assert.equal(typeof expected, 'bigint');
    // A number, a BigInt and a string of digits are the same index.
    for (const to of [46656, '46656', ' 46656 ']) assert.equal(s.decidedBetween(0, to), expected, `to = ${JSON.stringify(to)}`);
    let ran = false;
    const sneaky = { valueOf() { ran = true; s.free(); return 8; } };
    for (const loose of ['0x8', '0b11', '', ' ', '+8', '8.0', true, [], [8], sneaky, new Date(0), -1, 0.5, 2 ** 53, -1n]) {
      const message = refusal(`decidedBetween(0, ${describe(loose)})`, () => s.decidedBetween(0, loose));
      assert.match(message, /^decidedBetween\(\) takes board indices from 0 to 46656 \(N\^N\); got /);
    }
    assert.equal(ran, false, 'the argument\'s valueOf is never called');
    assert.equal(s.stepIndex, 200, 'the session is untouched');
    assert.equal(s.decidedBetween(0n, all), expected);
  } finally {
    s.free();
  }
  // At N = 20 the indices pass 2^64: N^N itself is taken, one past it is refused as out of range.
  const big = new api.Session('bitwise', 20);
  try {
    const all = 20n ** 20n;
    assert.equal(big.decidedBetween(0n, all), 0n);
    assert.equal(big.decidedBetween(0n, String(all)), 0n);
    for (const past of [all + 1n, String(all + 1n)]) {
      assert.equal(refusal('decidedBetween(0, N^N + 1)', () => big.decidedBetween(0n, past)),
        `decidedBetween() takes board indices from 0 to ${all} (N^N); got ${all + 1n}.`);
    }
    assert.match(refusal('decidedBetween(0, 10^40)', () => big.decidedBetween(0n, 10n ** 40n)), /got a number of more than 38 digits\./);
  } finally {
    big.free();
  }
});

test('counts, indices and seeds past 2^53 − 1 are refused, never rounded', () => {
  const past = 2n ** 53n + 1n;
  const top = 2n ** 53n - 1n;
  // The example: 2^53 + 1 read as 2^53 gave another seed's puzzle.
  for (const seed of [past, String(past), 2 ** 53, 2n ** 64n + 7n]) {
    assert.match(refusal(`puzzle(8, 'hard', ${describe(seed)})`, () => api.puzzle(8, 'hard', seed)), /seed, a whole number from 0 to 2\^53 − 1/);
  }
  const highest = Array.from(api.puzzle(8, 'hard', top));
  assert.deepEqual(Array.from(api.puzzle(8, 'hard', Number(top))), highest, 'the largest seed as a number');
  assert.deepEqual(Array.from(api.puzzle(8, 'hard', String(top))), highest, 'the largest seed as digits');
  assert.equal(api.completions(8, highest), 1n);
  for (const { id, minN, maxN } of api.algorithms()) {
    const s = new api.Session(id, Math.min(maxN, Math.max(minN, 6)));
    try {
      for (const value of [past, String(past), 2 ** 53, '99999999999999999999', '9'.repeat(60)]) {
        const b = describe(value);
        refusal(`${id}.run(${b})`, () => s.run(value));
        refusal(`${id}.runToSolution(${b})`, () => s.runToSolution(value));
        refusal(`${id}.seek(${b})`, () => s.seek(value));
        refusal(`${id}.seekWork('checks', ${b})`, () => s.seekWork('checks', value));
        refusal(`${id}.runWithin('steps', ${b}, 10)`, () => s.runWithin('steps', value, 10));
        refusal(`${id}.runWithin('steps', 10, ${b})`, () => s.runWithin('steps', 10, value));
        refusal(`${id}.solutions(${b})`, () => s.solutions(value));
        refusal(`${id}.solutions(1, ${b})`, () => s.solutions(1, value));
      }
      assert.equal(s.stepIndex, 0, `${id}: no refused call moved the session`);
      assert.equal(s.run(top), s.stepIndex, `${id}: 2^53 − 1 as a BigInt is a budget like any other`);
    } finally {
      s.free();
    }
  }
  // A string of 20 digits used to become Infinity, a run with no end.
  const s = new api.Session('bitwise', 20);
  try {
    const start = performance.now();
    assert.match(refusal('run("99999999999999999999")', () => s.run('99999999999999999999')), /got 99999999999999999999\./);
    assert.match(refusal('run(40 digits)', () => s.run('9'.repeat(40))), /got a number of more than 38 digits\./);
    assert.ok(performance.now() - start < 100, 'refused at once');
  } finally {
    s.free();
  }
  for (const seed of [past, String(past), 2 ** 53]) {
    const b = describe(seed);
    refusal(`Session.seeded('annealing', 8, ${b})`, () => api.Session.seeded('annealing', 8, seed).free());
    refusal(`findOne('queen-search', 8, ${b})`, () => api.findOne('queen-search', 8, seed));
    refusal(`new Finder('restarts', 8, ${b})`, () => new api.Finder('restarts', 8, seed).free());
    refusal(`runLengths('restarts', 8, ${b}, 1, 10)`, () => api.runLengths('restarts', 8, seed, 1, 10));
    refusal(`countSubtask(12, ${b})`, () => api.countSubtask(12, seed));
    refusal(`countSubtaskRange(12, 0, ${b})`, () => api.countSubtaskRange(12, 0, seed));
    refusal(`completions(8, [${b}])`, () => api.completions(8, [seed]));
  }
  assertHealthy('values past 2^53');
});

test('square lists are measured before they are read, and only lists are lists', () => {
  const start = performance.now();
  for (const [what, list] of [
    ['new Array(1e8)', new Array(1e8)],
    ['new Array(2 ** 32 - 1)', new Array(2 ** 32 - 1)],
    ['new Uint8Array(1e7)', new Uint8Array(1e7)],
    ['65 zeros', new Array(65).fill(0)],
  ]) {
    assert.match(refusal(`completions(8, ${what})`, () => api.completions(8, list)), /at most 64 entries, one for each square; got a list of length [\d,]+\./, what);
    refusal(`new Session('bitwise', 8, ${what})`, () => new api.Session('bitwise', 8, list).free());
  }
  assert.ok(performance.now() - start < 1000, `long lists refused at once (${Math.round(performance.now() - start)} ms)`);
  assert.match(refusal('completions(1, [0, 0])', () => api.completions(1, [0, 0])), /at most 1 entry,/);
  const bytes = new ArrayBuffer(8);
  for (const [what, notAList] of [
    ['a DataView', new DataView(bytes)],
    ['an ArrayBuffer', bytes],
    ['an array-like object', { length: 1, 0: 0 }],
    ['a string', '0'],
    ['a Set', new Set([0])],
  ]) {
    assert.match(refusal(`completions(8, ${what})`, () => api.completions(8, notAList)), /as a list of square numbers|must be given as a list/, what);
    refusal(`new Session('bitwise', 8, ${what})`, () => new api.Session('bitwise', 8, notAList).free());
  }
  // Proxies: a revoked one is not a list, and one whose reads throw is refused, not thrown through.
  const { proxy: revoked, revoke } = Proxy.revocable([], {});
  revoke();
  assert.match(refusal('completions(8, a revoked Proxy)', () => api.completions(8, revoked)), /must be given as a list/);
  refusal("new Session('bitwise', 8, a revoked Proxy)", () => new api.Session('bitwise', 8, revoked).free());
  const trapped = new Proxy([0], { get() { throw new Error('a trap'); } });
  assert.match(refusal('completions(8, a throwing Proxy)', () => api.completions(8, trapped)), /got a list whose length cannot be read\./);
  // Holes are read as what they are: nothing.
  assert.match(refusal('completions(8, [ , 1])', () => api.completions(8, [, 1])), /got nothing\./);
  // Lists of every kind that are lists still work.
  assert.equal(api.completions(8, new Uint8Array([0])), 4n);
  assert.equal(api.completions(8, new BigInt64Array([0n])), 4n);
  assert.equal(api.completions(8, new Float64Array([0])), 4n);
  assert.equal(api.completions(8, Array.from({ length: 0 })), 92n);
  assertHealthy('square lists');
});

test('a polluted Number.prototype.toString reaches no message and leaves no session borrowed', () => {
  const original = Number.prototype.toString;
  const floods = [
    () => `\u202e${'x'.repeat(5000)}\u0007`,
    () => ({}),
    () => { throw new Error('polluted'); },
  ];
  try {
    for (const flood of floods) {
      // eslint-disable-next-line no-extend-native
      Number.prototype.toString = flood;
      const s = new api.Session('bitwise', 8);
      try {
        assert.equal(refusal('seek(2.5)', () => s.seek(2.5)), 'A step number must be a whole number from 0 to 2^53 − 1; got 2.5.');
        assert.match(refusal('run(-1)', () => s.run(-1)), /got -1\.$/);
        assert.match(refusal("new Session('bitwise', 0.9999999)", () => new api.Session('bitwise', 0.9999999)), /N = 0\.9999999 is not/);
        assert.match(refusal('icicle(1e300)', () => s.icicle(1e300)), /got a number over 10\^18\./);
        // The session is still usable after each refusal, and frees.
        assert.equal(s.run(10), 10);
        s.seek(3);
        assert.equal(s.stepIndex, 3);
      } finally {
        s.free();
      }
      assert.throws(() => s.step(), Error, 'a freed session is freed');
    }
  } finally {
    // eslint-disable-next-line no-extend-native
    Number.prototype.toString = original;
  }
  // No session was left open: all 64 still fit.
  const held = [];
  try {
    for (let i = 0; i < 64; i++) held.push(new api.Session('bitwise', 4));
  } finally {
    for (const s of held) s.free();
  }
  assertHealthy('a polluted prototype');
});

test('one fixed queen at N = 1 is a search from fixed queens', () => {
  for (const { id } of api.algorithms().filter((a) => a.takesFixedQueens)) {
    const fixed = new api.Session(id, 1, [0]);
    try {
      assert.equal(fixed.icicle(4), null, `${id}: no tree for a search from fixed queens`);
      assert.equal(fixed.decidedBetween(0, 1), null, `${id}: no decided boards either`);
      fixed.run(Infinity);
      assert.equal(fixed.solutionCount, 1, id);
    } finally {
      fixed.free();
    }
    const free = new api.Session(id, 1);
    try {
      free.run(Infinity);
      assert.deepEqual(Array.from(free.icicle(4)), [1, 1, 1, 1], `${id}: without fixed queens N = 1 has its tree`);
      assert.equal(free.decidedBetween(0, 1), 1n, id);
    } finally {
      free.free();
    }
  }
});

test('neighbouring puzzle seeds give different puzzles', () => {
  let same = 0;
  for (let k = 0; k < 50; k++) {
    const even = Array.from(api.puzzle(10, 'hard', 2 * k));
    const odd = Array.from(api.puzzle(10, 'hard', 2 * k + 1));
    if (even.join() === odd.join()) same += 1;
    assert.equal(api.completions(10, odd), 1n, `seed ${2 * k + 1} has one completion`);
  }
  assert.equal(same, 0, `${same} of 50 seed pairs 2k, 2k + 1 gave the same puzzle`);
});
