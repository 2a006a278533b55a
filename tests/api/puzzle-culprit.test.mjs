// The coach's queen to move on a dead end (playersCulprit, which both coaches
// of www/workers/ use), over a week of daily puzzles of both kinds and some
// generated ones: it is always a queen the player placed, never one the
// puzzle gave, and taking it off leaves a way to finish; when it names none,
// taking off no single queen of the player's is enough. The truth is a plain
// enumeration of completions written here.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { playersCulprit } from '../../www/workers/regions-coach.js';
import { addDays, dailyPuzzle } from '../../www/puzzle/daily.js';

/** @type {any} */
let api;

before(async () => {
  const pkg = (file) => new URL(`../../pkg/${file}`, import.meta.url);
  assert.ok(fs.existsSync(pkg('nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pkg('nqueens.js').href);
  await api.default({ module_or_path: fs.readFileSync(pkg('nqueens_bg.wasm')) });
});

/** True when queens on squares a and b cannot both stand (classic: row, column, diagonal; regions: row, column, region, touching). */
function clash(n, regions, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  if (ra === rb || ca === cb) return true;
  if (regions) return regions[a] === regions[b] || (Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1);
  return Math.abs(ra - rb) === Math.abs(ca - cb);
}

/** Whether some full board holds every one of `queens`: a row-by-row enumeration. */
function completes(n, regions, queens) {
  for (let i = 0; i < queens.length; i++) for (let j = i + 1; j < queens.length; j++) if (clash(n, regions, queens[i], queens[j])) return false;
  const byRow = new Map(queens.map((q) => [Math.floor(q / n), q]));
  const placed = [];
  const place = (row) => {
    if (row === n) return true;
    const cols = byRow.has(row) ? [byRow.get(row) % n] : [...Array(n).keys()];
    for (const col of cols) {
      const s = row * n + col;
      if (placed.some((q) => clash(n, regions, q, s))) continue;
      if (!byRow.has(row) && queens.some((q) => clash(n, regions, q, s))) continue;
      placed.push(s);
      if (place(row + 1)) return true;
      placed.pop();
    }
    return false;
  };
  return place(0);
}

/** A small seeded random source (xorshift), so the boards tried are the same every run. */
function random(seed) {
  let x = seed >>> 0 || 1;
  return (m) => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x % m;
  };
}

/** The puzzles tried: a week of dailies of both kinds (as makers.js makes them) and generated ones. */
function puzzles() {
  const out = [];
  const regionsSize = (n) => Math.min(11, Math.max(5, n));
  for (let d = 0; d < 7; d++) {
    const day = addDays('2026-11-23', d);
    const classic = dailyPuzzle(day, (n) => api.puzzleLevels(n));
    out.push({ name: `classic daily ${day}`, n: classic.n, regions: null, given: [...api.puzzle(classic.n, classic.level, classic.seed)] });
    const r = dailyPuzzle(day, (n) => api.regionsLevels(regionsSize(n)));
    const size = regionsSize(r.n);
    const offered = api.regionsLevels(size);
    const made = api.regionsPuzzle(size, r.seed, offered.includes(r.level) ? r.level : offered[offered.length - 1]);
    out.push({ name: `regions daily ${day}`, n: made.n, regions: [...made.regions], given: [...made.givens] });
  }
  for (const [n, level, seed] of [[8, 'easy', 5], [10, 'hard', 77]]) {
    out.push({ name: `classic ${n} ${level} ${seed}`, n, regions: null, given: [...api.puzzle(n, level, seed)] });
  }
  for (const [n, seed] of [[8, 3], [11, 9]]) {
    const made = api.regionsPuzzle(n, seed);
    out.push({ name: `regions ${n} ${seed}`, n: made.n, regions: [...made.regions], given: [...made.givens] });
  }
  return out;
}

/** The core's answer to "can these queens be completed?", as the worker asks it. */
function coreCompletes(n, regions, queens) {
  return regions ? api.regionsCompletions(n, regions, queens) > 0 : api.completion(n, queens, []) !== null;
}

test('the queen to move on a dead end is always one the player placed, and moving it is enough', () => {
  let deadEnds = 0;
  let named = 0;
  let withGivens = 0;
  for (const { name, n, regions, given } of puzzles()) {
    if (given.length) withGivens++;
    const pick = random(n * 7919 + given.length);
    const empty = [...Array(n * n).keys()].filter((s) => !given.includes(s));
    // Every single queen the player could place, and some pairs of them.
    const tries = empty.map((s) => [s]);
    for (let i = 0; i < 40; i++) {
      const a = empty[pick(empty.length)];
      const b = empty[pick(empty.length)];
      if (a !== b) tries.push([a, b]);
    }
    for (const mine of tries) {
      const queens = [...given, ...mine].sort((a, b) => a - b);
      if (completes(n, regions, queens)) continue;
      deadEnds++;
      const culprit = playersCulprit(queens, given, (q) => coreCompletes(n, regions, q));
      const helps = mine.filter((q) => completes(n, regions, queens.filter((s) => s !== q)));
      if (culprit === null) {
        assert.deepEqual(helps, [], `${name}, player's queens ${mine}: no queen named, but taking off ${helps} is enough`);
        continue;
      }
      named++;
      assert.ok(!given.includes(culprit), `${name}, player's queens ${mine}: the coach blames the given queen ${culprit}`);
      assert.ok(mine.includes(culprit), `${name}, player's queens ${mine}: ${culprit} is no queen of the player's`);
      assert.ok(helps.includes(culprit), `${name}, player's queens ${mine}: taking off ${culprit} leaves no way to finish`);
      // One queen of the player's alone on a puzzle's board: it is always the one to move.
      if (mine.length === 1) assert.equal(culprit, mine[0]);
    }
  }
  assert.ok(withGivens >= 9, `puzzles with given queens tried: ${withGivens}`);
  assert.ok(deadEnds > 500 && named > 500, `enough dead ends tried (${deadEnds}, ${named} with a queen named)`);
});

test('the queen to move ignores given queens even when taking one off would also help, and names none when no single queen is enough', () => {
  // A board of no puzzle: every queen is the player's, and the last that helps is named.
  assert.equal(playersCulprit([0, 9], [], (q) => q.length < 2), 9);
  // The same board with 9 given: 0 is named, though taking off 9 would help as well.
  assert.equal(playersCulprit([0, 9], [9], (q) => q.length < 2), 0);
  // Only the given queen's removal would help: none is named.
  assert.equal(playersCulprit([0, 9, 20], [9], (q) => !q.includes(9)), null);
});
