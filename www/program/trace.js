// The trace of a learner's program (no DOM): the tracer's records as the
// run worker sends them (www/workers/code-js-worker.js and
// code-py-worker.js: [kind, row, col, line] each), replayed into steps.
// A step is a place, remove or found call; the safe calls (checks) and say
// calls before a step belong to it. Position k of the playback is the board
// after k steps (0: empty; the last also holds any checks after the last
// step). Taken in chunks as they come, so no call is long.

import { attacks } from '../lib/attack.js';
import { ordinal } from '../lib/words.js';
import { CELL } from '../components/cells.js';
import { counted, formatCount } from '../lib/dom.js';

/** The record kinds. */
export const KIND = Object.freeze({ PLACE: 0, REMOVE: 1, UNSAFE: 2, SAFE: 3, FOUND: 4, SAY: 5, BOARD: 6 });

/** Steps between two kept boards: a seek replays at most this many. */
const SNAP = 1024;

/** @param {Int32Array<ArrayBuffer>} a  @param {number} need  @returns {Int32Array<ArrayBuffer>} */
function grow(a, need) {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * Whether a set of squares is a solution of the n-queens problem, and if
 * not, an attacking pair (squares) when there is one.
 * @param {number[]} squares  row * n + col, each once
 * @param {number} n
 * @returns {{ solution: boolean, pair: [number, number] | null }}
 */
export function judgeBoard(squares, n) {
  for (let i = 0; i < squares.length; i++) {
    for (let j = i + 1; j < squares.length; j++) {
      const r1 = Math.floor(squares[i] / n), c1 = squares[i] % n;
      const r2 = Math.floor(squares[j] / n), c2 = squares[j] % n;
      if (attacks(r1, c1, r2, c2)) return { solution: false, pair: [squares[i], squares[j]] };
    }
  }
  return { solution: squares.length === n, pair: null };
}

/**
 * @typedef {object} Found  one found() call
 * @property {number} step  its step (1-based position)
 * @property {number[]} squares  the board's queens, row * n + col, ascending
 * @property {string} key  the squares as text, to compare boards
 * @property {boolean} solution
 * @property {[number, number] | null} pair  two queens that attack each other, if any
 * @property {number} firstStep  0, or the step at which the same solution was reported first
 * @property {number} [weight]  how many solutions the board stands for (found(k)); 1 when not given
 */

/**
 * @typedef {object} StepView  the board and the panels at one position
 * @property {number} step
 * @property {Uint8Array} occupied  n*n, 1 where a queen stands
 * @property {number} probe  the square the last check of the step looked at, or -1
 * @property {number} line  the program's line that made the step (0: none)
 * @property {number} checkLine  the line of the step's last check (0: none)
 * @property {string} sentence
 * @property {{ steps: number, checks: number, placements: number, solutions: number }} counters
 */

/**
 * Feeds the records of a run over several N into their traces: a board
 * record [BOARD, 0, n, 0] starts the trace of the next N, and the records
 * after it, in this chunk or the next, go to that trace. The say() texts
 * are numbered over the whole run (the sandboxes count them across N): every
 * trace of a run holds the run's one list, so each N's say records find
 * their texts, whichever N was running when they came.
 * @param {Trace[]} traces  the run's traces so far, added to
 * @param {Int32Array} data  records [kind, row, col, line]...
 * @param {string[]} [texts]  the say() texts that came with them, in order
 * @param {import('./runner.js').StateChunk} [state]  the learner's state at some of their steps
 */
export function ingestRuns(traces, data, texts = [], state = { states: [], stateSteps: [], masks: [] }) {
  let from = 0;
  let q = 0;
  /**
   * The states of the steps the last trace just took: those in its range, up
   * to where the steps count down again (the next N's).
   * @param {Trace} t  @param {number} before
   */
  const states = (t, before) => {
    const first = q;
    const steps = state.stateSteps;
    for (; q < steps.length && steps[q] > before && steps[q] <= t.steps && (q === first || steps[q] > steps[q - 1]); q++) t.states[steps[q] - 1] = state.states[q];
  };
  /** @param {Int32Array} part */
  const feed = (part) => {
    const t = traces[traces.length - 1];
    const before = t.steps;
    t.ingest(part);
    states(t, before);
  };
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] !== KIND.BOARD) continue;
    if (i > from && traces.length) feed(data.subarray(from, i));
    const next = new Trace(data[i + 2]);
    if (traces.length) {
      next.texts = traces[0].texts;
      next.masks = traces[0].masks;
    }
    traces.push(next);
    from = i + 4;
  }
  if (from < data.length && traces.length) feed(data.subarray(from));
  // found(k) calls, each with its N and step, and count(k) calls, each with its N: the last trace of that N.
  const weights = state.weights ?? [];
  for (let i = 0; i + 2 < weights.length; i += 3) [...traces].reverse().find((x) => x.n === weights[i])?.weigh(weights[i + 1], weights[i + 2]);
  const counts = state.counts ?? [];
  for (let i = 0; i + 1 < counts.length; i += 2) {
    const t = [...traces].reverse().find((x) => x.n === counts[i]);
    if (!t) continue;
    t.counted += counts[i + 1];
    t.weighted = true;
  }
  if (traces.length) {
    for (const t of texts) traces[0].texts.push(t);
    for (const m of state.masks) if (!traces[0].masks.includes(m)) traces[0].masks.push(m);
  }
}

