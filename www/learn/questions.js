// The Learn tab's practice questions as plain data: each kind draws a question
// from a seed (a small PRNG, so `&seed=` in a link gives the same question
// again) and grades an answer by computing the right one, never from a typed
// table. No DOM: practice.js draws them and asks the core where a kind needs it
// (`count` takes the core's count, handed in). poss & -poss's arithmetic is
// the registers' (components/lowbit.js).
//
// Boards are `queens[row] = column` (−1 for an empty row), rows from the top.


import { binary, lowestBitWork } from '../components/lowbit.js';
import { attacks } from '../lib/attack.js';

export { binary, lowestBitWork };

/**
 * A small seeded generator: the same seed, the same numbers. Seeds below
 * 2^32 run mulberry32 (one 32-bit word of state); a larger seed runs sfc32
 * on both its halves (128 bits of state), so no seed below 2^32 draws the
 * numbers of a larger one, and a homework seed (from 2^52 up) draws numbers
 * no practice seed draws.
 * @param {number} seed  a whole number (any size a JS number holds exactly)
 * @returns {() => number}  the next number in [0, 1)
 */
export function prng(seed) {
  if (seed >= 4294967296) return sfc32(seed % 4294967296, Math.floor(seed / 4294967296));
  let a = seed ^ 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * sfc32 from two 32-bit words (and two constants), its first draws thrown away.
 * @param {number} low
 * @param {number} high
 * @returns {() => number}
 */
function sfc32(low, high) {
  let a = low | 0, b = high | 0, c = 0x9e3779b9 | 0, d = 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
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

/** The queens' rule (www/lib/attack.js), which the set's grading reads from here too. */
export { attacks };

/**
 * The columns of row `queens.length` that no queen above attacks.
 * @param {number[]} queens  the columns of the queens in rows 0, 1, …
 * @param {number} n
 * @returns {number[]}
 */
function safeColumns(queens, n) {
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
function registersFor(queens, n) {
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
function columnsOf(bits, n) {
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
  // The two chapters that ask this draw different boards from the same seed.
  const random = prng(permutation ? seed + 23_757 : seed);
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
function attackersOf(queens, row, col) {
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

// ---- lowest-bit: poss & -poss ----------------------------------------------------

/**
 * A poss of n bits with at least one 1, its lowest 1 often above bit 0, so the carry has zeros to run through.
 * @param {number} seed
 */
export function lowestBitQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const low = between(random, 0, n - 2);
  let poss = 1 << low;
  for (let b = low + 1; b < n; b++) if (random() < 0.5) poss |= 1 << b;
  return { kind: 'lowest-bit', n, ...lowestBitWork(poss, n), answer: poss & -poss };
}

/**
 * Reads a typed binary numeral: digits 0 and 1 only (spaces ignored), at most n of them.
 * @param {string} text
 * @param {number} n
 * @returns {number | null}  null: not such a numeral
 */
export function readBinary(text, n) {
  const digits = text.replace(/\s+/g, '');
  if (!/^[01]+$/.test(digits) || digits.length > n) return null;
  return parseInt(digits, 2);
}

// ---- queen-attacks: every square one queen attacks ---------------------------------

/**
 * @param {number} seed
 */
export function queenAttacksQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const row = between(random, 0, n - 1);
  const col = between(random, 0, n - 1);
  /** @type {number[]} squares r·n + c */
  const answer = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if ((r !== row || c !== col) && attacks(row, col, r, c)) answer.push(r * n + c);
  return { kind: 'queen-attacks', n, row, col, answer };
}

// ---- space-size: how many boards a search tests ---------------------------------------

/**
 * N^N boards with one queen a row (brute force), or N! with one a column too (permutations).
 * @param {number} seed
 * @param {{ space?: 'power' | 'factorial' }} [options]
 */
export function spaceSizeQuestion(seed, { space = 'power' } = {}) {
  const random = prng(seed + (space === 'factorial' ? 104_729 : 0));
  const n = between(random, 4, 9);
  let answer = 1;
  for (let i = 1; i <= n; i++) answer *= space === 'factorial' ? i : n;
  return { kind: 'space-size', n, space, answer };
}

// ---- first-reject: the row at which a whole-board search rejects a board --------------

/**
 * A board of one queen a row with at least one attacking pair: the search
 * tests its rows top down and rejects it at the first queen that a queen above attacks.
 * @param {number} seed
 * @param {{ permutation?: boolean }} [options]
 */
export function firstRejectQuestion(seed, { permutation = false } = {}) {
  const random = prng(seed + (permutation ? 7_919 : 15_485_863));
  const n = between(random, 5, 8);
  for (;;) {
    const queens = permutation ? shuffled(random, n) : Array.from({ length: n }, () => between(random, 0, n - 1));
    const pairs = attackingPairs(queens);
    if (!pairs.length) continue;
    const row = Math.min(...pairs.map(([, b]) => b));
    const by = pairs.filter(([, b]) => b === row).map(([a]) => a);
    return { kind: 'first-reject', n, queens, permutation, answer: row, by };
  }
}

/**
 * 0 … n − 1 in a random order.
 * @param {() => number} random
 * @param {number} n
 */
function shuffled(random, n) {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ---- prune-size: the boards one rejection rules out --------------------------------------

/**
 * Backtracking rejects a queen on row `rows` (1-based) of an n×n board: every
 * board with one queen a row that starts with those `rows` queens is ruled
 * out unbuilt, n^(n − rows) of them.
 * @param {number} seed
 */
export function pruneSizeQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const rows = between(random, 2, n - 1);
  return { kind: 'prune-size', n, rows, answer: n ** (n - rows) };
}

// ---- register-meaning: which register holds these bits --------------------------------------

export const REGISTER_NAMES = /** @type {const} */ (['ld', 'col', 'rd', 'poss']);

/**
 * The bitwise search comes to a row; one of ld, col, rd and poss is shown,
 * chosen so that no other register has the same bits.
 * @param {number} seed
 */
export function registerMeaningQuestion(seed) {
  const random = prng(seed);
  for (;;) {
    const n = between(random, 5, 8);
    const queens = safePrefix(random, n, between(random, 2, Math.min(4, n - 2)));
    const { ld, col, rd, all } = registersFor(queens, n);
    const values = { ld, col, rd, poss: ~(ld | col | rd) & all };
    const name = REGISTER_NAMES[between(random, 0, 3)];
    const value = values[name];
    if (REGISTER_NAMES.some((other) => other !== name && values[other] === value)) continue;
    return { kind: 'register-meaning', n, queens, value, values, answer: name };
  }
}

// ---- symmetries: a solution's class, and its image -----------------------------------------

/** @typedef {(r: number, c: number, n: number) => number[]} SquareMap */

/** The eight symmetries of the square, by name, as maps of (r, c) on an n×n board. */
export const SYMMETRIES = /** @type {[string, SquareMap][]} */ ([
  ['the identity', (r, c) => [r, c]],
  ['a quarter turn clockwise', (r, c, n) => [c, n - 1 - r]],
  ['a half turn', (r, c, n) => [n - 1 - r, n - 1 - c]],
  ['a quarter turn anticlockwise', (r, c, n) => [n - 1 - c, r]],
  ['a mirror left to right', (r, c, n) => [r, n - 1 - c]],
  ['a mirror top to bottom', (r, c, n) => [n - 1 - r, c]],
  ['a flip in the diagonal from top left', (r, c) => [c, r]],
  ['a flip in the diagonal from top right', (r, c, n) => [n - 1 - c, n - 1 - r]],
]);

/**
 * The board a symmetry makes of `queens` (one a row), one a row again.
 * @param {number[]} queens
 * @param {number} which  an index into SYMMETRIES
 */
function imageOf(queens, which) {
  const n = queens.length;
  const out = new Array(n).fill(-1);
  queens.forEach((c, r) => {
    const [r2, c2] = SYMMETRIES[which][1](r, c, n);
    out[r2] = c2;
  });
  return out;
}

/**
 * A solution and the number of different boards its class holds (8, 4 or 2).
 * @param {number} seed
 */
export function classSizeQuestion(seed) {
  const random = prng(seed);
  // Small boards have the symmetric solutions; bigger ones mostly classes of 8.
  const n = between(random, 4, 8);
  const queens = safePrefix(random, n, n);
  const boards = new Set(SYMMETRIES.map((_, i) => imageOf(queens, i).join(',')));
  return { kind: 'class-size', n, queens, answer: boards.size };
}

/**
 * A solution, a symmetry other than the identity, and the squares of its image's queens.
 * @param {number} seed
 */
export function symmetryImageQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 7);
  const queens = safePrefix(random, n, n);
  const which = between(random, 1, 7);
  const image = imageOf(queens, which);
  return { kind: 'symmetry-image', n, queens, which, name: SYMMETRIES[which][0], image, answer: image.map((c, r) => r * n + c) };
}

// ---- conflicts-count and swap-effect: repair's bookkeeping ------------------------------------

/**
 * A board of one queen a row, its attacking pairs counted.
 * @param {number} seed
 */
export function conflictsCountQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const queens = Array.from({ length: n }, () => between(random, 0, n - 1));
  return { kind: 'conflicts-count', n, queens, pairs: attackingPairs(queens), answer: attackingPairs(queens).length };
}

/**
 * Queen search exchanges the columns of two rows of a board with one queen a
 * row and a column: the attacking pairs after the exchange.
 * @param {number} seed
 */
export function swapEffectQuestion(seed) {
  const random = prng(seed);
  const n = between(random, 5, 8);
  const queens = shuffled(random, n);
  const a = between(random, 0, n - 2);
  const b = between(random, a + 1, n - 1);
  const after = [...queens];
  [after[a], after[b]] = [after[b], after[a]];
  return { kind: 'swap-effect', n, queens, a, b, after, before: attackingPairs(queens).length, answer: attackingPairs(after).length };
}

// ---- heavy-tail and cutoff: reading run lengths -----------------------------------------------

/**
 * The median of some numbers.
 * @param {number[]} values
 */
export function medianOf(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Two samples of 12 run lengths: one light-tailed (within a few times its
 * median), one heavy-tailed (a few runs hundreds of times longer). Which is which is drawn.
 * @param {number} seed
 */
export function heavyTailQuestion(seed) {
  const random = prng(seed);
  const scale = between(random, 2, 9) * 100;
  const light = () => Array.from({ length: 12 }, () => Math.round(scale * (0.5 + random())));
  // A Pareto tail of index 0.6: P(X > t) = (scale / t)^0.6.
  const heavy = () => Array.from({ length: 12 }, () => Math.round(scale * (1 - random()) ** (-1 / 0.6)));
  for (;;) {
    const a = light();
    const b = heavy();
    if (Math.max(...b) < 100 * medianOf(b)) continue;
    const heavyFirst = random() < 0.5;
    return { kind: 'heavy-tail', samples: heavyFirst ? [b, a] : [a, b], answer: heavyFirst ? 0 : 1 };
  }
}

/**
 * The expected work to a first solution when every run is cut at `cutoff`
 * and started afresh: the mean work of one try over the chance a try
 * succeeds, over the sample's runs taken as equally likely.
 * @param {number[]} runs
 * @param {number} cutoff
 */
function expectedWithCutoff(runs, cutoff) {
  const within = runs.filter((x) => x <= cutoff).length;
  if (!within) return Infinity;
  const perTry = runs.reduce((s, x) => s + Math.min(x, cutoff), 0) / runs.length;
  return perTry / (within / runs.length);
}

/**
 * Ten run lengths, a few very long, and two cutoffs: which gives the smaller expected work.
 * @param {number} seed
 */
export function cutoffQuestion(seed) {
  const random = prng(seed);
  for (;;) {
    const runs = Array.from({ length: 10 }, () => Math.round(50 * (1 - random()) ** (-1 / 0.7))).sort((x, y) => x - y);
    const cutoffs = [runs[between(random, 2, 5)], runs[between(random, 6, 8)]];
    if (cutoffs[0] === cutoffs[1]) continue;
    const work = cutoffs.map((c) => expectedWithCutoff(runs, c));
    if (Math.max(...work) < 1.15 * Math.min(...work)) continue;
    const swap = random() < 0.5;
    const shown = swap ? [cutoffs[1], cutoffs[0]] : cutoffs;
    const expected = swap ? [work[1], work[0]] : work;
    return { kind: 'cutoff', runs, cutoffs: shown, expected, answer: expected[0] < expected[1] ? 0 : 1 };
  }
}

// ---- tracer-steps: Your search's contract, counted -------------------------

/**
 * One tracer call of Your search's contract.
 * @typedef {{ call: 'safe' | 'place' | 'remove' | 'found', row: number, col: number, answer?: boolean }} TracerCall
 */

/**
 * The tracer calls of row backtracking at n written to Your search's
 * contract (a safe call before each place), the first `limit` of them.
 * @param {number} n
 * @param {number} limit
 * @returns {TracerCall[]}
 */
function tracerCalls(n, limit) {
  /** @type {TracerCall[]} */
  const calls = [];
  /** @type {number[]} */
  const cols = [];
  const go = () => {
    const row = cols.length;
    if (row === n) {
      calls.push({ call: 'found', row: -1, col: -1 });
      return;
    }
    const safe = safeColumns(cols, n);
    for (let col = 0; col < n && calls.length < limit; col++) {
      const ok = safe.includes(col);
      calls.push({ call: 'safe', row, col, answer: ok });
      if (!ok) continue;
      calls.push({ call: 'place', row, col });
      cols.push(col);
      go();
      cols.pop();
      calls.push({ call: 'remove', row, col });
    }
  };
  go();
  return calls.slice(0, limit);
}

/**
 * A stretch of tracer calls and a count to give: its steps, checks or placements.
 * @param {number} seed
 */
export function tracerStepsQuestion(seed) {
  const random = prng(seed + 31_337);
  const n = between(random, 4, 6);
  const all = tracerCalls(n, 600);
  const length = between(random, 8, 14);
  const from = between(random, 0, all.length - length);
  const calls = all.slice(from, from + length);
  const ask = /** @type {const} */ (['steps', 'checks', 'placements'])[between(random, 0, 2)];
  const answer = calls.filter((c) => (ask === 'steps' ? c.call !== 'safe' : ask === 'checks' ? c.call === 'safe' : c.call === 'place')).length;
  return { kind: 'tracer-steps', n, calls, ask, answer };
}
