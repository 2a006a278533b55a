// Puzzle mode's view: the user places the queens, the solver coaches.
//
// Inside its root (#puzzle): the board (board-view.js, its input input.js:
// pointer, long-press, keyboard), the coach line (verdict.js's words for
// coach.js's answers), a hint (hints.js), undo/redo/clear (model.js), the
// panels that start another board (pickers.js: the daily puzzles, Nauck's
// position of 1850, generated "complete this board" puzzles, "let an
// algorithm finish this"), "solve by reasoning" (replay.js) and the watched
// regions search (regions-view.js). What the board shows and says is
// shown.js's; everything that may take long runs in a worker with a time
// budget (coach.js), so a nearly empty 20×20 board never freezes the page.
// The board sizes, and those of the generated puzzles, are the core's
// (limits()). Keeps the address bar (link.js's words, mode.js's writer) while
// it is the view shown.

import { Coach, unchecked } from './coach.js';
import { counted, part, setData } from '../lib/dom.js';
import { showProblem } from '../lib/errors.js';
import { UrlSync } from '../lib/params.js';
import { PuzzleModel } from './model.js';
import { ReplayView } from './replay.js';
import { Verdict, boardState, coachText, deadReason, takeReply } from './verdict.js';
import { coachByDefault, puzzleOnly } from './link.js';
import { GameView, store, stored } from './game.js';
import { localDay } from './daily.js';
import { KINDS, kindStreak, notOutYet } from './record.js';
import { HintView } from './hints.js';
import { SearchWatch } from './regions-view.js';
import { PuzzleMaker } from './makers.js';
import { boardLabel, boardPicture, describeSquare, puzzleCaption, replayBoard } from './shown.js';
import { PuzzlePickers } from './pickers.js';
import { PuzzleBoardView } from './board-view.js';
import { PuzzleControls } from './controls.js';

/** Counting may take this long; then the coach says "at least one way". */
const COUNT_BUDGET_MS = 1500;
/** …and one that has not given its verdict (a completion, the marks' check) may go on this long, saying "still checking…". */
const COUNT_LIMIT_MS = 30_000;
/** Where the auto-mark setting is kept (localStorage): 'on' (hatched), 'cross' or 'off'. */
const SHADING_KEY = 'nqueens-puzzle-shading';
/** Where the region letters setting is kept (localStorage). */
const LETTERS_KEY = 'nqueens-puzzle-letters';
/** Where the daily's "no help" setting is kept (localStorage). */
const NO_HELP_KEY = 'nqueens-puzzle-no-help';
/** The auto-mark settings as the select names them, and as they are kept. */
const AUTO_MARKS = /** @type {const} */ ({ hatch: 'on', cross: 'cross', none: 'off' });

