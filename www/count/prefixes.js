// The GPU engine's share of the work on the CPU (gpu.js runs the rest): the
// board's first rows listed as prefixes, each the bitwise search's state
// (ld, col, rd) after `depth` rows, for a WGSL thread to finish.
//
// The symmetry reduction is the left–right mirror, as the core's
// count_total uses it: row 0's queen keeps to the left half, each solution
// found so is counted twice, and for odd N the middle column is walked once
// and counted once. The fundamental count does not come from the prefixes: it
// is Burnside's lemma over the total and the symmetric solutions, as for the
// workers (pool.js's burnside()).
//
// The prefixes are grouped into pieces: the placements of the first
// `pieceDepth` rows. A piece is what count mode's pool hands out, weighs,
// saves and resumes (store.js); a dispatch is some whole pieces, each
// expanded here to its prefixes just before it goes to the GPU, so that no
// list of every prefix is ever held (N = 20 has 22.8 million).
//
// No DOM, no GPU: tests and benchmarks run it in node.

/** Knuth's random probes per piece for its weight (an estimate of its search tree's size). */
const PROBES = 24;

/**
 * How deep the prefixes and the pieces go for N. The prefix depth leaves each
 * thread N − depth rows: deep enough that there are tens of thousands of
 * prefixes to fill a GPU and no thread's tree is big (at N = 16, 70,906
 * prefixes of 5 rows, the largest tree 26,253 nodes); shallow enough that the
 * CPU lists them far faster than the GPU finishes them (N = 20: 22.8 million
 * prefixes of 7 rows, listed at about ten million a second).
 * @param {number} n
 * @returns {{ depth: number, pieceDepth: number }}
 */
export function prefixShape(n) {
  const depth = Math.min(n, Math.max(1, Math.floor(n / 2) - 3));
  return { depth, pieceDepth: Math.min(depth, 3) };
}

/**
 * The pieces of N's count for the GPU engine.
 * @typedef {object} PrefixPlan
 * @property {number} n
 * @property {number} depth  rows in a prefix
 * @property {number} pieceDepth  rows in a piece
 * @property {number} count  pieces
 * @property {Uint32Array} states  ld, col, rd of each piece, after pieceDepth rows
 * @property {Uint8Array} mirror  2 when a piece's solutions stand for their mirror images too, else 1
 * @property {Float64Array} weights  each piece's estimated search tree (nodes), Knuth's method
 * @param {number} n  1 to 20 (a row is a 32-bit mask)
 * @param {boolean} [weigh]  false: the weights are left 0, for weighPieces to fill in
 * @returns {PrefixPlan}
 */
export function prefixPlan(n, weigh = true) {
  if (!(Number.isInteger(n) && n >= 1 && n <= 20)) throw new Error(`The GPU engine counts N from 1 to 20; got ${n}.`);
  const { depth, pieceDepth } = prefixShape(n);
  const full = (1 << n) - 1;
  const half = n >> 1;
  /** @type {number[]} */
  const states = [];
  /** @type {number[]} */
  const mirror = [];
  /** @type {(ld: number, col: number, rd: number, row: number, factor: number) => void} */
  const walk = (ld, col, rd, row, factor) => {
    if (row === pieceDepth) {
      states.push(ld, col, rd);
      mirror.push(factor);
      return;
    }
    let free = full & ~(ld | col | rd);
    if (row === 0) free &= (1 << ((n + 1) >> 1)) - 1; // the left half and, for odd N, the middle
    while (free) {
      const bit = free & -free;
      free ^= bit;
      const f = row === 0 ? (bit < 1 << half ? 2 : 1) : factor;
      walk(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1, f);
    }
  };
  walk(0, 0, 0, 0, 1);
  const count = mirror.length;
  const plan = { n, depth, pieceDepth, count, states: Uint32Array.from(states), mirror: Uint8Array.from(mirror), weights: new Float64Array(count) };
  if (weigh) weighPieces(plan, 0, count);
  return plan;
}

