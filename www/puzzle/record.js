// Puzzle mode's memory, without the DOM: each puzzle's game as it stood (the
// player's queens and marks, undo and redo, the time played and the hints
// used, whether and how it was solved), kept per puzzle in localStorage so
// that a reload or a tab closed and opened again finds the board as it was;
// and the daily puzzles' results per kind (classic, regions): the streak
// (days in a row, each solved on its own date), the archive of recent days,
// the stats, and the share text of a solved daily. The views (game.js,
// puzzle.js) read these; `storage` is localStorage or anything with its
// getItem and setItem.

import { addDays, formatTime, parseDay, readDays } from './daily.js';

/** Where each puzzle's game is kept. */
export const GAMES_KEY = 'nqueens-puzzle-games';
/** Where the daily puzzles' results are kept, per kind. */
export const RESULTS_KEY = 'nqueens-puzzle-dailies';
/** Where the days solved were kept before results had kinds (read once, as classic days solved on their date). */
export const OLD_DAYS_KEY = 'nqueens-daily-solved';
/** How many puzzles' games are kept (the least recently played go first). */
const KEPT_GAMES = 60;
/** How many undo steps a kept game holds. */
const KEPT_STEPS = 400;
/** How many days of results are kept per kind. */
const KEPT_DAYS = 400;

/** @typedef {'classic' | 'regions'} Kind */

/**
 * @typedef {object} Step  one board of a game's undo or redo: the player's own queens and marks
 * @property {number[]} squares
 * @property {number[]} marks
 */

/**
 * @typedef {object} Finish  how a puzzle was solved
 * @property {number} time  ms on the clock
 * @property {number} hints
 * @property {number[]} squares  the solved board's queens (the given ones among them)
 * @property {boolean} counted  a daily solved for the first time (a game played again is not counted)
 */

/**
 * @typedef {object} Game  a puzzle's game as kept
 * @property {string} id  the puzzle (link.js's puzzleOnly words)
 * @property {number[]} squares  every queen on the board, the given ones among them
 * @property {number[]} marks
 * @property {Step[]} past  undo's boards, oldest first
 * @property {Step[]} future  redo's boards, the next one last
 * @property {number} elapsed  ms played (the clock counts only while the puzzle is shown)
 * @property {number} hints  hints used
 * @property {Finish | null} solved  the first solve of this game
 * @property {boolean} again  played again after it was solved (not counted)
 * @property {boolean} noHelp  the daily's "no help" mode: no coach, no shading, Check counts as a hint
 * @property {number} touched  when it was last kept (ms), to drop the oldest
 */

/**
 * @typedef {object} DayResult  a daily puzzle solved
 * @property {number} time  ms
 * @property {number} hints
 * @property {string} solvedOn  the player's date when it was solved (YYYY-MM-DD)
 * @property {boolean} [noHelp]
 */

/**
 * @typedef {object} Results  the daily puzzles per kind: solved ones by date, and the dates played
 * @property {Record<Kind, Record<string, DayResult>>} solved
 * @property {Record<Kind, string[]>} played
 */

/**
 * A whole number of at least 0, or `fallback`.
 * @param {unknown} value
 * @param {number} [fallback]
 */
const count = (value, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback);

/**
 * A list of squares, or [] for anything else.
 * @param {unknown} value
 * @returns {number[]}
 */
const squaresOf = (value) => (Array.isArray(value) ? value.filter((s) => Number.isInteger(s) && s >= 0 && s < 10_000) : []);

/**
 * @param {unknown} value
 * @returns {Step[]}
 */
const stepsOf = (value) => (Array.isArray(value)
  ? value.filter((s) => s && typeof s === 'object').map((s) => ({ squares: squaresOf(s.squares), marks: squaresOf(s.marks) })).slice(-KEPT_STEPS)
  : []);

/**
 * A game read back from what was kept, or null when it is none.
 * @param {string} id
 * @param {unknown} raw
 * @returns {Game | null}
 */
export function readGame(id, raw) {
  if (!raw || typeof raw !== 'object') return null;
  const g = /** @type {Record<string, any>} */ (raw);
  const solved = g.solved && typeof g.solved === 'object'
    ? { time: count(g.solved.time), hints: count(g.solved.hints), squares: squaresOf(g.solved.squares), counted: Boolean(g.solved.counted) }
    : null;
  return {
    id, squares: squaresOf(g.squares), marks: squaresOf(g.marks), past: stepsOf(g.past), future: stepsOf(g.future),
    elapsed: count(g.elapsed), hints: count(g.hints), solved, again: Boolean(g.again), noHelp: Boolean(g.noHelp), touched: count(g.touched),
  };
}

/**
 * @param {string | null} text
 * @returns {unknown}
 */
function parse(text) {
  try {
    return JSON.parse(text ?? 'null');
  } catch {
    return null;
  }
}

/**
 * @typedef {{ getItem(key: string): string | null, setItem(key: string, value: string): void }} Storage
 */

/** Each puzzle's game, kept: read when a puzzle is opened, written as it is played. */
export class GameStore {
  /** @param {Storage | null} storage */
  constructor(storage) {
    this.storage = storage;
  }

