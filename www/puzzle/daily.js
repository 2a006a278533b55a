// Puzzle mode's game, without the DOM: the daily puzzle of a date (the same
// for every player, worked out from the date alone, so offline too), the
// clock of a puzzle, and the streak of days solved.

/** A day's level by weekday, Sunday first: Monday easy, rising to Sunday. */
const WEEK_LEVELS = ['expert', 'easy', 'easy', 'medium', 'medium', 'hard', 'hard'];
/** A day's board size by weekday, Sunday first. */
const WEEK_SIZES = [10, 6, 7, 8, 8, 9, 10];
/** How many solved days the streak keeps (a little over a year). */
const KEPT_DAYS = 400;

/**
 * The date of "YYYY-MM-DD" as { year, month, day }, or null when it is no
 * such date (2026-02-30 is none).
 * @param {string} text
 * @returns {{ year: number, month: number, day: number } | null}
 */
export function parseDay(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * A date as "YYYY-MM-DD" in the player's own time zone.
 * @param {Date} date
 */
export function localDay(date) {
  const pad = (/** @type {number} */ v) => String(v).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The day `by` days after `day` (before, when negative).
 * @param {string} day  YYYY-MM-DD
 * @param {number} by
 */
export function addDays(day, by) {
  const d = parseDay(day);
  if (!d) return day;
  const date = new Date(Date.UTC(d.year, d.month - 1, d.day + by));
  return date.toISOString().slice(0, 10);
}

/**
 * The weekday of a date, 0 for Sunday to 6 for Saturday (the same in every time zone).
 * @param {string} day  YYYY-MM-DD
 */
export function weekday(day) {
  const d = parseDay(day);
  return d ? new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() : 0;
}

/**
 * A seed from a date: FNV-1a over its text, below 2^31.
 * @param {string} day  YYYY-MM-DD
 */
export function daySeed(day) {
  let hash = 0x811c9dc5;
  for (const ch of `nqueens daily ${day}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 0x80000000;
}

/**
 * The daily puzzle of a date: its size, level and seed. The level rises over
 * the week (Monday easy, Sunday the hardest the core offers at that size: a
 * level it does not offer falls to the next one down).
 * @param {string} day  YYYY-MM-DD
 * @param {(n: number) => string[]} levels  the levels the core offers at N
 * @returns {{ n: number, level: string, seed: number }}
 */
export function dailyPuzzle(day, levels) {
  const w = weekday(day);
  const n = WEEK_SIZES[w];
  const order = ['easy', 'medium', 'hard', 'expert'];
  const offered = levels(n);
  let at = order.indexOf(WEEK_LEVELS[w]);
  while (at > 0 && !offered.includes(order[at])) at--;
  return { n, level: order[at], seed: daySeed(day) };
}

/**
 * The days solved with `day` added, in order, the oldest dropped past KEPT_DAYS.
 * @param {string[]} days
 * @param {string} day
 */
export function withDay(days, day) {
  return [...new Set([...days, day])].sort().slice(-KEPT_DAYS);
}

/**
 * The streak: how many days in a row were solved, up to today (or up to
 * yesterday while today is not solved yet: the streak is not lost before the
 * day is over).
 * @param {string[]} days  the days solved
 * @param {string} today  YYYY-MM-DD
 */
export function streak(days, today) {
  const solved = new Set(days);
  let day = solved.has(today) ? today : addDays(today, -1);
  let count = 0;
  while (solved.has(day)) {
    count++;
    day = addDays(day, -1);
  }
  return count;
}

/**
 * The days solved, read from what localStorage kept (anything else: none).
 * @param {string | null} stored
 * @returns {string[]}
 */
export function readDays(stored) {
  try {
    const value = JSON.parse(stored ?? '[]');
    return Array.isArray(value) ? value.filter((d) => typeof d === 'string' && parseDay(d)) : [];
  } catch {
    return [];
  }
}

/**
 * "0:42", "12:05", "1:02:03": a time in minutes and seconds.
 * @param {number} ms
 */
export function formatTime(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const two = (/** @type {number} */ v) => String(v).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A puzzle's clock and the hints asked on it: started when the puzzle is
 * shown, paused while it is not (the tab hidden, Pause pressed), stopped when
 * it is solved; a kept game's clock goes on from the time it had.
 */
export class PuzzleClock {
  constructor() {
    this.started = 0;
    /** @type {number | null} */
    this.stopped = null;
    /** @type {number | null} when it was paused, while it is */
    this.pausedAt = null;
    this.hints = 0;
    this.running = false;
  }

  /** @param {number} now  ms */
  start(now) {
    this.restore(now, 0, 0, false);
  }

  /**
   * Goes on from a kept time and hints (stopped: the game was solved).
   * @param {number} now
   * @param {number} elapsed  ms
   * @param {number} hints
   * @param {boolean} stopped
   */
  restore(now, elapsed, hints, stopped) {
    this.started = now - elapsed;
    this.stopped = stopped ? now : null;
    this.pausedAt = null;
    this.hints = hints;
    this.running = true;
  }

  /** @param {number} now */
  stop(now) {
    if (!this.running || this.stopped !== null) return;
    this.stopped = this.pausedAt ?? now;
    this.pausedAt = null;
  }

  /** Going on after a solved board was changed again. @param {number} now */
  resume(now) {
    if (this.stopped === null) return;
    this.started += now - this.stopped;
    this.stopped = null;
  }

  /** Paused: the time stands until unpause. @param {number} now */
  pause(now) {
    if (!this.running || this.stopped !== null || this.pausedAt !== null) return;
    this.pausedAt = now;
  }

  /** @param {number} now */
  unpause(now) {
    if (this.pausedAt === null) return;
    this.started += now - this.pausedAt;
    this.pausedAt = null;
  }

  /** Whether the clock stands while the puzzle is not played. */
  paused() {
    return this.pausedAt !== null;
  }

  /** @param {number} now */
  elapsed(now) {
    if (!this.running) return 0;
    return (this.stopped ?? this.pausedAt ?? now) - this.started;
  }
}
