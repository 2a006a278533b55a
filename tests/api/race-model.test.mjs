// Race mode's model (www/race/model.js), in node with no DOM: the lanes and
// boards a goal allows, the set-up as a goal or a lane's box changes it, the
// timeline's scale, finishing places and the end's sentence, and what the
// chart is handed, each against a truth worked out here. The last test runs
// a real race on the core to its end and checks the places and the chart's
// points against each lane's own session; another checks what the controls
// and the link say of a real race at its start, midway and at its end.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  MIN_LANES, TIMELINE_STEPS, boardSizes, buttonsOff, chartLanes, fitAdvice, goalChange, goingText, laneColumns, lanePicked, openSentence, yoursHint,
  overSentence, places, raceState, raceable, sizeRange, timelinePosition, timelineReading, timelineShown, timelineTop,
} from '../../www/race/model.js';
import { Race } from '../../www/race/clock.js';

const PKG = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), 'pkg');
let api;
before(async () => {
  api = await import(pathToFileURL(path.join(PKG, 'nqueens.js')).href);
  await api.default({ module_or_path: fs.readFileSync(path.join(PKG, 'nqueens_bg.wasm')) });
});

/** A catalogue in page order: two searches for every solution, one for one solution. */
const ALGORITHMS = [
  { id: 'small', name: 'Small', goal: 'all', minN: 1, maxN: 12 },
  { id: 'deep', name: 'Deep', goal: 'all', minN: 4, maxN: 20 },
  { id: 'repair', name: 'Repair', goal: 'one', minN: 4, maxN: 1000 },
];

test('a goal races its searches, on the boards they take', () => {
  assert.deepEqual(raceable(ALGORITHMS, 'all').map((a) => a.id), ['small', 'deep']);
  assert.deepEqual(raceable(ALGORITHMS, 'one').map((a) => a.id), ['small', 'deep', 'repair']);
  assert.deepEqual(sizeRange(raceable(ALGORITHMS, 'all')), { minN: 1, maxN: 20 });
  const upTo20 = Array.from({ length: 20 }, (_, i) => i + 1);
  assert.deepEqual(boardSizes(raceable(ALGORITHMS, 'all'), 8), upTo20);
  // A link's N outside the list joins it, in order; the big sizes stop at the largest N a lane takes.
  assert.deepEqual(boardSizes(raceable(ALGORITHMS, 'one'), 37), [...upTo20, 25, 30, 37, 40, 50, 64, 100, 200, 500, 1000]);
  assert.deepEqual(boardSizes([{ id: 'x', minN: 4, maxN: 30 }], 6), [...upTo20.slice(3), 25, 30]);
});

test('a new goal keeps the lanes and the N that fit it, and says when N moved', () => {
  // To a first solution: the searches for one join the lanes, N stays.
  assert.deepEqual(goalChange({ goal: 'all', ids: ['small', 'deep'], n: 8, clock: 'checks', seed: 1 }, ALGORITHMS, 'one'),
    { change: { goal: 'one', ids: ['small', 'deep', 'repair'], n: 8 }, warning: null });
  // Back to every solution from N = 100 with one lane that fits: all of them race, on the largest board they take.
  const back = goalChange({ goal: 'one', ids: ['repair', 'small'], n: 100, clock: 'checks', seed: 1 }, ALGORITHMS, 'all');
  assert.deepEqual(back.change, { goal: 'all', ids: ['small', 'deep'], n: 20 });
  assert.match(/** @type {string} */ (back.warning), /up to 20×20: racing on 20×20 instead of 100×100\./);
});

test('a lane box takes a lane off or puts it on, never below the fewest lanes', () => {
  const setup = { goal: 'one', ids: ['deep', 'repair'], n: 8, clock: 'checks', seed: 1 };
  assert.deepEqual(lanePicked(setup, ALGORITHMS, 'small', true), { ids: ['small', 'deep', 'repair'] }, 'in page order');
  assert.equal(MIN_LANES, 2);
  const refused = lanePicked(setup, ALGORITHMS, 'deep', false);
  assert.ok('problem' in refused && /at least two lanes/.test(refused.problem), JSON.stringify(refused));
  assert.deepEqual(lanePicked({ ...setup, ids: ['small', 'deep', 'repair'] }, ALGORITHMS, 'deep', false), { ids: ['small', 'repair'] });
});

