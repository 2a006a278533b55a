// The GPU engine's share of the work on the CPU (gpu.js runs the rest): the
// board's first rows listed as prefixes for WGSL threads to finish, each
// searching only one board of each class of up to eight symmetric ones.
//
// The symmetry reduction uses all eight symmetries of the square, by the
// queens on the board's edges. A solution either has a queen in a corner or
// not.
//
// - A corner queen: some image of the solution has it in the top-left
//   corner, and exactly two do (the solution and its reflection in the main
//   diagonal, which swaps the queen of row 1 with the queen of column 1; no
//   solution is its own reflection there, and none has two corner queens).
//   The search keeps the one whose row-1 queen stands in a column left of
//   the row that column 1's queen stands in: row 1's queen in column b, and
//   column 1 barred from rows 2..b−1. Each solution found stands for eight.
// - No corner queen: each edge queen stands some distance from its nearer
//   corner; let d be the least of the four. The images that bring such a
//   queen to the top row, d columns from the left, are the candidates, and
//   the search walks only those: the top queen in column d, left of the
//   middle, and no edge queen nearer a corner than d (columns 0 and N−1
//   barred from rows 1..d−1 and N−d..N−1, the bottom queen in columns
//   d..N−1−d). Only rotations can bring another edge queen to that spot
//   without a clash, so at each solution the shader compares the board with
//   its three rotations that also start in column d: it keeps the least of
//   them in row-by-row order, and stands it for two (equal to its quarter
//   turn), four (to its half turn) or eight boards.
//
// So the threads search about an eighth of the whole tree, a quarter of what
// the left–right mirror alone leaves, and they find each class once: the
// fundamental count comes straight from them, and so do the solutions each
// symmetry leaves unchanged (a class of two is two boards fixed by the
// quarter turns; of four, four fixed by the half turn) for Burnside's lemma,
// as the workers report them (pool.js's burnside()).
//
// A start (a corner's b or a side's d) is searched as masks row by row:
// `allowed[row]`, the columns the row may take, and `need[row]`, the columns
// that must be taken by the end of the row because no later row allows them
// (a row that is the last chance for two columns is a dead end; for one, it
// must take it). The search is the plain bitwise one with those two masks,
// and a look ahead: a row whose queens so far leave the last row, or the one
// before it, none of its allowed columns has no choice (choices()).
//
// The prefixes are grouped into pieces: a start's placements of the first
// `pieceDepth` rows. A piece is what count mode's pool hands out, weighs,
// saves and resumes (store.js); a dispatch is some whole pieces, each
// expanded here to its prefixes just before it goes to the GPU, so that no
// list of every prefix is ever held.
//
// No DOM, no GPU: tests and benchmarks run it in node.

/** Knuth's random probes per piece for its weight (an estimate of its search tree's size)… */
const PROBES = 24;
/** …and for a plan of more than MANY_PIECES pieces, whose weights average out over many (N = 19 on). */
const FEW_PROBES = 6;
const MANY_PIECES = 50_000;

/** The largest N the GPU engine counts: a prefix packs its rows' columns in 5 bits each, and a row is one 32-bit word. */
const PREFIX_MAX_N = 31;

/** Words a prefix takes in a dispatch: the columns of its rows (six rows of 5 bits a word), and its start. */
export const PREFIX_WORDS = 3;

/** Words a start takes in the table the shader reads: allowed and need for each of 32 rows, its kind and its column. */
export const START_WORDS = 66;

/** A start's kind: a corner queen, each solution found standing for eight. */
const CORNER = 0;
/** A start's kind: no corner queen, each solution compared with its rotations. */
export const SIDE = 1;

/**
 * How deep the prefixes and the pieces go for N. The prefix depth leaves each
 * thread N − depth rows: deep enough that there are tens of thousands of
 * prefixes to fill a GPU and no thread's tree is big; shallow enough that the
 * CPU lists them far faster than the GPU finishes them (N = 20: 13.8 million
 * prefixes of 7 rows; N = 21: 157 million of 8). A piece is small enough that one takes a GPU well under
 * a dispatch's time. The depth never goes past 12 rows, what a prefix's two
 * words of columns hold.
 * @param {number} n
 * @returns {{ depth: number, pieceDepth: number }}
 */
export function prefixShape(n) {
  // From N = 21 a row deeper: its threads would otherwise search some 300,000 nodes each, and the
  // slowest thread of a dispatch sets its time.
  const depth = Math.min(n, 12, Math.max(2, Math.floor(n / 2) - (n >= 21 ? 2 : 3)));
  return { depth, pieceDepth: Math.min(depth, n >= 19 ? 5 : n >= 16 ? 4 : 3) };
}

