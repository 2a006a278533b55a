// One lane of race mode on screen, inside the race's lanes box: its name in
// the lane's colour, a small live board (a click opens the search in the
// visualizer), its search-tree strip and the boards ruled out, its counters,
// and a mark: running, its finishing place and reading when done, or stopped
// at the step cap. Live data-steps/data-checks/data-solutions/data-done (and
// data-seed, the seed its session runs from) on the lane's element are for
// tests. In a race to the first solution a randomised lane shows its seed, a
// search for one solution its attacking pairs in place of the boards ruled
// out (it has no tree strip), and "done" means its first solution.
//
// Boards go to 1,000×1,000 in a race to the first solution: a big board is
// drawn from its queens (board.js's drawQueens, where board.js has it) and,
// while the race runs, at most every BIG_BOARD_MS, so N² squares a frame
// never hold the race up.

import { BoardView } from '../components/board.js';
import { el, formatCount } from '../lib/dom.js';
import { guard } from '../lib/errors.js';
import { STEP_CAP } from './clock.js';
import { laneColour } from '../components/colours.js';
import { drawStrip } from './chart.js';
import { ordinal, shortName } from '../lib/words.js';
import { YOUR_SEARCH } from '../program/trace-session.js';

/**
 * @typedef {import('./clock.js').Race} Race
 * @typedef {import('./clock.js').LaneEnd} LaneEnd
 * @typedef {object} LaneParts  what a lane that runs shows (one that cannot run has none)
 * @property {HTMLParagraphElement} mark
 * @property {HTMLCanvasElement} strip
 * @property {HTMLParagraphElement} space  the boards ruled out
 * @property {Record<string, HTMLElement>} counters  steps, checks and solutions
 * @property {BoardView} board
 */

/** Boards up to this N are drawn at every step the lane shows; bigger ones at most every BIG_BOARD_MS while running. */
const SMALL_BOARD_N = 64;
const BIG_BOARD_MS = 250;

/**
 * board.js's drawing of a big board from its queens, where it has one.
 * @typedef {object} QueensDrawing
 * @property {(n: number) => boolean} [isDense]  the squares too small for cells and crowns
 * @property {(board: { queens: ArrayLike<number>, conflicts: ArrayLike<number>, probe: number }, n: number) => void} [drawQueens]
 */

/**
 * Why permutations starts far ahead: of the N^N boards it only ever builds the
 * N! with one queen per column; the rest count as ruled out from the start.
 * @param {number} n
 * @returns {string}
 */
function permutationsHeadStart(n) {
  const total = BigInt(n) ** BigInt(n);
  let perms = 1n;
  for (let k = 2n; k <= BigInt(n); k++) perms *= k;
  // Cut to two decimals, as the lane's share is.
  const share = (Number(((total - perms) * 10000n) / total) / 100).toFixed(2);
  return `Starts at ${share}% ruled out: it never builds a board that repeats a column, so only ${formatCount(perms)} of the ${formatCount(total)} boards (${n}! of ${n}^${n}) are left to test.`;
}

/** One lane on screen: its board, strip, counters and mark. */
export class LaneView {
  /**
   * @param {import('./clock.js').Lane} lane  the lane in the race's model
   * @param {import('./race.js').RaceView} view  the race mode it belongs to (its
   *   player, race, reading(), stripColours() and onOpen)
   */
  constructor(lane, view) {
    this.lane = lane;
    this.view = view;
    const race = /** @type {Race} */ (view.race); // the race the lanes are built from
    this.n = race.n;
    this.goal = race.goal;
    const { info, index } = lane;
    const name = el('h3', { id: `lane-${info.id}-name`, class: 'lane-name' }, [el('span', 'race-swatch', ''), shortName(info)]);
    this.root = el('article', { class: 'race-lane', 'data-lane': info.id, 'aria-labelledby': name.id, style: `--lane-colour: ${laneColour(index)}` }, [name]);
    this.shown = { step: -1 };
    this.drawnStep = -1; // the step the board shows
    this.boardAt = 0; // when the board was last drawn
    this.described = -1; // the step the board's description is of (none yet)
    this.stale = false; // the strip is behind the lane
    this.stripWidth = 0; // CSS pixels, from fit()
    /** @type {LaneParts | null} */
    this.parts = null;
    if (!lane.session) {
      this.root.dataset.unable = 'true';
      this.root.dataset.done = 'false';
      this.root.append(el('p', 'lane-unable', lane.reason));
      return;
    }
    this.root.dataset.seed = String(lane.session.seed);
    if (race.goal === 'one') this.root.append(el('p', 'lane-seed', info.seeded ? `seed ${formatCount(lane.session.seed)}` : 'not randomised: the same run for every seed'));
    const mark = el('p', 'lane-mark', '');
    const canvas = el('canvas', { 'data-part': 'board', class: 'lane-board', role: 'img', 'aria-label': `${shortName(info)}'s board` });
    const strip = el('canvas', { class: 'lane-strip', 'aria-hidden': 'true' });
    const space = el('p', 'lane-space', '');
    /** @type {Record<string, HTMLElement>} */
    const counters = {};
    const list = el('dl', 'lane-counters', ['steps', 'checks', 'solutions'].map((key) => {
      counters[key] = el('dd', {}, '0');
      return el('div', {}, [el('dt', {}, key), counters[key]]);
    }));
    const open = el('button', { type: 'button', class: 'linkish lane-open', title: `Open ${shortName(info)} in the visualizer at this step` }, 'Open in the visualizer');
    // Your search is no search of the visualizer's: its lane opens nothing.
    const opens = info.id !== YOUR_SEARCH;
    if (opens) {
      open.addEventListener('click', () => this.open());
      canvas.addEventListener('click', () => this.open());
    }
    this.root.append(mark, canvas, strip, space);
    // Permutations is ahead before it starts: say why where its share shows.
    if (race.goal === 'all' && info.space === 'permutations') this.root.append(el('p', 'lane-why', permutationsHeadStart(race.n)));
    // On the wall clock brute force is fast for a reason its seed does not have: say so.
    if (race.clockId === 'wall' && info.space === 'all-boards') {
      this.root.append(el('p', 'lane-why', 'Shortcut: this version settles whole blocks of boards at once, from a table of which placements of a few rows already clash; the original program tests every board one by one, so on this clock it would finish far later.'));
    }
    // A check is a different amount of work in each lane: each says what one of its checks is.
    if (race.clockId === 'checks') this.root.append(el('p', 'lane-why lane-check', info.checkIs));
    this.root.append(list, ...(opens ? [open] : []));
    this.parts = { mark, strip, space, counters, board: new BoardView(this.root) };
  }

