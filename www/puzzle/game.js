// Puzzle mode's game around the board: the clock and the hints used over the
// board, Copy puzzle link, the daily panel's streak, and the finish (the
// celebration beside the board, a daily puzzle added to the streak, "you
// found 1 of 2"). The hint box and the celebration sit beside the board on a
// wide screen and right under it on a narrow one. The clock's and the
// streak's logic are daily.js's.

import { counted } from '../lib/dom.js';
import { puzzleOnly } from './link.js';
import { PuzzleClock, formatTime, localDay, readDays, streak, withDay } from './daily.js';

/** Where the days the daily puzzle was solved are kept (localStorage). */
const DAYS_KEY = 'nqueens-daily-solved';

/**
 * localStorage's value, or null where the browser keeps none.
 * @param {string} key
 */
export function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {string} value
 */
export function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A browser that keeps nothing: the setting lasts for the visit.
  }
}

export class GameView {
  /**
   * @param {HTMLElement} root  #puzzle
   * @param {{ timer: HTMLElement, hints: HTMLElement, copy: HTMLButtonElement, side: HTMLElement, celebration: HTMLElement,
   *   celebrationText: HTMLElement, dailyText: HTMLElement, stage: HTMLElement, boardFrame: HTMLElement }} parts
   */
  constructor(root, parts) {
    this.root = root;
    this.parts = parts;
    this.stage = parts.stage;
    this.boardFrame = parts.boardFrame;
    this.clock = new PuzzleClock();
    /** The puzzle played (its link), '' for a board of one's own: a new one starts the clock. */
    this.puzzleKey = '';
    /** The ways to finish the puzzle, once counted from its given queens; the solutions found. */
    this.total = /** @type {bigint | null} */ (null);
    this.found = new Set();
    this.celebrated = '';
    window.setInterval(() => this.tick(), 1000);
    const wide = window.matchMedia('(min-width: 900px)');
    wide.addEventListener('change', () => this.placeSide(wide.matches));
    this.placeSide(wide.matches);
    this.showDaily();
  }

  /**
   * The puzzle shown is `key` (puzzleOnly's words): a new one starts its clock. True if it is new.
   * @param {string} key
   */
  startIfNew(key) {
    this.parts.celebration.hidden = true;
    delete this.root.dataset.celebrate;
    if (key === this.puzzleKey) return false;
    this.puzzleKey = key;
    this.found.clear();
    this.total = null;
    this.celebrated = '';
    if (key) this.clock.start(Date.now());
    else this.clock = new PuzzleClock();
    this.tick();
    return true;
  }

  /** A new hint was shown. */
  hintUsed() {
    this.clock.hints += 1;
    this.tick();
  }

  /** Whether the board is on the narrow layout (the hint box under the board). */
  narrow() {
    return this.parts.side.parentElement === this.stage;
  }

  /** Copy puzzle link: the puzzle alone (its size, kind, level, seed or given queens), never the player's queens. */
  /**
   * @param {import('./model.js').PuzzleModel} model
   * @param {(text: string) => void} say  the note under the coach line
   */
  copyLink(model, say) {
    const url = new URL(location.pathname, location.origin);
    url.search = `?mode=puzzle&${puzzleOnly(model).toString().replaceAll('%2C', ',')}`;
    const link = url.href;
    this.parts.copy.dataset.link = link;
    const said = say;
    const clipboard = navigator.clipboard;
    if (!clipboard) return said(`Copy this link: ${link}`);
    clipboard.writeText(link).then(() => said('Link copied.'), () => said(`Copy this link: ${link}`));
  }

  /** The clock's line, once a second while a puzzle is played. */
  tick() {
    const { timer, hints } = this.parts;
    const on = this.clock.running;
    timer.hidden = !on;
    hints.hidden = !on;
    if (!on) return;
    const text = `Time ${formatTime(this.clock.elapsed(Date.now()))}`;
    if (timer.textContent !== text) timer.textContent = text;
    const used = `${counted(this.clock.hints, 'hint')} used`;
    if (hints.textContent !== used) hints.textContent = used;
  }

  /**
   * The hint and the result beside the board (wide) or right under it (narrow).
   * @param {boolean} wide
   */
  placeSide(wide) {
    const side = this.parts.side;
    if (wide) {
      if (side.parentElement !== this.root) this.stage.after(side);
    } else if (side.previousElementSibling !== this.boardFrame) {
      this.boardFrame.after(side);
    }
  }

  /** The daily panel's line: the streak of days solved. */
  showDaily() {
    const days = readDays(stored(DAYS_KEY));
    const today = localDay(new Date());
    const run = streak(days, today);
    const done = days.includes(today) ? ' Today\'s is solved.' : '';
    this.parts.dailyText.textContent = `A new puzzle every day, the same for everyone: easy on Monday, hardest on Sunday. Your streak: ${counted(run, 'day')} in a row.${done}`;
    this.parts.dailyText.dataset.streak = String(run);
  }

  /** A solved puzzle: its clock stops, a daily one joins the streak, and the result is said. */
  /** @param {import('./model.js').PuzzleModel} model */
  celebrate(model) {
    const { puzzle, squares } = model;
    const solution = squares.join(',');
    this.found.add(solution);
    if (this.celebrated === solution) return;
    this.celebrated = solution;
    this.clock.stop(Date.now());
    if (puzzle?.daily) {
      store(DAYS_KEY, JSON.stringify(withDay(readDays(stored(DAYS_KEY)), puzzle.daily)));
      this.showDaily();
    }
    const time = formatTime(this.clock.elapsed(Date.now()));
    const hints = this.clock.hints ? `with ${counted(this.clock.hints, 'hint')}` : 'with no hint';
    const which = puzzle?.daily ? `the daily puzzle of ${puzzle.daily}` : 'the puzzle';
    const parts = [`You solved ${which} in ${time}, ${hints}.`];
    if (puzzle?.daily) parts.push(`Your streak: ${this.parts.dailyText.dataset.streak ?? '1'} days in a row.`.replace(' 1 days', ' 1 day'));
    const total = this.total;
    if (total !== null && total > 1n) {
      const left = total - BigInt(this.found.size);
      parts.push(left > 0n
        ? `You found ${this.found.size} of the ${total} ways to finish it: ${left === 1n ? 'find the other' : 'find the others'}.`
        : `You found all ${total} ways to finish it.`);
    }
    this.parts.celebrationText.textContent = parts.join(' ');
    this.parts.celebration.hidden = false;
    this.root.dataset.celebrate = '';
    this.tick();
  }
}
