// Puzzle mode's game around the board: the clock and the hints used over the
// board (the clock paused while the tab is hidden or Pause hides the board),
// Copy puzzle link, the daily panel (the streak and stats per kind, the
// archive of recent days, the "no help" setting), and the finish (the
// celebration beside the board, a daily solved kept in the results, Share
// and Play again). The hint box and the celebration sit beside the board on a
// wide screen and right under it on a narrow one. What is kept (each
// puzzle's game, the daily results) and its logic are record.js's; the
// clock's daily.js's.

import { counted, el } from '../lib/dom.js';
import { puzzleOnly } from './link.js';
import { PuzzleClock, formatTime, localDay } from './daily.js';
import {
  GameStore, KINDS, OLD_DAYS_KEY, RESULTS_KEY, archive, kindStats, kindStreak, readResults, shareText, statsText, withPlayed, withSolved,
} from './record.js';

/** How many days the archive shows (four weeks). */
const ARCHIVE_DAYS = 28;

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

/** localStorage, or null where the browser keeps none. */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * @typedef {import('./record.js').Game} Game
 * @typedef {import('./record.js').Kind} Kind
 */

export class GameView {
  /**
   * @param {HTMLElement} root  #puzzle
   * @param {{ timer: HTMLElement, hints: HTMLElement, copy: HTMLButtonElement, side: HTMLElement, celebration: HTMLElement,
   *   celebrationText: HTMLElement, dailyText: HTMLElement, stage: HTMLElement, boardFrame: HTMLElement, pause: HTMLButtonElement,
   *   share: HTMLButtonElement, shareText: HTMLElement, playAgain: HTMLButtonElement, stats: HTMLElement, archive: HTMLElement,
   *   quick: HTMLButtonElement }} parts  quick: Today's puzzle over the board, while no puzzle is played
   */
  constructor(root, parts) {
    this.root = root;
    this.parts = parts;
    this.stage = parts.stage;
    this.boardFrame = parts.boardFrame;
    this.clock = new PuzzleClock();
    this.games = new GameStore(storage());
    /** The puzzle played (its link), '' for a board of one's own: a new one starts the clock. */
    this.puzzleKey = '';
    /** The ways to finish the puzzle, once counted from its given queens; the solutions found. */
    this.total = /** @type {bigint | null} */ (null);
    this.found = new Set();
    this.celebrated = '';
    /** @type {import('./record.js').Finish | null} the first solve of the puzzle played */
    this.solved = null;
    /** Played again after it was solved: not counted. */
    this.again = false;
    /** The daily is played with no help (a setting the view keeps). */
    this.noHelp = false;
    /** Between a new puzzle's start and its kept game's return: nothing is kept meanwhile. */
    this.restoring = false;
    /** The puzzle view is the one shown (the view says so). */
    this.active = false;
    /** Pause pressed (the board hidden). */
    this.pausedByPlayer = false;
    /** @type {import('./model.js').PuzzleModel | null} the board played, for the share text */
    this.model = null;
    window.setInterval(() => this.tick(), 1000);
    const wide = window.matchMedia('(min-width: 900px)');
    wide.addEventListener('change', () => this.placeSide(wide.matches));
    this.placeSide(wide.matches);
    // The clock stands while the tab is hidden or closed.
    document.addEventListener('visibilitychange', () => this.followVisibility());
    window.addEventListener('pagehide', () => this.save());
    parts.pause.addEventListener('click', () => this.setPaused(!this.pausedByPlayer));
    parts.share.addEventListener('click', () => this.share());
    this.showDaily();
  }

  /** The daily results kept. */
  results() {
    return readResults(stored(RESULTS_KEY), stored(OLD_DAYS_KEY));
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
    // Nothing is kept of the new puzzle until its kept game, if any, is back (restore).
    this.restoring = true;
    this.found.clear();
    this.total = null;
    this.celebrated = '';
    this.solved = null;
    this.again = false;
    this.setPaused(false);
    if (key) this.clock.start(Date.now());
    else this.clock = new PuzzleClock();
    this.followVisibility();
    this.tick();
    return true;
  }

  /**
   * The game kept for the puzzle just started, if any: its clock and hints
   * go on from where they were (stopped, if it was solved and not played again).
   * @returns {Game | null}
   */
  restore() {
    this.restoring = false;
    const game = this.games.get(this.puzzleKey);
    if (!game) return null;
    this.solved = game.solved;
    this.again = game.again;
    this.clock.restore(Date.now(), game.elapsed, game.hints, Boolean(game.solved) && !game.again);
    this.followVisibility();
    this.tick();
    return game;
  }

