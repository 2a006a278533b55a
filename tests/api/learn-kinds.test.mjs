// The Learn tab's kinds of question (www/learn/questions.js), each drawn from
// a seed, against answers computed here in plain ways of their own: squares
// attacked by walking the lines, boards counted by multiplying, the rejected
// row by testing each queen against the ones above, registers from the
// diagonals' geometry (not shifts), symmetry classes from rotating and
// reflecting coordinates, pairs counted pair by pair, a heavy tail by the
// longest run against the median, and restart cutoffs by simulating restarts
// by summing the tries. Every chapter lists at least three kinds, each one a
// kind the practice builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as Q from '../../www/learn/questions.js';
import { CHAPTERS } from '../../www/learn/chapters.js';
import { KINDS } from '../../www/learn/practice.js';

const SEEDS = Array.from({ length: 200 }, (_, i) => i * 7919 + 1);
const attack = (r1, c1, r2, c2) => r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);
const pairsOf = (queens) => {
  const out = [];
  for (let a = 0; a < queens.length; a++) for (let b = a + 1; b < queens.length; b++) if (attack(a, queens[a], b, queens[b])) out.push([a, b]);
  return out;
};

test('every chapter lists at least three kinds, all different, each one the practice builds', () => {
  for (const c of CHAPTERS) {
    const kinds = c.practice.map((p) => p.kind);
    assert.ok(kinds.length >= 3, c.id);
    assert.equal(new Set(kinds).size, kinds.length, c.id);
    for (const k of kinds) assert.ok(KINDS.includes(k), `${c.id}: ${k}`);
  }
});

test('queen-attacks: the squares found by walking the eight lines from the queen', () => {
  for (const seed of SEEDS) {
    const q = Q.queenAttacksQuestion(seed);
    const mine = new Set();
    for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      for (let r = q.row + dr, c = q.col + dc; r >= 0 && r < q.n && c >= 0 && c < q.n; r += dr, c += dc) mine.add(r * q.n + c);
    }
    assert.deepEqual([...q.answer].sort((a, b) => a - b), [...mine].sort((a, b) => a - b));
  }
});

test('space-size: N multiplied N times, or N down to 1', () => {
  for (const seed of SEEDS.slice(0, 40)) {
    const p = Q.spaceSizeQuestion(seed, { space: 'power' });
    assert.equal(p.answer, Number(BigInt(p.n) ** BigInt(p.n)));
    const f = Q.spaceSizeQuestion(seed, { space: 'factorial' });
    let fact = 1;
    for (let i = 2; i <= f.n; i++) fact *= i;
    assert.equal(f.answer, fact);
  }
});

test('first-reject: the first row whose queen a queen above attacks, tested row by row', () => {
  for (const seed of SEEDS) {
    for (const permutation of [false, true]) {
      const q = Q.firstRejectQuestion(seed, { permutation });
      if (permutation) assert.deepEqual([...q.queens].sort((a, b) => a - b), Array.from({ length: q.n }, (_, i) => i));
      let row = -1;
      for (let r = 1; r < q.n && row < 0; r++) if (q.queens.slice(0, r).some((c, a) => attack(a, c, r, q.queens[r]))) row = r;
      assert.equal(q.answer, row);
    }
  }
});

test('prune-size: the boards below the rejected row, counted by multiplying', () => {
  for (const seed of SEEDS.slice(0, 50)) {
    const q = Q.pruneSizeQuestion(seed);
    let boards = 1;
    for (let r = q.rows; r < q.n; r++) boards *= q.n;
    assert.equal(q.answer, boards);
  }
});

test('register-meaning: ld, col and rd from the diagonals\' geometry, and the answer the only register with those bits', () => {
  for (const seed of SEEDS) {
    const q = Q.registerMeaningQuestion(seed);
    const row = q.queens.length;
    let ld = 0;
    let col = 0;
    let rd = 0;
    q.queens.forEach((c, r) => {
      col |= 1 << c;
      const down = row - r;
      if (c - down >= 0) ld |= 1 << (c - down); // down and to the left: a lower column
      if (c + down < q.n) rd |= 1 << (c + down);
    });
    const poss = ((1 << q.n) - 1) & ~(ld | col | rd);
    const mine = { ld, col, rd, poss };
    assert.deepEqual(q.values, mine, `seed ${seed}`);
    assert.equal(q.value, mine[q.answer]);
    assert.equal(Object.values(mine).filter((v) => v === q.value).length, 1);
  }
});

/** The eight images of a board of one queen a row, by turning and mirroring coordinates. */
function images(queens) {
  const n = queens.length;
  const squares = queens.map((c, r) => [r, c]);
  const turn = (sq) => sq.map(([r, c]) => [c, n - 1 - r]);
  const mirror = (sq) => sq.map(([r, c]) => [r, n - 1 - c]);
  const out = [];
  let now = squares;
  for (let i = 0; i < 4; i++) {
    out.push(now, mirror(now));
    now = turn(now);
  }
  return out.map((sq) => {
    const b = new Array(n).fill(-1);
    for (const [r, c] of sq) b[r] = c;
    return b;
  });
}

