// One visualizer: a session of the core and everything that shows it — board,
// status line, controls, counters, algorithm, registers, search tree (or, for
// the searches for one solution, the conflicts chart) and solutions gallery —
// inside one root element, with the Player that runs it.
//
// Owns the session's lifecycle (open, replace, free), what each control does, and
// render(): bringing the screen in line with the session, cheaply enough for every
// frame. Its components find their parts by data-part inside the root, so a page
// can hold several visualizers. It leaves the page to its owner (main.js): it does
// not load the core, listen to the document, or touch the URL; it takes key events
// through onKey() and reports where it stands through onSettle. Every call into
// wasm goes through guard (errors.js), so a core error or a panic shows up in the
// page's problem area instead of killing the page.

import { BoardView, probedSquare, readTheme } from './board.js';
import { ConflictsChart } from './conflicts-chart.js';
import { Controls } from './controls.js';
import { formatCount, part } from '../lib/dom.js';
import { attempt, clearProblem, guard, showProblem } from '../lib/errors.js';
import { GALLERY_BATCH, Gallery } from './gallery.js';
import { AlgorithmPanel, Counters, Definitions } from './panels.js';
import { newSeed, seedNumber, seedRange } from '../core/seeds.js';
import { NARRATE_MAX_SPEED, Player, SPEAK_MAX_SPEED, atEnd } from './player.js';
import { RegistersPanel } from './registers.js';
import { SPEEDS } from './speeds.js';
import { TreePanel } from './tree.js';
import { rangeSentence } from '../lib/words.js';

const COUNTERS = ['steps', 'checks', 'placements', 'backtracks', 'solutions', 'moves', 'restarts', 'conflicts', 'rate'];
/** Boards up to this size are counted (in a few milliseconds) for the gallery's class note. */
const SMALL_COUNT_N = 12;
/**
 * While running, a dense board (board.js) reads the probed square from the
 * N² cells only when this many steps or fewer passed since the last draw: at
 * N = 1,000 the cells are a megabyte, and when thousands of steps pass a
 * frame the square of the last one means little.
 */
const PROBE_STEPS = 4;
/** How often the register panel is refreshed while the search runs. */
const REGISTERS_INTERVAL_MS = 250;
/** How often, at most, the gallery asks the core for new solutions while running. */
const GALLERY_INTERVAL_MS = 500;
/** Mini boards added per fetch while running: a few, so no frame is spent drawing dozens. */
const GALLERY_RUNNING_BATCH = 6;

/**
 * @typedef {import('../types.js').Session} Session
 * @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo
 * @typedef {import('../core/core.js').Core} Core
 * @typedef {import('./player.js').Announce} Announce
 */

/**
 * @typedef {object} VisualizerState  where a visualizer stands (state()), for a link or a restart
 * @property {string} algorithm
 * @property {number} n
 * @property {number} step
 * @property {number[]|null} fixed  the squares of fixed queens, or null
 * @property {number} seed  the session's seed (the core's defaultSeed for the searches it does not change)
 */