  /** @returns {Record<string, unknown>} */
  all() {
    let text = null;
    try {
      text = this.storage?.getItem(GAMES_KEY) ?? null;
    } catch {
      // A browser that keeps nothing.
    }
    const value = parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : {};
  }

  /**
   * The game kept for a puzzle, or null.
   * @param {string} id
   */
  get(id) {
    return id ? readGame(id, this.all()[id]) : null;
  }

  /**
   * Keeps a puzzle's game (the least recently played dropped past KEPT_GAMES).
   * @param {Game} game
   */
  put(game) {
    if (!game.id) return;
    const games = this.all();
    games[game.id] = { ...game, past: game.past.slice(-KEPT_STEPS), future: game.future.slice(-KEPT_STEPS) };
    const ids = Object.keys(games);
    if (ids.length > KEPT_GAMES) {
      const touched = (/** @type {string} */ id) => count(/** @type {any} */ (games[id])?.touched);
      ids.sort((a, b) => touched(a) - touched(b));
      for (const id of ids.slice(0, ids.length - KEPT_GAMES)) delete games[id];
    }
    try {
      this.storage?.setItem(GAMES_KEY, JSON.stringify(games));
    } catch {
      // Full or refused: the game lasts for the visit.
    }
  }
}

/** @returns {Results} */
const noResults = () => ({ solved: { classic: {}, regions: {} }, played: { classic: [], regions: [] } });

/** @type {Kind[]} */
export const KINDS = ['classic', 'regions'];

/**
 * The daily results read back from what was kept (anything else: none); the
 * days of the older list of days solved join the classic ones, as solved on
 * their own date.
 * @param {string | null} text  RESULTS_KEY's value
 * @param {string | null} [oldDays]  OLD_DAYS_KEY's value
 * @returns {Results}
 */
export function readResults(text, oldDays = null) {
  const results = noResults();
  const raw = /** @type {any} */ (parse(text));
  for (const kind of KINDS) {
    const solved = raw?.solved?.[kind];
    if (solved && typeof solved === 'object') {
      for (const [day, r] of Object.entries(solved)) {
        if (!parseDay(day) || !r || typeof r !== 'object') continue;
        const on = typeof r.solvedOn === 'string' && parseDay(r.solvedOn) ? r.solvedOn : day;
        results.solved[kind][day] = { time: count(r.time), hints: count(r.hints), solvedOn: on, ...(r.noHelp ? { noHelp: true } : {}) };
      }
    }
    const played = raw?.played?.[kind];
    if (Array.isArray(played)) results.played[kind] = played.filter((d) => typeof d === 'string' && parseDay(d)).sort().slice(-KEPT_DAYS);
  }
  for (const day of readDays(oldDays)) {
    if (!results.solved.classic[day]) results.solved.classic[day] = { time: 0, hints: 0, solvedOn: day };
    if (!results.played.classic.includes(day)) results.played.classic.push(day);
  }
  results.played.classic.sort();
  return results;
}

/**
 * A daily opened: it joins the days played.
 * @param {Results} results
 * @param {Kind} kind
 * @param {string} day
 */
export function withPlayed(results, kind, day) {
  if (results.played[kind].includes(day)) return results;
  const played = [...results.played[kind], day].sort().slice(-KEPT_DAYS);
  return { ...results, played: { ...results.played, [kind]: played } };
}

/**
 * A daily solved: kept with its time and hints and the date it was solved on,
 * the first time only (playing it again changes nothing).
 * @param {Results} results
 * @param {Kind} kind
 * @param {string} day  the daily's date
 * @param {DayResult} result
 */
export function withSolved(results, kind, day, result) {
  const played = withPlayed(results, kind, day);
  if (played.solved[kind][day]) return played;
  const days = Object.keys(played.solved[kind]).sort().slice(-(KEPT_DAYS - 1));
  /** @type {Record<string, DayResult>} */
  const kept = {};
  for (const d of days) kept[d] = played.solved[kind][d];
  kept[day] = result;
  return { ...played, solved: { ...played.solved, [kind]: kept } };
}

/**
 * Whether a day's result counts for the streak: solved on its own date.
 * @param {DayResult | undefined} r
 * @param {string} day
 */
const onItsDay = (r, day) => Boolean(r && r.solvedOn === day);

/**
 * The streak of a kind: days in a row, each daily solved on its own date, up
 * to today (or up to yesterday while today's is not solved yet). A past daily
 * solved later never counts.
 * @param {Results} results
 * @param {Kind} kind
 * @param {string} today
 */
export function kindStreak(results, kind, today) {
  const solved = results.solved[kind];
  let day = onItsDay(solved[today], today) ? today : addDays(today, -1);
  let run = 0;
  while (onItsDay(solved[day], day)) {
    run++;
    day = addDays(day, -1);
  }
  return run;
}

/**
 * The longest streak of a kind ever kept.
 * @param {Results} results
 * @param {Kind} kind
 */
