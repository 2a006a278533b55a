// A chapter's live view: one session of the core in the chapter's own root,
// drawn by the page's components (the board, the counters, and the one panel
// the chapter is about: the search tree, the registers, the conflicts chart or
// the gallery), with its own small set of controls. One at a time: the mode
// opens a LiveView when a chapter opens and frees it when it closes.
//
// Every number it shows is read from the session or the core.

import { BoardView, readTheme } from '../components/board.js';
import { ConflictsChart } from '../components/conflicts-chart.js';
import { Counters } from '../components/panels.js';
import { FrameLoop, Runner } from '../components/runner.js';
import { Gallery } from '../components/gallery.js';
import { RegistersPanel } from '../components/registers.js';
import { TreePanel } from '../components/tree.js';
import { el, formatCount } from '../lib/dom.js';
import { SMALL_TREE_MAX_N, SmallTreeView } from './small-tree.js';
import { guard } from '../lib/errors.js';

/**
 * @typedef {import('../types.js').Session} Session
 * @typedef {import('../core/core.js').Core} Core
 */

/**
 * @typedef {object} LiveSpec  what a chapter shows
 * @property {string} algorithm
 * @property {number} n
 * @property {number} [seed]  for a seeded search
 * @property {number} [step]  where it opens
 * @property {'tree'|'registers'|'conflicts'|'gallery'|null} panel
 * @property {(s: Session, core: Core) => [string, string][]} [facts]  lines read from the core, shown beside the counters
 * @property {FactsTable | null} [table]  a table of numbers read from the core, under the board
 * @property {number} [playSpeed]  steps a second while playing
 * @property {string} [panelTitle]  the panel's heading, when the usual one does not fit the search
 * @property {string} [panelNote]  the panel's note under it, likewise
 * @property {(n: number) => void} [resize]  opens the view again at another N (the chapter's size chooser)
 */

/**
 * @typedef {object} FactsTable  numbers read from the core, as a table
 * @property {string} caption
 * @property {string[]} head
 * @property {string[][]} rows  the first cell of each row is its header
 * @property {string} [id]  the table's data-table, for tests
 */

/** The most steps a lecture slide runs the view to reach its moment. */
const LECTURE_REACH = 2_000_000;

/** The counters a search for every solution shows, and one for one solution. */
const ALL_COUNTERS = [['steps', 'Steps'], ['checks', 'Checks'], ['placements', 'Placements'], ['backtracks', 'Backtracks'], ['solutions', 'Solutions']];
const ONE_COUNTERS = [['steps', 'Steps'], ['checks', 'Checks'], ['moves', 'Moves'], ['restarts', 'Restarts'], ['conflicts', 'Conflicts']];

/**
 * A button with a title.
 * @param {string} partName
 * @param {string} text
 * @param {string} title
 */
const button = (partName, text, title) => el('button', { type: 'button', 'data-part': partName, title }, text);

