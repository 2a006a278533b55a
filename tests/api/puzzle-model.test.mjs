// Puzzle mode's model (www/puzzle/model.js, link.js, daily.js, verdict.js), in
// node with no DOM: undo and redo, what attacks what (checked against a plain
// test written here), a hint's stages, the links a board writes and reads back,
// the daily puzzle of a date, the streak and the clock.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HintStages, PuzzleModel, attack, boardMarks, chainSteps, openSquares } from '../../www/puzzle/model.js';
import { coachByDefault, parsePuzzleParams, puzzleOnly, puzzleSearch } from '../../www/puzzle/link.js';
import { PuzzleClock, addDays, dailyPuzzle, daySeed, formatTime, parseDay, readDays, streak, weekday, withDay } from '../../www/puzzle/daily.js';
import { boardState, coachText } from '../../www/puzzle/verdict.js';
import { CELL } from '../../www/components/cells.js';

const LIMITS = { puzzleMinN: 4, puzzleMaxN: 20, defaultN: 8 };

/** Two queens attack each other, worked out square by square along the eight directions. */
function attacksByWalking(n, a, b, regions = null) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  if (regions) {
    return ra === rb || ca === cb || regions[a] === regions[b] || (Math.abs(ra - rb) < 2 && Math.abs(ca - cb) < 2);
  }
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1], [0, -1], [-1, 0], [-1, -1], [-1, 1]]) {
    for (let r = ra + dr, c = ca + dc; r >= 0 && c >= 0 && r < n && c < n; r += dr, c += dc) if (r === rb && c === cb) return true;
  }
  return false;
}

test('attack agrees with a walk along the lines, on classic and regions boards', () => {
  const n = 6;
  const regions = Array.from({ length: n * n }, (_, s) => Math.floor((s % n) / 2) + 3 * Math.floor(s / n / 3));
  for (let a = 0; a < n * n; a++) {
    for (let b = 0; b < n * n; b++) {
      if (a === b) continue;
      assert.equal(attack(n, a, b), attacksByWalking(n, a, b), `classic ${a} ${b}`);
      assert.equal(attack(n, a, b, regions), attacksByWalking(n, a, b, regions), `regions ${a} ${b}`);
    }
  }
});

test('the board marks the queens, the attacked squares and the attacking pairs; open squares are the rest', () => {
  const n = 5;
  const queens = [0, 7];
  const { cells, lines } = boardMarks(n, queens, -1, [0], [24]);
  for (let s = 0; s < n * n; s++) {
    const hit = queens.some((q) => q !== s && attacksByWalking(n, q, s));
    assert.equal(Boolean(cells[s] & CELL.THREATENED), hit, `square ${s}`);
  }
  assert.ok(cells[0] & CELL.GIVEN && cells[24] & CELL.RULED_OUT);
  assert.deepEqual(lines, []);
  const open = openSquares(n, queens, [24]);
  const expected = [];
  for (let s = 0; s < n * n; s++) if (!queens.includes(s) && s !== 24 && !queens.some((q) => attacksByWalking(n, q, s))) expected.push(s);
  assert.deepEqual(open, expected);
  assert.deepEqual(boardMarks(n, [0, 6]).lines, [[0, 6]], 'two queens on a diagonal are a conflict line');
});

test('undo and redo walk the boards back and forth; a given queen stays; a mark and a queen never share a square', () => {
  const m = new PuzzleModel(6);
  m.load({ n: 6, squares: [1], given: [1], puzzle: { kind: 'classic', level: '', seed: null } });
  assert.match(m.toggle(1) ?? '', /part of the puzzle/);
  assert.equal(m.toggleMark(20), null);
  assert.equal(m.toggle(20), null, 'a queen on a ruled-out square');
  assert.deepEqual([m.squares, m.marks], [[1, 20], []]);
  assert.match(m.toggleMark(20) ?? '', /take it off/);
  assert.ok(m.undo());
  assert.deepEqual([m.squares, m.marks], [[1], [20]]);
  assert.ok(m.undo());
  assert.deepEqual([m.squares, m.marks], [[1], []]);
  assert.equal(m.undo(), false, 'the loaded board has no past');
  assert.ok(m.redo() && m.redo());
  assert.deepEqual(m.squares, [1, 20]);
  assert.equal(m.redo(), false);
  assert.ok(m.clear());
  assert.deepEqual([m.squares, m.given], [[1], [1]]);
  assert.equal(m.clear(), false, 'nothing left to clear');
  assert.deepEqual(m.ruledOut().filter((s) => !attacksByWalking(6, 1, s)), [], 'every square ruled out is one the given queen attacks');
});

