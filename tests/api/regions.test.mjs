// Queens in regions through the API in node: generated puzzles have exactly
// one solution, every deduction is sound, completions and the queen to move
// agree with the truth, the traced search replays, and bad input is refused
// with a sentence. The truth is a plain JS enumeration of solutions: one
// queen in each row, column and region, no two touching.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

/** @type {any} */
let api;

before(async () => {
  const pkg = (file) => new URL(`../../pkg/${file}`, import.meta.url);
  assert.ok(fs.existsSync(pkg('nqueens.js')), 'pkg/ is missing: run scripts/build.sh first');
  api = await import(pkg('nqueens.js').href);
  await api.default({ module_or_path: fs.readFileSync(pkg('nqueens_bg.wasm')) });
});

const LEVELS = ['easy', 'medium', 'hard', 'expert'];

/** True when queens on squares a and b (row * n + col) cannot both stand. */
function clash(n, regions, a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / n), a % n, Math.floor(b / n), b % n];
  if (a === b) return false;
  return ra === rb || ca === cb || regions[a] === regions[b] || (Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1);
}

/** Every solution holding each of `queens` and none of `excluded`, as squares, row by row. */
function solutions(n, regions, queens = [], excluded = []) {
  const out = [];
  const placed = [];
  const place = (row) => {
    if (row === n) return void out.push([...placed]);
    for (let col = 0; col < n; col++) {
      const square = row * n + col;
      if (excluded.includes(square)) continue;
      if (queens.some((q) => Math.floor(q / n) === row && q !== square)) continue;
      if (placed.some((q) => clash(n, regions, q, square))) continue;
      placed.push(square);
      place(row + 1);
      placed.pop();
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

/** A small seeded generator for random boards. */
function rng(seed) {
  let x = seed * 2654435761 + 1;
  return (k) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return Math.floor((x / 2147483648) * k);
  };
}

/** True when each region's squares are joined by shared sides. */
function connected(n, regions) {
  for (let id = 0; id < n; id++) {
    const members = regions.flatMap((r, s) => (r === id ? [s] : []));
    const seen = new Set([members[0]]);
    const todo = [members[0]];
    while (todo.length) {
      const at = todo.pop();
      const [r, c] = [Math.floor(at / n), at % n];
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const [rr, cc] = [r + dr, c + dc];
        const next = rr * n + cc;
        if (rr >= 0 && rr < n && cc >= 0 && cc < n && regions[next] === id && !seen.has(next)) {
          seen.add(next);
          todo.push(next);
        }
      }
    }
    if (seen.size !== members.length) return false;
  }
  return true;
}

/** Checks one deduction against the completions of the board. */
function checkDeduction(n, regions, queens, excluded, d) {
  const context = `N=${n} regions ${regions} queens ${queens} excluded ${excluded}: ${JSON.stringify(d)}`;
  const square = d.row * n + d.col;
  assert.ok(!queens.includes(square) && !excluded.includes(square), context);
  for (const key of ['kind', 'row', 'col', 'rule', 'name', 'summary', 'level', 'reason', 'lines', 'squares', 'chain']) {
    assert.ok(key in d, `${key} missing: ${context}`);
  }
  assert.ok(LEVELS.includes(d.level), context);
  assert.match(d.reason, /^[A-Z].*\.$/, context);
  for (const line of d.lines) {
    assert.ok(['row', 'column', 'region'].includes(line.kind), context);
    assert.ok(line.index >= 0 && line.index < n, context);
  }
  const all = solutions(n, regions, queens, excluded);
  if (d.kind === 'place') {
    assert.ok(all.every((s) => s.includes(square)), `placed off a completion: ${context}`);
    // The unit is named once; a row's square by its column, a column's by its
    // row, a region's by both.
    const [unit] = d.lines;
    const place = { row: `column ${d.col + 1}`, column: `row ${d.row + 1}`, region: `row ${d.row + 1}, column ${d.col + 1}` }[unit.kind];
    const name = `${unit.kind.charAt(0).toUpperCase()}${unit.kind.slice(1)} ${unit.index + 1}`;
    assert.equal(d.reason, `${name} has one square left: ${place}, so its queen goes there.`, context);
  } else {
    assert.equal(d.kind, 'rule-out', context);
    assert.ok(all.every((s) => !s.includes(square)), `ruled out a completion's square: ${context}`);
  }
  if (d.rule === 'look-ahead') {
    assert.ok(d.chain.length >= 1, context);
    // The chain is forced in order: each queen is the last square of a unit
    // once the square and the queens before it are placed.
    const board = [...queens, square];
    for (const q of d.chain) {
      assert.ok(!board.some((b) => clash(n, regions, b, q)), `chain queen clashes: ${context}`);
      board.push(q);
    }
  } else {
    assert.deepEqual(d.chain, [], context);
  }
}

test('regionsLevels() and regionsRules() list levels and rules easy to expert', () => {
  for (let n = 5; n <= 11; n++) {
    const levels = api.regionsLevels(n);
    assert.ok(levels.length >= 2, `N=${n}`);
    assert.deepEqual(levels, LEVELS.filter((l) => levels.includes(l)), `N=${n} in order`);
  }
  const rules = api.regionsRules();
  let level = 0;
  for (const rule of rules) {
    assert.ok(LEVELS.indexOf(rule.level) >= level, rule.id);
    level = LEVELS.indexOf(rule.level);
    assert.match(rule.summary, /^[A-Z].*\.$/);
  }
  assert.deepEqual([...new Set(rules.map((r) => r.level))], LEVELS);
});

test('generated regions puzzles have exactly one solution, connected regions, and replay from their seed', () => {
  for (let n = 5; n <= 11; n++) {
    const seeds = n <= 8 ? 12 : n <= 10 ? 6 : 3;
    for (let seed = 0; seed < seeds; seed++) {
      const p = api.regionsPuzzle(n, seed);
      const context = `N=${n} seed ${seed}: ${JSON.stringify(p)}`;
      assert.equal(p.n, n);
      assert.equal(p.regions.length, n * n, context);
      for (let id = 0; id < n; id++) assert.ok(p.regions.includes(id), context);
      assert.ok(p.regions.every((id) => Number.isInteger(id) && id >= 0 && id < n), context);
      assert.ok(connected(n, p.regions), `a region in pieces: ${context}`);
      assert.ok(LEVELS.includes(p.level), context);
      const all = solutions(n, p.regions, p.givens);
      assert.equal(all.length, 1, `not one solution: ${context}`);
      assert.deepEqual(all[0], p.solution, context);
      assert.ok(p.givens.every((g) => p.solution.includes(g)), context);
      assert.deepEqual(api.regionsPuzzle(n, seed), p, `the same seed, another puzzle: ${context}`);
    }
  }
});

test('each offered level gives puzzles of that level, solved by deductions that are all sound', () => {
  for (let n = 5; n <= 9; n++) {
    for (const level of api.regionsLevels(n)) {
      for (let seed = 0; seed < 2; seed++) {
        const p = api.regionsPuzzle(n, seed, level);
        assert.equal(p.level, level, `N=${n} seed ${seed}`);
        assert.equal(solutions(n, p.regions, p.givens).length, 1);
        const queens = [...p.givens];
        const excluded = [];
        const used = new Set();
        for (let step = 0; step < 4 * n * n; step++) {
          const d = api.regionsDeduce(n, p.regions, queens, excluded);
          if (d === null) break;
          checkDeduction(n, p.regions, queens, excluded, d);
          used.add(d.level);
          if (d.kind === 'place') queens.push(d.row * n + d.col);
          else excluded.push(d.row * n + d.col);
        }
        assert.deepEqual([...queens].sort((a, b) => a - b), p.solution, `deduction did not finish N=${n} ${level}`);
        assert.ok(used.has(level), `N=${n} ${level} seed ${seed} never needed a ${level} rule: ${[...used]}`);
        assert.ok([...used].every((l) => LEVELS.indexOf(l) <= LEVELS.indexOf(level)));
      }
    }
  }
});

test('deductions on random boards are sound, and completions and culprits agree with the enumeration', () => {
  const layouts = [5, 6, 7, 8].flatMap((n) => [0, 1, 2].map((seed) => api.regionsPuzzle(n, seed + 100)));
  let checked = 0;
  let dead = 0;
  for (const [i, p] of layouts.entries()) {
    const { n, regions } = p;
    const random = rng(i + 1);
    for (let round = 0; round < 20; round++) {
      // A few random queens (clashing or not) and random squares ruled out.
      const queens = [];
      const excluded = [];
      for (let k = random(3); k > 0; k--) {
        const s = random(n * n);
        if (!queens.includes(s)) queens.push(s);
      }
      for (let k = random(2 * n); k > 0; k--) {
        const s = random(n * n);
        if (!queens.includes(s) && !excluded.includes(s)) excluded.push(s);
      }
      const count = solutions(n, regions, queens).length;
      assert.equal(api.regionsCompletions(n, regions, queens), count);
      const culprit = api.regionsCulprit(n, regions, queens);
      if (count > 0) {
        assert.equal(culprit, null);
      } else {
        dead++;
        assert.match(culprit.reason, /^[A-Z].*\.$/);
        if (culprit.square !== null) {
          assert.ok(queens.includes(culprit.square));
          const rest = queens.filter((q) => q !== culprit.square);
          assert.ok(solutions(n, regions, rest).length > 0, 'moving the culprit leaves no solution');
        } else {
          assert.ok(queens.every((q) => solutions(n, regions, queens.filter((x) => x !== q)).length === 0));
        }
        if (culprit.line !== null) {
          // The chain is made of squares no queen clashes with, and it leaves the line empty.
          const board = [...queens];
          for (const q of culprit.chain) {
            assert.ok(!board.some((b) => clash(n, regions, b, q)));
            board.push(q);
          }
          const { kind, index } = culprit.line;
          const inLine = (s) =>
            kind === 'row' ? Math.floor(s / n) === index : kind === 'column' ? s % n === index : regions[s] === index;
          const open = Array.from({ length: n * n }, (_, s) => s).filter(
            (s) => inLine(s) && !board.some((b) => b === s || clash(n, regions, b, s)),
          );
          assert.ok(!board.some(inLine), 'the emptied line holds a queen');
          assert.deepEqual(open, [], 'the line said to be empty has a square left');
        }
      }
      let board = { queens: [...queens], excluded: [...excluded] };
      for (let step = 0; step < 6; step++) {
        const d = api.regionsDeduce(n, regions, board.queens, board.excluded);
        if (d === null) break;
        if (solutions(n, regions, board.queens, board.excluded).length > 0) {
          checkDeduction(n, regions, board.queens, board.excluded, d);
          checked++;
        }
        if (d.kind === 'place') board.queens.push(d.row * n + d.col);
        else board.excluded.push(d.row * n + d.col);
      }
    }
  }
  assert.ok(checked > 200, `only ${checked} deductions checked`);
  assert.ok(dead > 10, `only ${dead} dead boards`);
});

test('regionsSearch() replays: probes in row order, safe places, removals, and the one solution found', () => {
  for (const [n, seed] of [[5, 1], [6, 2], [7, 3], [8, 4], [9, 5]]) {
    const p = api.regionsPuzzle(n, seed);
    const trace = api.regionsSearch(n, p.regions, p.givens, 1_000_000);
    assert.equal(trace.cut, false);
    const board = [];
    let next = { row: 0, col: 0 };
    for (const [i, step] of trace.steps.entries()) {
      const square = step.row * n + step.col;
      if (step.kind === 'probe') {
        assert.equal(step.row, board.length, `probe in the wrong row at step ${i}`);
        assert.ok(step.row === next.row && step.col >= next.col, `probe out of order at step ${i}`);
        next = { row: step.row, col: step.col + 1 };
      } else if (step.kind === 'place') {
        const prev = trace.steps[i - 1];
        assert.ok(prev.kind === 'probe' && prev.row === step.row && prev.col === step.col);
        const given = p.givens.find((g) => Math.floor(g / n) === step.row);
        assert.ok(given === undefined || given === square, 'placed off a given queen');
        const blockers = [...board, ...p.givens.filter((g) => Math.floor(g / n) !== step.row)];
        assert.ok(!blockers.some((q) => clash(n, p.regions, q, square)), `unsafe place at step ${i}`);
        board.push(square);
        next = { row: step.row + 1, col: 0 };
      } else if (step.kind === 'remove') {
        assert.equal(board.pop(), square, `removed a queen not on top at step ${i}`);
        next = { row: step.row, col: step.col + 1 };
      } else {
        assert.equal(step.kind, 'found');
        assert.equal(i, trace.steps.length - 1);
      }
    }
    assert.deepEqual(board, p.solution);
    assert.deepEqual(trace.solution, p.solution);
    const cut = api.regionsSearch(n, p.regions, p.givens, 7);
    assert.equal(cut.steps.length, 7);
    assert.equal(cut.cut, true);
    assert.deepEqual(cut.steps, trace.steps.slice(0, 7));
  }
});

test('bad input is refused with a sentence', () => {
  const p = api.regionsPuzzle(6, 0);
  const cases = [
    [() => api.regionsPuzzle(4, 0), /5×5 to 11×11/],
    [() => api.regionsPuzzle(12, 0), /5×5 to 11×11/],
    [() => api.regionsPuzzle(6, -1), /seed/],
    [() => api.regionsPuzzle(6, 0, 'impossible'), /easy.*expert/],
    [() => api.regionsDeduce(6, p.regions.slice(1), []), /36 region numbers/],
    [() => api.regionsDeduce(6, p.regions.map((r) => (r === 5 ? 6 : r)), []), /run from 0 to 5/],
    [() => api.regionsDeduce(6, p.regions.map((r) => (r === 5 ? 4 : r)), []), /region 5 has none/],
    [() => api.regionsDeduce(6, 'regions', []), /list/],
    [() => api.regionsDeduce(6, p.regions, [36]), /not on the 6×6 board/],
    [() => api.regionsDeduce(6, p.regions, [3, 3]), /twice/],
    [() => api.regionsDeduce(6, p.regions, [3], [3]), /ruled out/],
    [() => api.regionsCompletions(6, p.regions, [1.5]), /whole number/],
    [() => api.regionsCulprit(11.5, p.regions, []), /5×5 to 11×11/],
    [() => api.regionsSearch(6, p.regions, [], 0), /step limit/],
    [() => api.regionsSearch(6, p.regions, [], 2_000_000), /step limit/],
  ];
  for (const [call, pattern] of cases) {
    const message = refusal(call);
    assert.match(message, pattern);
    assert.match(message, /^[A-Za-z].*\.$/);
  }
  assert.equal(api.lastPanic(), '');
});