export class LiveView {
  /**
   * Builds the view's markup in `host` and opens the session.
   * @param {HTMLElement} host  the chapter's slot for its live view
   * @param {Core} core
   * @param {LiveSpec} spec
   */
  constructor(host, core, spec) {
    this.core = core;
    this.spec = spec;
    this.info = core.algorithms.find((a) => a.id === spec.algorithm);
    const one = this.info?.goal === 'one';
    // One meaning a name: the construction's moves are queens put down, so its counter says so.
    const names = one && !this.info?.seeded ? ONE_COUNTERS.map(([k, label]) => [k, k === 'moves' ? 'Queens placed' : label]) : one ? ONE_COUNTERS : ALL_COUNTERS;
    this.root = el('div', { class: 'learn-live', 'data-part': 'live', 'data-algorithm': spec.algorithm, 'data-n': spec.n });
    const canvas = el('canvas', { id: 'learn-board', class: 'board-canvas learn-board', 'data-part': 'board', role: 'img', 'aria-label': 'Chess board' });
    this.message = el('p', { class: 'status learn-status', 'data-part': 'message', 'aria-live': 'polite' });
    this.buttons = {
      reset: button('reset', 'Reset', 'Back to the empty board'),
      back: button('step-back', '← Back', 'One step back (←)'),
      step: button('step', 'Step →', 'One step (→)'),
      play: button('play', 'Play', 'Play or pause'),
      next: button('next-solution', one ? 'Run to the solution' : 'Next solution', one ? 'Run until the search finds its solution' : 'Run to the next solution'),
      end: button('run-to-end', 'Run to end', 'Run the search to its end'),
    };
    this.buttons.play.setAttribute('aria-pressed', 'false');
    this.buttons.play.classList.add('primary');
    if (one) this.buttons.end.hidden = true;
    const counters = el('dl', 'counters learn-counters', names.map(([name, label]) => el('div', '', [el('dt', '', label), el('dd', { 'data-part': name }, '0')])));
    this.factsList = el('dl', { class: 'learn-facts', 'data-part': 'facts' });
    // What each counter counts for this search, beside the counters.
    const info = this.info;
    const defs = info ? /** @type {[string, string][]} */ ([
      ['Steps', `one step is ${info.stepIs}.`],
      ['Checks', info.checkIs],
      one ? [names.find(([k]) => k === 'moves')?.[1] ?? 'Moves', info.moveIs] : ['Placements', info.placementIs],
    ]).filter(([, text]) => text) : [];
    const counterDefs = el('details', { class: 'learn-defs', 'data-part': 'counter-defs', open: true }, [
      el('summary', '', 'What the counters count'),
      el('dl', '', defs.map(([name, text]) => el('div', '', [el('dt', '', name), el('dd', '', text)]))),
    ]);
    this.panelBox = el('div', 'learn-panel');
    this.root.append(
      el('div', 'learn-stage', [
        el('div', 'board-wrap learn-board-wrap', [canvas]),
        el('div', 'learn-side', [
          this.message,
          el('div', { class: 'learn-controls', role: 'group', 'aria-label': 'Step the search' }, Object.values(this.buttons)),
          counters,
          counterDefs,
          this.factsList,
        ]),
      ]),
      this.panelBox,
    );
    if (spec.table) this.root.append(factsTable(spec.table));
    host.replaceChildren(this.root);

    this.board = new BoardView(this.root);
    this.counters = new Counters(this.root, names.map(([name]) => name));
    this.tree = /** @type {TreePanel|null} */ (null);
    /** @type {SmallTreeView|null} backtracking's whole tree, node by node, at a small N */
    this.smallTree = null;
    this.registers = /** @type {RegistersPanel|null} */ (null);
    this.chart = /** @type {ConflictsChart|null} */ (null);
    this.gallery = /** @type {Gallery|null} */ (null);
    /** @type {{ root: HTMLElement, draw: () => void, free: () => void }[]} pictures adopted from the chapter */
    this.extras = [];
    this.buildPanel(spec.panel);

    /** @type {'idle'|'play'|'solution'|'end'} */
    this.mode = 'idle';
    this.credit = 0; // steps owed to play since the last frame
    this.loop = new FrameLoop((_now, dt) => this.frame(dt), () => {});
    this.buttons.reset.addEventListener('click', () => this.act(() => this.session?.reset()));
    this.buttons.back.addEventListener('click', () => this.act(() => this.session?.stepBack()));
    this.buttons.step.addEventListener('click', () => this.act(() => this.session?.step()));
    this.buttons.play.addEventListener('click', () => this.start(this.mode === 'play' ? 'idle' : 'play'));
    this.buttons.next.addEventListener('click', () => this.start('solution'));
    this.buttons.end.addEventListener('click', () => this.start('end'));
    this.resize = new ResizeObserver(() => {
      if (this.board.fit()) this.board.redraw();
      if (this.tree?.fit()) this.tree.update(true);
      if (this.chart?.fit()) this.chart.update(true);
    });
    this.resize.observe(canvas);
    if (this.tree) this.resize.observe(this.tree.canvas);
    if (this.chart) this.resize.observe(this.chart.canvas);

    /** @type {Session|null} */
    this.session = guard(() => {
      const { Session } = core.wasm;
      return this.info?.seeded ? Session.seeded(spec.algorithm, spec.n, spec.seed ?? core.limits.defaultSeed) : new Session(spec.algorithm, spec.n);
    }, null);
    this.runner = this.session ? new Runner(this.session) : null;
    if (!this.session) {
      this.message.textContent = 'The solver refused this view.';
      return;
    }
    this.tree?.reset(this.session, /** @type {import('../types.js').AlgorithmInfo} */ (this.info), spec.n);
    this.chart?.reset(this.session);
    if (this.gallery) {
      this.gallery.limit = core.limits.maxRememberedSolutions;
      this.gallery.totals = guard(() => core.wasm.countBoth(spec.n), null);
      this.gallery.reset(spec.n, this.board.theme);
    }
    const step = spec.step;
    if (step) guard(() => this.session?.seek(step));
    this.showFacts();
    this.render(true);
  }