test('a hint comes in three stages; a search\'s, which has no rule, at once', () => {
  const stages = new HintStages();
  assert.equal(stages.next(), false);
  stages.start({ square: 5, kind: 'place', rule: 'last-in-row', lines: [{ kind: 'row', index: 0 }], squares: [], chain: [], reason: '' });
  assert.equal(stages.stage, 1);
  assert.ok(stages.hasMore() && stages.next() && stages.next());
  assert.equal(stages.stage, 3);
  assert.equal(stages.next(), false);
  stages.start({ square: 5, kind: 'place', rule: 'search', lines: [], squares: [], chain: [], reason: '' });
  assert.equal(stages.stage, 3);
  stages.reset();
  assert.equal(stages.hint, null);
});

test('a look-ahead\'s chain is one sentence a step, its queens in order', () => {
  const hint = { square: 0, kind: 'rule-out', rule: 'look-ahead', lines: [{ kind: 'row', index: 1 }, { kind: 'row', index: 2 }, { kind: 'column', index: 3 }, { kind: 'row', index: 4 }], squares: [10, 17, 27], chain: [10, 17, 27], reason: '' };
  const steps = chainSteps(8, hint);
  assert.equal(steps.length, 5);
  assert.match(steps[1], /^1\. Row 2 .* row 2, column 3/);
  assert.match(steps[3], /^3\. Column 4 .* row 4, column 4/);
  assert.match(steps[4], /row 5 would have no square left/);
});

test('a puzzle\'s address names the puzzle, never the player\'s queens or marks', () => {
  const generated = { n: 8, squares: [3, 12, 30, 40, 50], given: [3, 12], marks: [7], puzzle: { kind: 'classic', level: 'hard', seed: 41 } };
  const search = puzzleSearch({ ...generated, coach: false });
  assert.equal(search, '?n=8&level=hard&seed=41&g=3,12');
  const back = parsePuzzleParams(search, LIMITS);
  assert.deepEqual([back.n, back.squares, back.given, back.marks, back.puzzle, back.coach, back.problems], [8, [3, 12], [3, 12], [], { kind: 'classic', level: 'hard', seed: 41 }, null, []]);
  assert.equal(coachByDefault(back.puzzle), false, 'the coach is off for a generated puzzle');
  assert.equal(puzzleSearch({ ...generated, coach: true }), '?n=8&level=hard&seed=41&g=3,12&coach=on');
  const free = { n: 6, squares: [1, 9], given: [], marks: [4], puzzle: null };
  assert.equal(puzzleSearch({ ...free, coach: true }), '?n=6&q=1,9&x=4');
  assert.equal(puzzleOnly(free).toString().replaceAll('%2C', ','), 'n=6&g=1,9', 'a board of one\'s own is shared as a puzzle of its queens');
  assert.equal(puzzleOnly({ n: 7, squares: [1, 2], given: [], puzzle: { kind: 'regions', level: 'easy', seed: 9 } }).toString(), 'kind=regions&n=7&level=easy&seed=9');
  assert.equal(puzzleOnly({ n: 7, squares: [1], given: [1], puzzle: { kind: 'classic', level: 'easy', seed: 3, daily: '2026-11-26' } }).toString(), 'daily=2026-11-26');
});