  /**
   * A daily opened joins the days played.
   * @param {Kind} kind
   * @param {string} day
   */
  opened(kind, day) {
    store(RESULTS_KEY, JSON.stringify(withPlayed(this.results(), kind, day)));
    this.showDaily();
  }

  /**
   * Keeps the puzzle's game as it stands (nothing for a board of one's own).
   * @param {import('./model.js').PuzzleModel} [model]
   */
  save(model = this.model ?? undefined) {
    const key = this.puzzleKey;
    if (!key || !model || this.restoring) return;
    // Undo's boards of this puzzle only (a board left for another is not this game's).
    const same = (/** @type {import('./model.js').PuzzleBoard} */ b) => puzzleOnly(b).toString() === key;
    const step = (/** @type {import('./model.js').PuzzleBoard} */ b) => ({ squares: [...b.squares], marks: [...(b.marks ?? [])] });
    const now = Date.now();
    this.games.put({
      id: key, squares: [...model.squares], marks: [...model.marks], past: model.past.filter(same).map(step), future: model.future.filter(same).map(step),
      elapsed: this.clock.elapsed(now), hints: this.clock.hints, solved: this.solved, again: this.again, noHelp: this.noHelp && Boolean(model.puzzle?.daily), touched: now,
    });
  }

  /** A new hint was shown. */
  hintUsed() {
    this.clock.hints += 1;
    this.tick();
    this.save();
  }

  /** The clock stands while the tab is hidden, the puzzle view is not shown, or Pause is pressed. */
  followVisibility() {
    const now = Date.now();
    const hidden = document.visibilityState === 'hidden' || !this.active || this.pausedByPlayer;
    if (hidden) {
      this.clock.pause(now);
      this.save();
    } else {
      this.clock.unpause(now);
    }
    this.tick();
  }

  /**
   * Pause: the board hidden and the clock standing, until Resume.
   * @param {boolean} on
   */
  setPaused(on) {
    const can = on && this.clock.running && this.clock.stopped === null;
    this.pausedByPlayer = can;
    this.parts.pause.setAttribute('aria-pressed', String(can));
    this.parts.pause.textContent = can ? 'Resume' : 'Pause';
    if (can) this.root.dataset.paused = '';
    else delete this.root.dataset.paused;
    this.followVisibility();
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
    const link = linkTo(model);
    this.parts.copy.dataset.link = link;
    const clipboard = navigator.clipboard;
    if (!clipboard) return say(`Copy this link: ${link}`);
    clipboard.writeText(link).then(() => say('Link copied.'), () => say(`Copy this link: ${link}`));
  }