  /**
   * The one panel the chapter is about, with the parts its component finds.
   * @param {LiveSpec['panel']} kind
   */
  buildPanel(kind) {
    const box = this.panelBox;
    if (kind === 'tree') {
      box.append(
        el('h3', '', 'The search tree'),
        el('p', { class: 'tree-summary', 'data-part': 'tree-summary', 'aria-live': 'off' }),
        el('div', 'tree-zoom-row', [
          el('button', { type: 'button', class: 'tree-follow', 'data-part': 'tree-follow', 'aria-pressed': 'false' }, 'Zoom in: follow the current path'),
          el('p', { class: 'muted tree-zoom', 'data-part': 'tree-zoom', 'aria-live': 'polite', hidden: true }),
        ]),
        el('div', 'tree-frame', [
          el('canvas', { id: 'learn-tree', class: 'tree-canvas', 'data-part': 'tree', role: 'img', 'aria-label': 'Search tree' }),
          el('p', { class: 'tree-tip', 'data-part': 'tree-tip', 'aria-live': 'polite' }),
        ]),
        el('p', { class: 'muted tree-note', 'data-part': 'tree-note', hidden: true }),
        el('p', 'muted', 'Each band is a row of the board, the top band the first row; a node is 1/N of its parent. Hatched: ruled out, by a check (a diagonal) or, for a column a queen above already holds, without one: such a square is never a candidate and no check is counted for it. Faint: cut off under a ruled-out node, never visited.'),
      );
      if (this.spec.algorithm === 'backtracking' && this.spec.n <= SMALL_TREE_MAX_N) {
        this.smallTree = new SmallTreeView(this.spec.n, (step) => this.act(() => { this.session?.seek(step); return true; }));
        box.prepend(el('h3', '', `The whole tree, node by node (N = ${this.spec.n})`), this.smallTree.root);
        box.querySelector('h3:not(:first-child)')?.replaceChildren(`The same tree as bands (the view used for bigger N)`);
      } else if (this.spec.algorithm === 'backtracking' && this.spec.resize) {
        const resize = this.spec.resize;
        const small = el('p', { class: 'learn-small-tree-offer', 'data-part': 'small-tree-offer' }, [
          `At N = ${this.spec.n} the tree is too big to draw node by node, so it is drawn as bands below, and its deep rows are too narrow to see. `,
          ...[4, 5].flatMap((k, i) => [i ? ' or ' : '', el('button', { type: 'button', 'data-small-n': k }, `See the whole tree at N = ${k}`)]),
          '.',
        ]);
        for (const b of small.querySelectorAll('button')) b.addEventListener('click', () => resize(Number(/** @type {HTMLElement} */ (b).dataset.smallN)));
        box.prepend(small);
      }
      this.tree = new TreePanel(this.root, {
        seek: (step) => this.act(() => { this.session?.seek(step); return true; }),
        probe: () => guard(() => new this.core.wasm.Session(this.spec.algorithm, this.spec.n), null),
      });
    } else if (kind === 'registers') {
      box.append(el('h3', '', 'The registers'), el('div', { class: 'registers', 'data-part': 'registers' }));
      this.registers = new RegistersPanel(this.root);
    } else if (kind === 'conflicts') {
      box.append(
        el('h3', '', this.spec.panelTitle ?? 'Attacking pairs over the steps'),
        el('p', { class: 'conflicts-summary', 'data-part': 'conflicts-summary', 'aria-live': 'off' }),
        el('canvas', { id: 'learn-conflicts', class: 'conflicts-canvas', 'data-part': 'conflicts-chart', role: 'img', 'aria-label': 'Conflicts over steps' }),
        el('p', 'muted', this.spec.panelNote ?? 'A line for the pairs of queens that attack each other after each step (log scale); a dashed line for a restart.'),
      );
      this.chart = new ConflictsChart(this.root, { seek: (step) => this.act(() => { this.session?.seek(step); return true; }) });
    } else if (kind === 'gallery') {
      box.append(
        el('h3', '', ['Solutions found ', el('span', { class: 'muted', 'data-part': 'gallery-count' })]),
        el('div', { class: 'gallery', 'data-part': 'gallery', 'aria-label': 'Solutions found so far; choose one to see it on the board' }),
      );
      this.gallery = new Gallery(this.root, (step) => this.act(() => { this.session?.seek(step); return true; }));
    }
  }