test('links read back, and each wrong parameter is a sentence', () => {
  const old = parsePuzzleParams('?n=8&q=3,12,30&g=3,12', LIMITS);
  assert.deepEqual([old.squares, old.given, old.puzzle], [[3, 12, 30], [3, 12], { kind: 'classic', level: '', seed: null }]);
  assert.deepEqual(parsePuzzleParams('?daily=2026-11-26', LIMITS).puzzle, { kind: 'classic', level: '', seed: null, daily: '2026-11-26' });
  assert.deepEqual(parsePuzzleParams('?kind=regions&n=9&seed=5', LIMITS).puzzle, { kind: 'regions', level: '', seed: 5 });
  for (const [search, said] of [
    ['?daily=2026-02-30', /daily=2026-02-30 is not a date/],
    ['?level=impossible&seed=2', /level=impossible is not one of/],
    ['?seed=x1', /seed=x1 is not a whole number/],
    ['?kind=hexagons', /kind=hexagons is neither/],
    ['?kind=regions&n=4&seed=1', /n=4 is not a whole number from 5 to 11/],
    ['?kind=regions&n=8', /needs its seed/],
    ['?q=1,2&g=3', /not on the board/],
    ['?coach=maybe', /coach=maybe is neither on nor off/],
  ]) {
    assert.match(parsePuzzleParams(search, LIMITS).problems.join(' '), said, search);
  }
});

test('the daily puzzle is the date\'s alone: the same date the same puzzle, the level rising over the week', () => {
  const levels = () => ['easy', 'medium', 'hard'];
  assert.deepEqual(dailyPuzzle('2026-11-26', levels), dailyPuzzle('2026-11-26', levels));
  const seeds = new Set();
  for (let i = 0; i < 366; i++) seeds.add(daySeed(addDays('2026-01-01', i)));
  assert.equal(seeds.size, 366, 'a year of days, a seed each');
  // 2026-11-23 was a Monday (counted here from 1970-01-01, a Thursday).
  const days = Math.round(Date.UTC(2026, 10, 23) / 86_400_000);
  assert.equal((days + 4) % 7, 1);
  assert.equal(weekday('2026-11-23'), 1);
  const week = Array.from({ length: 7 }, (_, i) => dailyPuzzle(addDays('2026-11-23', i), levels).level);
  assert.deepEqual(week, ['easy', 'easy', 'medium', 'medium', 'hard', 'hard', 'hard']);
  assert.equal(dailyPuzzle('2026-11-29', () => ['easy', 'medium', 'hard', 'expert']).level, 'expert', 'Sunday is expert where the core offers it');
  assert.equal(parseDay('2026-13-01'), null);
  assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  assert.equal(addDays('2024-03-01', -1), '2024-02-29');
});

test('a streak counts the days solved in a row up to today, or up to yesterday while today is open', () => {
  let days = [];
  for (const d of ['2026-11-20', '2026-11-22', '2026-11-23', '2026-11-24']) days = withDay(days, d);
  assert.equal(streak(days, '2026-11-24'), 3);
  assert.equal(streak(days, '2026-11-25'), 3, 'today not solved yet: the streak stands');
  assert.equal(streak(days, '2026-11-26'), 0, 'a day missed');
  assert.equal(streak(withDay(days, '2026-11-24'), '2026-11-24'), 3, 'a day solved twice counts once');
  assert.deepEqual(readDays('not json'), []);
  assert.deepEqual(readDays('["2026-11-20", 7, "2026-99-01"]'), ['2026-11-20']);
});

test('the clock runs from the start to the solve, and says minutes and seconds', () => {
  const clock = new PuzzleClock();
  clock.start(1000);
  assert.equal(clock.elapsed(6000), 5000);
  clock.stop(66_000);
  assert.equal(clock.elapsed(99_000), 65_000);
  assert.equal(formatTime(65_000), '1:05');
  assert.equal(formatTime(3_723_000), '1:02:03');
});

test('the coach\'s line and state follow the board', () => {
  const board = (squares, analysis) => ({ n: 4, squares, marks: [], regions: null, analysis, shown: true });
  assert.equal(boardState(board([], {})), 'empty');
  assert.equal(boardState(board([1, 2], { conflict: true })), 'dead');
  assert.match(coachText(board([1, 2], { conflict: true })), /row 1, column 2 and row 1, column 3 attack each other along a row/);
  assert.equal(boardState(board([1, 7, 8, 14], { count: 1n })), 'solved');
  assert.match(coachText(board([1], { count: 1n })), /can still be completed in 1 way/);
});