export function bestStreak(results, kind) {
  const days = Object.keys(results.solved[kind]).filter((d) => onItsDay(results.solved[kind][d], d)).sort();
  let best = 0;
  let run = 0;
  let last = '';
  for (const day of days) {
    run = last && addDays(last, 1) === day ? run + 1 : 1;
    best = Math.max(best, run);
    last = day;
  }
  return best;
}

/**
 * @typedef {object} KindStats
 * @property {number} played  dailies opened
 * @property {number} solved
 * @property {number | null} best  the fastest time (ms), null before any
 * @property {number | null} average  ms
 * @property {number | null} hintsPer  hints per puzzle solved
 * @property {number} streak
 * @property {number} bestStreak
 */

/**
 * The stats of a kind's dailies.
 * @param {Results} results
 * @param {Kind} kind
 * @param {string} today
 * @returns {KindStats}
 */
export function kindStats(results, kind, today) {
  const solved = Object.values(results.solved[kind]);
  const timed = solved.filter((r) => r.time > 0);
  const times = timed.map((r) => r.time);
  return {
    played: new Set([...results.played[kind], ...Object.keys(results.solved[kind])]).size,
    solved: solved.length,
    best: times.length ? Math.min(...times) : null,
    average: times.length ? Math.round(times.reduce((a, b) => a + b, 0) / times.length) : null,
    hintsPer: timed.length ? timed.reduce((a, r) => a + r.hints, 0) / timed.length : null,
    streak: kindStreak(results, kind, today),
    bestStreak: bestStreak(results, kind),
  };
}

/**
 * The stats of a kind in one sentence.
 * @param {KindStats} s
 * @param {Kind} kind
 */
export function statsText(s, kind) {
  const name = kind === 'regions' ? 'Regions' : 'Classic';
  const days = (/** @type {number} */ v) => `${v} ${v === 1 ? 'day' : 'days'}`;
  const times = s.best === null || s.average === null ? '' : ` Best time ${formatTime(s.best)}, average ${formatTime(s.average)}.`;
  const per = s.hintsPer === null ? 0 : Number(s.hintsPer.toFixed(1));
  const hints = s.hintsPer === null ? '' : ` ${per === 0 ? 'No hints' : `${per} ${per === 1 ? 'hint' : 'hints'}`} per puzzle.`;
  return `${name}: ${s.played} played, ${s.solved} solved.${times}${hints} Streak ${days(s.streak)}, best ${days(s.bestStreak)}.`;
}

/**
 * @typedef {object} ArchiveDay  one day of the archive, per kind: solved (with how), opened, or not played
 * @property {string} day
 * @property {Record<Kind, (DayResult & { late: boolean }) | 'played' | null>} kinds  late: solved after its date
 */

/**
 * The archive of the last `days` days up to today, newest first.
 * @param {Results} results
 * @param {string} today
 * @param {number} days
 * @returns {ArchiveDay[]}
 */
export function archive(results, today, days) {
  /** @type {ArchiveDay[]} */
  const out = [];
  for (let i = 0; i < days; i++) {
    const day = addDays(today, -i);
    /** @type {ArchiveDay['kinds']} */
    const kinds = { classic: null, regions: null };
    for (const kind of KINDS) {
      const r = results.solved[kind][day];
      kinds[kind] = r ? { ...r, late: r.solvedOn !== day } : results.played[kind].includes(day) ? 'played' : null;
    }
    out.push({ day, kinds });
  }
  return out;
}

/**
 * Whether a daily's date is still to come for the player: it is not out yet.
 * @param {string} day
 * @param {string} today
 */
export const notOutYet = (day, today) => day > today;

/** Coloured squares for a regions board in the share text, one per region (cycled past nine). */
const REGION_SQUARES = ['🟥', '🟦', '🟨', '🟩', '🟪', '🟧', '🟫', '⬜', '⬛'];

/**
 * The share text of a solved daily: the date, the kind, the time, the hints,
 * a small grid that gives nothing away (a regions board's regions, a classic
 * board's squares, never a queen) and the link that opens the same puzzle.
 * @param {{ day: string, kind: Kind, time: number, hints: number, n: number, regions: ArrayLike<number> | null, link: string, noHelp?: boolean, again?: boolean }} r
 */
export function shareText({ day, kind, time, hints, n, regions, link, noHelp = false, again = false }) {
  const name = kind === 'regions' ? 'regions' : 'classic';
  const help = hints === 0 ? 'no hint' : `${hints} ${hints === 1 ? 'hint' : 'hints'}`;
  const rows = [];
  for (let r = 0; r < n; r++) {
    let row = '';
    for (let c = 0; c < n; c++) row += regions ? REGION_SQUARES[regions[r * n + c] % REGION_SQUARES.length] : (r + c) % 2 ? '⬛' : '⬜';
    rows.push(row);
  }
  const modes = [noHelp ? 'no help' : '', again ? 'played again' : ''].filter(Boolean);
  const mode = modes.length ? ` (${modes.join(', ')})` : '';
  return [`N-Queens daily ${name} puzzle, ${day}${mode}`, `Solved in ${formatTime(time)} with ${help}.`, ...rows, link].join('\n');
}