  /**
   * Puts the view where a lecture slide says: a step, the first moment a
   * counter reaches a count (from the start, at most LECTURE_REACH steps), or the end.
   * @param {import('./lecture.js').Go} go
   */
  goTo(go) {
    const s = this.session;
    if (!s) return;
    this.act(() => {
      if ('step' in go) {
        s.seek(go.step);
      } else if ('until' in go) {
        s.reset();
        const read = () => (go.until === 'solutions' ? s.solutionCount : go.until === 'rejects' ? s.checks - s.placements : Number(s[go.until] ?? 0));
        for (let i = 0; read() < go.count && !s.done && i < LECTURE_REACH; i++) s.step();
      } else if ('end' in go) {
        for (let i = 0; !s.done && i < LECTURE_REACH; i += 10_000) s.run(10_000);
      }
    });
  }

  /** The facts the chapter reads from the core, beside the counters. */
  showFacts() {
    const s = this.session;
    if (!s || !this.spec.facts) return;
    const facts = guard(() => this.spec.facts?.(s, this.core) ?? [], []);
    this.factsList.replaceChildren(...facts.map(([label, value]) => el('div', '', [el('dt', '', label), el('dd', { 'data-fact': label }, value)])));
  }

  /**
   * One move by hand (a button, a key, a click on the tree): stops playing first.
   * @param {() => boolean | void | undefined} move
   */
  act(move) {
    this.start('idle');
    guard(() => move());
    this.render(true);
  }

  /**
   * Starts (or stops, 'idle') running.
   * @param {'idle'|'play'|'solution'|'end'} mode
   */
  start(mode) {
    this.mode = this.session ? mode : 'idle';
    this.buttons.play.textContent = this.mode === 'play' ? 'Pause' : 'Play';
    this.buttons.play.setAttribute('aria-pressed', String(this.mode === 'play'));
    this.credit = 0;
    // While it runs the status line changes several times a second: a screen reader hears it again once it stops.
    this.message.setAttribute('aria-live', this.mode === 'idle' ? 'polite' : 'off');
    if (this.mode === 'idle') this.loop.stop();
    else this.loop.start();
  }

  /**
   * One frame of running.
   * @param {number} dt  ms since the last frame
   * @returns {boolean}  whether to go on
   */
  frame(dt) {
    const s = this.session;
    const runner = this.runner;
    if (!s || !runner || this.mode === 'idle') return false;
    const going = guard(() => {
      if (this.mode === 'play') {
        this.credit += (dt / 1000) * (this.spec.playSpeed ?? 4);
        const whole = Math.floor(this.credit);
        this.credit -= whole;
        for (let i = 0; i < whole; i++) if (!s.step()) return false;
        return !s.done;
      }
      if (this.mode === 'solution') return !runner.runToSolution() && !s.done;
      runner.run();
      return !s.done;
    }, false);
    // Stopped: idle first, so the render that follows updates every panel (the registers too).
    if (!going) this.start('idle');
    this.render(!going);
    return going;
  }

