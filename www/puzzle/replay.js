// Puzzle mode's "Solve by reasoning": asks the coach's worker for the whole
// chain of deductions from the puzzle's queens, and steps through it (Back,
// Next, Play, Close) while the board shows each step.

import { Coach } from './coach.js';
import { counted } from '../lib/dom.js';
import { showProblem } from '../lib/errors.js';

/** "Solve by reasoning" runs deduce() once a step: a few hundred steps at N = 12. */
const CHAIN_BUDGET_MS = 8000;
/** Play in the replay: one deduction this often. */
const REPLAY_STEP_MS = 1100;

/**
 * @typedef {object} Replay  the chain of deductions and the step shown
 * @property {import('../types.js').ReasoningStep[]} steps
 * @property {boolean} solved  the chain ends on a full board
 * @property {number[]} queens  the board after the last step
 * @property {number[]} excluded
 * @property {number} index  the step shown; steps.length: the board after them all
 * @property {number} timer  Play's interval, or 0
 */

export class ReplayView {
  /**
   * @param {HTMLElement} root  #puzzle (its data-replay-step and data-replay-steps)
   * @param {{ start: HTMLButtonElement, back: HTMLButtonElement, next: HTMLButtonElement, play: HTMLButtonElement, close: HTMLButtonElement, text: HTMLElement }} parts
   * @param {{ ruleName: (id: string) => string, changed: () => void }} view
   *   ruleName: a rule's name; changed: the board shown changed (draw it again)
   */
  constructor(root, parts, view) {
    this.root = root;
    this.parts = parts;
    this.view = view;
    /** @type {Replay | null} */
    this.replay = null;
    this.reasoner = new Coach((msg) => this.heard(msg), { budgetMs: CHAIN_BUDGET_MS, name: 'puzzle-reasoning' });
    parts.back.addEventListener('click', () => this.step(-1));
    parts.next.addEventListener('click', () => this.step(1));
    parts.play.addEventListener('click', () => this.play());
    parts.close.addEventListener('click', () => this.close());
  }

  /**
   * Asks for the chain of deductions from the puzzle's own queens (or, with no puzzle, the queens on the board).
   * @param {import('./model.js').PuzzleBoard} board
   */
  startFrom({ n, given, squares, regions }) {
    const start = given.length ? given : squares;
    this.start({ type: 'chain', n, squares: Int32Array.from(start), excluded: [], regions: regions ?? undefined });
  }

  /**
   * Asks for the chain of deductions from these queens.
   * @param {import('../types.js').CoachRequest} request
   */
  start(request) {
    this.end();
    this.parts.text.textContent = 'Working out the chain of deductions…';
    this.reasoner.ask(request);
  }

  /** @param {import('../types.js').CoachReply} msg  the reasoning coach's answers */
  heard(msg) {
    if (msg.type === 'chain') {
      this.replay = { steps: msg.steps, solved: msg.solved, queens: msg.queens, excluded: msg.excluded, index: 0, timer: 0 };
      this.show();
    } else if (msg.type === 'timeout') {
      this.parts.text.textContent = 'Working out every deduction took too long on this board.';
    } else if (msg.type === 'error') {
      this.parts.text.textContent = '';
      showProblem(msg.message, 'error');
    }
  }

  /**
   * One step forward (+1) or back (−1).
   * @param {number} by
   */
  step(by) {
    const r = this.replay;
    if (!r) return;
    r.index = Math.max(0, Math.min(r.steps.length, r.index + by));
    if (r.index === r.steps.length) this.pause();
    this.show();
  }

  /** Play (a step every REPLAY_STEP_MS to the end) or Pause. */
  play() {
    const r = this.replay;
    if (!r) return;
    if (r.timer) {
      this.pause();
    } else {
      if (r.index === r.steps.length) r.index = 0;
      r.timer = window.setInterval(() => this.step(1), REPLAY_STEP_MS);
    }
    this.show();
  }

  pause() {
    if (!this.replay) return;
    clearInterval(this.replay.timer);
    this.replay.timer = 0;
  }

  /** Back to the learner's own board. */
  close() {
    this.end();
    this.view.changed();
  }

  /** Drops the replay, if any (the board changed, or Close). */
  end() {
    this.reasoner.stop();
    this.pause();
    const had = this.replay !== null;
    this.replay = null;
    this.parts.text.textContent = '';
    this.showControls();
    if (had) this.view.changed();
  }

  /** The replay's controls and sentence, and its board. */
  show() {
    this.showControls();
    this.view.changed();
  }

  showControls() {
    const r = this.replay;
    const { back, next, play, close, text } = this.parts;
    back.disabled = !r || r.index === 0;
    next.disabled = !r || r.index === r.steps.length;
    play.disabled = !r || !r.steps.length;
    close.disabled = !r;
    play.textContent = r?.timer ? 'Pause' : 'Play';
    play.setAttribute('aria-pressed', String(Boolean(r?.timer)));
    if (r) {
      this.root.dataset.replayStep = String(r.index);
      this.root.dataset.replaySteps = String(r.steps.length);
      text.textContent = this.text(r);
    } else {
      delete this.root.dataset.replayStep;
      delete this.root.dataset.replaySteps;
    }
  }

  /** @param {Replay} r */
  text(r) {
    const total = r.steps.length;
    if (r.index < total) {
      const { deduction: d } = r.steps[r.index];
      return `Step ${r.index + 1} of ${total} · ${this.view.ruleName(d.rule)}: ${d.reason}`;
    }
    if (r.solved) return `Solved by reasoning alone in ${counted(total, 'step')}: no guess was needed.`;
    if (!total) return 'No rule applies to this board: finishing it needs a guess (or a search).';
    return `After ${counted(total, 'step')} no rule applies any more: finishing the board needs a guess here.`;
  }
}
