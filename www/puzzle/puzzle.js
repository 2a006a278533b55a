// Puzzle mode's view: the user places the queens, the solver coaches.
//
// Inside its root (#puzzle): the board (input.js: pointer, long-press,
// keyboard), the coach line (verdict.js's words for coach.js's answers), a
// hint that names the deduction it used (its rule, its sentence, its lines
// drawn on the board) or says it fell back to a search, undo/redo/clear
// (model.js), generated "complete this board" puzzles, "solve by reasoning"
// (replay.js), Nauck's position of 1850, and "let an algorithm finish this".
// Everything that may take long runs in a worker with a time budget
// (coach.js), so a nearly empty 20×20 board never freezes the page. The board
// sizes, and those of the generated puzzles, are the core's (limits()). Keeps
// the address bar (link.js's words, mode.js's writer) while it is the view shown.

import { BoardView, CELL, readTheme } from '../components/board.js';
import { Coach, unchecked, uncheckedSentence } from './coach.js';
import { counted, el, part } from '../lib/dom.js';
import { guard, showProblem } from '../lib/errors.js';
import { newSeed } from '../core/seeds.js';
import { UrlSync } from '../lib/params.js';
import { NAUCK, isNauck, lineEnds, lineName } from './reasoning.js';
import { HintStages, PuzzleModel, boardMarks, capital, openSquares, where } from './model.js';
import { BoardInput } from './input.js';
import { ReplayView } from './replay.js';
import { boardState, coachText, deadReason } from './verdict.js';
import { coachByDefault, puzzleOnly } from './link.js';
import { localDay } from './daily.js';
import { GameView, store, stored } from './game.js';
import { HintBox } from './hint-box.js';
import { SearchWatch, showRegionGrid } from './regions-view.js';
import { PuzzleMaker, REGIONS_MIN_N } from './makers.js';
import { drawExtras, regionColour } from './draw.js';

const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'];
/** Counting may take this long; then the coach says "at least one way". */
const COUNT_BUDGET_MS = 1500;
/** …and one that has not given its verdict (a completion, the marks' check) may go on this long, saying "still checking…". */
const COUNT_LIMIT_MS = 30_000;
const HINT_BUDGET_MS = 4000;
/** Where the attack shading setting is kept (localStorage). */
const SHADING_KEY = 'nqueens-puzzle-shading';

/** @typedef {import('../types.js').CoachReply} CoachReply */
/** @typedef {import('./model.js').PuzzleBoard} PuzzleBoard */
/** @typedef {import('./model.js').ShownHint} ShownHint */
/** @typedef {import('./verdict.js').Analysis} Analysis */
/** The watched search on a regions puzzle: at most this many steps. */
const WATCH_MAX_STEPS = 20_000;

/**
 * A deduction as the board shows it; a look-ahead's forced queens are its
 * chain (the core's `chain`, or on the classic board its squares).
 * @param {number} n
 * @param {import('../types.js').Deduction & { chain?: number[] }} d
 * @returns {ShownHint}
 */
function shownHint(n, d) {
  const chain = d.chain ?? (d.rule === 'look-ahead' ? d.squares : []);
  return { square: d.row * n + d.col, kind: d.kind, rule: d.rule, lines: d.lines, squares: d.squares, chain, reason: d.reason };
}