/** @typedef {import('../types.js').CoachReply} CoachReply */
/** @typedef {import('./model.js').PuzzleBoard} PuzzleBoard */
/** @typedef {import('./model.js').ShownHint} ShownHint */

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
    this.active = false;
    this.loaded = false;
    this.model = new PuzzleModel(limits.defaultN);
    /** @type {'queen' | 'mark'} what a click or tap does */
    this.tool = 'queen';
    /** @type {keyof typeof AUTO_MARKS} how the attacked squares are marked */
    this.autoMark = stored(SHADING_KEY) === 'off' ? 'none' : stored(SHADING_KEY) === 'cross' ? 'cross' : 'hatch';
    // Coach off: the verdict (dead end, ways to finish) waits for Check, so a
    // learner meets the dead end and backtracks on their own.
    this.verdict = new Verdict();
    // The address bar is this view's only while it is shown (a write may come late).
    this.url = new UrlSync(() => this.model.snapshot(), (board) => this.active && write({ ...board, marks: board.marks ?? [], coach: this.verdict.on }));

    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    this.cursorText = $('cursor-text');
    this.finishButton = button('finish');
    this.controls = new PuzzleControls(root, limits, {
      size: (n) => this.leave({ n, squares: [], given: [], marks: [], puzzle: null }),
      tool: (tool) => { this.tool = tool; this.controls.setTool(tool); },
      history: (action) => this.history(action),
      empty: () => this.leave({ n: this.model.n, squares: [], given: [], marks: [], puzzle: null }),
      check: () => {
        // With no help, Check counts as a hint.
        if (this.helpless()) this.gameView.hintUsed();
        this.verdict.revealed = true;
        this.render();
      },
      coach: (on) => this.setCoach(on),
    });
    this.puzzleCaption = $('puzzle-caption');
    this.watchRow = $('watch-row');
    this.stageEl = /** @type {HTMLElement} */ (root.querySelector('.stage'));
    this.view = new PuzzleBoardView(root, $('cursor'), $('region-grid'), {
      n: () => this.model.n,
      use: (square) => this.use(square, this.tool),
      mark: (square) => this.use(square, 'mark'),
      moved: (square) => { this.cursorText.textContent = describeSquare(this.model, square); },
      canDrag: (square) => !this.model.squares.includes(square),
      drag: (square, first) => this.dragMark(square, first),
    });
    /** Whether the drag going on has made its change (the squares it crosses join it). */
    this.dragRecorded = false;
    this.canvas = this.view.canvas;
    this.view.onPrint = () => this.render();
    this.watcher = new SearchWatch(root, $('watch-text'), () => this.render());
    this.replay = new ReplayView(root, {
      start: button('reason-start'), back: button('reason-back'), next: button('reason-next'), play: button('reason-play'), close: button('reason-close'), text: $('reason-step'),
    }, { ruleName: (id) => this.hints.ruleName(id), changed: () => this.render() });
    this.pickers = new PuzzlePickers(root, { maker: this.maker, limits, algorithms, rules, count, regions, onFinish }, {
      model: this.model, play: (board, said) => this.play(board, said), leave: (board) => this.leave(board), say: (text) => this.controls.say(text),
    });
    this.counter = new Coach((msg) => this.heard(msg), {
      budgetMs: COUNT_BUDGET_MS, limitMs: COUNT_LIMIT_MS, owes: () => unchecked(this.verdict.analysis, this.model.marks.length > 0), name: 'puzzle-count',
    });
    this.hints = new HintView(root, { box: $('hint-box'), title: $('hint-stage'), text: $('hint-text'), apply: button('hint-apply') }, {
      model: this.model, judged: () => this.judged(), replay: this.replay, watching: () => Boolean(this.watcher.state), active: () => this.active,
      say: (text) => this.controls.say(text), render: () => this.render(), rules: () => this.rulesShown(),
      shown: (hint) => { this.view.input.cursor = hint.square; this.gameView.hintUsed(); },
      apply: (squares) => {
        const n = this.model.n;
        if (this.model.markAll(squares)) this.shown(n);
      },
    });
    this.gameView = new GameView(root, {
      timer: $('timer'), hints: $('hints-used'), copy: button('copy-puzzle-link'), side: $('side'), celebration: $('celebration'),
      celebrationText: $('celebration-text'), dailyText: $('daily-text'), stage: this.stageEl, boardFrame: /** @type {HTMLElement} */ (root.querySelector('.board-frame')),
      pause: button('pause'), quick: button('daily-quick'), share: button('share'), shareText: $('share-text'), playAgain: button('play-again'), stats: $('stats'), archive: $('archive'),
    });
    this.gameView.model = this.model;
    const noHelp = /** @type {HTMLInputElement} */ ($('no-help'));
    noHelp.checked = this.gameView.noHelp = stored(NO_HELP_KEY) === 'on';
    noHelp.addEventListener('change', () => {
      this.gameView.noHelp = noHelp.checked;
      store(NO_HELP_KEY, noHelp.checked ? 'on' : 'off');
      if (this.helpless()) this.setCoachQuietly(false);
      this.render();
    });

    /** @type {(name: string, listener: () => void) => void} */
    const onClick = (name, listener) => button(name).addEventListener('click', listener);
    onClick('reason-start', () => this.replay.startFrom(this.model));
    onClick('get-hint', () => this.hints.ask());
    onClick('play-again', () => this.playAgain());
    onClick('daily-quick', () => this.pickers.loadDaily(localDay(new Date())));
    onClick('copy-puzzle-link', () => this.gameView.copyLink(this.model, (text) => this.controls.say(text)));
    onClick('watch', () => this.watcher.watch(this.regionsApi(), this.model, () => this.replay.end()));
    const autoMark = /** @type {HTMLSelectElement} */ ($('automark'));
    autoMark.value = this.autoMark;
    autoMark.addEventListener('change', () => {
      this.autoMark = autoMark.value === 'cross' ? 'cross' : autoMark.value === 'none' ? 'none' : 'hatch';
      store(SHADING_KEY, AUTO_MARKS[this.autoMark]);
      this.render();
    });
    const letters = /** @type {HTMLInputElement} */ ($('letters-toggle'));
    this.lettersField = $('letters-field');
    letters.checked = this.view.letters = stored(LETTERS_KEY) === 'on';
    letters.addEventListener('change', () => {
      this.view.letters = letters.checked;
      store(LETTERS_KEY, letters.checked ? 'on' : 'off');
      this.render();
    });
  }

  /**
   * Starts on a board (from the URL): no history before it. A generated
   * puzzle named by its level and seed alone is made again here.
   * @param {{ n: number, squares: number[], given: number[], marks?: number[], coach?: boolean | null, puzzle?: import('./model.js').PuzzleSpec | null }} board
   */
  load({ n, squares, given, marks = [], coach = null, puzzle = null }) {
    this.loaded = true;
    const today = localDay(new Date());
    // A daily still to come is not out yet: today's is played instead.
    const early = puzzle?.daily && notOutYet(puzzle.daily, today) ? puzzle.daily : '';
    const wanted = early && puzzle ? { ...puzzle, daily: today } : puzzle;
    const board = this.maker.remake({ n, squares, given, marks, puzzle: wanted });
    this.setCoachQuietly(coach ?? coachByDefault(board.puzzle));
    this.model.load(board);
    this.shown();
    if (early) this.controls.say(`The daily puzzle of ${early} is not out yet: it comes out on that day. Here is today's, ${today}.`);
  }

  /**
   * The first board shown with no link: today's daily for a player with a
   * streak going (of the kind the streak is of), else an empty board.
   */
  firstBoard() {
    const results = this.gameView.results();
    const today = localDay(new Date());
    const kind = KINDS.find((k) => kindStreak(results, k, today) > 0 && (k === 'classic' || this.regionsApi()));
    if (!kind) return this.load({ n: this.limits.defaultN, squares: [], given: [] });
    this.load({ n: this.limits.defaultN, squares: [], given: [], puzzle: { kind, level: '', seed: null, daily: today } });
  }

  /** Whether the board is a daily played with no help: no coach, no auto-marks, Check counts as a hint. */
  helpless() {
    return this.gameView.noHelp && Boolean(this.model.puzzle?.daily);
  }

  /**
   * Coach on (dead ends flagged as they happen) or off (only when Check asks).
   * @param {boolean} on
   */
  setCoach(on) {
    this.setCoachQuietly(on);
    this.verdict.revealed = false;
    this.render();
    this.writeUrl(true);
  }

  /**
   * The coach's setting without a redraw (a new puzzle sets its default).
   * @param {boolean} on
   */
  setCoachQuietly(on) {
    this.verdict.on = on && !this.helpless();
    this.controls.coachToggle.checked = this.verdict.on;
  }

  /**
   * This view is shown (true) or hidden: only the shown view keeps the address bar.
   * @param {boolean} active
   */
  setActive(active) {
    this.active = active;
    this.url.cancel();
    this.gameView.active = active;
    this.gameView.followVisibility();
    if (active) {
      if (!this.loaded) this.firstBoard();
      this.view.board.fit();
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
    if (n !== before) this.view.input.cursor = 0;
    this.watcher.stop();
    this.hints.reset();
    this.replay.end();
    this.verdict.revealed = false;
    this.controls.say('');
    this.controls.nPicker.value = String(n);
    this.pickers.follow();
    this.puzzleCaption.textContent = puzzleCaption(this.model, localDay(new Date()));
    this.puzzleCaption.hidden = !this.puzzleCaption.textContent;
    const { puzzle, given, squares } = this.model;
    const key = puzzle || given.length ? puzzleOnly(this.model).toString() : '';
    if (this.gameView.startIfNew(key)) {
      // Another puzzle: the game kept for it comes back (its board, undo, clock and hints), or its clock starts.
      const game = this.gameView.restore();
      if (game) this.restoreBoard(game);
      if (puzzle?.daily) this.gameView.opened(puzzle.kind, puzzle.daily);
      // The screen reader hears of the new board.
      const caption = this.puzzleCaption.hidden ? '' : ` ${this.puzzleCaption.textContent}`;
      this.cursorText.textContent = `A new ${n}×${n} board, ${counted(squares.length, 'queen')} on it.${caption}`;
    }
    this.analyse();
    this.render();
    this.writeUrl();
    this.gameView.save(this.model);
  }

  /**
   * The kept game's board, undo and redo, on the puzzle just loaded (a game
   * that lost one of the puzzle's queens is not this puzzle's, and is left).
   * @param {import('./record.js').Game} game
   */
  restoreBoard(game) {
    const base = this.model.snapshot();
    const { given } = base;
    const board = (/** @type {import('./record.js').Step} */ step) => ({ ...base, squares: [...new Set([...given, ...step.squares])], marks: step.marks.filter((s) => !step.squares.includes(s)) });
    if (!given.every((g) => game.squares.includes(g))) return;
    this.model.past = game.past.map(board);
    this.model.future = game.future.map(board);
    this.model.apply(board(game));
  }

  /** Play again (not counted): the puzzle's own queens alone, the clock from nothing. */
  playAgain() {
    const n = this.model.n;
    this.model.load({ ...this.model.snapshot(), squares: this.model.given, marks: [] });
    this.gameView.playAgain();
    this.shown(n);
  }

  /**
   * A new puzzle to play, with the coach off (Daily, New puzzle), and a sentence about it.
   * @param {PuzzleBoard} board
   * @param {string} [said]
   */
  play(board, said = '') {
    this.setCoachQuietly(false);
    // A new puzzle starts with no history: Undo never leaves it.
    const n = this.model.n;
    this.model.load(board);
    this.shown(n);
    if (said) this.controls.say(said);
    // On a phone the board may be far above the button pressed: it scrolls into view (side by side it is in view).
    if (!this.gameView.narrow()) return;
    const box = this.canvas.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) this.stageEl.scrollIntoView({ block: 'start', behavior: 'auto' });
  }

  /**
   * The tool's action on `square`: a queen put on it or taken off (not one
   * the puzzle gave), or with 'mark' (the second tool, a right-click, a
   * long-press, X) the square ruled out or let back in (not under a queen).
   * @param {number} square
   * @param {'queen' | 'mark'} tool
   */
  use(square, tool) {
    if (this.leftReplay()) return;
    const n = this.model.n;
    const refused = tool === 'mark' ? this.model.toggleMark(square) : this.model.toggle(square);
    if (refused) return this.controls.say(refused);
    this.shown(n);
    if (tool === 'mark') this.cursorText.textContent = describeSquare(this.model, square);
  }

  /**
   * A drag crossed `square`: it is ruled out, the whole drag one change for Undo.
   * @param {number} square
   * @param {boolean} first  the square the drag started on
   */
  dragMark(square, first) {
    if (first && this.leftReplay()) return;
    if (first) this.dragRecorded = false;
    const n = this.model.n;
    if (!this.model.markAll([square], !first && this.dragRecorded)) return;
    this.dragRecorded = true;
    this.shown(n);
    this.cursorText.textContent = describeSquare(this.model, square);
  }

  /**
   * Undo, redo or clear: the view follows if the board changed.
   * @param {'undo' | 'redo' | 'clear'} action
   */
  history(action) {
    const n = this.model.n;
    if (this.model[action]()) this.shown(n);
  }

  /** @param {KeyboardEvent} event  a page-wide key while this view is shown */
  onKey(event) {
    this.controls.onKey(event);
  }

  // ---- The coach ------------------------------------------------------------------

  analyse() {
    const { n, squares, marks, given } = this.model;
    this.hints.coach.stop();
    this.verdict.analysis = { pending: true, conflict: this.model.conflicts() };
    const regions = this.model.regions ?? undefined;
    this.counter.ask({ type: 'analyse', n, squares: Int32Array.from(squares), excluded: Int32Array.from(marks), given: Int32Array.from(given), regions });
  }

  /** @param {CoachReply} msg  the counting coach's answers */
  heard(msg) {
    if (!takeReply(this.verdict.analysis, msg)) return;
    const { squares, given } = this.model;
    // Counted on the puzzle's own queens: the ways to finish it.
    if (msg.type === 'count' && squares.length === given.length && given.length) this.gameView.total = msg.count;
    // The coach found a dead end with no attack: its reason beside the board, as a hint would give it.
    if (msg.type === 'culprit' && this.verdict.shown() && !this.verdict.analysis.conflict) this.hints.askDeadChain();
    if (msg.type === 'error') showProblem(msg.message, 'error');
    this.render();
  }

  /** The board as verdict.js judges it. */
  judged() {
    return this.verdict.judge(this.model);
  }

  /** The rules of the board played: the classic ones, or the regions ones. */
  rulesShown() {
    const api = this.model.regions ? this.regionsApi() : null;
    return api ? api.regionsRules() : this.rules;
  }

  // ---- Solve by reasoning, the watched search ----------------------------------------

  /**
   * A touch on the board while the replay (or the watched search) shows
   * closes it (and does no more): true if it did.
   */
  leftReplay() {
    if (this.watcher.state) {
      this.watcher.stop();
      this.render();
      return true;
    }
    if (!this.replay.replay) return false;
    this.replay.close();
    return true;
  }

  /**
   * The board to draw: the watched search's or the replay's step while one is open, else the learner's.
   * @returns {{ queens: number[], marks: number[], hint: ShownHint | null, given: number[] }}
   */
  shownBoard() {
    const { n, squares, marks, given, regions } = this.model;
    const w = this.watcher.state;
    if (w) return { queens: w.queens, marks: [], hint: null, given };
    const r = this.replay.replay;
    return r ? { ...replayBoard(n, r, regions), given } : { queens: squares, marks, hint: this.hints.stages.hint, given };
  }

  // ---- Showing --------------------------------------------------------------------

  render() {
    if (this.helpless() && this.verdict.on) this.setCoachQuietly(false);
    const { n, regions } = this.model;
    const { verdict } = this;
    const shown = this.shownBoard();
    const squares = shown.queens;
    const replaying = this.replay.replay;
    const wrong = replaying ? [] : verdict.wrongMarks();
    const hint = shown.hint;
    const judged = this.judged();
    const state = boardState(judged);
    // A solved board is shown clean, and the shading is a setting.
    const solvedClean = state === 'solved' && !replaying && !this.watcher.state;
    // Printed, the board is a worksheet's: its queens and marks, no attacked squares, hint or coach's ring.
    const { printing } = this.view;
    const picture = boardPicture({
      // A hint's square shows at its third stage (a replay's step at once).
      n, queens: squares, given: shown.given, marks: shown.marks, wrong: printing ? [] : wrong, regions, hint: printing ? null : hint, stage: replaying ? 3 : this.hints.stages.stage,
      solvedClean: printing || solvedClean || (this.helpless() && !replaying), shading: this.autoMark === 'hatch', cross: this.autoMark === 'cross', replaying: Boolean(replaying), probe: printing ? -1 : this.watcher.state?.probe ?? -1,
    });
    const { analysis } = verdict;
    const culprit = !printing && !replaying && verdict.shown() && state === 'dead' && analysis.culprit != null ? analysis.culprit : -1;
    this.view.draw(n, picture, regions, culprit);
    this.hints.showStage();
    this.view.showGrid(n, regions);
    this.watchRow.hidden = !regions;
    this.lettersField.hidden = !regions;
    this.controls.coachToggle.disabled = this.helpless();
    this.finishButton.disabled = Boolean(regions);
    this.finishButton.title = regions ? 'The searches here place queens on the classic board: watch the regions search below' : '';
    if (solvedClean && this.gameView.puzzleKey) this.gameView.celebrate(this.model);
    setData(this.root, {
      kind: regions ? 'regions' : 'classic',
      culprit: culprit >= 0 ? String(culprit) : null,
      hintSquare: hint ? String(hint.square) : null,
      hintKind: hint ? hint.kind : null,
      hintCleared: hint?.cleared ? hint.cleared.join(',') : null,
      hintLines: hint ? hint.lines.map((l) => `${l.kind}:${l.index}`).join(' ') : null,
      shownQueens: squares.join(','),
      marks: shown.marks.join(','),
      wrongMarks: wrong.length ? wrong.join(',') : null,
      state,
      deadReason: verdict.shown() ? deadReason(judged) : null,
      coach: verdict.on ? 'on' : 'off',
      autoMark: this.autoMark,
      completions: analysis.count !== undefined ? String(analysis.count) : null,
      busy: String(Boolean(analysis.pending)),
    });
    const text = replaying
      ? `Showing the reasoning, step ${replaying.index} of ${replaying.steps.length}: your own board waits until you close the replay.`
      : coachText(judged);
    this.controls.show({ model: this.model, queens: squares.length, verdict, state, text });
    this.view.label(boardLabel({ n, queens: squares, given: this.model.given, marks: shown.marks, hint, replay: replaying, tool: this.tool }));
  }

  /** @param {boolean} [now]  at once, rather than after the quiet time */
  writeUrl(now = false) {
    if (this.active) this.url.update(now);
    else this.url.cancel();
  }
}

