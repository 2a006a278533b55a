// What a program's box sends, checked on the page before anything believes it
// (no DOM). The box's own tracer keeps the board, but a program can reach
// into its box (prototypes in JavaScript, frames in Python), so the page
// replays every record on a board of its own: each board is the next N the
// page asked for, each square is on it, a queen is placed only on an empty
// square and removed only from an occupied one, each safe() answer is the
// true one, say() texts come in order, and the calls of each board are
// counted here against the limit. A record that breaks any of these ends
// the run as tampered with, with a sentence. Texts and messages are cut to
// their caps.
//
// A quiet run (timed, untraced) records nothing: its guard refuses any
// record, and believes its box's time of solve() only when it is a number no
// longer than the run took on the page's clock. Nothing else of a quiet run
// can be checked.
//
// Records are [kind, row, col, line]: 0 place, 1 remove, 2 safe (false),
// 3 safe (true), 4 found, 5 say (row: the text's index), 6 a new board
// (row: its index among the N asked for, col: its N).

/** The longest say() text kept. */
const TEXT_CAP = 300;
/** The longest message (an error's) kept. */
export const MESSAGE_CAP = 2_000;
/** The most records one chunk may carry. */
const CHUNK_RECORDS = 1 << 16;
/** The most say() texts one chunk may carry (the page adds them with one push). */
const CHUNK_TEXTS = 1 << 15;

/** @param {unknown} v  @param {number} cap */
export const capText = (v, cap) => {
  const s = typeof v === 'string' ? v : String(v ?? '');
  return s.length > cap ? `${s.slice(0, cap)}…` : s;
};

export class RunGuard {
  /**
   * @param {number[]} ns  the board sizes asked for, in order
   * @param {number} maxCalls  the most steps and checks a board may make
   * @param {{ quiet?: boolean }} [options]  quiet: the run records nothing, so any record is tampering
   */
  constructor(ns, maxCalls, { quiet = false } = {}) {
    this.ns = ns;
    this.quiet = quiet;
    this.maxCalls = maxCalls;
    /** boards started */
    this.boards = 0;
    this.n = 0;
    /** steps and checks of the current board */
    this.calls = 0;
    /** say() texts received (by index) */
    this.texts = 0;
    /** say() records seen */
    this.says = 0;
    this.occupied = new Uint8Array(0);
    this.rows = new Int32Array(0);
    this.cols = new Int32Array(0);
    this.downs = new Int32Array(0);
    this.ups = new Int32Array(0);
    /** @type {string | null} why the run was found tampered with */
    this.tampered = null;
    /** the limit of calls was passed */
    this.over = false;
    /** when over: the records of the last chunk within the limit (their length in numbers) */
    this.kept = 0;
  }

  /** @param {string} sentence */
  fail(sentence) {
    this.tampered ??= `The program tampered with its box: ${sentence} The run was ended, and nothing after it is believed.`;
    return false;
  }

  /**
   * Checks one chunk; false when it breaks a rule (then `tampered` or `over` says why).
   * @param {unknown} data
   * @param {unknown} texts
   * @returns {data is Int32Array}
   */
  take(data, texts) {
    if (this.tampered || this.over) return false;
    if (this.quiet) return this.fail('a run that records nothing sent records.');
    if (!(data instanceof Int32Array) || data.length % 4 !== 0) return this.fail('a chunk of records that is not whole records.');
    if (data.length / 4 > CHUNK_RECORDS) return this.fail(`a chunk of ${data.length / 4} records, more than ${CHUNK_RECORDS}.`);
    if (!Array.isArray(texts) || texts.length > CHUNK_TEXTS) return this.fail('texts that are not a list of a chunk\'s size.');
    for (let i = 0; i < texts.length; i++) {
      if (typeof texts[i] !== 'string') return this.fail('a say() text that is not text.');
      if (texts[i].length > TEXT_CAP + 1) texts[i] = capText(texts[i], TEXT_CAP);
    }
    this.texts += texts.length;
    for (let i = 0; i < data.length; i += 4) {
      const kind = data[i], row = data[i + 1], col = data[i + 2], line = data[i + 3];
      if (line < 0) return this.fail(`a record with line ${line}.`);
      if (kind === 6) {
        const want = this.ns[this.boards];
        if (want === undefined) return this.fail(`a board more than the ${this.ns.length} asked for.`);
        if (col !== want) return this.fail(`a board of size ${col} where N = ${want} was asked for.`);
        if (row !== this.boards) return this.fail(`board number ${row + 1} where board ${this.boards + 1} was next.`);
        this.start(want);
        continue;
      }
      if (this.boards === 0) return this.fail('a record before its board.');
      const n = this.n;
      if (kind === 5) {
        if (row !== this.says || col !== -1) return this.fail(`say() text number ${row} where ${this.says} was next.`);
        this.says++;
        if (this.says > this.texts) return this.fail('a say() record without its text.');
        if (this.says > this.maxCalls) return this.fail('more say() calls than a run may make.');
        continue;
      }
      if (kind === 4) {
        if (row !== -1 || col !== -1) return this.fail('a found() record with a square.');
      } else if (kind >= 0 && kind <= 3) {
        if (row < 0 || row >= n || col < 0 || col >= n) return this.fail(`a square (row ${row}, column ${col}) off the ${n}×${n} board.`);
        const sq = row * n + col, d = row + col, u = row - col + n - 1;
        if (kind === 0) {
          if (this.occupied[sq]) return this.fail(`a second queen on row ${row}, column ${col}.`);
          this.occupied[sq] = 1;
          this.rows[row]++; this.cols[col]++; this.downs[d]++; this.ups[u]++;
        } else if (kind === 1) {
          if (!this.occupied[sq]) return this.fail(`a queen taken from the empty square row ${row}, column ${col}.`);
          this.occupied[sq] = 0;
          this.rows[row]--; this.cols[col]--; this.downs[d]--; this.ups[u]--;
        } else {
          const answer = this.rows[row] === 0 && this.cols[col] === 0 && this.downs[d] === 0 && this.ups[u] === 0;
          if ((kind === 3) !== answer) return this.fail(`safe(${row}, ${col}) recorded as ${kind === 3} where the board says ${answer}.`);
        }
      } else {
        return this.fail(`a record of unknown kind ${kind}.`);
      }
      if (++this.calls > this.maxCalls) {
        this.calls--;
        this.over = true;
        this.kept = i;
        return false;
      }
    }
    return true;
  }

  /** A new board of size n. @param {number} n */
  start(n) {
    this.boards++;
    this.n = n;
    this.calls = 0;
    this.occupied = new Uint8Array(n * n);
    this.rows = new Int32Array(n);
    this.cols = new Int32Array(n);
    this.downs = new Int32Array(2 * n);
    this.ups = new Int32Array(2 * n);
  }

  /**
   * A quiet run's time of its solve() calls, as its box said, checked against
   * what the run took on the page's clock: the time, or null (then `tampered`
   * says why).
   * @param {unknown} ms  the box's figure
   * @param {number} tookMs  the run from start to end on the page's clock
   * @returns {number | null}
   */
  quietTime(ms, tookMs) {
    if (typeof ms === 'number' && ms >= 0 && ms <= tookMs) return ms;
    this.fail(`its box said solve() took ${capText(ms, 40)} ms in a run of ${Math.round(tookMs)} ms.`);
    return null;
  }

  /** Whether the run may end as done: every board asked for was started. */
  get complete() {
    return this.boards === this.ns.length;
  }
}