export class Visualizer {
  /**
   * Builds the components that need no core, so the page shows its controls while
   * the core loads; attach() brings the rest.
   * @param {HTMLElement} root
   * @param {{ onSettle?: (now: boolean) => void, link?: () => string }} [options]
   *   onSettle: the session or its place changed (a new session: now = true;
   *   the player stopped or the speed changed: now = false, so a listener may
   *   wait for things to calm down); link: the address of what is shown now
   *   (for Copy link; the owner keeps the URL)
   */
  constructor(root, { onSettle = () => {}, link = () => location.href } = {}) {
    this.root = root;
    this.onSettle = onSettle;
    this.link = link;
    // The list of shortcuts (a dialog) and Copy link, in the hint line.
    this.keys = part(root, 'keys');
    part(root, 'show-keys').addEventListener('click', () => this.showKeys());
    part(root, 'copy-link').addEventListener('click', () => this.copyLink());
    /** @type {Core|null} core.js's describeCore, once attached */
    this.core = null;
    /** @type {Session|null} */
    this.session = null;
    /** @type {string|null} */
    this.algorithmId = null;
    this.n = 0;
    /** @type {number[]|null} the squares of the queens the session started from, if any */
    this.fixed = null;
    this.seed = 0; // attach() sets the core's default
    /** @type {AlgorithmInfo|null} the algorithm of the open session */
    this.algorithm = null;
    this.panicked = false;
    /** @type {{ session: Session|null, step: number }} what the screen shows, to skip redundant redraws */
    this.drawn = { session: null, step: -1 };
    this.galleryFetchedAt = 0;
    this.galleryCatchUp = 0; // a pending frame that adds the next batch to the gallery
    this.registersStale = false; // the register panel lags the board while running
    this.registersAt = 0;
    this.treeStale = false; // the tree panel (or the chart) lags the board (throttled while running)
    /** While true (the page's first board), the panels stay hidden and render leaves the register panel stale, for finishStart(). */
    this.holdPanels = false;

    this.message = part(root, 'message');
    this.panels = part(root, 'panels');
    this.board = new BoardView(root);
    // Measured from the first layout on (fit in a ResizeObserver, where the
    // layout is fresh), so drawing the first board does not force one inside
    // the start's longest task; redrawn whenever its size changes.
    new ResizeObserver(() => { if (this.board.fit()) this.board.redraw(); }).observe(this.board.canvas);
    this.counters = new Counters(root, COUNTERS);
    this.definitions = new Definitions(root);
    this.algorithmPanel = new AlgorithmPanel(root);
    this.registersPanel = new RegistersPanel(root);
    this.tree = new TreePanel(root, {
      // A clicked node's board is shown where the user can see it, as a gallery pick is.
      seek: (step) => { this.seek(step, true); this.board.reveal(); },
      // A copy of the search for the panel to step on its own (not for fixed queens).
      probe: () => {
        const core = this.core;
        // A probe is asked for only after open(), which set the algorithm.
        return core && !this.fixed ? guard(() => new core.wasm.Session(/** @type {string} */ (this.algorithmId), this.n), null) : null;
      },
    });
    this.chart = new ConflictsChart(root, { seek: (step) => this.seek(step, true) });
    // A gallery pick seeks, then brings the board into view: the gallery is far below it.
    this.gallery = new Gallery(root, (step) => {
      this.seek(step, true);
      this.board.reveal();
    });
    this.going = {
      box: part(root, 'going'),
      text: part(root, 'going-text'),
      bar: /** @type {HTMLProgressElement} */ (part(root, 'going-bar')),
    };
    part(root, 'going-cancel').addEventListener('click', () => this.cancel());
    this.player = new Player({
      session: () => this.session,
      render: (announce) => this.render(announce),
      say: (text) => this.say(text),
      warn: (text) => showProblem(text, 'warning'),
      modeChanged: (mode) => this.modeChanged(mode),
      showRate: (value) => this.counters.update({ rate: value }),
      progress: (p) => this.showGoing(p),
      // Run to end's estimate counts from the empty board: none from fixed queens.
      space: () => (this.fixed ? null : this.algorithm?.space ?? null),
    });
    // The visualizer itself is the controls' table of actions (togglePlay, step, …).
    this.controls = new Controls(root, this);
    this.controls.showSpeed(this.player.speedIndex);
  }

