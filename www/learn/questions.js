// The Learn tab's practice questions as plain data: each kind draws a question
// from a seed (a small PRNG, so `&seed=` in a link gives the same question
// again) and grades an answer by computing the right one, never from a typed
// table. No DOM: practice.js draws them and asks the core where a kind needs it
// (`count` takes the core's count, handed in).
//
// Boards are `queens[row] = column` (−1 for an empty row), rows from the top.

/**
 * A small seeded generator (mulberry32): the same seed, the same numbers.
 * @param {number} seed  a whole number (any size a JS number holds exactly)
 * @returns {() => number}  the next number in [0, 1)
 */
export function prng(seed) {
  // Fold the seed's high bits in, so seeds above 2^32 still differ.
  let a = (seed % 4294967296) ^ Math.floor(seed / 4294967296) ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A whole number from `lo` to `hi`, both included.
 * @param {() => number} random
 * @param {number} lo
 * @param {number} hi
 */
export function between(random, lo, hi) {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/**
 * Do the queens on (r1, c1) and (r2, c2) attack each other (same row, column or diagonal)?
 * @param {number} r1 @param {number} c1 @param {number} r2 @param {number} c2
 */
export function attacks(r1, c1, r2, c2) {
  return r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);
}

/**
 * The columns of row `queens.length` that no queen above attacks.
 * @param {number[]} queens  the columns of the queens in rows 0, 1, …
 * @param {number} n
 * @returns {number[]}
 */
export function safeColumns(queens, n) {
  const row = queens.length;
  const safe = [];
  for (let c = 0; c < n; c++) if (queens.every((q, r) => !attacks(r, q, row, c))) safe.push(c);
  return safe;
}

/**
 * Every attacking pair of queens on a board, as [rowA, rowB] with rowA < rowB.
 * @param {number[]} queens
 * @returns {[number, number][]}
 */
export function attackingPairs(queens) {
  /** @type {[number, number][]} */
  const pairs = [];
  for (let a = 0; a < queens.length; a++) {
    for (let b = a + 1; b < queens.length; b++) {
      if (queens[a] >= 0 && queens[b] >= 0 && attacks(a, queens[a], b, queens[b])) pairs.push([a, b]);
    }
  }
  return pairs;
}

/**
 * Queens placed one a row, each on a random safe column, for `rows` rows; the
 * draw starts again if it gets stuck, so every row below still has a safe square.
 * @param {() => number} random
 * @param {number} n
 * @param {number} rows
 */
function safePrefix(random, n, rows) {
  for (;;) {
    /** @type {number[]} */
    const queens = [];
    while (queens.length < rows) {
      const safe = safeColumns(queens, n);
      if (!safe.length) break;
      queens.push(safe[Math.floor(random() * safe.length)]);
    }
    if (queens.length === rows) return queens;
  }
}

/** @typedef {{ kind: string, n: number, prompt: string }} Question */

// ---- next-row: mark every safe square of the next row -------------------------

/**
 * @param {number} seed
 * @returns {{ kind: 'next-row', n: number, queens: number[], answer: number[] }}
 */
export function nextRowQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const queens = safePrefix(random, n, between(random, 2, Math.min(4, n - 2)));
  return { kind: 'next-row', n, queens, answer: safeColumns(queens, n) };
}

// ---- free-columns: ~(ld | col | rd) --------------------------------------------

/**
 * The registers of the bitwise search when it comes to row `queens.length`:
 * bit c stands for column c.
 * @param {number[]} queens
 * @param {number} n
 */
export function registersFor(queens, n) {
  let ld = 0;
  let col = 0;
  let rd = 0;
  const all = (1 << n) - 1;
  for (const q of queens) {
    const bit = 1 << q;
    // Going down a row, a left diagonal's column moves one left, a right one's one right.
    ld = ((ld | bit) >> 1) & all;
    col |= bit;
    rd = ((rd | bit) << 1) & all;
  }
  return { ld, col, rd, all };
}

/**
 * The columns a bit set holds, lowest first.
 * @param {number} bits
 * @param {number} n
 */
export function columnsOf(bits, n) {
  const out = [];
  for (let c = 0; c < n; c++) if (bits & (1 << c)) out.push(c);
  return out;
}

/**
 * @param {number} seed
 */
export function freeColumnsQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const queens = safePrefix(random, n, between(random, 1, Math.min(4, n - 2)));
  const { ld, col, rd, all } = registersFor(queens, n);
  const poss = ~(ld | col | rd) & all;
  return { kind: 'free-columns', n, queens, ld, col, rd, poss, lowest: poss & -poss, answer: columnsOf(poss, n) };
}

// ---- next-probe: the square backtracking looks at next ---------------------------

/**
 * Backtracking's probes as the core's `backtracking` makes them (the columns
 * of the row that no queen above holds, left to right), in order, until
 * `limit` of them: each is
 * { row, col, safe, queens (the columns above it when it was probed) }.
 * @param {number} n
 * @param {number} limit
 */
