// Puzzle reasoning through the API in node: deduce() and deductionRules() in the
// contract's shapes, puzzles that repeated deduce() completes, the squares
// ruled out in completions()/completion(), puzzleLevels(), and bad input
// refused with a sentence. The truth is a plain JS enumeration of solutions.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { lineName } from '../../www/puzzle/reasoning.js';

/** @type {typeof import('../../pkg/nqueens.js')} */
let api;

before(async () => {
  const pkg = (file) => new URL(`../../pkg/${file}`, import.meta.url);
  assert.ok(fs.existsSync(pkg('nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pkg('nqueens.js').href);
  await api.default({ module_or_path: fs.readFileSync(pkg('nqueens_bg.wasm')) });
});

/** Every solution of the n×n board with a queen on each of `queens` and none on `excluded` (squares row * n + col). */
function solutions(n, queens = [], excluded = []) {
  const out = [];
  const cols = [];
  const place = (row) => {
    if (row === n) return void out.push([...cols]);
    for (let col = 0; col < n; col++) {
      const square = row * n + col;
      if (excluded.includes(square)) continue;
      if (queens.some((q) => Math.floor(q / n) === row && q !== square)) continue;
      if (cols.some((c, r) => c === col || Math.abs(c - col) === row - r)) continue;
      cols.push(col);
      place(row + 1);
      cols.pop();
    }
  };
  place(0);
  return out;
}

/** The message of what `call` throws (failing if it returns). */
function refusal(call) {
  try {
    call();
  } catch (error) {
    assert.ok(error instanceof Error, `threw a ${typeof error}, not an Error`);
    return error.message;
  }
  assert.fail('no error thrown');
}

const RULES = [
  'attacked',
  'last-in-row',
  'last-in-column',
  'empties-line',
  'pair',
  'triple',
  'diagonal-confinement',
  'confinement',
  'look-ahead',
];
const LEVELS = ['easy', 'medium', 'hard', 'expert'];

test('deductionRules() lists the rules simple to hard, each with a name, a level and a summary', () => {
  const rules = api.deductionRules();
  assert.deepEqual(rules.map((r) => r.id), RULES);
  let level = 0;
  for (const rule of rules) {
    assert.ok(LEVELS.indexOf(rule.level) >= level, `${rule.id} is easier than the rule before it`);
    level = LEVELS.indexOf(rule.level);
    assert.equal(typeof rule.name, 'string');
    assert.match(rule.summary, /^[A-Z].*\.$/);
  }
  assert.deepEqual([...new Set(rules.map((r) => r.level))], LEVELS, 'every level has a rule of its own');
});

test('one queen on 8×8: the first deduction rules out a square it attacks, naming the line', () => {
  // A queen on row 3, column 4 (square 2 * 8 + 3 = 19).
  for (const queens of [[19], Int32Array.of(19), Uint32Array.of(19)]) {
    const d = api.deduce(8, queens, []);
    assert.deepEqual(Object.keys(d).sort(), ['chain', 'col', 'kind', 'level', 'lines', 'name', 'reason', 'row', 'rule', 'squares', 'summary']);
    assert.deepEqual(d.chain, []);
    assert.equal(d.level, 'easy');
    assert.equal(d.kind, 'rule-out');
    assert.equal(d.rule, 'attacked');
    assert.deepEqual(d.squares, [19]);
    assert.equal(d.lines.length, 1);
    const { kind, index } = d.lines[0];
    const onLine = {
      row: (r, c) => r === index,
      column: (r, c) => c === index,
      diagonal: (r, c) => r - c + 7 === index,
      'anti-diagonal': (r, c) => r + c === index,
    }[kind];
    assert.ok(onLine(d.row, d.col) && onLine(2, 3), `${kind} ${index} holds both squares`);
    assert.match(d.reason, /row 3, column 4/);
  }
  // The excluded argument may be left out.
  assert.deepEqual(api.deduce(8, [19]), api.deduce(8, [19], []));
});

test('lineName() names a diagonal by the square it starts on, a square that lies on it', () => {
  for (const n of [4, 8, 11]) {
    for (let index = 0; index < 2 * n - 1; index++) {
      for (const [kind, arrow, on] of [['diagonal', '↘', (r, c) => r - c + n - 1], ['anti-diagonal', '↙', (r, c) => r + c]]) {
        const name = lineName(n, { kind, index });
        const m = name.match(/^the (.) diagonal through row (\d+), column (\d+)$/);
        assert.ok(m, name);
        const [row, col] = [Number(m[2]) - 1, Number(m[3]) - 1];
        assert.equal(m[1], arrow, name);
        assert.equal(on(row, col), index, `${name} is on ${kind} ${index}`);
        // The square it starts on: the top row, or the edge column it runs from.
        assert.ok(row === 0 || col === (kind === 'diagonal' ? 0 : n - 1), name);
      }
    }
  }
});

test('repeated deduce() completes generated puzzles soundly, with rules of the level or below', () => {
  const rank = new Map(api.deductionRules().map((r) => [r.id, LEVELS.indexOf(r.level)]));
  for (const n of [6, 8, 10]) {
    for (const level of api.puzzleLevels(n)) {
      for (const seed of [1, 2, 3]) {
        const queens = Array.from(api.puzzle(n, level, seed));
        const all = solutions(n, queens);
        assert.equal(all.length, 1, `N=${n} ${level} seed ${seed} has one completion`);
        const [solution] = all;
        const excluded = [];
        let own = false;
        for (let d = api.deduce(n, queens, excluded); d; d = api.deduce(n, queens, excluded)) {
          assert.ok(rank.get(d.rule) <= LEVELS.indexOf(level), `${d.rule} on a ${level} puzzle`);
          own ||= rank.get(d.rule) === LEVELS.indexOf(level);
          const square = d.row * n + d.col;
          if (d.kind === 'place') {
            assert.equal(solution[d.row], d.col, d.reason);
            // The line is named once, and the square by what the line leaves open.
            const [line] = d.lines;
            const said = line.kind === 'row'
              ? `Row ${d.row + 1} has one square left: column ${d.col + 1}, so its queen goes there.`
              : `Column ${d.col + 1} has one square left: row ${d.row + 1}, so its queen goes there.`;
            assert.equal(d.reason, said);
            queens.push(square);
          } else {
            assert.notEqual(solution[d.row], d.col, d.reason);
            excluded.push(square);
          }
        }
        assert.equal(queens.length, n, `N=${n} ${level} seed ${seed}: deduction alone completes it`);
        assert.ok(own, `N=${n} ${level} seed ${seed} uses a rule of its own level`);
      }
    }
  }
});

test('completions() and completion() leave out the squares ruled out', () => {
  const excluded = [0, 9, 27, 36];
  assert.equal(api.completions(8, [], excluded), BigInt(solutions(8, [], excluded).length));
  assert.equal(api.completions(8, [], Int32Array.from(excluded)), BigInt(solutions(8, [], excluded).length));
  assert.equal(api.completions(8, []), 92n);
  const first = solutions(8, [3], excluded)[0];
  assert.deepEqual(Array.from(api.completion(8, [3], excluded)), first);
  // Ruling out the one completion's squares leaves none.
  const [only] = solutions(6, [1]);
  assert.equal(api.completion(6, [1], [6 + only[1]]), null);
  assert.equal(api.completions(6, [1], [6 + only[1]]), 0n);
});

test('puzzleLevels(n) says which levels each size offers, and puzzle() refuses the others', () => {
  assert.deepEqual(api.puzzleLevels(4), ['easy']);
  assert.deepEqual(api.puzzleLevels(12), LEVELS);
  for (let n = 4; n <= 12; n++) {
    const levels = api.puzzleLevels(n);
    for (const level of LEVELS) {
      if (levels.includes(level)) continue;
      assert.match(refusal(() => api.puzzle(n, level, 1)), new RegExp(`^${level[0].toUpperCase()}${level.slice(1)} puzzles come in sizes from \\d+×\\d+ to 12×12; the ${n}×${n} board offers`));
    }
  }
  assert.match(refusal(() => api.puzzleLevels(13)), /Puzzles come in sizes from 4×4 to 12×12; got N = 13\./);
});

test('bad input to deduce() and the puzzle exports is refused with a sentence', () => {
  const cases = [
    [() => api.deduce(0, [], []), /N must be a whole number from 1 to 20; got 0\./],
    [() => api.deduce('eight', [], []), /N must be a whole number/],
    [() => api.deduce(8, [64], []), /Square 64 is off the 8×8 board/],
    [() => api.deduce(8, [], [64]), /Square 64 is off the 8×8 board/],
    [() => api.deduce(8, [5, 5], []), /row 1, column 6 is given twice/],
    [() => api.deduce(8, [], [5, 5]), /row 1, column 6 is marked as ruled out twice/],
    [() => api.deduce(8, [9], [9]), /row 2, column 2 holds a queen and is also marked as ruled out/],
    [() => api.deduce(8, [], 'a1'), /The squares ruled out must be given as a list of square numbers/],
    [() => api.deduce(8, [], [1.5]), /A square number must be a whole number/],
    [() => api.completions(8, [], [9, 9]), /marked as ruled out twice/],
    [() => api.completion(8, [9], [9]), /holds a queen and is also marked as ruled out/],
    [() => api.puzzle(8, 'impossible', 1), /The difficulty must be "easy", "medium", "hard" or "expert"; got "impossible"\./],
    [() => api.puzzle(3, 'easy', 1), /Puzzles come in sizes from 4×4 to 12×12; got N = 3\./],
    [() => api.puzzle(4, 'hard', 1), /Hard puzzles come in sizes from 8×8 to 12×12; the 4×4 board offers only easy\./],
  ];
  for (const [call, message] of cases) assert.match(refusal(call), message);
});

test('a board with no completion gets an answer or null, never a crash', () => {
  // Two queens that attack each other, and a row with every square ruled out.
  const d = api.deduce(6, [0, 7], []);
  assert.ok(d === null || RULES.includes(d.rule));
  const full = api.deduce(5, [], [0, 1, 2, 3, 4]);
  assert.ok(full === null || RULES.includes(full.rule));
  // A full board: nothing left to deduce.
  const [solution] = solutions(6);
  assert.equal(api.deduce(6, solution.map((c, r) => r * 6 + c), []), null);
});

test('deadEnd() names the queen culprit() names, and its chain leaves the line it names with no square', () => {
  const attacks = (n, a, b) => {
    const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
    return ra === rb || ca === cb || Math.abs(ra - rb) === Math.abs(ca - cb);
  };
  let dead = 0;
  for (let n = 5; n <= 8; n++) {
    for (let a = 0; a < n * n; a += 3) {
      for (let b = a + 1; b < n * n; b += 5) {
        const queens = [a, b];
        const d = api.deadEnd(n, queens);
        if (solutions(n, queens).length > 0) {
          assert.equal(d, null);
          continue;
        }
        dead++;
        assert.equal(d.square, api.culprit(n, queens));
        assert.match(d.reason, /^[A-Z].*\.$/);
        if (d.line === null) continue;
        const board = [...queens];
        for (const q of d.chain) {
          assert.ok(!board.some((x) => attacks(n, x, q)), `chain queen ${q} attacked: ${JSON.stringify(d)}`);
          board.push(q);
        }
        const inLine = (s) => (d.line.kind === 'row' ? Math.floor(s / n) : s % n) === d.line.index;
        assert.ok(!board.some(inLine), `the emptied line holds a queen: ${JSON.stringify(d)}`);
        const open = Array.from({ length: n * n }, (_, s) => s).filter((s) => inLine(s) && !board.some((x) => attacks(n, x, s)));
        assert.deepEqual(open, [], `the line has a square left: ${JSON.stringify(d)}`);
      }
    }
  }
  assert.ok(dead > 50, `only ${dead} dead boards`);
});

test('a look-ahead carries its forced queens in order in chain', () => {
  let seen = 0;
  for (const [n, seed] of [[8, 1], [9, 2], [10, 3], [8, 4]]) {
    const queens = Array.from(api.puzzle(n, 'expert', seed));
    const excluded = [];
    for (let step = 0; step < 2 * n * n; step++) {
      const d = api.deduce(n, queens, excluded);
      if (d === null) break;
      if (d.rule === 'look-ahead') {
        seen++;
        assert.ok(d.chain.length >= 1);
        assert.deepEqual(d.chain, d.squares);
      } else {
        assert.deepEqual(d.chain, []);
      }
      if (d.kind === 'place') queens.push(d.row * n + d.col);
      else excluded.push(d.row * n + d.col);
    }
  }
  assert.ok(seen > 0, 'no look-ahead on four expert puzzles');
});