  /**
   * Brings the screen in line with the session.
   * @param {boolean} [announce]  also say what the last step did
   */
  render(announce = false) {
    const s = this.session;
    if (!s) return;
    guard(() => {
      const one = this.info?.goal === 'one';
      const n = this.spec.n;
      if (this.board.isDense(n)) this.board.drawQueens({ queens: s.queens(), conflicts: s.queenConflicts(), probe: -1 }, n);
      else this.board.draw(s.cells(), n);
      this.counters.update(one
        ? { steps: s.stepIndex, checks: s.checks, moves: s.moves, restarts: s.restarts, conflicts: s.conflicts() }
        : { steps: s.stepIndex, checks: s.checks, placements: s.placements, backtracks: s.backtracks, solutions: s.solutionCount });
      this.root.dataset.step = String(s.stepIndex);
      this.root.dataset.done = String(s.done);
      const idle = this.mode === 'idle';
      this.tree?.update(idle, { throttle: !idle });
      this.smallTree?.update(s.stepIndex);
      this.chart?.update(idle, { throttle: !idle });
      if (this.registers && idle) this.registers.update(s.registers());
      if (this.gallery && (idle || this.gallery.wants(s.solutionCount))) {
        const want = this.gallery.wants(s.solutionCount);
        this.gallery.sync(want ? s.solutions(200, this.gallery.items.length) : null, s.solutionCount, s.stepIndex);
      }
      this.buttons.back.disabled = s.stepIndex === 0;
      this.buttons.reset.disabled = s.stepIndex === 0;
      this.buttons.step.disabled = s.done;
      this.buttons.play.disabled = s.done && this.mode !== 'play';
      this.buttons.next.disabled = s.done;
      this.buttons.end.disabled = s.done;
      if (announce) {
        // A search that swaps rows says which two it swapped to reach this board.
        const swap = this.info?.space === 'permutations' && s.stepIndex > 0
          ? /** @type {import('../types.js').Register[]} */ (s.registers()).find((r) => r.role === 'swap')
          : undefined;
        const swapped = swap && swap.kind === 'list' && swap.value.length === 2 ? ` (This board came from the one before by swapping rows ${swap.value[0] + 1} and ${swap.value[1] + 1}.)` : '';
        this.message.textContent = (s.stepIndex === 0 && !this.spec.step ? `Step 0: ${s.message()}` : `Step ${formatCount(s.stepIndex)}: ${s.message()}`) + swapped;
        this.board.describe(s.queens(), n);
      }
    });
  }

  /**
   * Adds a picture of the chapter's own to the view (chapter 8's tail chart),
   * redrawn and freed with it.
   * @param {{ root: HTMLElement, draw: () => void, free: () => void }} extra
   */
  adopt(extra) {
    this.extras.push(extra);
    this.root.append(extra.root);
    extra.draw();
  }

  /** The theme changed: repaint what has colours. */
  repaint() {
    for (const extra of this.extras) extra.draw();
    const theme = readTheme();
    this.board.setTheme(theme);
    this.board.redraw();
    this.tree?.repaint();
    this.chart?.repaint();
    this.registers?.repaint();
    this.gallery?.repaint(theme);
  }

  /**
   * Where the view stands, for reopening it after a trap (read from the screen, not the core).
   * @returns {number}
   */
  step() {
    return Number(this.root.dataset.step ?? 0);
  }

  /** Stops at once and calls nothing more (a trap). */
  halt() {
    this.loop.stop();
    this.mode = 'idle';
    this.session = null;
    this.runner = null;
  }

  /** Frees the session and the view. */
  free() {
    this.loop.stop();
    this.resize.disconnect();
    for (const extra of this.extras) extra.free();
    const s = this.session;
    this.session = null;
    this.runner = null;
    if (s) guard(() => s.free());
    this.root.remove();
  }
}

/**
 * A table of numbers read from the core.
 * @param {FactsTable} table
 */
function factsTable({ caption, head, rows, id }) {
  return el('div', 'learn-table-wrap', [el('table', { class: 'learn-table', 'data-table': id ?? null }, [
    el('caption', '', caption),
    el('thead', '', [el('tr', '', head.map((h) => el('th', { scope: 'col' }, h)))]),
    el('tbody', '', rows.map(([first, ...rest]) => el('tr', '', [el('th', { scope: 'row' }, first), ...rest.map((cell) => el('td', '', cell))]))),
  ])]);
}