export class PuzzleView {
  /**
   * @param {HTMLElement} root  #puzzle, holding the parts named below
   * @param {{ algorithms: import('../types.js').AlgorithmInfo[], limits: import('../core/core.js').Limits,
   *   generate: (n: number, difficulty: string, seed: number) => Uint32Array,
   *   rules: import('../types.js').DeductionRule[],
   *   levels: (n: number) => import('../types.js').PuzzleLevel[],
   *   count: (n: number, squares: number[]) => bigint,
   *   onFinish: (algorithmId: string, n: number, squares: number[]) => void,
   *   regions?: () => import('./mode.js').RegionsCoreApi | null,
   *   write: (board: { n: number, squares: number[], given: number[], marks: number[], coach: boolean }) => void }} options
   *   algorithms: the core's algorithms(); limits: the core's limits() (board and
   *   puzzle sizes); generate: the core's puzzle(); rules: its deductionRules();
   *   levels: its puzzleLevels(); count: its completions(); regions: its regions exports, if any;
   *   write: puts a board in the address bar
   */
  constructor(root, { algorithms, limits, generate, rules, levels, count, onFinish, write, regions = () => null }) {
    this.regionsApi = regions;
    this.root = root;
    this.limits = limits;
    this.maker = new PuzzleMaker({ limits, generate, levels, regions });
    this.rules = rules;
    this.onFinish = onFinish;
    this.active = false;
    this.loaded = false;
    this.model = new PuzzleModel(limits.defaultN);
    /** @type {'queen' | 'mark'} what a click or tap does */
    this.tool = 'queen';
    this.stages = new HintStages();
    /** Presses of Hint while a new hint is on its way (0: none asked). */
    this.hintPresses = 0;
    this.shading = stored(SHADING_KEY) !== 'off';
    /** A press of Hint asked for the box beside (or under) the board: it is scrolled into view once filled. */
    this.revealBox = false;
    /** @type {Analysis} */
    this.analysis = {};
    // The address bar is this view's only while it is shown (a write may come late).
    this.url = new UrlSync(() => this.model.snapshot(), (board) => this.active && write({ ...board, marks: board.marks ?? [], coach: this.coachOn }));
    // Coach off: the verdict (dead end, ways to finish) waits for Check, so a
    // learner meets the dead end and backtracks on their own. `revealed`: Check
    // was pressed for the board shown.
    this.coachOn = true;
    this.revealed = false;

    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    const select = (/** @type {string} */ name) => /** @type {HTMLSelectElement} */ ($(name));
    this.board = new BoardView(root);
    this.canvas = this.board.canvas;
    this.coachLine = $('coach');
    this.note = $('note');
    this.cursorText = $('cursor-text');
    this.nPicker = select('n');
    this.buttons = { hint: button('get-hint'), undo: button('undo'), redo: button('redo'), clear: button('clear'), empty: button('empty'), check: button('check'), newPuzzle: button('new-puzzle'), finish: button('finish') };
    this.tools = { queen: button('tool-queen'), mark: button('tool-mark') };
    this.levelRules = $('level-rules');
    this.coachToggle = /** @type {HTMLInputElement} */ ($('coach-toggle'));
    this.difficulty = select('difficulty');
    this.puzzleCaption = $('puzzle-caption');
    this.finishAlgorithm = select('finish-algorithm');
    this.game = {
      timer: $('timer'), hints: $('hints-used'), copy: button('copy-puzzle-link'), side: $('side'),
      celebration: $('celebration'), celebrationText: $('celebration-text'), hintBox: $('hint-box'), hintStage: $('hint-stage'), hintText: $('hint-text'),
      daily: button('daily'), dailyRegions: button('daily-regions'), dailyText: $('daily-text'), shading: /** @type {HTMLInputElement} */ ($('shading-toggle')),
    };
    this.kindPicker = select('kind');
    this.regionGrid = $('region-grid');
    this.watch = { row: $('watch-row'), button: button('watch'), text: $('watch-text') };
    this.watcher = new SearchWatch(root, this.watch.text, () => this.render());
    const offersRegions = regions() !== null;
    $('kind-field').hidden = !offersRegions;
    this.game.dailyRegions.hidden = !offersRegions;
    this.stageEl = /** @type {HTMLElement} */ (root.querySelector('.stage'));
    this.boardFrame = /** @type {HTMLElement} */ (root.querySelector('.board-frame'));
    this.extras = { regions: /** @type {number[] | null} */ (null), open: /** @type {number[]} */ ([]), numbered: /** @type {number[]} */ ([]), culprit: -1, dark: false };
    this.board.overlay = (ctx, size, n) => drawExtras(ctx, size, n, this.extras);
    this.input = new BoardInput(this.canvas, $('cursor'), {
      n: () => this.model.n,
      use: (square) => this.use(square),
      mark: (square) => this.toggleMark(square),
      moved: (square) => { this.cursorText.textContent = this.describeSquare(square); },
    });
    this.replay = new ReplayView(root, {
      start: button('reason-start'), back: button('reason-back'), next: button('reason-next'), play: button('reason-play'), close: button('reason-close'), text: $('reason-step'),
    }, { ruleName: (id) => this.ruleName(id), changed: () => this.render() });

    for (let n = limits.puzzleMinN; n <= limits.puzzleMaxN; n++) this.nPicker.append(el('option', { value: n, text: `${n} × ${n}` }));
    $('generated-note').textContent = `A generated board with exactly one way to finish it (${this.maker.generatedSizes()}).`;
    for (const a of algorithms.filter((a) => a.takesFixedQueens)) {
      this.finishAlgorithm.append(el('option', { value: a.id, text: a.name }));
    }

    this.showLevelRules();
    // Nauck's position: how many ways it can be finished, counted now by the core.
    const nauckCount = count(NAUCK.n, [...NAUCK.squares]);
    const nauckText = $('nauck-count');
    nauckText.textContent = `It can be finished in ${counted(nauckCount, 'way')}: the solver has just counted them.`;
    nauckText.dataset.completions = String(nauckCount);

    this.counter = new Coach((msg) => this.heard(msg), {
      budgetMs: COUNT_BUDGET_MS, limitMs: COUNT_LIMIT_MS, owes: () => unchecked(this.analysis, this.model.marks.length > 0), name: 'puzzle-count',
    });
    this.hinter = new Coach((msg) => this.heardHint(msg), { budgetMs: HINT_BUDGET_MS, name: 'puzzle-hint' });

    this.nPicker.addEventListener('change', () => this.leave({ n: Number(this.nPicker.value), squares: [], given: [], marks: [], puzzle: null }));
    this.tools.queen.addEventListener('click', () => this.setTool('queen'));
    this.tools.mark.addEventListener('click', () => this.setTool('mark'));
    this.difficulty.addEventListener('change', () => this.showLevelRules());
    button('reason-start').addEventListener('click', () => this.startReplay());
    button('nauck-load').addEventListener('click', () => this.leave({ n: NAUCK.n, squares: [...NAUCK.squares], given: [...NAUCK.squares], marks: [], puzzle: null }));
    this.buttons.hint.addEventListener('click', () => this.askHint());
    this.buttons.undo.addEventListener('click', () => this.undo());
    this.buttons.redo.addEventListener('click', () => this.redo());
    this.buttons.clear.addEventListener('click', () => this.clear());
    this.buttons.empty.addEventListener('click', () => this.leave({ n: this.model.n, squares: [], given: [], marks: [], puzzle: null }));
    this.buttons.check.addEventListener('click', () => { this.revealed = true; this.render(); });
    this.coachToggle.addEventListener('change', () => this.setCoach(this.coachToggle.checked));
    this.buttons.newPuzzle.addEventListener('click', () => this.newPuzzle());
    this.buttons.finish.addEventListener('click', () => this.finish());
    this.hintBox = new HintBox(root, { box: this.game.hintBox, title: this.game.hintStage, text: this.game.hintText });
    this.gameView = new GameView(root, {
      timer: this.game.timer, hints: this.game.hints, copy: this.game.copy, side: this.game.side, celebration: this.game.celebration,
      celebrationText: this.game.celebrationText, dailyText: this.game.dailyText, stage: this.stageEl, boardFrame: this.boardFrame,
    });
    this.game.copy.addEventListener('click', () => this.gameView.copyLink(this.model, (text) => this.say(text)));
    this.game.daily.addEventListener('click', () => this.loadDaily(localDay(new Date())));
    this.game.dailyRegions.addEventListener('click', () => this.loadDaily(localDay(new Date()), 'regions'));
    this.kindPicker.addEventListener('change', () => this.showLevelRules());
    this.watch.button.addEventListener('click', () => this.watchSearch());
    this.game.shading.checked = this.shading;
    this.game.shading.addEventListener('change', () => {
      this.shading = this.game.shading.checked;
      store(SHADING_KEY, this.shading ? 'on' : 'off');
      this.render();
    });
    new ResizeObserver(() => {
      if (this.board.fit()) this.board.redraw();
      this.input.placeCursor();
    }).observe(this.canvas);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.board.setTheme(readTheme());
      this.board.redraw();
    });
  }

  /**
   * Starts on a board (from the URL): no history before it. A generated
   * puzzle named by its level and seed alone is made again here.
   * @param {{ n: number, squares: number[], given: number[], marks?: number[], coach?: boolean | null, puzzle?: import('./model.js').PuzzleSpec | null }} board
   */
  load({ n, squares, given, marks = [], coach = null, puzzle = null }) {
    this.loaded = true;
    const board = this.maker.remake({ n, squares, given, marks, puzzle });
    const on = coach ?? coachByDefault(board.puzzle);
    this.coachOn = on;
    this.coachToggle.checked = on;
    this.model.load(board);
    this.shown();
  }

  /**
   * Coach on (dead ends flagged as they happen) or off (only when Check asks).
   * @param {boolean} on
   */
  setCoach(on) {
    this.coachOn = on;
    this.coachToggle.checked = on;
    this.revealed = false;
    this.render();
    this.writeUrl(true);
  }

  /** Whether the coach's verdict is shown: always with the coach on, after Check with it off. */
  verdictShown() {
    return this.coachOn || this.revealed;
  }

  /**
   * This view is shown (true) or hidden: only the shown view keeps the address bar.
   * @param {boolean} active
   */
  setActive(active) {
    this.active = active;
    this.url.cancel();
    if (active) {
      if (!this.loaded) this.load({ n: this.limits.defaultN, squares: [], given: [] });
      this.board.fit();
      this.render();
      this.writeUrl(true);
    }
  }

  // ---- Changing the board --------------------------------------------------------

  /**
   * A change the user made: recorded for undo.
   * @param {PuzzleBoard} next
   */
  change(next) {
    const n = this.model.n;
    this.model.change(next);
    this.shown(n);
  }

  /**
   * To a board that is no generated puzzle: the coach as such a board has it (on).
   * @param {PuzzleBoard} next
   */
  leave(next) {
    if (this.model.puzzle?.seed !== null && this.model.puzzle !== null) this.setCoachQuietly(coachByDefault(next.puzzle));
    this.change(next);
  }

  /**
   * The model holds a new board: the view follows, and the coach looks at it.
   * @param {number} [before]  the board's size before
   */
  shown(before = -1) {
    const { n } = this.model;
    if (n !== before) this.input.cursor = 0;
    this.stopWatching();
    this.stages.reset();
    this.hintPresses = 0;
    this.hintBox.hide();
    this.replay.end();
    this.revealed = false;
    this.say('');
    this.nPicker.value = String(n);
    if (this.model.puzzle?.kind === 'regions' && this.kindPicker.value !== 'regions') {
      this.kindPicker.value = 'regions';
      this.showLevelRules();
    }
    this.showPuzzleCaption();
    const { puzzle, given, squares } = this.model;
    const key = puzzle || given.length ? puzzleOnly(this.model).toString() : '';
    if (this.gameView.startIfNew(key)) {
      // Another puzzle: its clock starts, and the screen reader hears of the new board.
      const caption = this.puzzleCaption.hidden ? '' : ` ${this.puzzleCaption.textContent}`;
      this.cursorText.textContent = `A new ${n}×${n} board, ${counted(squares.length, 'queen')} on it.${caption}`;
    }
    this.analyse();
    this.render();
    this.writeUrl();
  }

  /**
   * Plays the daily puzzle of a date (the Daily buttons: today, in the player's time zone).
   * @param {string} day
   * @param {'classic' | 'regions'} [kind]
   */
  loadDaily(day, kind = 'classic') {
    const board = this.maker.daily(day, kind);
    if (!board) return;
    this.setCoachQuietly(false);
    this.change(board);
    this.scrollToBoard();
  }

  /**
   * The coach's setting without a redraw (a new puzzle sets its default).
   * @param {boolean} on
   */
  setCoachQuietly(on) {
    this.coachOn = on;
    this.coachToggle.checked = on;
  }

  /** On a phone the board may be far above the button pressed: it scrolls into view. */
  scrollToBoard() {
    if (!this.gameView.narrow()) return; // side by side: the board is in view
    const box = this.canvas.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) this.stageEl.scrollIntoView({ block: 'start', behavior: 'auto' });
  }

  /**
   * Puts a queen on `square`, or takes it off (not one the puzzle gave).
   * @param {number} square
   */
  toggle(square) {
    if (this.leftReplay()) return;
    const n = this.model.n;
    const refused = this.model.toggle(square);
    if (refused) this.say(refused);
    else this.shown(n);
  }

  /**
   * Rules `square` out, or lets it back in (the second tool, a right-click, a
   * long-press, X). A square with a queen cannot be ruled out.
   * @param {number} square
   */
  toggleMark(square) {
    if (this.leftReplay()) return;
    const n = this.model.n;
    const refused = this.model.toggleMark(square);
    if (refused) return this.say(refused);
    this.shown(n);
    this.cursorText.textContent = this.describeSquare(square);
  }

  /**
   * What a click, a tap, Enter or Space does: place a queen, or rule out.
   * @param {'queen' | 'mark'} tool
   */
  setTool(tool) {
    this.tool = tool;
    this.tools.queen.setAttribute('aria-pressed', String(tool === 'queen'));
    this.tools.mark.setAttribute('aria-pressed', String(tool === 'mark'));
    this.root.dataset.tool = tool;
  }

  /**
   * The tool's action on `square`.
   * @param {number} square
   */
  use(square) {
    if (this.tool === 'mark') this.toggleMark(square);
    else this.toggle(square);
  }

  undo() {
    const n = this.model.n;
    if (this.model.undo()) this.shown(n);
  }

  redo() {
    const n = this.model.n;
    if (this.model.redo()) this.shown(n);
  }

  clear() {
    const n = this.model.n;
    if (this.model.clear()) this.shown(n);
  }

  newPuzzle() {
    const kind = this.kindPicker.value === 'regions' ? 'regions' : 'classic';
    const made = this.maker.fresh(kind, this.difficulty.value, this.model.n, newSeed());
    if (!made) return;
    this.setCoachQuietly(false);
    this.change(made.board);
    if (made.said) this.say(made.said);
    this.scrollToBoard();
  }

  finish() {
    const { n, squares } = this.model;
    const rows = squares.map((s) => Math.floor(s / n));
    const shared = rows.find((r, i) => rows.indexOf(r) !== i);
    if (shared !== undefined) {
      this.say(`Two queens share row ${shared + 1}, and a search places one queen a row: take one of them off first.`);
      return;
    }
    this.onFinish(this.finishAlgorithm.value, n, squares);
  }

  /**
   * Page-wide keys while this view is shown: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = /** @type {HTMLElement|null} */ (event.target);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) this.undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) this.redo();
    else return;
    event.preventDefault();
  }

  // ---- The coach ------------------------------------------------------------------

  analyse() {
    const { n, squares, marks } = this.model;
    this.hinter.stop();
    this.analysis = { pending: true, conflict: this.model.conflicts() };
    const regions = this.model.regions ?? undefined;
    this.counter.ask({ type: 'analyse', n, squares: Int32Array.from(squares), excluded: Int32Array.from(marks), regions });
  }

  /** @param {CoachReply} msg  the counting coach's answers */
  heard(msg) {
    const a = this.analysis;
    switch (msg.type) {
      case 'completion': a.solution = msg.solution; break;
      case 'count':
        a.count = msg.count;
        // Counted on the puzzle's own queens: the ways to finish it.
        if (this.model.squares.length === this.model.given.length && this.model.given.length) this.gameView.total = msg.count;
        break;
      case 'culprit':
        a.culprit = msg.square;
        // The coach found a dead end with no attack: its reason beside the board, as a hint would give it.
        if (this.verdictShown() && !a.conflict) this.askDeadChain();
        break;
      case 'rank': a.rank = msg; break;
      case 'marks': a.marks = { count: msg.count, wrong: msg.wrong }; break;
      case 'done': a.pending = false; break;
      case 'slow': a.slow = true; break;
      case 'timeout': a.pending = false; a.timedOut = true; break;
      case 'error': a.pending = false; a.error = msg.message; showProblem(msg.message, 'error'); break;
      default: return;
    }
    this.render();
  }

  /** The board as verdict.js judges it. */
  judged() {
    const { n, squares, marks, regions } = this.model;
    return { n, squares, marks, regions, analysis: this.analysis, shown: this.verdictShown() };
  }

  /** @returns {'empty' | 'dead' | 'solved' | 'open'} */
  state() {
    return boardState(this.judged());
  }

  /** The marks the coach flags: those every completion needs (only while its verdict is shown). */
  wrongMarks() {
    const m = this.analysis.marks;
    return this.verdictShown() && m && m.count === 0n ? m.wrong : [];
  }

  /**
   * The rule's name, from the core's deductionRules().
   * @param {string} id
   */
  ruleName(id) {
    return this.rulesShown().find((r) => r.id === id)?.name ?? id;
  }

  /** The rules of the board played: the classic ones, or the regions ones. */
  rulesShown() {
    const api = this.model.regions ? this.regionsApi() : null;
    return api ? api.regionsRules() : this.rules;
  }

  /**
   * Hint: a new hint at its first stage (where to look), or the next stage of
   * the hint shown (the rule, then the conclusion).
   */
  askHint() {
    const { n, squares, marks } = this.model;
    this.revealBox = true;
    // A press while the hint is on its way counts: the hint opens at that many stages.
    if (this.hintPresses > 0) {
      this.hintPresses++;
      return;
    }
    if (this.stages.hasMore() && !this.replay.replay) {
      this.stages.next();
      this.render();
      return;
    }
    const state = this.state();
    if (state === 'solved') return this.say('The board is solved: no hint needed.');
    if (state === 'dead') {
      const { culprit } = this.analysis;
      this.say(culprit == null ? 'No square helps here: take a queen off first.' : `No square helps here: first move the queen on ${where(n, culprit)}.`);
      if (!this.analysis.conflict) this.askDeadChain();
      return;
    }
    // No hint on a board whose check has not come back.
    const unsure = uncheckedSentence(this.analysis, marks.length > 0);
    if (unsure) return this.say(unsure);
    const wrong = this.analysis.marks?.count === 0n ? this.analysis.marks.wrong : null;
    if (wrong) {
      const which = wrong.map((s) => where(n, s)).join(' and ');
      return this.say(wrong.length
        ? `No deduction helps while a square every way to finish needs is ruled out: let ${which} back in first.`
        : 'No deduction helps while your ruled-out squares together leave no way to finish: let one of them back in first.');
    }
    this.replay.end();
    this.say('Looking for a hint…');
    this.hintPresses = 1;
    // The squares the board shows attacked go in as ruled out: the hint starts where the learner's eyes do.
    this.hinter.ask({ type: 'hint', n, squares: Int32Array.from(squares), excluded: Int32Array.from(this.model.ruledOut()), regions: this.model.regions ?? undefined });
  }

  /** The chain of deductions that runs into the dead end, to be shown beside the board. */
  askDeadChain() {
    const { n, squares, regions } = this.model;
    this.hinter.ask({ type: 'chain', n, squares: Int32Array.from(squares), excluded: Int32Array.from(this.model.ruledOut()), regions: regions ?? undefined });
  }

  /**
   * Shows a new hint at its first stage; its rule in #puzzle[data-hint-rule].
   * @param {ShownHint} hint
   */
  showHint(hint) {
    this.stages.start(hint);
    for (let press = 1; press < this.hintPresses && this.stages.hasMore(); press++) this.stages.next();
    this.hintPresses = 0;
    this.root.dataset.hintRule = hint.rule;
    this.input.cursor = hint.square;
    this.say('');
    this.gameView.hintUsed();
    this.render();
  }

  /** @param {CoachReply} msg  the hinting coach's answers */
  heardHint(msg) {
    const { n } = this.model;
    if (msg.type !== 'deduction' && msg.type !== 'hint') this.hintPresses = 0;
    if (msg.type === 'deduction') {
      const d = msg.deduction;
      this.showHint(shownHint(n, d));
    } else if (msg.type === 'hint') {
      const { hint } = msg;
      if (!hint) {
        this.hintPresses = 0;
        return this.say('No square keeps a solution possible: take a queen off.');
      }
      this.showHint({ square: hint.square, kind: 'place', rule: 'search', lines: [], squares: [], chain: [], reason: hint.reason });
    } else if (msg.type === 'chain') {
      this.showDeadChain(msg.steps, msg.queens, msg.excluded);
    } else if (msg.type === 'timeout') {
      this.say('A hint takes too long on this board; place a queen or two first.');
    } else if (msg.type === 'error') {
      this.say('');
      showProblem(msg.message, 'error');
    }
  }

  /**
   * A dead end's reason beside the board (hint-box.js), with the queen to move.
   * @param {import('../types.js').ReasoningStep[]} steps  the deductions from the board
   * @param {number[]} queens  the board after them
   * @param {number[]} excluded  and its squares ruled out
   */
  showDeadChain(steps, queens, excluded) {
    if (this.state() !== 'dead') return;
    const { n, regions } = this.model;
    this.hintBox.showDeadChain({ n, regions, steps, queens, excluded, culprit: this.analysis.culprit ?? null, ruleName: (id) => this.ruleName(id) }, this.takeReveal());
  }

  /** Whether a press of Hint asked for the box (it is scrolled into view once filled); asked once. */
  takeReveal() {
    const reveal = this.active && this.revealBox;
    this.revealBox = false;
    return reveal;
  }

  /** The hint shown, at its stage: the box's words, and #puzzle[data-hint-stage]. */
  showStage() {
    const hint = this.stages.hint;
    const replaying = Boolean(this.replay.replay || this.watcher.state);
    if (!hint || replaying) {
      if (this.root.dataset.hintStage !== 'dead' || replaying) this.hintBox.hide();
      return;
    }
    this.hintBox.showStage({ n: this.model.n, hint, stage: this.stages.stage, rules: this.rulesShown(), ruleName: (id) => this.ruleName(id) }, this.takeReveal());
  }

  // ---- Solve by reasoning ---------------------------------------------------------

  /** Asks for the chain of deductions from the puzzle's own queens (or, with no puzzle, the queens on the board). */
  startReplay() {
    const { n, given, squares } = this.model;
    const start = given.length ? given : squares;
    this.replay.start({ type: 'chain', n, squares: Int32Array.from(start), excluded: [], regions: this.model.regions ?? undefined });
  }

  /**
   * A touch on the board while the replay shows closes it (and does no more):
   * true if it did.
   */
  leftReplay() {
    if (this.watcher.state) {
      this.stopWatching();
      this.render();
      return true;
    }
    if (!this.replay.replay) return false;
    this.replay.close();
    return true;
  }

  /**
   * The board to draw: the replay's step while it is open, else the learner's.
   * @returns {{ queens: number[], marks: number[], hint: ShownHint | null, given: number[] }}
   */
  shownBoard() {
    const { n, squares, marks, given, regions } = this.model;
    const w = this.watcher.state;
    if (w) return { queens: w.queens, marks: [], hint: null, given };
    const r = this.replay.replay;
    if (!r) return { queens: squares, marks, hint: this.stages.hint, given };
    const step = r.steps[r.index];
    const queens = step ? step.queens : r.queens;
    const excluded = step ? step.excluded : r.excluded;
    // The attacked squares are hatched already: the crosses are the squares the rules ruled out.
    const { cells } = boardMarks(n, queens, -1, [], [], [], regions);
    const crosses = excluded.filter((s) => !(cells[s] & CELL.THREATENED));
    const d = step?.deduction;
    const hint = d ? shownHint(n, d) : null;
    return { queens, marks: crosses, hint, given };
  }

  // ---- Showing --------------------------------------------------------------------

  /**
   * The note under the coach line (hints, why something cannot be done).
   * @param {string} text
   * @param {string} [label]  in bold before it: a hint's rule
   */
  say(text, label = '') {
    const shown = label ? `${label} ${text}` : text;
    if (this.note.textContent !== shown) this.note.replaceChildren(...(label ? [el('strong', {}, label), ` ${text}`] : [text]));
    this.note.hidden = !text;
  }

  /** "Easy: … · Medium: … · Hard: …", the rules each level needs (the core's deductionRules()). */
  showLevelRules() {
    const chosen = this.difficulty.value;
    const regions = this.kindPicker.value === 'regions' ? this.regionsApi() : null;
    const rules = regions ? regions.regionsRules() : this.rules;
    // The levels whose rules the core names (expert where it has look-ahead on its own).
    const levels = DIFFICULTIES.filter((level) => rules.some((r) => r.level === level));
    const expert = /** @type {HTMLOptionElement | null} */ (this.difficulty.querySelector('option[value="expert"]'));
    if (expert) expert.hidden = !levels.includes('expert');
    const items = levels.map((level, upTo) => {
      const own = rules.filter((r) => r.level === level).map((r) => r.name);
      const [smallest] = regions ? [REGIONS_MIN_N] : this.maker.levelSizes(level);
      const sizes = !regions && smallest > this.limits.generatedMinN ? ` (${smallest}×${smallest} and up)` : '';
      const text = upTo === 0 ? `${capital(level)}${sizes}: ${own.join(', ')}.` : `${capital(level)}${sizes}: the ${levels[upTo - 1]} rules, and at least once ${own.join(' or ')}.`;
      return el('li', level === chosen ? { 'data-current': '' } : {}, text);
    });
    this.levelRules.replaceChildren(...items);
  }

  render() {
    const { n } = this.model;
    const shown = this.shownBoard();
    const squares = shown.queens;
    const replaying = this.replay.replay;
    const wrong = replaying ? [] : this.wrongMarks();
    const { regions } = this.model;
    const hint = shown.hint;
    // A hint's square shows at its third stage (a replay's step at once).
    const stage = replaying ? 3 : this.stages.stage;
    const chain = hint?.chain ?? [];
    const { cells, lines } = boardMarks(n, squares, hint && stage === 3 ? hint.square : -1, shown.given, shown.marks, wrong, regions);
    // A queen a hint places shows as a faint queen; a square it rules out keeps the ring.
    if (hint?.kind === 'place' && stage === 3) cells[hint.square] |= CELL.GHOST;
    const state = this.state();
    // A solved board is shown clean, and the shading is a setting.
    const solvedClean = state === 'solved' && !replaying && !this.watcher.state;
    if (solvedClean || !this.shading) cells.forEach((flags, s) => { cells[s] = flags & ~CELL.THREATENED; });
    // The lines the hint used as bands, and the squares it used as discs (a look-ahead's forced queens are numbered instead, at the conclusion).
    const disc = (/** @type {number} */ s) => /** @type {[number, number]} */ ([s, s]);
    /** @type {import('../components/board.js').Lines} */
    const bands = [
      ...(hint?.lines ?? []).filter((line) => line.kind !== 'region').map((line) => lineEnds(n, line)),
      // A region is no straight line: its squares as discs.
      ...(hint?.lines ?? []).filter((line) => line.kind === 'region').flatMap((line) => (regions ?? []).flatMap((r, s) => (r === line.index ? [disc(s)] : []))),
      ...(hint?.squares ?? []).filter((s) => !chain.includes(s)).map(disc),
    ];
    if (this.watcher.state && this.watcher.state.probe >= 0) cells[this.watcher.state.probe] |= CELL.PROBED;
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const culprit = !replaying && this.verdictShown() && state === 'dead' && this.analysis.culprit != null ? this.analysis.culprit : -1;
    this.extras = {
      regions,
      open: this.shading && !solvedClean && !replaying && squares.length ? openSquares(n, squares, shown.marks, regions) : [],
      numbered: stage === 3 ? chain : [],
      culprit,
      dark,
    };
    this.board.squareColour = regions ? regionColour(regions, dark) : null;
    this.board.draw(cells, n, lines, bands);
    this.showStage();
    this.showRegionGrid();
    const data = this.root.dataset;
    data.kind = regions ? 'regions' : 'classic';
    this.watch.row.hidden = !regions;
    this.buttons.finish.disabled = Boolean(regions);
    this.buttons.finish.title = regions ? 'The searches here place queens on the classic board: watch the regions search below' : '';
    if (culprit >= 0) data.culprit = String(culprit);
    else delete data.culprit;
    if (solvedClean && this.gameView.puzzleKey) this.gameView.celebrate(this.model);
    if (shown.hint) {
      data.hintSquare = String(shown.hint.square);
      data.hintKind = shown.hint.kind;
      data.hintLines = shown.hint.lines.map((l) => `${l.kind}:${l.index}`).join(' ');
    } else {
      delete data.hintSquare;
      delete data.hintKind;
      delete data.hintLines;
    }
    data.shownQueens = squares.join(',');
    data.marks = shown.marks.join(',');
    if (wrong.length) data.wrongMarks = wrong.join(',');
    else delete data.wrongMarks;
    data.state = state;
    const reason = this.verdictShown() ? deadReason(this.judged()) : null;
    if (reason) data.deadReason = reason;
    else delete data.deadReason;
    data.coach = this.coachOn ? 'on' : 'off';
    if (this.analysis.count !== undefined) data.completions = String(this.analysis.count);
    else delete data.completions;
    data.busy = String(Boolean(this.analysis.pending));
    const text = replaying
      ? `Showing the reasoning, step ${replaying.index} of ${replaying.steps.length}: your own board waits until you close the replay.`
      : coachText(this.judged());
    if (this.coachLine.textContent !== text) this.coachLine.textContent = text;
    this.coachLine.dataset.state = this.verdictShown() ? state : 'unchecked';

    this.buttons.undo.disabled = !this.model.past.length;
    this.buttons.redo.disabled = !this.model.future.length;
    this.buttons.clear.disabled = !this.model.canClear();
    // With a puzzle's queens on the board, Clear keeps them (and says so);
    // New empty board leaves the puzzle.
    const puzzle = this.model.given.length > 0;
    this.buttons.clear.textContent = puzzle ? 'Clear mine' : 'Clear';
    // Both stay in the row, enabled or not, so that using a control never
    // moves the others (the coach's checkbox below them among them).
    this.buttons.empty.disabled = !puzzle;
    this.buttons.check.disabled = this.coachOn || this.revealed || squares.length === 0;
    this.buttons.check.title = this.coachOn
      ? 'The coach checks as you go; untick it to check when you choose'
      : 'Ask the coach whether this board can still be finished';
    const placed = squares.map((s) => `${where(n, s)}${this.model.given.includes(s) ? ' (given)' : ''}`);
    const ruled = shown.marks.length ? ` Ruled out: ${shown.marks.map((s) => where(n, s)).join('; ')}.` : '';
    const used = shown.hint?.lines.length ? ` The hint used ${shown.hint.lines.map((l) => lineName(n, l)).join(', ')}.` : '';
    const whose = replaying ? `Solving by reasoning, step ${replaying.index} of ${replaying.steps.length}: ` : '';
    const tool = this.tool === 'mark' ? 'rules a square out or lets it back in' : 'places or takes off a queen';
    this.canvas.setAttribute('aria-label', `${whose}${n}×${n} puzzle board, ${counted(squares.length, 'queen')}${placed.length ? `: ${placed.join('; ')}` : ''}.${ruled}${used} Arrow keys move the cursor, Enter or Space ${tool}, X rules a square out.`);
    this.input.placeCursor();
  }

  /**
   * What is on `square`, for the cursor's line.
   * @param {number} square
   * @returns {string}
   */
  describeSquare(square) {
    const { n, squares, marks, regions } = this.model;
    const { cells } = boardMarks(n, squares, -1, [], marks, [], regions);
    const flags = cells[square];
    const ruled = flags & CELL.RULED_OUT ? ', ruled out' : '';
    const what = flags & CELL.QUEEN ? (flags & CELL.CONFLICT ? 'a queen under attack' : 'a queen') : flags & CELL.THREATENED ? `empty, threatened${ruled}` : `empty${ruled || ', safe'}`;
    const region = regions ? `, region ${regions[square] + 1}` : '';
    return `Row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}${region}: ${what}.`;
  }

  showPuzzleCaption() {
    const { n, given, puzzle: p } = this.model;
    if (!p && isNauck(n, given)) {
      this.puzzleCaption.textContent = 'Nauck\'s problem of 1850: the two framed queens are given; place the other six.';
      this.puzzleCaption.hidden = false;
      return;
    }
    const rules = p?.kind === 'regions' ? ' One queen in every row, column and coloured region, and no two queens touching, not even at a corner.' : '';
    this.puzzleCaption.textContent = p?.kind === 'regions'
      ? `${p.daily ? `The daily regions puzzle of ${p.daily}` : `Regions puzzle ${n}×${n}, seed ${p.seed}`}: ${p.level}, exactly one solution.${rules}`
      : p?.daily
      ? `The daily puzzle of ${p.daily}: ${n}×${n}, ${p.level}, exactly one way to finish it, the same for every player today. The queens it gives stand on framed squares.`
      : p && p.seed !== null
      ? `Puzzle ${n}×${n}, ${p.level}, seed ${p.seed}: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.`
      : given.length ? 'A shared puzzle: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.' : '';
    this.puzzleCaption.hidden = !this.puzzleCaption.textContent;
  }

  /** A regions puzzle's squares over the canvas, each with its data-region (regions-view.js). */
  showRegionGrid() {
    showRegionGrid(this.regionGrid, this.canvas, this.model.n, this.model.regions);
  }

  /** Watch the search: the core's row-by-row backtracking on the regions puzzle, a step at a time on the board. */
  watchSearch() {
    const api = this.regionsApi();
    const { n, regions, given } = this.model;
    if (!api || !regions) return;
    const trace = guard(() => api.regionsSearch(n, regions, given, WATCH_MAX_STEPS), null);
    if (!trace) return;
    this.replay.end();
    this.watcher.start(trace, n, given);
  }

  stopWatching() {
    this.watcher.stop();
  }

  /** The board for tests and the console (window.nqueens.puzzle). */
  handle() {
    const { n, given, squares, marks, regions, puzzle } = this.model;
    return {
      n, kind: puzzle?.kind ?? 'classic', givens: [...given], queens: [...squares], marks: [...marks],
      regions: regions ? [...regions] : null, level: puzzle?.level ?? '', seed: puzzle?.seed ?? null, daily: puzzle?.daily ?? null,
    };
  }

  /** @param {boolean} [now]  at once, rather than after the quiet time */
  writeUrl(now = false) {
    if (this.active) this.url.update(now);
    else this.url.cancel();
  }
}