test('class-size and symmetry-image: images by turning and mirroring coordinates here', () => {
  for (const seed of SEEDS) {
    const q = Q.classSizeQuestion(seed);
    assert.equal(pairsOf(q.queens).length, 0);
    assert.equal(q.answer, new Set(images(q.queens).map((b) => b.join(','))).size);
    const s = Q.symmetryImageQuestion(seed);
    assert.ok(images(s.queens).some((b) => b.join(',') === s.image.join(',')), 'the image is one of the eight');
    assert.notEqual(s.which, 0);
    assert.equal(pairsOf(s.image).length, 0, 'the image of a solution is a solution');
    assert.deepEqual(s.answer, s.image.map((c, r) => r * s.n + c));
  }
  // The named moves, checked on one square of a 5×5 board: (0, 1) is row 1, column 2.
  const at = (which) => Q.SYMMETRIES[which][1](0, 1, 5);
  assert.deepEqual(at(1), [1, 4], 'a quarter turn clockwise takes the top row to the right column');
  assert.deepEqual(at(2), [4, 3]);
  assert.deepEqual(at(4), [0, 3]);
  assert.deepEqual(at(5), [4, 1]);
});

test('conflicts-count and swap-effect: pairs counted pair by pair here', () => {
  for (const seed of SEEDS) {
    const q = Q.conflictsCountQuestion(seed);
    assert.equal(q.answer, pairsOf(q.queens).length);
    const s = Q.swapEffectQuestion(seed);
    const after = [...s.queens];
    after[s.a] = s.queens[s.b];
    after[s.b] = s.queens[s.a];
    assert.equal(s.answer, pairsOf(after).length);
    assert.equal(s.before, pairsOf(s.queens).length);
  }
});

test('heavy-tail: the answer is the sample whose longest run is far the most times its median', () => {
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  for (const seed of SEEDS) {
    const q = Q.heavyTailQuestion(seed);
    const ratio = q.samples.map((xs) => Math.max(...xs) / median(xs));
    assert.equal(q.answer, ratio[0] > ratio[1] ? 0 : 1);
    assert.ok(Math.max(...ratio) > 10 * Math.min(...ratio), 'clearly apart');
  }
});

test('cutoff: the expected work as a sum over failed tries here, and the cheaper cutoff is the answer', () => {
  for (const seed of SEEDS) {
    const q = Q.cutoffQuestion(seed);
    // Expected work by the renewal argument, done here as a geometric sum:
    // each try costs min(X, c); it fails with chance f; work = Σ_k f^k · (cost of a try) = cost / (1 − f).
    const expected = q.cutoffs.map((c) => {
      const fail = q.runs.filter((x) => x > c).length / q.runs.length;
      const cost = q.runs.map((x) => Math.min(x, c)).reduce((s, x) => s + x, 0) / q.runs.length;
      let total = 0;
      for (let k = 0, p = 1; k < 2000; k++, p *= fail) total += p * cost;
      return total;
    });
    expected.forEach((e, i) => assert.ok(Math.abs(e - q.expected[i]) / e < 1e-6, `seed ${seed}`));
    assert.equal(q.answer, expected[0] < expected[1] ? 0 : 1);
  }
});

test('is-solution draws another board for the permutations chapter than for brute force\'s, from the same seed', () => {
  let same = 0;
  for (const seed of SEEDS) if (Q.isSolutionQuestion(seed).queens.join() === Q.isSolutionQuestion(seed, { permutation: true }).queens.join()) same++;
  assert.ok(same < SEEDS.length / 20, `${same} seeds gave the same board`);
});

test('tracer-steps: a stretch of row backtracking’s tracer calls, replayed here, and the count it asks for counted call by call', () => {
  // Row backtracking written to Your search's contract, here: a safe call before each place.
  const callsOf = (n) => {
    const out = [];
    const cols = [];
    const go = () => {
      if (cols.length === n) { out.push('found()'); return; }
      const row = cols.length;
      for (let col = 0; col < n; col++) {
        const ok = cols.every((c, r) => !attack(r, c, row, col));
        out.push(`safe(${row}, ${col}) ${ok}`);
        if (!ok) continue;
        out.push(`place(${row}, ${col})`);
        cols.push(col);
        go();
        cols.pop();
        out.push(`remove(${row}, ${col})`);
      }
    };
    go();
    return out;
  };
  for (const seed of SEEDS) {
    const q = Q.tracerStepsQuestion(seed);
    const mine = q.calls.map((c) => (c.call === 'found' ? 'found()' : `${c.call}(${c.row}, ${c.col})${c.call === 'safe' ? ` ${c.answer}` : ''}`));
    const all = callsOf(q.n).join('\n');
    assert.ok(all.includes(mine.join('\n')), `seed ${seed}: the calls are a stretch of row backtracking's`);
    const count = { steps: mine.filter((c) => /^(place|remove|found)/.test(c)).length, checks: mine.filter((c) => c.startsWith('safe')).length, placements: mine.filter((c) => c.startsWith('place')).length }[q.ask];
    assert.equal(q.answer, count, `seed ${seed}`);
  }
});