/**
 * N's starts: for each, its kind (CORNER or SIDE), its column (a corner's
 * row-1 queen, b; a side's top queen, d) and its masks row by row.
 * @param {number} n  1 to PREFIX_MAX_N
 * @returns {{ count: number, table: Uint32Array }}  table: START_WORDS a start (allowed ×32, need ×32, kind, column)
 */
export function startTable(n) {
  const full = (1 << n) - 1 >>> 0;
  const edges = (1 | (1 << (n - 1))) >>> 0;
  /** @type {{ kind: number, column: number, allowed: number[] }[]} */
  const starts = [];
  if (n === 1) starts.push({ kind: CORNER, column: 0, allowed: [1] });
  // A corner: row 0's queen in column 0, row 1's in column b, column 1 barred from rows 2..b-1.
  for (let b = 2; b <= n - 2; b++) {
    const allowed = Array.from({ length: n }, (_, row) => (row === 0 ? 1 : row === 1 ? 1 << b : row < b ? full & ~2 : full));
    starts.push({ kind: CORNER, column: b, allowed });
  }
  // A side: row 0's queen in column d, left of the middle; no edge queen nearer a corner than d.
  for (let d = 1; 2 * d < n - 1; d++) {
    let bottom = 0;
    for (let x = d; x <= n - 1 - d; x++) bottom |= 1 << x;
    const allowed = Array.from({ length: n }, (_, row) =>
      row === 0 ? 1 << d : row === n - 1 ? bottom : row < d || row > n - 1 - d ? full & ~edges : full,
    );
    starts.push({ kind: SIDE, column: d, allowed });
  }
  const table = new Uint32Array(START_WORDS * starts.length);
  starts.forEach(({ kind, column, allowed }, s) => {
    let later = 0;
    for (let row = n - 1; row >= 0; row--) {
      table[START_WORDS * s + row] = allowed[row] >>> 0;
      table[START_WORDS * s + 32 + row] = (full & ~later) >>> 0;
      later |= allowed[row];
    }
    table[START_WORDS * s + 64] = kind;
    table[START_WORDS * s + 65] = column;
  });
  return { count: starts.length, table };
}

/**
 * The columns row `row` may take, given the queens of the rows before it:
 * the start's allowed columns less those attacked, narrowed to the one
 * column the row must take, or none when it must take two; and none when
 * the queens so far leave the last row, or the one before it, no column it
 * may take (a look ahead that cuts about a fifth of the tree).
 * @param {Uint32Array} table
 * @param {number} base  the start's first word
 * @param {number} n
 * @param {number} row
 * @param {number} ld  the bitwise search's masks at `row`
 * @param {number} col
 * @param {number} rd
 */
export function choices(table, base, n, row, ld, col, rd) {
  let free = table[base + row] & ~(ld | col | rd);
  const missing = table[base + 32 + row] & ~col;
  if (missing) free = (missing & (missing - 1)) === 0 ? free & missing : 0;
  // The last two rows, each seen from here: the columns it may take less those taken or attacked now.
  for (let last = n - 1; last >= n - 2 && last > row; last--) {
    const k = last - row;
    if (free && (table[base + last] & ~col & ~(ld << k) & ~(rd >>> k)) === 0) return 0;
  }
  return free;
}

/**
 * The pieces of N's count for the GPU engine.
 * @typedef {object} PrefixPlan
 * @property {number} n
 * @property {number} depth  rows in a prefix
 * @property {number} pieceDepth  rows in a piece
 * @property {number} count  pieces
 * @property {number} starts
 * @property {Uint32Array} table  the starts' masks (startTable)
 * @property {Uint32Array} states  each piece's start and its rows' columns (5 bits a row, from bit 0), after pieceDepth rows
 * @property {Float64Array} weights  each piece's estimated search tree (nodes), Knuth's method
 * @param {number} n  1 to PREFIX_MAX_N
 * @param {boolean} [weigh]  false: the weights are left 0, for weighPieces to fill in
 * @returns {PrefixPlan}
 */
export function prefixPlan(n, weigh = true) {
  const plan = emptyPlan(n);
  /** @type {number[]} */
  const states = [];
  for (let s = 0; s < plan.starts; s++) addPieces(plan, s, states);
  return withPieces(plan, states, weigh);
}

/**
 * The same plan, built a start at a time and weighed a slice at a time, with
 * `pause()` awaited between them: no step takes the page more than a few
 * milliseconds (N = 21 has 298,867 pieces).
 * @param {number} n
 * @param {() => Promise<void>} pause
 * @param {number} [sliceMs]  how long a step may run before it pauses
 * @returns {Promise<PrefixPlan>}
 */
