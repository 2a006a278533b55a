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
import { PuzzleModel, boardMarks, capital, where } from './model.js';
import { BoardInput } from './input.js';
import { ReplayView } from './replay.js';
import { boardState, coachText, deadReason } from './verdict.js';
import { coachByDefault } from './link.js';

const DIFFICULTIES = ['easy', 'medium', 'hard'];
/** Counting may take this long; then the coach says "at least one way". */
const COUNT_BUDGET_MS = 1500;
/** …and one that has not given its verdict (a completion, the marks' check) may go on this long, saying "still checking…". */
const COUNT_LIMIT_MS = 30_000;
const HINT_BUDGET_MS = 4000;

/** @typedef {import('../types.js').CoachReply} CoachReply */
/** @typedef {import('./model.js').PuzzleBoard} PuzzleBoard */
/** @typedef {import('./model.js').ShownHint} ShownHint */
/** @typedef {import('./verdict.js').Analysis} Analysis */

export class PuzzleView {
  /**
   * @param {HTMLElement} root  #puzzle, holding the parts named below
   * @param {{ algorithms: import('../types.js').AlgorithmInfo[], limits: import('../core/core.js').Limits,
   *   generate: (n: number, difficulty: string, seed: number) => Uint32Array,
   *   rules: import('../types.js').DeductionRule[],
   *   levels: (n: number) => import('../types.js').PuzzleLevel[],
   *   count: (n: number, squares: number[]) => bigint,
   *   onFinish: (algorithmId: string, n: number, squares: number[]) => void,
   *   write: (board: { n: number, squares: number[], given: number[], marks: number[], coach: boolean }) => void }} options
   *   algorithms: the core's algorithms(); limits: the core's limits() (board and
   *   puzzle sizes); generate: the core's puzzle(); rules: its deductionRules();
   *   levels: its puzzleLevels(); count: its completions(); write: puts a board in the address bar
   */
  constructor(root, { algorithms, limits, generate, rules, levels, count, onFinish, write }) {
    this.root = root;
    this.limits = limits;
    this.generate = generate;
    this.rules = rules;
    this.levels = levels;
    this.onFinish = onFinish;
    this.active = false;
    this.loaded = false;
    this.model = new PuzzleModel(limits.defaultN);
    /** @type {'queen' | 'mark'} what a click or tap does */
    this.tool = 'queen';
    /** @type {ShownHint | null} */
    this.hint = null;
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
    $('generated-note').textContent = `A generated board with exactly one way to finish it (${this.generatedSizes()}).`;
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

    this.nPicker.addEventListener('change', () => this.change({ n: Number(this.nPicker.value), squares: [], given: [], marks: [], puzzle: null }));
    this.tools.queen.addEventListener('click', () => this.setTool('queen'));
    this.tools.mark.addEventListener('click', () => this.setTool('mark'));
    this.difficulty.addEventListener('change', () => this.showLevelRules());
    button('reason-start').addEventListener('click', () => this.startReplay());
    button('nauck-load').addEventListener('click', () => this.change({ n: NAUCK.n, squares: [...NAUCK.squares], given: [...NAUCK.squares], marks: [], puzzle: null }));
    this.buttons.hint.addEventListener('click', () => this.askHint());
    this.buttons.undo.addEventListener('click', () => this.undo());
    this.buttons.redo.addEventListener('click', () => this.redo());
    this.buttons.clear.addEventListener('click', () => this.clear());
    this.buttons.empty.addEventListener('click', () => this.change({ n: this.model.n, squares: [], given: [], marks: [], puzzle: null }));
    this.buttons.check.addEventListener('click', () => { this.revealed = true; this.render(); });
    this.coachToggle.addEventListener('change', () => this.setCoach(this.coachToggle.checked));
    this.buttons.newPuzzle.addEventListener('click', () => this.newPuzzle());
    this.buttons.finish.addEventListener('click', () => this.finish());
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
    const seed = puzzle?.seed ?? null;
    if (puzzle && seed !== null && !given.length) {
      const level = puzzle.level;
      const made = guard(() => [...this.generate(n, level, seed)], null);
      if (made) [squares, given] = [made, made];
      else puzzle = null;
    }
    const on = coach ?? coachByDefault(puzzle);
    this.coachOn = on;
    this.coachToggle.checked = on;
    this.model.load({ n, squares, given, marks, puzzle });
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
   * The model holds a new board: the view follows, and the coach looks at it.
   * @param {number} [before]  the board's size before
   */
  shown(before = -1) {
    const { n } = this.model;
    if (n !== before) this.input.cursor = 0;
    this.hint = null;
    this.replay.end();
    this.revealed = false;
    this.say('');
    this.nPicker.value = String(n);
    this.showPuzzleCaption();
    this.analyse();
    this.render();
    this.writeUrl();
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
    const { generatedMinN, generatedMaxN } = this.limits;
    const current = this.model.n;
    let n = current >= generatedMinN && current <= generatedMaxN ? current : this.limits.defaultN;
    const difficulty = this.difficulty.value;
    // A small board may be too small for a level's rules to be needed: the nearest size that offers it.
    const offered = this.levelSizes(difficulty);
    const levelMoved = offered.length > 0 && !offered.includes(n);
    if (levelMoved) n = offered.reduce((best, m) => (Math.abs(m - n) < Math.abs(best - n) ? m : best));
    const seed = newSeed();
    const squares = guard(() => [...this.generate(n, difficulty, seed)], null);
    if (!squares) return;
    this.change({ n, squares, given: squares, marks: [], puzzle: { kind: 'classic', level: difficulty, seed } });
    if (levelMoved) {
      const [min, max] = [offered[0], offered[offered.length - 1]];
      this.say(`${capital(difficulty)} puzzles come in sizes ${min}×${min} to ${max}×${max}, so this one is ${n}×${n}.`);
    } else if (current !== n) {
      this.say(`Puzzles come in sizes ${this.generatedSizes()}, so this one is ${n}×${n}.`);
    }
  }

  /**
   * The generated sizes that offer a level (the core's puzzleLevels()).
   * @param {string} level
   * @returns {number[]}
   */
  levelSizes(level) {
    const sizes = [];
    for (let n = this.limits.generatedMinN; n <= this.limits.generatedMaxN; n++) {
      if (this.levels(n).includes(/** @type {import('../types.js').PuzzleLevel} */ (level))) sizes.push(n);
    }
    return sizes;
  }

  /** "4×4 to 12×12": the sizes the core generates puzzles in. */
  generatedSizes() {
    const { generatedMinN: min, generatedMaxN: max } = this.limits;
    return `${min}×${min} to ${max}×${max}`;
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
    this.counter.ask({ type: 'analyse', n, squares: Int32Array.from(squares), excluded: Int32Array.from(marks) });
  }

  /** @param {CoachReply} msg  the counting coach's answers */
  heard(msg) {
    const a = this.analysis;
    switch (msg.type) {
      case 'completion': a.solution = msg.solution; break;
      case 'count': a.count = msg.count; break;
      case 'culprit': a.culprit = msg.square; break;
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
    return this.rules.find((r) => r.id === id)?.name ?? id;
  }

  askHint() {
    const { n, squares, marks } = this.model;
    const state = this.state();
    if (state === 'solved') return this.say('The board is solved: no hint needed.');
    if (state === 'dead') {
      const { culprit } = this.analysis;
      return this.say(culprit == null ? 'No square helps here: take a queen off first.' : `No square helps here: first move the queen on ${where(n, culprit)}.`);
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
    // The squares the board shows attacked go in as ruled out: the hint starts where the learner's eyes do.
    this.hinter.ask({ type: 'hint', n, squares: Int32Array.from(squares), excluded: Int32Array.from(this.model.ruledOut()) });
  }

  /**
   * Shows a hint: its square ringed, its lines drawn, its rule in #puzzle[data-hint-rule].
   * @param {ShownHint} hint
   */
  showHint(hint) {
    this.hint = hint;
    this.root.dataset.hintRule = hint.rule;
    this.input.cursor = hint.square;
    this.render();
  }

  /** @param {CoachReply} msg  the hinting coach's answers */
  heardHint(msg) {
    const { n } = this.model;
    if (msg.type === 'deduction') {
      const d = msg.deduction;
      const square = d.row * n + d.col;
      this.showHint({ square, kind: d.kind, rule: d.rule, lines: d.lines, squares: d.squares, reason: d.reason });
      this.say(d.reason, `Hint · ${this.ruleName(d.rule)}:`);
    } else if (msg.type === 'hint') {
      const { hint } = msg;
      if (!hint) return this.say('No square keeps a solution possible: take a queen off.');
      this.showHint({ square: hint.square, kind: 'place', rule: 'search', lines: [], squares: [], reason: hint.reason });
      this.say(`No rule applies to this board, so the solver searched instead. A queen on ${where(n, hint.square)} keeps a solution possible. ${hint.reason}`, 'Hint · a search, not a deduction:');
    } else if (msg.type === 'timeout') {
      this.say('A hint takes too long on this board; place a queen or two first.');
    } else if (msg.type === 'error') {
      this.say('');
      showProblem(msg.message, 'error');
    }
  }

  // ---- Solve by reasoning ---------------------------------------------------------

  /** Asks for the chain of deductions from the puzzle's own queens (or, with no puzzle, the queens on the board). */
  startReplay() {
    const { n, given, squares } = this.model;
    const start = given.length ? given : squares;
    this.replay.start({ type: 'chain', n, squares: Int32Array.from(start), excluded: [] });
  }

  /**
   * A touch on the board while the replay shows closes it (and does no more):
   * true if it did.
   */
  leftReplay() {
    if (!this.replay.replay) return false;
    this.replay.close();
    return true;
  }

  /**
   * The board to draw: the replay's step while it is open, else the learner's.
   * @returns {{ queens: number[], marks: number[], hint: ShownHint | null, given: number[] }}
   */
  shownBoard() {
    const { n, squares, marks, given } = this.model;
    const r = this.replay.replay;
    if (!r) return { queens: squares, marks, hint: this.hint, given };
    const step = r.steps[r.index];
    const queens = step ? step.queens : r.queens;
    const excluded = step ? step.excluded : r.excluded;
    // The attacked squares are hatched already: the crosses are the squares the rules ruled out.
    const { cells } = boardMarks(n, queens);
    const crosses = excluded.filter((s) => !(cells[s] & CELL.THREATENED));
    const d = step?.deduction;
    const hint = d ? { square: d.row * n + d.col, kind: d.kind, rule: d.rule, lines: d.lines, squares: d.squares, reason: d.reason } : null;
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
    const items = DIFFICULTIES.map((level) => {
      const own = this.rules.filter((r) => r.level === level).map((r) => r.name);
      const upTo = DIFFICULTIES.indexOf(level);
      const [smallest] = this.levelSizes(level);
      const sizes = smallest > this.limits.generatedMinN ? ` (${smallest}×${smallest} and up)` : '';
      const text = upTo === 0 ? `${capital(level)}${sizes}: ${own.join(', ')}.` : `${capital(level)}${sizes}: the ${DIFFICULTIES[upTo - 1]} rules, and at least once ${own.join(' or ')}.`;
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
    const { cells, lines } = boardMarks(n, squares, shown.hint?.square ?? -1, shown.given, shown.marks, wrong);
    // A queen a hint places shows as a faint queen; a square it rules out keeps the ring.
    if (shown.hint?.kind === 'place') cells[shown.hint.square] |= CELL.GHOST;
    // The lines the hint used as bands, and the squares it used as discs.
    /** @type {import('../components/board.js').Lines} */
    const bands = [...(shown.hint?.lines ?? []).map((line) => lineEnds(n, line)), ...(shown.hint?.squares ?? []).map((s) => /** @type {[number, number]} */ ([s, s]))];
    this.board.draw(cells, n, lines, bands);
    const data = this.root.dataset;
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
    const state = this.state();
    data.state = state;
    const reason = this.verdictShown() ? deadReason(this.judged()) : null;
    if (reason) data.deadReason = reason;
    else delete data.deadReason;
    data.coach = this.coachOn ? 'on' : 'off';
    if (this.analysis.count !== undefined) data.completions = String(this.analysis.count);
    else delete data.completions;
    data.busy = String(Boolean(this.analysis.pending));
    const text = coachText(this.judged());
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
    const { n, squares, marks } = this.model;
    const { cells } = boardMarks(n, squares, -1, [], marks);
    const flags = cells[square];
    const ruled = flags & CELL.RULED_OUT ? ', ruled out' : '';
    const what = flags & CELL.QUEEN ? (flags & CELL.CONFLICT ? 'a queen under attack' : 'a queen') : flags & CELL.THREATENED ? `empty, threatened${ruled}` : `empty${ruled || ', safe'}`;
    return `Row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}: ${what}.`;
  }

  showPuzzleCaption() {
    const { n, given, puzzle: p } = this.model;
    if (!p && isNauck(n, given)) {
      this.puzzleCaption.textContent = 'Nauck\'s problem of 1850: the two framed queens are given; place the other six.';
      this.puzzleCaption.hidden = false;
      return;
    }
    this.puzzleCaption.textContent = p && p.seed !== null
      ? `Puzzle ${n}×${n}, ${p.level}, seed ${p.seed}: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.`
      : given.length ? 'A shared puzzle: exactly one way to finish it. The queens it gives stay put: they stand on framed squares.' : '';
    this.puzzleCaption.hidden = !this.puzzleCaption.textContent;
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