/**
 * Fills in the weights of pieces `from..to` (to excluded): each the mean of
 * PROBES random walks from the piece to the bottom of its tree, adding up the
 * products of the choices met (Knuth's estimate of a tree's size), seeded by
 * the piece, so the same every time. A few milliseconds for every piece of
 * N = 20; the GPU engine weighs them a slice at a time all the same, so the
 * page never stalls on it.
 * @param {PrefixPlan} plan
 * @param {number} from
 * @param {number} to
 */
export function weighPieces(plan, from, to) {
  const { n, pieceDepth, states, weights } = plan;
  const full = (1 << n) - 1;
  for (let i = from; i < to; i++) {
    let seed = (Math.imul(n, 0x9e3779b1) ^ i) >>> 0; // mulberry32, the same numbers for the same piece
    let sum = 0;
    for (let p = 0; p < PROBES; p++) {
      let ld = states[3 * i];
      let col = states[3 * i + 1];
      let rd = states[3 * i + 2];
      let width = 1;
      let size = 1;
      for (let row = pieceDepth; row < n; row++) {
        let free = full & ~(ld | col | rd);
        const choices = popcount(free);
        if (choices === 0) break;
        width *= choices;
        size += width;
        seed = (seed + 0x6d2b79f5) >>> 0;
        let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        for (let skip = Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * choices); skip > 0; skip--) free &= free - 1;
        const bit = free & -free;
        ld = ((ld | bit) << 1) & full;
        col |= bit;
        rd = (rd | bit) >>> 1;
      }
      sum += size;
    }
    weights[i] = Math.round(sum / PROBES);
  }
}

/** @param {number} x  a 32-bit mask */
function popcount(x) {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

/**
 * Lists piece `i`'s prefixes into `out` from triple `at` on (ld, col, rd
 * each), as far as `out` holds; returns the triple after the last written,
 * or -1 if `out` ran out of room first (nothing of the piece is then to be
 * trusted: the caller sends the piece with the next dispatch).
 * @param {PrefixPlan} plan
 * @param {number} i
 * @param {Uint32Array} out
 * @param {number} at
 */
export function listPrefixes(plan, i, out, at) {
  const { n, depth, pieceDepth, states } = plan;
  const full = (1 << n) - 1;
  const room = Math.floor(out.length / 3);
  // An explicit stack of (ld, col, rd, free) below the piece's rows.
  const stack = new Int32Array(4 * (depth - pieceDepth + 1));
  let [ld, col, rd] = [states[3 * i], states[3 * i + 1], states[3 * i + 2]];
  if (depth === pieceDepth) {
    if (at >= room) return -1;
    out.set([ld, col, rd], 3 * at);
    return at + 1;
  }
  let d = 0;
  let free = full & ~(ld | col | rd);
  for (;;) {
    if (free === 0) {
      if (d === 0) return at;
      d--;
      [ld, col, rd, free] = [stack[4 * d], stack[4 * d + 1], stack[4 * d + 2], stack[4 * d + 3]];
      continue;
    }
    const bit = free & -free;
    free ^= bit;
    const [l, c, r] = [((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1];
    if (pieceDepth + d + 1 === depth) {
      if (at >= room) return -1;
      out[3 * at] = l;
      out[3 * at + 1] = c;
      out[3 * at + 2] = r;
      at++;
      continue;
    }
    stack.set([ld, col, rd, free], 4 * d);
    d++;
    [ld, col, rd, free] = [l, c, r, full & ~(l | c | r)];
  }
}

/**
 * What the shader does for one prefix, on the CPU (for tests): the solutions
 * that complete it.
 * @param {number} n
 * @param {number} depth  rows the prefix holds
 * @param {number} ld
 * @param {number} col
 * @param {number} rd
 */
export function finishPrefix(n, depth, ld, col, rd) {
  const full = (1 << n) - 1;
  if (depth === n) return 1;
  /** @type {(ld: number, col: number, rd: number, row: number) => number} */
  const walk = (ld, col, rd, row) => {
    let free = full & ~(ld | col | rd);
    if (row === n - 1) return popcount(free);
    let sum = 0;
    while (free) {
      const bit = free & -free;
      free ^= bit;
      sum += walk(((ld | bit) << 1) & full, col | bit, (rd | bit) >>> 1, row + 1);
    }
    return sum;
  };
  return walk(ld, col, rd, depth);
}