/**
 * The cells a board draws for a set of queens (CELL's flags): the queens, the
 * squares they attack, a queen another attacks, the probed square; and the
 * attacking pairs.
 * @param {Uint8Array} occupied  n*n, 1 where a queen stands
 * @param {number} n
 * @param {number} probe  a square, or -1
 * @returns {{ cells: Uint8Array, lines: Array<[number, number]> }}
 */
export function boardCells(occupied, n, probe) {
  const cells = new Uint8Array(n * n);
  /** @type {number[]} */
  const queens = [];
  for (let s = 0; s < n * n; s++) if (occupied[s]) queens.push(s);
  /** @type {Array<[number, number]>} */
  const lines = [];
  for (const q of queens) {
    const qr = Math.floor(q / n), qc = q % n;
    for (let s = 0; s < n * n; s++) {
      if (s === q) continue;
      const r = Math.floor(s / n), c = s % n;
      if (attacks(r, c, qr, qc)) cells[s] |= occupied[s] ? CELL.CONFLICT : CELL.THREATENED;
    }
  }
  for (let i = 0; i < queens.length; i++) {
    cells[queens[i]] |= CELL.QUEEN;
    for (let j = i + 1; j < queens.length; j++) {
      const a = queens[i], b = queens[j];
      if (judgeBoard([a, b], n).pair) lines.push([a, b]);
    }
  }
  if (probe >= 0) cells[probe] |= CELL.PROBED;
  return { cells, lines };
}

/**
 * The queens of a board, row by row: the column of each row's queen (the leftmost if there are more), or -1.
 * @param {Uint8Array} occupied  @param {number} n  @returns {number[]}
 */
export function queensByRow(occupied, n) {
  const out = new Array(n).fill(-1);
  for (let s = 0; s < n * n; s++) if (occupied[s] && out[Math.floor(s / n)] < 0) out[Math.floor(s / n)] = s % n;
  return out;
}