  /** Only a lane that runs has the buttons that call this. */
  open() {
    const s = /** @type {import('../types.js').Session} */ (this.lane.session);
    const step = guard(() => s.stepIndex, 0);
    this.view.player.stop();
    this.view.onOpen(this.lane.id, this.n, step);
  }

  /** After a resize (layout is fresh then): the board's size and the strip's width. */
  fit() {
    this.stale = true;
    this.stripWidth = this.parts?.strip.getBoundingClientRect().width ?? 0;
    if (this.parts?.board.fit()) this.parts.board.redraw();
  }

  /** @param {import('../components/board.js').Theme} theme */
  repaint(theme) {
    const board = this.parts?.board;
    if (!board) return;
    board.setTheme(theme);
    board.redraw();
    this.stale = true;
  }

  /**
   * Counters, hooks, mark and board, when the lane moved.
   * @param {number | undefined} rank  its place among the finished lanes (0 first), if done
   * @param {boolean} idle  the race stands still: the board's description is brought up to date too
   */
  update(rank, idle) {
    const { lane, parts } = this;
    const s = lane.session;
    if (!s || !parts) return; // a lane that cannot run has neither
    const step = s.stepIndex;
    const root = this.root;
    if (this.shown.step !== step) {
      this.shown.step = step;
      const figures = { steps: step, checks: s.checks, solutions: s.solutionCount };
      for (const [key, v] of Object.entries(figures)) {
        root.dataset[key] = String(v);
        parts.counters[key].textContent = formatCount(v);
      }
      const space = /** @type {import('../types.js').Space | null} */ (s.space()); // null for a search for one solution
      if (space) {
        const { total, ruledOut } = space;
        const share = total > 0n ? Number((ruledOut * 10000n) / total) / 100 : 0;
        parts.space.textContent = `Ruled out ${formatCount(ruledOut)} of ${formatCount(total)} boards (${share.toFixed(2)}%)`;
      } else {
        const conflicts = s.conflicts();
        parts.space.textContent = `${formatCount(conflicts)} attacking pair${conflicts === 1 ? '' : 's'} now${s.restarts ? ` · ${formatCount(s.restarts)} restart${s.restarts === 1 ? '' : 's'}` : ''}`;
      }
      this.stale = true;
    }
    if (this.drawnStep !== step && (idle || this.n <= SMALL_BOARD_N || performance.now() - this.boardAt >= BIG_BOARD_MS)) this.drawBoard();
    const done = lane.reached(this.goal);
    const capped = !done && lane.finish !== null && step >= /** @type {LaneEnd} */ (lane.last).steps; // set with finish
    root.dataset.done = String(done);
    root.dataset.capped = String(capped);
    if (done || capped) root.dataset.finish = String(lane.finish);
    else delete root.dataset.finish;
    const what = this.goal === 'one' ? 'solved' : 'done';
    const mark = done
      ? `✓ ${rank === undefined ? '' : ordinal(rank + 1)} · ${what} at ${this.view.reading(/** @type {number} */ (lane.finish))}` // noteEnd's; null only for the frames of going to a wall-clock link's steps
      : capped ? `Stopped at the cap (${formatCount(STEP_CAP)} steps): partial${this.goal === 'one' ? ', no solution yet' : ''}` : step === 0 ? 'At the start line' : 'Running';
    if (parts.mark.textContent !== mark) {
      parts.mark.textContent = mark;
    }
    root.classList.toggle('done', done);
    if (idle && this.described !== step) {
      this.described = step;
      parts.board.describe(s.queens(), this.n);
    }
  }

  /**
   * The board where the lane stands: from its cells, or for a big board from
   * its queens where board.js draws those (a cell each would be under a pixel).
   */
  drawBoard() {
    const s = /** @type {import('../types.js').Session} */ (this.lane.session);
    const board = /** @type {LaneParts} */ (this.parts).board;
    this.drawnStep = s.stepIndex;
    this.boardAt = performance.now();
    const dense = /** @type {BoardView & QueensDrawing} */ (board);
    if (this.n > SMALL_BOARD_N && dense.drawQueens && dense.isDense?.(this.n)) {
      dense.drawQueens({ queens: s.queens(), conflicts: s.queenConflicts(), probe: -1 }, this.n);
    } else {
      board.draw(s.cells(), this.n);
    }
  }

  drawStrip() {
    const s = this.lane.session;
    if (!s || !this.parts || !this.stale) return;
    this.stale = false;
    // A search for one solution has no tree of the N^N boards to show.
    this.parts.strip.hidden = !drawStrip(this.parts.strip, this.stripWidth, s, this.n, this.view.stripColours());
  }
}
