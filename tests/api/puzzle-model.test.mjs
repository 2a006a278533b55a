// Puzzle mode's model (www/puzzle/model.js, link.js, daily.js, verdict.js,
// shown.js), in node with no DOM: undo and redo, what attacks what (checked
// against a plain test written here), a hint's stages, the links a board
// writes and reads back, the daily puzzle of a date, the streak and the clock,
// the coach's answers gathered and when Hint refuses, and what the board
// shows and says (its squares, bands, label and captions, each against a
// walk over the board written here).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HintStages, PuzzleModel, attack, boardMarks, chainSteps, openSquares } from '../../www/puzzle/model.js';
import { coachByDefault, parsePuzzleParams, puzzleOnly, puzzleSearch } from '../../www/puzzle/link.js';
import { PuzzleClock, addDays, dailyPuzzle, daySeed, formatTime, parseDay, readDays, streak, weekday, withDay } from '../../www/puzzle/daily.js';
import { Verdict, boardState, coachText, hintRefusal, takeReply } from '../../www/puzzle/verdict.js';
import { boardLabel, boardPicture, describeSquare, levelRules, puzzleCaption, replayBoard, sharedRow, shownHint } from '../../www/puzzle/shown.js';
import { CELL } from '../../www/components/cells.js';
import { itemSeed, readSet } from '../../www/learn/set-model.js';
import {
  GAMES_KEY, GameStore, archive, bestStreak, kindStats, kindStreak, notOutYet, readGame, readResults, shareText, statsText, withPlayed, withSolved,
} from '../../www/puzzle/record.js';

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