  /** The clock's line, once a second while a puzzle is played. */
  tick() {
    const { timer, hints, pause, quick } = this.parts;
    const on = this.clock.running;
    quick.hidden = on;
    timer.hidden = !on;
    hints.hidden = !on;
    pause.hidden = !on || (this.clock.stopped !== null && !this.pausedByPlayer);
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

  /** The daily panel: the streak of each kind, the stats and the archive of the last four weeks. */
  showDaily() {
    const results = this.results();
    const today = localDay(new Date());
    const runs = KINDS.map((kind) => kindStreak(results, kind, today));
    const done = results.solved.classic[today] ? ' Today\'s is solved.' : '';
    const regions = runs[1] || Object.keys(results.solved.regions).length ? `, regions ${counted(runs[1], 'day')}` : '';
    this.parts.dailyText.textContent = `A new puzzle every day, the same for everyone: easy on Monday, hardest on Sunday. Your streak: ${counted(runs[0], 'day')} in a row${regions}.${done}`;
    this.parts.dailyText.dataset.streak = String(runs[0]);
    this.parts.dailyText.dataset.streakRegions = String(runs[1]);
    this.parts.stats.replaceChildren(...KINDS.map((kind) => el('li', { 'data-kind': kind }, statsText(kindStats(results, kind, today), kind))));
    const days = archive(results, today, ARCHIVE_DAYS);
    this.parts.archive.replaceChildren(...days.map(({ day, kinds }) => el('li', { 'data-day': day }, [
      el('span', 'archive-day', day),
      ...KINDS.map((kind) => {
        const r = kinds[kind];
        const href = `?mode=puzzle${kind === 'regions' ? '&kind=regions' : ''}&daily=${day}`;
        const said = r === null ? 'not played' : r === 'played' ? 'started'
          : `solved in ${formatTime(r.time)}, ${counted(r.hints, 'hint')}${r.late ? ', later (not in the streak)' : ''}`;
        return el('a', { href, 'data-kind': kind, 'data-result': r === null ? 'none' : r === 'played' ? 'played' : r.late ? 'late' : 'solved' }, `${kind === 'regions' ? 'Regions' : 'Classic'}: ${said}`);
      }),
    ])));
  }

  /**
   * A solved puzzle: its clock stops, a daily one joins the results (the first
   * time, and not when played again), and the result is said.
   * @param {import('./model.js').PuzzleModel} model
   */
  celebrate(model) {
    const { puzzle, squares } = model;
    const solution = squares.join(',');
    this.found.add(solution);
    if (this.celebrated === solution) return;
    this.celebrated = solution;
    const now = Date.now();
    this.clock.stop(now);
    const time = this.clock.elapsed(now);
    const hints = this.clock.hints;
    const first = !this.solved;
    if (first) this.solved = { time, hints, squares: [...squares], counted: Boolean(puzzle?.daily) };
    const day = puzzle?.daily;
    const kind = puzzle?.kind ?? 'classic';
    const today = localDay(new Date(now));
    if (day && first && !this.again) {
      store(RESULTS_KEY, JSON.stringify(withSolved(this.results(), kind, day, { time, hints, solvedOn: today, ...(this.noHelp ? { noHelp: true } : {}) })));
    }
    if (day) this.showDaily();
    const said = first || this.again ? { time, hints } : this.solved ?? { time, hints };
    const hintWords = said.hints ? `with ${counted(said.hints, 'hint')}` : 'with no hint';
    const which = day ? `the daily ${kind === 'regions' ? 'regions ' : ''}puzzle of ${day}` : 'the puzzle';
    const parts = [`You solved ${which} in ${formatTime(said.time)}, ${hintWords}.`];
    if (this.again) parts.push('Played again: not counted.');
    if (day && !this.again) {
      const run = kindStreak(this.results(), kind, today);
      parts.push(day === today
        ? `Your ${kind} streak: ${counted(run, 'day')} in a row.`
        : `It is kept in the archive; only a daily solved on its own date adds to the streak (yours: ${counted(run, 'day')}).`);
    }
    const total = this.total;
    if (total !== null && total > 1n) {
      const left = total - BigInt(this.found.size);
      parts.push(left > 0n
        ? `You found ${this.found.size} of the ${total} ways to finish it: ${left === 1n ? 'find the other' : 'find the others'}.`
        : `You found all ${total} ways to finish it.`);
    }
    this.parts.celebrationText.textContent = parts.join(' ');
    this.parts.share.hidden = !day;
    this.parts.shareText.hidden = true;
    this.parts.playAgain.hidden = !model.puzzle;
    this.parts.celebration.hidden = false;
    this.root.dataset.celebrate = '';
    this.model = model;
    this.save(model);
    this.tick();
  }

  /** Play again (not counted): the clock from nothing, the result kept as it was. */
  playAgain() {
    this.again = true;
    this.celebrated = '';
    this.found.clear();
    this.clock.start(Date.now());
    this.followVisibility();
    this.parts.celebration.hidden = true;
    delete this.root.dataset.celebrate;
    this.tick();
  }

  /** Share: the share text of the daily solved, copied, and shown under the button. */
  share() {
    const model = this.model;
    const day = model?.puzzle?.daily;
    if (!model || !day) return;
    const result = this.again ? { time: this.clock.elapsed(Date.now()), hints: this.clock.hints } : this.solved ?? { time: 0, hints: 0 };
    const text = shareText({
      day, kind: model.puzzle?.kind ?? 'classic', time: result.time, hints: result.hints, n: model.n, regions: model.regions, link: linkTo(model), again: this.again, noHelp: this.noHelp,
    });
    const box = this.parts.shareText;
    box.textContent = text;
    box.hidden = false;
    const clipboard = navigator.clipboard;
    const done = (/** @type {string} */ state) => { box.dataset.copied = state; };
    if (!clipboard) return done('no');
    clipboard.writeText(text).then(() => done('yes'), () => done('no'));
  }
}

/**
 * The address of the puzzle alone (link.js's puzzleOnly).
 * @param {import('./model.js').PuzzleModel} model
 */
function linkTo(model) {
  const url = new URL(location.pathname, location.origin);
  url.search = `?mode=puzzle&${puzzleOnly(model).toString().replaceAll('%2C', ',')}`;
  return url.href;
}