test('a race that cannot start says what to choose', () => {
  // What each sentence must carry (the way out, the numbers, the names), not its wording.
  const tooBig = fitAdvice(ALGORITHMS, ['small', 'deep'], 30);
  assert.match(tooBig, /smaller board/);
  assert.match(tooBig, /other lanes/);
  assert.doesNotMatch(tooBig, /bigger/);
  const tooSmall = fitAdvice(ALGORITHMS, ['deep', 'repair'], 2);
  assert.match(tooSmall, /bigger board/);
  assert.match(tooSmall, /other lanes/);
  assert.doesNotMatch(tooSmall, /smaller/);
  const neither = fitAdvice(ALGORITHMS, ['small', 'repair'], 13);
  assert.match(neither, /other lanes/);
  assert.match(neither, /board size/);
  assert.doesNotMatch(neither, /smaller|bigger/, 'one lane fits only smaller boards and the other only bigger ones');
  const setup = { goal: 'one', ids: ['deep', 'repair'], n: 8, clock: 'steps', seed: 7 };
  const two = openSentence(setup, ALGORITHMS, 2, null);
  for (const part of ['2 searches', 'N=8', 'equal steps', 'first solution', 'seed 7', 'Play']) assert.ok(two.includes(part), `"${two}" says ${part}`);
  const one = openSentence({ ...setup, goal: 'all', clock: 'wall' }, ALGORITHMS, 1, null);
  for (const part of ['1 search ', 'N=8', 'wall time', 'Play']) assert.ok(one.includes(part), `"${one}" says ${part}`);
  assert.doesNotMatch(one, /searches|first solution|seed/, `a race to every solution on the wall clock: ${one}`);
  const problem = openSentence(setup, ALGORITHMS, 0, 'No 3×3 board has a solution.');
  assert.ok(problem.startsWith('No 3×3 board has a solution.'), `the core's sentence first: ${problem}`);
  assert.match(problem, /another board size/);
  const none = openSentence({ ...setup, n: 2 }, ALGORITHMS, 0, null);
  assert.match(none, /N=2/);
  assert.match(none, /bigger board/);
  assert.doesNotMatch(none, /Play/, `nothing can start: ${none}`);
  // Until Your search is a lane, the set-up says how to add it; once it is, that goes.
  assert.match(yoursHint(ALGORITHMS), /Your search/);
  assert.equal(yoursHint([...ALGORITHMS, { id: 'your-search' }]), '');
});

test('the timeline is log-scaled on the work clocks and a reading a position on the wall clock', () => {
  const work = { unit: 'checks', furthest: 34_000_000 };
  assert.equal(timelineTop(work), TIMELINE_STEPS);
  assert.equal(timelineTop({ unit: 'checks', furthest: 0 }), 0);
  assert.equal(timelinePosition(work, 0), 0);
  assert.equal(timelinePosition(work, work.furthest), TIMELINE_STEPS);
  assert.equal(timelineReading(work, TIMELINE_STEPS), work.furthest);
  // Halfway along is the geometric middle of 1 and the furthest reading plus one.
  assert.ok(Math.abs(timelineReading(work, TIMELINE_STEPS / 2) - (Math.sqrt(work.furthest + 1) - 1)) <= 1);
  let last = -1;
  for (let p = 0; p <= TIMELINE_STEPS; p += 50) {
    const reading = timelineReading(work, p);
    assert.ok(reading >= last, 'readings grow along the timeline');
    last = reading;
  }
  // A reading goes to the nearest position, one of a thousand steps of ln(furthest + 1): back within one such step.
  const step = Math.exp(Math.log1p(work.furthest) / TIMELINE_STEPS);
  for (let reading = 10; reading <= work.furthest; reading *= 10) {
    const back = timelineReading(work, timelinePosition(work, reading)) + 1;
    assert.ok(back / (reading + 1) <= step && (reading + 1) / back <= step, `${reading} and back: ${back - 1}`);
  }
  const wall = { unit: null, furthest: 812 };
  assert.deepEqual([timelineTop(wall), timelinePosition(wall, 300), timelineReading(wall, 300)], [812, 300, 300]);
});

/** A lane as the model reads it: its name, where it finished (null: still running) and whether it reached its end. */
function lane(name, finish, { done = true, step = 10, ends = 10 } = {}) {
  return {
    info: { name, id: name.toLowerCase() },
    finish,
    last: finish === null ? null : { done, steps: ends },
    session: { stepIndex: step, done: done && finish !== null, solutionCount: 0 },
    reached() { return this.session.done; },
  };
}