export async function prefixPlanSliced(n, pause, sliceMs = 8) {
  const plan = emptyPlan(n);
  /** @type {number[]} */
  const states = [];
  let began = performance.now();
  for (let s = 0; s < plan.starts; s++) {
    // A start's pieces a column of row 1 at a time (N = 21's largest start has some 50,000).
    for (let column = 0; column < n; column++) {
      addPieces(plan, s, states, column);
      if (performance.now() - began > sliceMs) {
        await pause();
        began = performance.now();
      }
    }
  }
  const done = withPieces(plan, states, false);
  for (let i = 0; i < done.count; ) {
    const began = performance.now();
    while (i < done.count && performance.now() - began < sliceMs) {
      const to = Math.min(done.count, i + 16);
      weighPieces(done, i, to);
      i = to;
    }
    await pause();
  }
  return done;
}

/**
 * N's plan before its pieces: the shape and the starts.
 * @param {number} n
 * @returns {PrefixPlan}
 */
function emptyPlan(n) {
  if (!(Number.isInteger(n) && n >= 1 && n <= PREFIX_MAX_N)) throw new Error(`The GPU engine counts N from 1 to ${PREFIX_MAX_N}; got ${n}.`);
  const { depth, pieceDepth } = prefixShape(n);
  const { count: starts, table } = startTable(n);
  return { n, depth, pieceDepth, count: 0, starts, table, states: new Uint32Array(0), weights: new Float64Array(0) };
}

/**
 * Appends start `s`'s pieces to `states` (start, columns each), those with row 1's queen in `column` only if one is given.
 * @param {PrefixPlan} plan
 * @param {number} s
 * @param {number[]} states
 * @param {number} [column]
 */
function addPieces({ n, pieceDepth, table }, s, states, column = -1) {
  const full = (1 << n) - 1;
  const base = START_WORDS * s;
  /** @type {(ld: number, col: number, rd: number, row: number, columns: number) => void} */
  const walk = (ld, col, rd, row, columns) => {
    if (row === pieceDepth) {
      states.push(s, columns);
      return;
    }
    let free = choices(table, base, n, row, ld, col, rd);
    if (row === 1 && column >= 0) free &= 1 << column;
    for (; free; free &= free - 1) {
      const bit = free & -free;
      walk(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1, columns | (31 - Math.clz32(bit)) << (5 * row));
    }
  };
  walk(0, 0, 0, 0, 0);
}

/**
 * The plan with its pieces, weighed or not.
 * @param {PrefixPlan} plan
 * @param {number[]} states
 * @param {boolean} weigh
 */
function withPieces(plan, states, weigh) {
  const count = states.length / 2;
  const out = { ...plan, count, states: Uint32Array.from(states), weights: new Float64Array(count) };
  if (weigh) weighPieces(out, 0, count);
  return out;
}

/**
 * The bitwise search's masks after the given rows' columns.
 * @param {number} n
 * @param {number} rows
 * @param {number} lo  the columns of rows 0..5
 * @param {number} hi  of rows 6..11
 */