export class Trace {
  /** @param {number} n */
  constructor(n) {
    this.n = n;
    this.records = new Int32Array(1 << 14);
    this.length = 0; // records
    /** @type {string[]} the say() texts, by index */
    this.texts = [];
    /** @type {string[]} the learner's state after each step (JSON texts; none past the bound) */
    this.states = [];
    /** @type {string[]} the names the program uses as bit masks */
    this.masks = [];
    /** The solutions counted with count(k), no board. */
    this.counted = 0;
    /** Whether found(k) or count(k) was used: then the total is graded. */
    this.weighted = false;
    this.stepAt = new Int32Array(1 << 12); // record index of each step
    this.checksAt = new Int32Array(1 << 12); // checks up to and including each step
    this.placementsAt = new Int32Array(1 << 12);
    this.solutionsAt = new Int32Array(1 << 12);
    this.steps = 0;
    this.checks = 0;
    this.placements = 0;
    this.solutions = 0;
    /** @type {Uint8Array[]} the board after step k * SNAP */
    this.snaps = [new Uint8Array(n * n)];
    /** @type {Found[]} */
    this.found = [];
    /** @type {Map<string, number>} a solution's key -> the step that reported it first */
    this.reported = new Map();
    this.live = new Uint8Array(n * n);
    /** @type {{ lang: 'js' | 'py', source: string } | null} the program that made it (check.js), for timing it again */
    this.program = null;
  }

  /**
   * Takes records [kind, row, col, line]... in order.
   * @param {Int32Array} data
   * @param {string[]} [texts]  the say() texts that came with them
   */
  ingest(data, texts = []) {
    for (const t of texts) this.texts.push(t);
    const count = data.length >> 2;
    this.records = grow(this.records, (this.length + count) * 4);
    this.records.set(data, this.length * 4);
    const n = this.n;
    for (let i = 0; i < count; i++) {
      const at = i * 4;
      const kind = data[at], row = data[at + 1], col = data[at + 2];
      if (kind === KIND.SAFE || kind === KIND.UNSAFE) {
        this.checks++;
        continue;
      }
      if (kind !== KIND.PLACE && kind !== KIND.REMOVE && kind !== KIND.FOUND) continue;
      const sq = row * n + col;
      if (kind === KIND.PLACE) {
        this.live[sq] = 1;
        this.placements++;
      } else if (kind === KIND.REMOVE) {
        this.live[sq] = 0;
      } else {
        const squares = [];
        for (let s = 0; s < n * n; s++) if (this.live[s]) squares.push(s);
        const { solution, pair } = judgeBoard(squares, n);
        const key = squares.join(',');
        const first = solution ? this.reported.get(key) ?? 0 : 0;
        if (solution && !first) {
          this.reported.set(key, this.steps + 1);
          this.solutions++;
        }
        this.found.push({ step: this.steps + 1, squares, key, solution, pair, firstStep: first });
      }
      const k = this.steps;
      if (k + 1 > this.stepAt.length) {
        this.stepAt = grow(this.stepAt, k + 1);
        this.checksAt = grow(this.checksAt, k + 1);
        this.placementsAt = grow(this.placementsAt, k + 1);
        this.solutionsAt = grow(this.solutionsAt, k + 1);
      }
      this.stepAt[k] = this.length + i;
      this.checksAt[k] = this.checks;
      this.placementsAt[k] = this.placements;
      this.solutionsAt[k] = this.solutions;
      this.steps = k + 1;
      if (this.steps % SNAP === 0) this.snaps.push(this.live.slice());
    }
    this.length += count;
  }

  /**
   * found(k) at step `step`: its board stands for k solutions.
   * @param {number} step  @param {number} k
   */
  weigh(step, k) {
    this.weighted = true;
    for (let i = this.found.length - 1; i >= 0; i--) {
      if (this.found[i].step === step) {
        this.found[i].weight = k;
        return;
      }
      if (this.found[i].step < step) return;
    }
  }

  /**
   * The learner's state after step k: the calls under way (outermost first,
   * each its function and arguments) and the variables in scope; null when
   * the step has none (step 0, or past the bound of kept states).
   * @param {number} k
   * @returns {{ stack: Array<[string, Record<string, unknown>]>, vars: Record<string, unknown> } | null}
   */
  stateAt(k) {
    const text = k >= 1 ? this.states[k - 1] : undefined;
    if (text === undefined) return null;
    try {
      const o = JSON.parse(text);
      return { stack: Array.isArray(o.s) ? o.s : [], vars: o.v && typeof o.v === 'object' ? o.v : {} };
    } catch {
      return null;
    }
  }