test('finishing places share a place on a tie, and the end names the order and the ties', () => {
  const lanes = [lane('Brute force', 500), lane('Bitwise', 30), lane('Backtracking', 30), lane('Permutations', 120, { done: false }), lane('Restarts', null)];
  const race = { goal: 'all', active: lanes, clockId: 'checks', end: 500 };
  const got = places(race);
  assert.deepEqual([...got].map(([l, place]) => [l.info.name, place]), [['Bitwise', 0], ['Backtracking', 0], ['Permutations', 2], ['Brute force', 3]]);
  const ended = { ...race, active: lanes.slice(0, 4) };
  assert.equal(overSentence(ended), 'The race is over at 500 checks. Finishing order: Bitwise (30), Backtracking (30), Permutations (120, capped), Brute force (500).');
  const wall = { ...ended, clockId: 'wall', active: [lane('A', 4), lane('B', 4), lane('C', 9), lane('D', 9), lane('E', 9)], end: 9 };
  const said = overSentence(wall);
  assert.match(said, /^The race is over at 9 ms\. Finishing order: A \(4\), B \(4\), C \(9\), D \(9\), E \(9\)\./);
  assert.match(said, /: A and B both ended within tick 4; C, D and E all three ended within tick 9, a tie at this clock's resolution\./);
});

test('a real race run to its end: places follow each lane\'s own end, the chart each lane\'s own counts', () => {
  const algorithms = api.algorithms();
  const ids = algorithms.filter((a) => a.goal === 'all').map((a) => a.id);
  const race = new Race(api, algorithms, { n: 5, ids, clock: 'checks', goal: 'all', seed: 1 }, () => '');
  try {
    while (!race.advance(Number.MAX_SAFE_INTEGER, 10_000));
    assert.ok(race.ended);
    // Each lane's end on the checks clock is the checks its whole search takes, counted by a fresh session here.
    const total = new Map(race.active.map((l) => {
      const s = new api.Session(l.id, 5);
      while (s.step());
      const checks = s.checks;
      s.free();
      return [l, checks];
    }));
    for (const l of race.active) assert.equal(l.finish, total.get(l), l.id);
    const got = places(race);
    for (const [l, place] of got) assert.equal(place, [...total.values()].filter((c) => c < total.get(l)).length, `${l.id}: as many lanes ahead as ended on fewer checks`);
    assert.equal(got.size, race.active.length);
    const { lanes, left, total: top } = chartLanes(race, 'solutions');
    assert.equal(top, 5 ** 5);
    assert.deepEqual(left, []);
    for (const l of lanes) {
      const own = race.active.find((a) => a.index === l.index);
      assert.equal(l.now.solutions, 10, `${own.id}: all 10 solutions of the 5×5 board`);
      assert.equal(l.now.x, own.session.checks);
    }
  } finally {
    race.free();
  }
});

test('the controls and the link follow a real race: its buttons, its timeline\'s words, each lane\'s step', () => {
  const algorithms = api.algorithms();
  const ids = algorithms.filter((a) => a.goal === 'all').slice(0, 2).map((a) => a.id);
  const setup = { n: 5, ids, clock: 'checks', goal: 'all', seed: 1 };
  const race = new Race(api, algorithms, setup, () => '');
  const idle = { mode: 'idle', goal: null, speedIndex: 3 };
  try {
    assert.deepEqual(buttonsOff(race, 'idle'), { play: false, step: false, runToEnd: false, stepBack: true, reset: true }, 'at the start line');
    assert.deepEqual(raceState(setup, race, idle), { ...setup, at: 0, steps: null, speed: 3 });
    race.advance(50, 10_000);
    const midway = raceState(setup, race, idle);
    assert.equal(midway.at, race.clock);
    assert.ok(race.unit, 'the checks clock is a work clock');
    assert.equal(midway.steps, null, 'on a work clock the reading alone places every lane');
    assert.equal(raceState(setup, race, { mode: 'go-to', goal: { reading: 7 }, speedIndex: 1 }).at, 7, 'a seek on its way: the reading it goes to');
    const shown = timelineShown(race, race.clock, 'checks');
    const words = (v) => v.toLocaleString('en-US');
    assert.equal(shown.text, `${words(race.clock)} checks / ${words(race.furthest)}`);
    assert.equal(shown.aria, `clock at ${words(race.clock)} checks of ${words(race.furthest)}`);
    assert.equal(shown.position, Math.round((Math.log(1 + race.clock) / Math.log(1 + race.furthest)) * TIMELINE_STEPS), 'log-scaled on a work clock');
    while (!race.advance(Number.MAX_SAFE_INTEGER, 10_000));
    assert.deepEqual(buttonsOff(race, 'idle'), { play: false, step: true, runToEnd: true, stepBack: false, reset: false }, 'at the end');
    const wall = new Race(api, algorithms, { ...setup, clock: 'wall' }, () => '');
    try {
      wall.tick();
      assert.ok(!wall.unit);
      assert.deepEqual(raceState({ ...setup, clock: 'wall' }, wall, idle).steps, wall.active.map((l) => l.session.stepIndex), 'on the wall clock each lane\'s step is kept');
    } finally {
      wall.free();
    }
    assert.equal(buttonsOff(race, 'play').step, false, 'the player busy: the end is not yet said');
  } finally {
    race.free();
  }
  assert.deepEqual(buttonsOff(null, 'idle'), { play: true, step: true, runToEnd: true, stepBack: true, reset: true });
});

test('the progress line and the lanes\' rows', () => {
  assert.equal(goingText(null, 0.256, 'checks'), 'Running to the end: 25%…');
  assert.equal(goingText(1965, 0.999, 'checks'), 'Going to 1,965 checks: 99%…', 'never 100% before it is there');
  for (let lanes = 0; lanes <= 14; lanes++) {
    const columns = laneColumns(lanes);
    const rows = Math.ceil(Math.max(1, lanes) / columns);
    if (lanes <= 6) assert.equal(columns, Math.max(1, lanes), `${lanes} lanes in one row`);
    else assert.ok(rows === 2 && Math.ceil(lanes / (columns - 1)) > 2, `${lanes} lanes: two rows, as few columns as that takes`);
  }
});