export function masksOf(n, rows, lo, hi) {
  const full = (1 << n) - 1;
  let [ld, col, rd] = [0, 0, 0];
  for (let row = 0; row < rows; row++) {
    const bit = 1 << (((row < 6 ? lo : hi) >>> (5 * (row % 6))) & 31);
    [ld, col, rd] = [((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1];
  }
  return { ld, col, rd };
}

/**
 * Fills in the weights of pieces `from..to` (to excluded): each the mean of
 * PROBES (or FEW_PROBES) random walks from the piece to the bottom of its tree, adding up the
 * products of the choices met (Knuth's estimate of a tree's size), seeded by
 * the piece, so the same every time. The GPU engine weighs them a slice at a
 * time, so the page never stalls on it.
 * @param {PrefixPlan} plan
 * @param {number} from
 * @param {number} to
 */
export function weighPieces(plan, from, to) {
  const { n, pieceDepth, states, weights, table } = plan;
  const full = (1 << n) - 1;
  const probes = plan.count > MANY_PIECES ? FEW_PROBES : PROBES;
  for (let i = from; i < to; i++) {
    const base = START_WORDS * states[2 * i];
    const start = masksOf(n, pieceDepth, states[2 * i + 1], 0);
    let seed = (Math.imul(n, 0x9e3779b1) ^ i) >>> 0; // mulberry32, the same numbers for the same piece
    let sum = 0;
    for (let p = 0; p < probes; p++) {
      let { ld, col, rd } = start;
      let width = 1;
      let size = 1;
      for (let row = pieceDepth; row < n; row++) {
        let free = choices(table, base, n, row, ld, col, rd);
        const choices_ = popcount(free);
        if (choices_ === 0) break;
        width *= choices_;
        size += width;
        seed = (seed + 0x6d2b79f5) >>> 0;
        let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        for (let skip = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * choices_); skip > 0; skip--) free &= free - 1;
        const bit = free & -free;
        ld = ((ld | bit) << 1) & full;
        col |= bit;
        rd = (rd | bit) >>> 1;
      }
      sum += size;
    }
    weights[i] = Math.round(sum / probes);
  }
}

/** @param {number} x  a 32-bit mask */
function popcount(x) {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/**
 * Lists piece `i`'s prefixes into `out` from prefix `at` on (PREFIX_WORDS
 * each: the columns of rows 0..5, of rows 6..11, the start), as far as `out`
 * holds; returns the prefix after the last written, or -1 if `out` ran out of
 * room first (nothing of the piece is then to be trusted: the caller sends
 * the piece with the next dispatch).
 * @param {PrefixPlan} plan
 * @param {number} i
 * @param {Uint32Array} out
 * @param {number} at
 */
export function listPrefixes(plan, i, out, at) {
  const { n, depth, pieceDepth, states, table } = plan;
  const full = (1 << n) - 1;
  const room = Math.floor(out.length / PREFIX_WORDS);
  const start = states[2 * i];
  const base = START_WORDS * start;
  const columns = [states[2 * i + 1], 0];
  /** @type {(ld: number, col: number, rd: number, row: number) => boolean} false: out of room */
  const walk = (ld, col, rd, row) => {
    if (row === depth) {
      if (at >= room) return false;
      out[PREFIX_WORDS * at] = columns[0] >>> 0;
      out[PREFIX_WORDS * at + 1] = columns[1] >>> 0;
      out[PREFIX_WORDS * at + 2] = start;
      at++;
      return true;
    }
    const word = row < 6 ? 0 : 1;
    const shift = 5 * (row % 6);
    for (let free = choices(table, base, n, row, ld, col, rd); free; free &= free - 1) {
      const bit = free & -free;
      columns[word] = (columns[word] & ~(31 << shift)) | (31 - Math.clz32(bit)) << shift;
      if (!walk(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1)) return false;
    }
    return true;
  };
  const { ld, col, rd } = masksOf(n, pieceDepth, columns[0], 0);
  return walk(ld, col, rd, pieceDepth) ? at : -1;
}

/**
 * What the shader does for one prefix, on the CPU (for tests): its
 * solutions, each weighed by the boards it stands for, and how many of them
 * stand for two (fixed by the quarter turn) and for four (by the half turn).
 * @param {PrefixPlan} plan
 * @param {number} lo  the prefix's columns, rows 0..5
 * @param {number} hi  rows 6..11
 * @param {number} start
 * @returns {{ total: number, twos: number, fours: number }}
 */
export function finishPrefix(plan, lo, hi, start) {
  const { n, depth, table } = plan;
  const full = (1 << n) - 1;
  const base = START_WORDS * start;
  const kind = table[base + 64];
  const top = table[base + 65];
  const board = Array.from({ length: depth }, (_, row) => ((row < 6 ? lo : hi) >>> (5 * (row % 6))) & 31);
  const out = { total: 0, twos: 0, fours: 0 };
  /** @type {(ld: number, col: number, rd: number, row: number) => void} */
  const walk = (ld, col, rd, row) => {
    if (row === n) {
      if (kind === CORNER) {
        out.total += n === 1 ? 1 : 8;
        return;
      }
      const stands = standsFor(board, top);
      out.total += stands;
      if (stands === 2) out.twos++;
      if (stands === 4) out.fours++;
      return;
    }
    for (let free = choices(table, base, n, row, ld, col, rd); free; free &= free - 1) {
      const bit = free & -free;
      board[row] = 31 - Math.clz32(bit);
      walk(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
    }
  };
  const { ld, col, rd } = masksOf(n, depth, lo, hi);
  walk(ld, col, rd, depth);
  return out;
}

/**
 * A side start's solution (the queen's column in each row): how many boards
 * it stands for (2, 4 or 8), or 0 if a rotation of it that also starts in
 * column `top` comes first in row-by-row order.
 * @param {number[]} p
 * @param {number} top
 */
function standsFor(p, top) {
  const n = p.length;
  /** @type {number[]} */
  const inv = [];
  for (let y = 0; y < n; y++) inv[p[y]] = y;
  /** @type {((i: number) => number)[]} the quarter, half and three-quarter turns, row by row */
  const turns = [(i) => n - 1 - inv[i], (i) => n - 1 - p[n - 1 - i], (i) => inv[n - 1 - i]];
  for (let t = 0; t < 3; t++) {
    const q = turns[t];
    if (q(0) !== top) continue;
    let i = 0;
    while (i < n && q(i) === p[i]) i++;
    if (i === n) return t === 0 ? 2 : t === 1 ? 4 : 8;
    if (q(i) < p[i]) return 0;
  }
  return 8;
}