export function probes(n, limit) {
  /** @type {{ row: number, col: number, safe: boolean, queens: number[] }[]} */
  const out = [];
  /** @type {number[]} */
  const queens = [];
  const walk = () => {
    const row = queens.length;
    if (row === n) return;
    for (let c = 0; c < n && out.length < limit; c++) {
      if (queens.includes(c)) continue; // a column a queen holds is no candidate
      const safe = queens.every((q, r) => !attacks(r, q, row, c));
      out.push({ row, col: c, safe, queens: [...queens] });
      if (safe) {
        queens.push(c);
        walk();
        queens.pop();
      }
    }
  };
  walk();
  return out;
}

/**
 * A moment of backtracking (the free columns of a row in turn, left to
 * right; a square no diagonal attacks takes a queen and the search goes down
 * a row; after the last candidate of a row it goes back up): the square just
 * probed, and the next.
 * @param {number} seed
 */
export function nextProbeQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 7);
  const all = probes(n, 400);
  // Not the last probe, so there is a next one; prefer moments just before a backtrack sometimes.
  const index = between(random, 3, all.length - 2);
  const now = all[index];
  const next = all[index + 1];
  return { kind: 'next-probe', n, queens: now.queens, probe: { row: now.row, col: now.col, safe: now.safe }, answer: { row: next.row, col: next.col } };
}

// ---- is-solution: is this a solution, and if not, which pair attacks ----------

/**
 * A board of one queen a row: a solution or a near miss. `permutation`: every
 * column used once (as the permutations search makes them).
 * @param {number} seed
 * @param {{ permutation?: boolean }} [options]
 */
export function isSolutionQuestion(seed, { permutation = false } = {}) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  /** @type {number[]} */
  let queens;
  if (random() < 0.4) {
    queens = solutionOf(random, n);
  } else if (permutation) {
    queens = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [queens[i], queens[j]] = [queens[j], queens[i]];
    }
  } else {
    // A solution with one queen moved: close to right, so the eye must check.
    queens = solutionOf(random, n);
    const row = between(random, 0, n - 1);
    const others = Array.from({ length: n }, (_, c) => c).filter((c) => c !== queens[row]);
    queens[row] = others[Math.floor(random() * others.length)];
  }
  const pairs = attackingPairs(queens);
  return { kind: 'is-solution', n, queens, permutation, solution: pairs.length === 0, pairs };
}

/**
 * A solution of n (n ≥ 5), drawn by placing row after row at random and starting again when stuck.
 * @param {() => number} random
 * @param {number} n
 */
function solutionOf(random, n) {
  return safePrefix(random, n, n);
}

// ---- count: how many solutions has N ---------------------------------------------

/**
 * @param {number} seed
 * @param {(n: number) => number} count  the number of solutions of N (the core's count)
 */
export function countQuestion(seed, count) {
  const random = prng(seed);
  const n = between(random, 4, 10);
  return { kind: 'count', n, answer: count(n) };
}

// ---- min-conflicts-move: where may the attacked queen go -------------------------

/**
 * How many queens of other rows attack square (row, col).
 * @param {number[]} queens
 * @param {number} row
 * @param {number} col
 */
export function attackersOf(queens, row, col) {
  let count = 0;
  queens.forEach((q, r) => { if (r !== row && attacks(r, q, row, col)) count++; });
  return count;
}

/**
 * A board mid-repair with an attacked queen chosen: the columns of its row
 * that the fewest other queens attack (min-conflicts moves it to one of
 * them, at random; staying put is one of them if its square is among the least attacked).
 * @param {number} seed
 */
export function minConflictsQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  for (;;) {
    const queens = Array.from({ length: n }, () => between(random, 0, n - 1));
    const attacked = queens.map((q, r) => r).filter((r) => attackersOf(queens, r, queens[r]) > 0);
    if (!attacked.length) continue;
    const row = attacked[Math.floor(random() * attacked.length)];
    const counts = Array.from({ length: n }, (_, c) => attackersOf(queens, row, c));
    const least = Math.min(...counts);
    const answer = counts.flatMap((k, c) => (k === least ? [c] : []));
    return { kind: 'min-conflicts-move', n, queens, row, counts, least, answer };
  }
}

// ---- luby: the restarts' cutoffs ---------------------------------------------------

/**
 * The i-th term of Luby's sequence (1-based): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …
 * @param {number} i
 * @returns {number}
 */
export function luby(i) {
  let k = 1;
  while ((1 << k) - 1 < i) k++;
  // i = 2^k − 1 ends a block with 2^(k−1); else it repeats the sequence from the start.
  return i === (1 << k) - 1 ? 1 << (k - 1) : luby(i - (1 << (k - 1)) + 1);
}

/**
 * @param {number} seed
 */
export function lubyQuestion(seed) {
  const random = prng(seed);
  const index = between(random, 5, 31);
  const shown = Array.from({ length: 7 }, (_, i) => luby(i + 1));
  return { kind: 'luby', index, shown, answer: luby(index) };
}

/**
 * Two sets of columns are the same.
 * @param {number[]} a
 * @param {number[]} b
 */
export function sameSet(a, b) {
  const x = [...new Set(a)].sort((p, q) => p - q);
  const y = [...new Set(b)].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