  /**
   * The core is loaded: fills the pickers and enables the controls.
   * @param {Core} core
   */
  attach(core) {
    this.core = core;
    this.seed = core.limits.defaultSeed;
    this.gallery.limit = core.limits.maxRememberedSolutions;
    this.controls.fillPickers(core.algorithms);
    this.controls.enable(true);
    // The panels appear filled in, rather than growing under the user's eyes
    // (layout shift): at once, or with the register panel in finishStart().
    if (!this.holdPanels) this.panels.hidden = false;

    // The tree and the chart are first measured here, after the page's first
    // layout (their reset waits for it), and first drawn in a task of their
    // own, so the frame that shows the first board stays short; later they
    // redraw at once, so a resize never shows them blank.
    for (const panel of [this.tree, this.chart]) {
      let first = true;
      new ResizeObserver(() => {
        if (!panel.fit()) return;
        if (first) setTimeout(() => panel.update(true));
        else panel.update(true);
        first = false;
      }).observe(panel.canvas);
    }
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      const theme = readTheme();
      this.board.setTheme(theme);
      this.board.redraw();
      this.gallery.repaint(theme);
      this.registersPanel.repaint();
      this.tree.repaint();
      this.chart.repaint();
    });
  }

  /**
   * The core, for what runs only once attached (the controls are disabled before).
   * @returns {Core}
   */
  attached() {
    return /** @type {Core} */ (this.core);
  }

  /**
   * Makes a new Session; on failure keeps the old one and says why. `fixed`: the
   * squares (row * n + col) of queens the search starts from (puzzle mode's
   * "let an algorithm finish this"), for the algorithms that take them;
   * `seed`: the seed of a search whose run a seed decides (the one open now
   * if left out); `refused`: told the core's sentence when it refuses,
   * which is then shown nowhere (the caller words it).
   * Only once attached (the controls are disabled before).
   * @param {string} algorithmId
   * @param {number} n
   * @param {{ fixed?: number[]|null, seed?: number, refused?: (sentence: string) => void }} [options]
   * @returns {boolean}  false if the core refused
   */
  open(algorithmId, n, { fixed = null, seed = this.seed, refused } = {}) {
    const { wasm, algorithms } = this.attached();
    const seeded = algorithms.find((a) => a.id === algorithmId)?.seeded ?? false;
    const make = () => {
      if (fixed) return new wasm.Session(algorithmId, n, Int32Array.from(fixed));
      return seeded ? wasm.Session.seeded(algorithmId, n, seed) : new wasm.Session(algorithmId, n);
    };
    let session = null;
    if (refused) {
      const made = attempt(make);
      session = made.value;
      if (made.refused) refused(made.refused);
    } else {
      session = guard(make, null);
    }
    if (!session) {
      if (this.session) {
        // Back to what is shown, which the session was opened with.
        this.controls.showChoice(algorithms, /** @type {string} */ (this.algorithmId), this.n);
        this.controls.showSeed(/** @type {AlgorithmInfo} */ (this.algorithm), this.seed);
      }
      return false;
    }
    this.player.stop();
    const old = this.session;
    this.session = session;
    if (old) guard(() => old.free());
    this.algorithmId = algorithmId;
    this.n = n;
    this.fixed = fixed;
    this.seed = seed;

    this.controls.showChoice(algorithms, algorithmId, n);
    // The core made a session for algorithmId, so it is one of its algorithms.
    const algorithm = /** @type {AlgorithmInfo} */ (algorithms.find((a) => a.id === algorithmId));
    this.algorithm = algorithm;
    this.controls.showSeed(algorithm, seed);
    this.showGoal(algorithm.goal);
    if (algorithm.goal === 'one') part(this.root, 'conflicts-proof').textContent = algorithm.conflictsNote;
    this.algorithmPanel.show(algorithm);
    this.definitions.show(algorithm);
    this.registersPanel.clear();
    // A search for one solution has the conflicts chart where the others have the tree.
    const one = algorithm.goal === 'one';
    if (one) this.tree.clear();
    else this.tree.reset(session, algorithm, n);
    this.chart.reset(one ? session : null);
    // Counting is instant on small boards; beyond, the note names no counts.
    this.gallery.totals = n <= SMALL_COUNT_N ? guard(() => wasm.countBoth(n), null) : null;
    this.gallery.reset(n, this.board.theme);
    this.drawn = { session: null, step: -1 };
    this.render(true);
    if (!this.holdPanels) this.onSettle(true);
    return true;
  }

  /**
   * The page's first board is drawn (opened with holdPanels): the panels
   * appear, with the register panel it left, in a task of their own. The
   * caller writes the link.
   */
  finishStart() {
    this.holdPanels = false;
    this.panels.hidden = false;
    this.render();
  }

  /**
   * Where the visualizer stands, for a link: { algorithm, n, step } (and `fixed`,
   * the squares of fixed queens or null, which links do not carry yet). While going
   * to a step, that step: the link keeps it. Read from what is on screen, so it
   * holds even when the core has trapped and must not be called.
   * Asked once a search is open (the modes ask after attach and open).
   * @returns {VisualizerState}
   */
  state() {
    const going = this.player.mode === 'go-to';
    return { algorithm: /** @type {string} */ (this.algorithmId), n: this.n, step: going ? this.player.targetStep : Math.max(0, this.drawn.step), fixed: this.fixed, seed: this.seed };
  }

  /**
   * Shows the parts of the page for a goal ('all' or 'one': data-goal) and hides the others'.
   * @param {string} goal
   */
  showGoal(goal) {
    for (const node of this.root.querySelectorAll('[data-goal]')) {
      const mine = /** @type {HTMLElement} */ (node).dataset.goal === goal;
      if (/** @type {HTMLElement} */ (node).hidden === mine) /** @type {HTMLElement} */ (node).hidden = !mine;
    }
  }

  /**
   * Goes to `step` (a link's ?step=), with progress and Cancel when it is far.
   * @param {number} step
   */
  goTo(step) {
    if (this.session) this.player.goTo(step);
  }

  /**
   * Esc: stops going to a step, running to the end or to the next solution, or
   * playing, staying where it got to; false if there was nothing to stop.
   */
  cancel() {
    const mode = this.player.mode;
    if (mode === 'idle') return false;
    const target = this.player.targetStep;
    this.player.stop();
    this.render();
    const where = `Stopped at step ${formatCount(this.drawn.step)}`;
    if (mode === 'go-to') this.say(`${where} on the way to step ${formatCount(target)}.`);
    else if (mode === 'run-to-end') this.say(`${where} on the way to the end of the search.`);
    else if (mode === 'next-solution') this.say(`${where} on the way to the next solution.`);
    return true;
  }

  /**
   * The core trapped and was replaced by a fresh instance (`core`): the old
   * session is dropped without a call into the old instance, and a new one is
   * opened at `state` ({ algorithm, n, step }, from state()). False if the new
   * core refused it.
   * @param {Core} core
   * @param {VisualizerState} state
   * @returns {boolean}
   */
  recover(core, { algorithm, n, step, fixed, seed }) {
    this.player.halt();
    this.session = null; // belongs to the trapped instance: never call it again
    this.core = core;
    this.panicked = false;
    if (!this.open(algorithm, n, { fixed, seed })) return false;
    if (step > 0) this.goTo(step);
    return true;
  }

  /**
   * The keyboard shortcuts, for a keydown event from wherever the owner listens.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    this.controls.onKey(event);
  }

  /**
   * After a panic: the loop stops and nothing calls the core until recover()
   * brings a fresh one; each control still tries (and reports) on demand.
   */
  halt() {
    this.panicked = true;
    this.player.halt();
    this.going.box.hidden = true;
    const { stepIndex = 0, furthestStep = 0 } = this.controls.shown;
    this.controls.showState({ mode: 'idle', stepIndex, furthestStep, atEnd: false });
    this.say('The solver stopped unexpectedly.');
  }

  // ---- What the controls do (the Controls' actions) -------------------------------

  togglePlay() { this.player.togglePlay(); }

  nextSolution() { this.player.nextSolution(); }

  runToEnd() { this.player.runToEnd(); }

  step() {
    this.stepBy((s) => s.step(), 'The search is finished: there are no more steps.');
  }

  stepBack() {
    this.stepBy((s) => s.stepBack(), 'Already at the start: no step to undo.');
  }

  /**
   * One step by hand: `move(session)` is true if it moved; if not, `cannot` says why.
   * @param {(s: Session) => boolean} move
   * @param {string} cannot
   */
  stepBy(move, cannot) {
    const s = this.session;
    if (!s) return;
    this.player.stop();
    const moved = guard(() => move(s), false);
    if (!moved && !this.panicked) this.say(cannot);
    this.render(moved);
  }

  reset() {
    const s = this.session;
    if (!s) return;
    this.player.stop();
    guard(() => s.reset());
    this.gallery.reset(this.n, this.board.theme);
    this.render(true);
  }

  /**
   * The timeline or a gallery board: jump to `step`. `announce` once the user settles.
   * @param {number} step
   * @param {boolean} announce
   */
  seek(step, announce) {
    if (this.session) this.player.goTo(step, announce);
  }

  /** @param {number} index  into SPEEDS */
  setSpeed(index) {
    this.player.setSpeed(index);
    this.speakSteps();
    this.controls.showSpeed(index);
    this.onSettle(false); // the link carries the speed
  }

  /**
   * One speed faster (1) or slower (-1): the + and − keys.
   * @param {number} delta
   */
  nudgeSpeed(delta) {
    this.setSpeed(Math.min(SPEEDS.length - 1, Math.max(0, this.player.speedIndex + delta)));
  }

  /** Opens the list of keyboard shortcuts. */
  showKeys() {
    const keys = /** @type {HTMLDialogElement} */ (this.keys);
    if (!keys.open) keys.showModal();
  }

  /**
   * The seed field: opens the same search at the same N with this seed, or
   * says what a seed is and shows the one in use again.
   * @param {string} raw  what the field holds
   */
  chooseSeed(raw) {
    const seed = seedNumber(raw);
    if (Number.isNaN(seed)) {
      showProblem(`A seed is ${seedRange()}; “${raw.trim().slice(0, 24)}” is not one. Keeping seed ${this.seed}.`, 'warning');
      this.controls.showSeed(/** @type {AlgorithmInfo} */ (this.algorithm), this.seed); // the seed field shows only once a search is open
      return;
    }
    clearProblem();
    if (this.algorithmId) this.open(this.algorithmId, this.n, { seed });
  }

  /** New seed: another run of the same search, from a random seed. */
  newSeed() {
    const seed = newSeed(this.seed);
    this.chooseSeed(String(seed));
    this.say(`New seed ${seed}: ${guard(() => this.session?.message() ?? '', '')}`);
  }

  /** Puts a link to what is shown (algorithm, N, step, speed) on the clipboard, or shows it. */
  async copyLink() {
    const href = this.link();
    try {
      await navigator.clipboard.writeText(href);
      this.say('Link copied: it opens this algorithm, board size, step and speed.');
    } catch {
      this.say(`Copy this link: ${href}`);
    }
  }

  /**
   * The N picker: opens N with the same algorithm, or says which algorithms can.
   * @param {number} n
   */
  chooseN(n) {
    const { algorithms } = this.attached();
    // The pickers work once a search is open, so its algorithm is one of these.
    const algorithm = /** @type {AlgorithmInfo} */ (algorithms.find((a) => a.id === this.algorithmId));
    if (n < algorithm.minN || n > algorithm.maxN) {
      // Leave the board as it is and say what to do instead.
      const able = algorithms.filter((a) => n >= a.minN && n <= a.maxN).map((a) => a.name);
      const choices = able.length > 1 ? `${able.slice(0, -1).join(', ')} or ${able.at(-1)}` : able.join('');
      showProblem(`${rangeSentence(algorithm)} To see ${n}×${n}, choose ${choices}.`, 'warning');
      this.controls.showChoice(algorithms, algorithm.id, this.n);
      return;
    }
    clearProblem();
    this.open(algorithm.id, n);
  }

  /**
   * The algorithm picker: opens it at the same N.
   * @param {string} id
   */
  chooseAlgorithm(id) {
    clearProblem();
    const algorithm = this.attached().algorithms.find((a) => a.id === id);
    if (!algorithm) return;
    // N stays where the search can do it, and comes into its range where it can't.
    const from = this.n;
    const n = Math.min(algorithm.maxN, Math.max(algorithm.minN, from));
    // Fixed queens stay with a search that can start from them, on the same board.
    const keep = algorithm.takesFixedQueens && n === from;
    if (this.open(id, n, { fixed: keep ? this.fixed : null }) && n !== from) {
      showProblem(`${rangeSentence(algorithm)} Showing ${n}×${n} instead of ${from}×${from}.`, 'warning');
    }
  }

  // ---- Showing the session ----------------------------------------------------------

  /**
   * How far going to a step has got: "Going to step X: 43%…" over the board.
   * @param {{ target: number, fraction: number }} going
   */
  showGoing({ target, fraction }) {
    const percent = Math.min(99, Math.floor(fraction * 100));
    const text = `Going to step ${formatCount(target)}: ${percent}%…`;
    if (this.going.text.textContent !== text) this.going.text.textContent = text;
    this.going.bar.value = fraction;
    this.render(false); // the board, counters and timeline show where the search has got
  }

  /**
   * The player started or stopped.
   * @param {import('./player.js').PlayerMode} mode
   */
  modeChanged(mode) {
    this.speakSteps();
    const going = mode === 'go-to';
    if (this.going.box.hidden === going) {
      this.going.box.hidden = !going;
      if (going) this.showGoing({ target: this.player.targetStep, fraction: 0 });
    }
    if (mode === 'idle') {
      this.counters.update({ rate: '–' });
      this.onSettle(false);
    }
    this.controls.showState(this.position());
  }

  /** @returns {import('./controls.js').Position} */
  position() {
    const mode = this.player.mode;
    const s = this.session;
    const none = { mode, stepIndex: 0, furthestStep: 0, atEnd: true };
    if (!s) return none;
    return guard(() => ({ mode, stepIndex: s.stepIndex, furthestStep: s.furthestStep, atEnd: atEnd(s) }), none);
  }

  /**
   * Brings everything on screen in line with the session. Does the drawing work only
   * when the step changed. `announce` (true, or 'if-changed' for a new step only) also
   * puts the step's sentence in the aria-live status line. Returns false if the core failed.
   * @param {Announce} [announce]
   * @returns {boolean}
   */
  render(announce = false) {
    const s = this.session;
    if (!s) return false;
    return guard(() => {
      const step = s.stepIndex;
      const changed = this.drawn.session !== s || this.drawn.step !== step;
      const one = this.algorithm?.goal === 'one';
      const idle = this.player.mode === 'idle';
      if (changed) {
        const passed = this.drawn.session === s ? Math.abs(step - this.drawn.step) : Infinity;
        this.drawn.session = s;
        this.drawn.step = step;
        this.drawBoard(s, idle || passed <= PROBE_STEPS);
        this.counters.update(one ? {
          steps: step,
          checks: s.checks,
          moves: s.moves,
          restarts: s.restarts,
          conflicts: s.conflicts(),
        } : {
          steps: step,
          checks: s.checks,
          placements: s.placements,
          backtracks: s.backtracks,
          solutions: s.solutionCount,
        });
        this.algorithmPanel.highlight(s.line);
        this.treeStale = true;
        this.registersStale = true;
      }
      // The tree (or chart) is redrawn every step by hand, a few times a second while running.
      if (this.treeStale) this.treeStale = !(one ? this.chart : this.tree).update(false, { throttle: !idle });
      // The register panel is the heaviest DOM work (ld/col/rd/poss for every row):
      // while running, refresh it about ten times a second, which is as fast as it
      // can be read anyway, and keep every frame for the board.
      const now = performance.now();
      if (this.registersStale && !this.holdPanels && (idle || now - this.registersAt >= REGISTERS_INTERVAL_MS)) {
        this.registersPanel.update(s.registers());
        this.registersStale = false;
        this.registersAt = now;
      }
      // Also catch up on solutions the gallery skipped while running.
      if (changed || (idle && this.gallery.wants(s.solutionCount))) this.updateGallery(s, step, idle);
      this.controls.showState(this.position());
      if (announce === true || (announce === 'if-changed' && changed)) {
        this.say(s.message());
        this.board.describe(s.queens(), this.n);
      }
      return true;
    }, false);
  }

  /**
   * Draws the session's board: from its cells, or from its queens when the
   * squares are too small for cells (board.js's dense boards), marking the
   * probed square only when `probe` (reading it takes the N² cells).
   * @param {Session} s
   * @param {boolean} probe
   */
  drawBoard(s, probe) {
    const n = this.n;
    if (!this.board.isDense(n)) {
      this.board.draw(s.cells(), n);
      return;
    }
    this.board.drawQueens({ queens: s.queens(), conflicts: s.queenConflicts(), probe: probe ? probedSquare(s.cells()) : -1 }, n);
  }

  /**
   * Brings the gallery up to the solutions found so far.
   * @param {Session} s
   * @param {number} step  the step shown
   * @param {boolean} idle  the player stands still
   */
  updateGallery(s, step, idle) {
    const total = s.solutionCount;
    // Fetch the list only when it holds solutions the gallery lacks, and while running
    // at most a few times a second: on big boards solutions can arrive every frame.
    const now = performance.now();
    const fetch = this.gallery.wants(total) && (idle || now - this.galleryFetchedAt > GALLERY_INTERVAL_MS);
    if (fetch) this.galleryFetchedAt = now;
    const batch = idle ? GALLERY_BATCH : GALLERY_RUNNING_BATCH;
    this.gallery.sync(fetch ? s.solutions(batch, this.gallery.items.length) : null, total, step);
    // A batch per frame: when the search has stopped, keep catching up until the
    // gallery holds every solution found so far.
    if (idle && this.gallery.wants(total) && !this.galleryCatchUp) {
      this.galleryCatchUp = requestAnimationFrame(() => {
        this.galleryCatchUp = 0;
        this.render();
      });
    }
  }

  /**
   * The status line (aria-live): what the last step did, or what is going on.
   * @param {string} text
   */
  say(text) {
    this.speakSteps();
    if (this.message.textContent !== text) this.message.textContent = text;
  }

  /**
   * Playing between a walking pace and NARRATE_MAX_SPEED, every step's sentence
   * shows in the status line but is not spoken: a screen reader would queue
   * several a second. Called when the mode, the speed or the line changes.
   */
  speakSteps() {
    const speed = SPEEDS[this.player.speedIndex];
    const live = this.player.mode === 'play' && speed > SPEAK_MAX_SPEED && speed <= NARRATE_MAX_SPEED ? 'off' : 'polite';
    if (this.message.getAttribute('aria-live') !== live) this.message.setAttribute('aria-live', live);
  }
}