  /** The record at index i: [kind, row, col, line]. @param {number} i */
  record(i) {
    const at = i * 4;
    return [this.records[at], this.records[at + 1], this.records[at + 2], this.records[at + 3]];
  }

  /**
   * The board and the panels after `step` steps (clamped to 0..steps).
   * @param {number} step
   * @returns {StepView}
   */
  at(step) {
    const n = this.n;
    const k = Math.max(0, Math.min(this.steps, Math.floor(step)));
    const snap = Math.floor(k / SNAP);
    const occupied = this.snaps[snap].slice();
    // Replay the steps between the kept board and k.
    for (let s = snap * SNAP; s < k; s++) {
      const [kind, row, col] = this.record(this.stepAt[s]);
      if (kind === KIND.PLACE) occupied[row * n + col] = 1;
      else if (kind === KIND.REMOVE) occupied[row * n + col] = 0;
    }
    // The records that belong to step k: after step k-1, up to step k (the last position: to the end).
    const from = k === 0 ? 0 : (k === 1 ? 0 : this.stepAt[k - 2] + 1);
    const to = k === 0 ? (this.steps === 0 ? this.length : 0) : (k === this.steps ? this.length : this.stepAt[k - 1] + 1);
    let probe = -1, checkLine = 0, said = -1, checks = 0;
    for (let i = k === 0 ? 0 : from; i < to; i++) {
      const [kind, row, col, line] = this.record(i);
      if (kind === KIND.SAFE || kind === KIND.UNSAFE) {
        if (k === 0 || i < this.stepAt[k - 1]) checks++;
        probe = row * n + col;
        checkLine = line;
      } else if (kind === KIND.SAY) said = row;
    }
    const line = k === 0 ? 0 : this.record(this.stepAt[k - 1])[3];
    const counters = {
      steps: k,
      checks: k === this.steps ? this.checks : (k === 0 ? 0 : this.checksAt[k - 1]),
      placements: k === 0 ? 0 : this.placementsAt[k - 1],
      solutions: k === 0 ? 0 : this.solutionsAt[k - 1],
    };
    const sentence = said >= 0 && this.texts[said] !== undefined ? this.texts[said] : this.sentence(k, checks);
    return { step: k, occupied, probe, line, checkLine, sentence, counters };
  }

  /** The page's own sentence for step k. @param {number} k  @param {number} checks  the checks made for it */
  sentence(k, checks) {
    const checked = checks === 0 ? '' : ` after ${counted(checks, 'check')}`;
    if (k === 0) return this.steps === 0 && this.checks > 0 ? `The program made ${counted(this.checks, 'check')} and no step.` : 'The empty board, before the first step.';
    const [kind, row, col] = this.record(this.stepAt[k - 1]);
    if (kind === KIND.PLACE) return `place(${row}, ${col}): a queen on row ${row}, column ${col}${checked}.`;
    if (kind === KIND.REMOVE) return `remove(${row}, ${col}): the queen on row ${row}, column ${col} is taken back${checked}.`;
    const f = this.found.find((x) => x.step === k);
    if (!f) return 'found()';
    if (f.firstStep) return `found(): this solution was already reported at step ${formatCount(f.firstStep)}.`;
    if (f.solution) return `found(): a solution, the ${ordinal(this.solutionsAt[k - 1])}.`;
    if (f.pair) return `found(): not a solution: the queens on ${squareName(f.pair[0], this.n)} and ${squareName(f.pair[1], this.n)} attack each other.`;
    return `found(): not a solution: ${f.squares.length} queen${f.squares.length === 1 ? '' : 's'} on a ${this.n}×${this.n} board.`;
  }
}

/** "row 2, column 5" for a square. @param {number} sq  @param {number} n */
export function squareName(sq, n) {
  return `row ${Math.floor(sq / n)}, column ${sq % n}`;
}