test('a homework puzzle\'s seed does not open in Puzzle mode; every other seed a link can hold does', () => {
  // The seed a problem set draws for one student's puzzle item, as the set's own model draws it.
  const { set } = readSet({ title: 'Homework', seed: 12345, items: [{ puzzle: { n: 8, level: 'hard', seed: 4 } }] });
  const drawn = itemSeed(set, 0, 'ada@uni.edu');
  assert.ok(drawn >= 2 ** 52, `a homework seed (${drawn})`);
  for (const search of [`?n=8&level=hard&seed=${drawn}`, `?n=8&level=hard&seed=${drawn}&g=3,12`, `?kind=regions&n=8&seed=${drawn}`, `?n=8&level=hard&seed=${2 ** 52}`]) {
    const read = parsePuzzleParams(search, LIMITS);
    assert.equal(read.problems.length, 1, `${search}: one sentence (${read.problems.join(' | ')})`);
    assert.match(read.problems[0], /is a homework seed \(from 4,503,599,627,370,496 up, drawn for one student in a problem set\): Puzzle mode does not open homework puzzles/, search);
    assert.ok(read.puzzle === null || read.puzzle.seed === null, `${search}: no puzzle made from that seed`);
  }
  // The seeds a puzzle link has always held still open their puzzles.
  for (const seed of [0, 41, 999_999_999]) {
    const read = parsePuzzleParams(`?n=8&level=hard&seed=${seed}`, LIMITS);
    assert.deepEqual([read.puzzle, read.problems], [{ kind: 'classic', level: 'hard', seed }, []]);
    assert.deepEqual(parsePuzzleParams(`?kind=regions&n=8&seed=${seed}`, LIMITS).puzzle, { kind: 'regions', level: '', seed });
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

test('the clock stands while paused (the tab hidden or closed), goes on from a kept time, and stops at the time it was paused', () => {
  const clock = new PuzzleClock();
  clock.start(0);
  clock.pause(10_000);
  assert.equal(clock.elapsed(500_000), 10_000, 'paused: the time stands');
  clock.pause(20_000);
  clock.unpause(600_000);
  assert.equal(clock.elapsed(605_000), 15_000, 'the pause is not counted, and a second pause changes nothing');
  clock.restore(1_000_000, 42_000, 3, false);
  assert.equal(clock.elapsed(1_001_000), 43_000, 'a kept game goes on from its time');
  assert.equal(clock.hints, 3);
  clock.pause(1_002_000);
  clock.stop(1_900_000);
  assert.equal(clock.elapsed(2_000_000), 44_000, 'solved while paused: the time it was paused');
  clock.restore(5, 9000, 1, true);
  assert.equal(clock.elapsed(1e9), 9000, 'a solved game kept: the clock stands at its time');
});

/** A Storage of a Map, as localStorage behaves. */
function memoryStorage() {
  const map = new Map();
  return { getItem: (k) => (map.has(k) ? map.get(k) : null), setItem: (k, v) => void map.set(k, String(v)), map };
}

test('a puzzle\'s game is kept and read back as it stood: queens, marks, undo and redo, time, hints, solved', () => {
  const storage = memoryStorage();
  const games = new GameStore(storage);
  const game = {
    id: 'daily=2026-11-27', squares: [3, 12, 20], marks: [5], past: [{ squares: [3], marks: [] }, { squares: [3, 12], marks: [] }],
    future: [{ squares: [3, 12, 20, 30], marks: [5] }], elapsed: 61_000, hints: 2, solved: null, again: false, noHelp: false, touched: 7,
  };
  games.put(game);
  // A new store on the same storage: as after a reload.
  assert.deepEqual(new GameStore(storage).get('daily=2026-11-27'), game);
  assert.equal(new GameStore(storage).get('daily=2026-11-28'), null, 'another puzzle has no game');
  // Damaged values read as nothing, or as what can be read.
  storage.setItem(GAMES_KEY, 'not json');
  assert.equal(new GameStore(storage).get('daily=2026-11-27'), null);
  assert.deepEqual(readGame('x', { squares: [1, 'a', -3], hints: -2, elapsed: 'soon', past: 'none' })?.squares, [1]);
  assert.equal(readGame('x', { hints: -2 })?.hints, 0);
  // A store that refuses to write loses nothing but the game.
  const refusing = new GameStore({ getItem: () => null, setItem: () => { throw new Error('full'); } });
  assert.doesNotThrow(() => refusing.put(game));
  // Past the games kept, the least recently played go first.
  const many = new GameStore(memoryStorage());
  for (let i = 0; i < 70; i++) many.put({ ...game, id: `seed=${i}`, touched: 1000 + i });
  assert.equal(many.get('seed=0'), null);
  assert.ok(many.get('seed=69'));
  assert.equal(Object.keys(many.all()).length, 60);
});

/**
 * A streak counted here the plain way: from today (or yesterday while today's
 * is not solved on its date) back, each day solved on that very date.
 */
function streakByWalking(log, kind, today) {
  const on = (d) => log.some((e) => e.kind === kind && e.day === d && e.solvedOn === d);
  const back = (d) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  let day = on(today) ? today : back(today);
  let run = 0;
  while (on(day)) { run++; day = back(day); }
  return run;
}

test('streaks per kind count only dailies solved on their own date; a past daily played later is archived, never counted', () => {
  let results = readResults(null);
  /** @type {{ kind: string, day: string, solvedOn: string }[]} */
  const log = [];
  const solve = (kind, day, solvedOn, time = 60_000, hints = 0) => {
    results = withSolved(results, kind, day, { time, hints, solvedOn });
    if (!log.some((e) => e.kind === kind && e.day === day)) log.push({ kind, day, solvedOn });
  };
  // A week: classic every day on its date; regions on three days, one of them backfilled the next day.
  const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
  week.forEach((d, i) => solve('classic', d, d, 30_000 + i * 10_000, i % 3));
  solve('regions', '2026-11-27', '2026-11-27');
  solve('regions', '2026-11-28', '2026-11-29');
  solve('regions', '2026-11-29', '2026-11-29');
  for (const today of [...week, '2026-11-30', '2026-12-01']) {
    for (const kind of ['classic', 'regions']) assert.equal(kindStreak(results, kind, today), streakByWalking(log, kind, today), `${kind} on ${today}`);
  }
  assert.equal(kindStreak(results, 'classic', '2026-11-29'), 7);
  assert.equal(kindStreak(results, 'regions', '2026-11-29'), 1, 'the backfilled 28th breaks the regions streak');
  // Solving a day again (played again) changes nothing.
  solve('classic', '2026-11-25', '2026-11-30', 1000, 0);
  assert.equal(results.solved.classic['2026-11-25'].time, 50_000);
  assert.equal(bestStreak(results, 'classic'), 7);
  assert.equal(bestStreak(results, 'regions'), 1, 'the 27th and the 29th, each alone: the 28th was solved late');
});

test('stats per kind, the archive of recent days, a future date, the share text', () => {
  let results = readResults(null);
  results = withPlayed(results, 'classic', '2026-11-20');
  results = withSolved(results, 'classic', '2026-11-21', { time: 90_000, hints: 1, solvedOn: '2026-11-21' });
  results = withSolved(results, 'classic', '2026-11-22', { time: 30_000, hints: 0, solvedOn: '2026-11-22' });
  results = withSolved(results, 'regions', '2026-11-19', { time: 45_000, hints: 2, solvedOn: '2026-11-22' });
  const s = kindStats(results, 'classic', '2026-11-22');
  assert.deepEqual(s, { played: 3, solved: 2, best: 30_000, average: 60_000, hintsPer: 0.5, streak: 2, bestStreak: 2 });
  assert.equal(statsText(s, 'classic'), 'Classic: 3 played, 2 solved. Best time 0:30, average 1:00. 0.5 hints per puzzle. Streak 2 days, best 2 days.');
  assert.equal(kindStats(results, 'regions', '2026-11-22').streak, 0, 'solved three days late');
  const days = archive(results, '2026-11-22', 28);
  assert.equal(days.length, 28);
  assert.equal(days[0].day, '2026-11-22');
  assert.equal(days[27].day, '2026-10-26');
  const byDay = Object.fromEntries(days.map((d) => [d.day, d.kinds]));
  assert.equal(byDay['2026-11-20'].classic, 'played');
  assert.equal(byDay['2026-11-21'].classic.late, false);
  assert.equal(byDay['2026-11-19'].regions.late, true);
  assert.equal(byDay['2026-11-18'].classic, null);
  assert.equal(notOutYet('2026-11-23', '2026-11-22'), true);
  assert.equal(notOutYet('2026-11-22', '2026-11-22'), false);
  // The older list of days solved reads as classic days solved on their date.
  const old = readResults(null, '["2026-11-21","2026-11-22"]');
  assert.equal(kindStreak(old, 'classic', '2026-11-22'), 2);
  assert.deepEqual(readResults('{"solved":{"classic":{"nope":1,"2026-11-01":{"time":"x"}}}}').solved.classic, { '2026-11-01': { time: 0, hints: 0, solvedOn: '2026-11-01' } });
  // The share text: date, kind, time, hints, a grid of n rows of n squares with no queen, the link.
  const n = 5;
  const regions = Array.from({ length: n * n }, (_, i) => Math.floor(i / n));
  const link = 'https://example.org/?mode=puzzle&kind=regions&daily=2026-11-22';
  const text = shareText({ day: '2026-11-22', kind: 'regions', time: 83_000, hints: 1, n, regions, link });
  const lines = text.split('\n');
  assert.equal(lines[0], 'N-Queens daily regions puzzle, 2026-11-22');
  assert.equal(lines[1], 'Solved in 1:23 with 1 hint.');
  const grid = lines.slice(2, 2 + n);
  assert.equal(grid.length, n);
  for (const [r, row] of grid.entries()) {
    const cells = [...row];
    assert.equal(cells.length, n);
    assert.equal(new Set(cells).size, 1, 'a row of this board is one region: one colour, no queen shown');
  }
  assert.equal(lines[2 + n], link);
  assert.doesNotMatch(text, /♛|♕|👑/u, 'no queen in it');
  assert.match(shareText({ day: 'd', kind: 'classic', time: 0, hints: 0, n: 4, regions: null, link, noHelp: true }), /\(no help\)\nSolved in 0:00 with no hint\./);
});

test('the coach\'s line and state follow the board', () => {
  const board = (squares, analysis) => ({ n: 4, squares, marks: [], regions: null, analysis, shown: true });
  assert.equal(boardState(board([], {})), 'empty');
  assert.equal(boardState(board([1, 2], { conflict: true })), 'dead');
  assert.match(coachText(board([1, 2], { conflict: true })), /row 1, column 2 and row 1, column 3 attack each other along a row/);
  assert.equal(boardState(board([1, 7, 8, 14], { count: 1n })), 'solved');
  assert.match(coachText(board([1], { count: 1n })), /can still be completed in 1 way/);
});

/** The squares a line holds, walked square by square (row, column, ↘ diagonal by row − col + n − 1, ↙ by row + col). */
function lineSquares(n, { kind, index }) {
  const out = [];
  for (let s = 0; s < n * n; s++) {
    const [r, c] = [Math.floor(s / n), s % n];
    const on = kind === 'row' ? r === index : kind === 'column' ? c === index : kind === 'diagonal' ? r - c + n - 1 === index : r + c === index;
    if (on) out.push(s);
  }
  return out;
}

test('the board\'s picture: attacked squares hatched, crossed or not marked as the player chose, none on a solved board, a hint\'s square and lines, the probe', () => {
  const n = 6;
  const queens = [1, 15];
  const attacked = (s) => queens.some((q) => q !== s && attacksByWalking(n, q, s));
  const hint = shownHint(n, { row: 4, col: 0, kind: 'place', rule: 'last-in-row', lines: [{ kind: 'row', index: 4 }, { kind: 'diagonal', index: 7 }], squares: [22], reason: 'r' });
  assert.equal(hint.square, 24);
  assert.deepEqual(hint.chain, [], 'only a look-ahead has a chain');
  const base = { n, queens, given: [1], marks: [35], wrong: [], regions: null, hint, solvedClean: false, shading: true, replaying: false, probe: -1 };
  const first = boardPicture({ ...base, stage: 1 });
  for (let s = 0; s < n * n; s++) assert.equal(Boolean(first.cells[s] & CELL.THREATENED), attacked(s), `square ${s} shaded`);
  assert.equal(first.cells[24] & (CELL.CANDIDATE | CELL.GHOST), 0, 'the square waits for the third stage');
  assert.deepEqual(first.numbered, []);
  // The bands run from end to end of each line the hint used; its other squares are discs.
  const ends = (line) => { const sq = lineSquares(n, line); return [sq[0], sq[sq.length - 1]]; };
  assert.deepEqual(first.bands, [ends({ kind: 'row', index: 4 }), ends({ kind: 'diagonal', index: 7 }), [22, 22]]);
  const open = [];
  for (let s = 0; s < n * n; s++) if (!queens.includes(s) && !attacked(s) && s !== 35) open.push(s);
  assert.deepEqual(first.open, open, 'the open squares: neither a queen, attacked nor ruled out');
  const third = boardPicture({ ...base, stage: 3, probe: 3 });
  assert.ok(third.cells[24] & CELL.CANDIDATE && third.cells[24] & CELL.GHOST, 'the placed queen shows faint at the third stage');
  assert.ok(third.cells[3] & CELL.PROBED);
  const solved = boardPicture({ ...base, stage: 1, solvedClean: true });
  assert.ok(solved.cells.every((f) => !(f & CELL.THREATENED)));
  assert.deepEqual(solved.open, [], 'a solved board is shown clean');
  // Auto-marks off: nothing hatched, but the open squares keep their dots.
  const none = boardPicture({ ...base, stage: 1, shading: false });
  assert.ok(none.cells.every((f) => !(f & CELL.THREATENED)));
  assert.deepEqual(none.open, open);
  assert.deepEqual(none.crossed, []);
  // Crossed: a plain X on each attacked empty square that is not ruled out already, no hatch.
  const crossed = boardPicture({ ...base, stage: 1, shading: false, cross: true });
  assert.ok(crossed.cells.every((f) => !(f & CELL.THREATENED)));
  const attackedEmpty = [];
  for (let s = 0; s < n * n; s++) if (!queens.includes(s) && attacked(s) && s !== 35) attackedEmpty.push(s);
  assert.deepEqual(crossed.crossed, attackedEmpty);
  assert.deepEqual(crossed.open, open);
  assert.deepEqual(boardPicture({ ...base, stage: 1, cross: true, solvedClean: true }).crossed, [], 'none on a solved board');
  assert.deepEqual(boardPicture({ ...base, stage: 1, replaying: true }).open, [], 'no open squares dotted while the replay shows');
  const lookAhead = shownHint(n, { row: 0, col: 0, kind: 'rule-out', rule: 'look-ahead', lines: [{ kind: 'row', index: 1 }], squares: [8, 20], reason: '' });
  assert.deepEqual(lookAhead.chain, [8, 20], 'on the classic board a look-ahead\'s squares are its chain');
  assert.deepEqual(boardPicture({ ...base, hint: lookAhead, stage: 3 }).numbered, [8, 20]);
  assert.deepEqual(boardPicture({ ...base, hint: lookAhead, stage: 3 }).bands, [ends({ kind: 'row', index: 1 })], 'the chain is numbered, not drawn as discs');
});

test('a region a hint used is drawn as its squares', () => {
  const n = 5;
  const regions = Array.from({ length: n * n }, (_, s) => (s % n < 2 ? 0 : 1 + Math.floor(s / n / 3)));
  const hint = { square: 0, kind: 'place', rule: 'r', lines: [{ kind: 'region', index: 2 }], squares: [], chain: [], reason: '' };
  const { bands } = boardPicture({ n, queens: [], given: [], marks: [], wrong: [], regions, hint, stage: 1, solvedClean: false, shading: true, replaying: false, probe: -1 });
  const inRegion = [];
  for (let s = 0; s < n * n; s++) if (regions[s] === 2) inRegion.push([s, s]);
  assert.deepEqual(bands, inRegion);
});

test('a step of Solve by reasoning shows its queens, and as crosses only the squares ruled out that no queen attacks', () => {
  const n = 6;
  const steps = [
    { queens: [2], excluded: [0, 1, 3, 20, 35], deduction: { row: 5, col: 5, kind: 'rule-out', rule: 'last-in-row', lines: [], squares: [], reason: '' } },
  ];
  const shown = replayBoard(n, { steps, index: 0, queens: [2, 9], excluded: [] }, null);
  assert.deepEqual(shown.queens, [2]);
  assert.deepEqual(shown.marks, [0, 1, 3, 20, 35].filter((s) => !attacksByWalking(n, 2, s)));
  assert.equal(shown.hint?.square, 35);
  const after = replayBoard(n, { steps, index: 1, queens: [2, 9], excluded: [4] }, null);
  assert.deepEqual([after.queens, after.hint], [[2, 9], null], 'past the last step: the board after them all');
  assert.deepEqual(after.marks, [4].filter((s) => ![2, 9].some((q) => attacksByWalking(n, q, s))));
});

test('the cursor\'s line and the board\'s label say what is on the squares', () => {
  const n = 5;
  const board = { n, squares: [0, 6], marks: [14], regions: null };
  for (let s = 0; s < n * n; s++) {
    const said = describeSquare(board, s);
    assert.ok(said.startsWith(`Row ${Math.floor(s / n) + 1}, column ${(s % n) + 1} (${'abcde'[s % n]}${Math.floor(s / n) + 1}): `), said);
    const queen = board.squares.includes(s);
    const hit = board.squares.some((q) => q !== s && attacksByWalking(n, q, s));
    const expected = queen ? (hit ? 'a queen under attack' : 'a queen') : hit ? 'empty, threatened' : s === 14 ? 'empty, ruled out' : 'empty, safe';
    assert.ok(said.endsWith(`: ${expected}${!queen && hit && s === 14 ? ', ruled out' : ''}.`), `${s}: ${said}`);
  }
  assert.equal(describeSquare({ n: 2, squares: [], marks: [], regions: [0, 0, 1, 1] }, 3), 'Row 2, column 2 (b2), region 2 (B): empty, safe.');
  const label = boardLabel({ n, queens: [0, 13], given: [0], marks: [4], hint: null, replay: null, tool: 'mark' });
  assert.match(label, /^5×5 puzzle board, 2 queens: row 1, column 1 \(given\); row 3, column 4\. Ruled out: row 1, column 5\./);
  assert.match(label, /Enter or Space rules a square out or lets it back in/);
  assert.match(boardLabel({ n, queens: [], given: [], marks: [], hint: null, replay: { index: 2, steps: [1, 2, 3] }, tool: 'queen' }), /^Solving by reasoning, step 2 of 3: 5×5 puzzle board, 0 queens\./);
});

test('the caption names the puzzle played', () => {
  assert.match(puzzleCaption({ n: 8, given: [27, 33], puzzle: null }), /^Nauck's problem of 1850/);
  assert.equal(puzzleCaption({ n: 8, given: [], puzzle: null }), '', 'a board of one\'s own has none');
  assert.match(puzzleCaption({ n: 8, given: [3], puzzle: { kind: 'classic', level: 'hard', seed: 41 } }), /^Puzzle 8×8, hard, seed 41:/);
  assert.match(puzzleCaption({ n: 8, given: [3], puzzle: { kind: 'classic', level: 'easy', seed: 2, daily: '2026-11-26' } }), /^The daily puzzle of 2026-11-26: 8×8, easy/);
  const daily = { n: 8, given: [3], puzzle: { kind: 'classic', level: 'easy', seed: 2, daily: '2026-11-26' } };
  assert.match(puzzleCaption(daily, '2026-11-26'), /the same for every player today\./);
  assert.match(puzzleCaption(daily, '2026-11-28'), /the same for every player on that day\./, 'a past daily is not "today"');
  assert.match(puzzleCaption({ n: 7, given: [], puzzle: { kind: 'regions', level: 'easy', seed: 9 } }), /^Regions puzzle 7×7, seed 9: easy, exactly one solution\. One queen in every row, column and coloured region/);
  assert.match(puzzleCaption({ n: 6, given: [1, 8], puzzle: { kind: 'classic', level: '', seed: null } }), /^A shared puzzle/);
});

test('the level rules: a line a level the rules name, each after the first building on the one before', () => {
  const rules = [{ level: 'easy', name: 'A' }, { level: 'easy', name: 'B' }, { level: 'hard', name: 'C' }, { level: 'hard', name: 'D' }, { level: 'medium', name: 'E' }];
  const lines = levelRules(rules, (level) => (level === 'hard' ? 8 : null));
  assert.deepEqual(lines.map((l) => l.level), ['easy', 'medium', 'hard'], 'no expert line: no rule is expert');
  assert.deepEqual(lines.map((l) => l.text), [
    'Easy: A, B.',
    'Medium: the easy rules, and at least once E.',
    'Hard (8×8 and up): the medium rules, and at least once C or D.',
  ]);
});

test('a shared row is the first row that holds two queens', () => {
  const n = 5;
  for (const squares of [[0, 6, 12], [0, 3, 7], [21, 7, 24, 9], []]) {
    let expected = -1;
    for (let i = 0; i < squares.length && expected < 0; i++) {
      for (let j = 0; j < i; j++) if (Math.floor(squares[i] / n) === Math.floor(squares[j] / n)) { expected = Math.floor(squares[i] / n); break; }
    }
    assert.equal(sharedRow(n, squares), expected, squares.join(','));
  }
});

test('the coach\'s answers gather into its analysis; its verdict shows with the coach on, or after Check', () => {
  const v = new Verdict();
  const a = v.analysis;
  assert.equal(takeReply(a, { type: 'completion', solution: Int32Array.of(1, 3, 0, 2) }), true);
  takeReply(a, { type: 'count', count: 2n });
  takeReply(a, { type: 'marks', count: 0n, wrong: [5] });
  assert.equal(takeReply(a, { type: 'deduction' }), false, 'a hint is not the counting coach\'s');
  takeReply(a, { type: 'done' });
  assert.deepEqual([a.count, a.marks, a.pending], [2n, { count: 0n, wrong: [5] }, false]);
  assert.deepEqual(v.wrongMarks(), [5]);
  v.on = false;
  assert.deepEqual(v.wrongMarks(), [], 'coach off: no mark flagged before Check');
  v.revealed = true;
  assert.deepEqual(v.judge({ n: 4, squares: [1], marks: [5], regions: null }).shown, true);
  const timedOut = {};
  takeReply(timedOut, { type: 'timeout' });
  assert.deepEqual(timedOut, { pending: false, timedOut: true });
});

test('Hint refuses a solved board, a dead end, an unchecked board and marks that leave no way; else it asks', () => {
  const judged = (squares, marks, analysis) => ({ n: 4, squares, marks, regions: null, analysis, shown: true });
  assert.match(hintRefusal(judged([1, 7, 8, 14], [], { count: 1n })) ?? '', /solved/);
  assert.match(hintRefusal(judged([0, 5], [], { conflict: true, culprit: 5 })) ?? '', /first move the queen on row 2, column 2/);
  assert.match(hintRefusal(judged([0], [], { pending: true })) ?? '', /Still checking this board/);
  assert.match(hintRefusal(judged([1], [4], { solution: Int32Array.of(1, 3, 0, 2), marks: { count: 0n, wrong: [8] } })) ?? '', /let row 3, column 1 back in/);
  assert.equal(hintRefusal(judged([1], [], { solution: Int32Array.of(1, 3, 0, 2), count: 1n })), null);
});

test('the board handed to tests is a copy of the model\'s', () => {
  const m = new PuzzleModel(6);
  m.load({ n: 6, squares: [1, 8], given: [1], marks: [3], puzzle: { kind: 'classic', level: 'easy', seed: 4 } });
  const h = m.handle();
  assert.deepEqual(h, { n: 6, kind: 'classic', givens: [1], queens: [1, 8], marks: [3], regions: null, level: 'easy', seed: 4, daily: null });
  h.queens.push(99);
  assert.deepEqual(m.squares, [1, 8]);
});

test('the search hint (both coaches\') is the first square that leads to a solution in the free row with fewest such squares', async () => {
  const { rowHint } = await import('../../www/workers/regions-coach.js');
  const n = 6;
  /** Every solution of n, by trying all boards with a queen a row. */
  const solutions = [];
  const cols = [];
  const place = (row) => {
    if (row === n) return solutions.push(cols.map((c, r) => r * n + c));
    for (let c = 0; c < n; c++) {
      if (cols.some((d, r) => d === c || Math.abs(d - c) === row - r)) continue;
      cols.push(c); place(row + 1); cols.pop();
    }
  };
  place(0);
  for (const queens of [[], [1], [1, 9], [2, 7]]) {
    const out = new Set();
    for (let s = 0; s < n * n; s++) if (queens.some((q) => q === s || attacksByWalking(n, q, s))) out.add(s);
    const leads = (s) => solutions.some((sol) => [...queens, s].every((q) => sol.includes(q)));
    const taken = queens.map((q) => Math.floor(q / n));
    let best = null;
    for (let row = 0; row < n; row++) {
      if (taken.includes(row)) continue;
      const good = [];
      for (let c = 0; c < n; c++) if (!out.has(row * n + c) && leads(row * n + c)) good.push(row * n + c);
      if (good.length && (!best || good.length < best.length)) best = good;
    }
    const hint = rowHint(n, queens, out, leads, true);
    assert.equal(hint?.square ?? null, best ? best[0] : null, `queens ${queens}`);
  }
  assert.equal(rowHint(4, [0], new Set([0, 1, 2, 3, 4, 5, 8, 10, 12, 15]), () => false), null, 'no square leads anywhere');
});

/**
 * Colour-blindness simulation: Machado, Oliveira and Fernandes (2009), full
 * severity, applied to linear RGB; the distance is CIE76 ΔE in CIELAB (D65).
 */
const SIMULATIONS = {
  normal: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

/** A colour "#rrggbb" as seen under a simulation, in CIELAB. */
function seenLab(hex, matrix) {
  const lin = [1, 3, 5].map((i) => { const c = parseInt(hex.slice(i, i + 2), 16) / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
  const [r, g, b] = matrix.map((row) => Math.min(1, Math.max(0, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])));
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [x, y, z] = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

test('the region colours stay apart for normal vision and under deuteranopia, protanopia and tritanopia, light and dark', async () => {
  const { LIGHT, DARK, regionLetter, columnLetter } = await import('../../www/puzzle/draw.js');
  // A difference of about 10 ΔE is plain at a glance; every two regions' colours stay 15 apart.
  const LEAST = 15;
  for (const [scheme, palette] of Object.entries({ light: LIGHT, dark: DARK })) {
    assert.ok(palette.length >= 11, `${scheme}: a colour for each region of an 11×11 board`);
    for (const [name, matrix] of Object.entries(SIMULATIONS)) {
      const labs = palette.map((c) => seenLab(c, matrix));
      for (let i = 0; i < labs.length; i++) {
        for (let j = i + 1; j < labs.length; j++) {
          const d = Math.hypot(labs[i][0] - labs[j][0], labs[i][1] - labs[j][1], labs[i][2] - labs[j][2]);
          assert.ok(d >= LEAST, `${scheme}, ${name}: ${palette[i]} and ${palette[j]} are only ${d.toFixed(1)} apart`);
        }
      }
    }
  }
  // The simulation itself: a red and a green that differ plainly for normal vision look alike under deuteranopia.
  const apart = (a, b, m) => Math.hypot(...seenLab(a, m).map((v, k) => v - seenLab(b, m)[k]));
  assert.ok(apart('#c0504d', '#9bbb59', SIMULATIONS.normal) > 40 && apart('#c0504d', '#9bbb59', SIMULATIONS.deuteranopia) < apart('#c0504d', '#9bbb59', SIMULATIONS.normal) / 2);
  assert.deepEqual([regionLetter(0), regionLetter(10), columnLetter(0), columnLetter(7)], ['A', 'K', 'a', 'h']);
});

test('a drag\'s squares (or a hint\'s Apply) are ruled out as one change: one Undo takes them all back', () => {
  const model = new PuzzleModel(6);
  model.load({ n: 6, squares: [1], given: [1], marks: [], puzzle: null });
  assert.equal(model.markAll([7]), true, 'the square the drag started on: a change');
  assert.equal(model.markAll([8], true), true, 'the squares it crosses join that change');
  assert.equal(model.markAll([8, 1], true), false, 'a square ruled out already, or under a queen, is left');
  model.markAll([9, 1], true);
  assert.deepEqual(model.marks, [7, 8, 9]);
  assert.equal(model.past.length, 1, 'one change for the whole drag');
  model.undo();
  assert.deepEqual(model.marks, []);
  model.redo();
  assert.deepEqual(model.marks, [7, 8, 9]);
  assert.equal(model.markAll([20, 21, 22, 7]), true, 'Apply: several squares at once, one change');
  assert.equal(model.past.length, 2);
  assert.deepEqual(model.marks, [7, 8, 9, 20, 21, 22]);
});
