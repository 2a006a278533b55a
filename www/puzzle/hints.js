// Puzzle mode's Hint: asks the hinting coach (coach.js) for the simplest
// deduction on the board, or the chain of deductions into a dead end, and
// shows a hint in three presses (model.js's HintStages) in the box beside the
// board (hint-box.js). Presses of Hint while a hint is on its way open it at
// that many stages.

import { Coach } from './coach.js';
import { HintStages } from './model.js';
import { HintBox } from './hint-box.js';
import { boardState, hintRefusal } from './verdict.js';
import { shownHint } from './shown.js';
import { showProblem } from '../lib/errors.js';

const HINT_BUDGET_MS = 4000;

/** @typedef {import('./model.js').ShownHint} ShownHint */

/**
 * @typedef {object} HintHost  what the hints need of the puzzle view
 * @property {import('./model.js').PuzzleModel} model
 * @property {() => import('./verdict.js').Judged} judged  the board as the coach's line speaks of it
 * @property {import('./replay.js').ReplayView} replay  Solve by reasoning
 * @property {() => boolean} watching  the watched search is shown
 * @property {() => boolean} active  the view is shown
 * @property {(text: string) => void} say  the note under the coach line
 * @property {(hint: ShownHint) => void} shown  a new hint is shown (its square under the cursor, the game counts it)
 * @property {() => void} render
 * @property {() => import('../types.js').DeductionRule[]} rules  the rules of the board played
 * @property {(squares: number[]) => void} apply  Apply: a hint's squares ruled out, one change
 */

export class HintView {
  /**
   * @param {HTMLElement} root  #puzzle (its data-hint-rule and data-hint-stage)
   * @param {{ box: HTMLElement, title: HTMLElement, text: HTMLElement, apply: HTMLButtonElement }} parts  the box beside the board
   * @param {HintHost} host
   */
  constructor(root, parts, host) {
    this.root = root;
    this.host = host;
    this.box = new HintBox(root, parts);
    parts.apply.addEventListener('click', () => {
      const hint = this.stages.hint;
      if (hint && hint.kind === 'rule-out' && this.stages.stage === 3) host.apply(hint.cleared ?? [hint.square]);
    });
    this.stages = new HintStages();
    /** Presses of Hint while a new hint is on its way (0: none asked). */
    this.presses = 0;
    /** A press of Hint asked for the box beside (or under) the board: it is scrolled into view once filled. */
    this.revealBox = false;
    this.coach = new Coach((msg) => this.heard(msg), { budgetMs: HINT_BUDGET_MS, name: 'puzzle-hint' });
  }

  /** A new board: no hint on it, none asked. */
  reset() {
    this.stages.reset();
    this.presses = 0;
    this.box.hide();
  }

  /**
   * The rule's name, from the core's deductionRules().
   * @param {string} id
   */
  ruleName(id) {
    return this.host.rules().find((r) => r.id === id)?.name ?? id;
  }

  /**
   * Hint: a new hint at its first stage (where to look), or the next stage of
   * the hint shown (the rule, then the conclusion).
   */
  ask() {
    const { model, say } = this.host;
    this.revealBox = true;
    // A press while the hint is on its way counts: the hint opens at that many stages.
    if (this.presses > 0) {
      this.presses++;
      return;
    }
    if (this.stages.hasMore() && !this.host.replay.replay) {
      this.stages.next();
      this.host.render();
      return;
    }
    const judged = this.host.judged();
    const refusal = hintRefusal(judged);
    if (refusal) {
      say(refusal);
      if (boardState(judged) === 'dead' && !judged.analysis.conflict) this.askDeadChain();
      return;
    }
    this.host.replay.end();
    say('Looking for a hint…');
    this.presses = 1;
    // The squares the board shows attacked go in as ruled out: the hint starts where the learner's eyes do.
    this.askFor('hint');
  }

  /** The chain of deductions that runs into the dead end, to be shown beside the board. */
  askDeadChain() {
    this.askFor('chain');
  }

  /** @param {'hint' | 'chain'} type */
  askFor(type) {
    const { n, squares, regions } = this.host.model;
    this.coach.ask({ type, n, squares: Int32Array.from(squares), excluded: Int32Array.from(this.host.model.ruledOut()), regions: regions ?? undefined });
  }

  /**
   * Shows a new hint at its first stage; its rule in #puzzle[data-hint-rule].
   * @param {ShownHint} hint
   */
  show(hint) {
    this.stages.start(hint);
    for (let press = 1; press < this.presses && this.stages.hasMore(); press++) this.stages.next();
    this.presses = 0;
    this.root.dataset.hintRule = hint.rule;
    this.host.say('');
    this.host.shown(hint);
    this.host.render();
  }

  /** @param {import('../types.js').CoachReply} msg  the hinting coach's answers */
  heard(msg) {
    const { say } = this.host;
    if (msg.type !== 'deduction' && msg.type !== 'hint') this.presses = 0;
    if (msg.type === 'deduction') {
      const hint = shownHint(this.host.model.n, msg.deduction);
      this.show(msg.cleared?.length ? { ...hint, cleared: msg.cleared } : hint);
    } else if (msg.type === 'hint') {
      const { hint } = msg;
      if (!hint) {
        this.presses = 0;
        return say('No square keeps a solution possible: take a queen off.');
      }
      this.show({ square: hint.square, kind: 'place', rule: 'search', lines: [], squares: [], chain: [], reason: hint.reason });
    } else if (msg.type === 'chain') {
      this.showDeadChain(msg.steps, msg.queens, msg.excluded);
    } else if (msg.type === 'timeout') {
      say('A hint takes too long on this board; place a queen or two first.');
    } else if (msg.type === 'error') {
      say('');
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
    const judged = this.host.judged();
    if (boardState(judged) !== 'dead') return;
    const { n, regions } = this.host.model;
    this.box.showDeadChain({ n, regions, steps, queens, excluded, culprit: judged.analysis.culprit ?? null, ruleName: (id) => this.ruleName(id) }, this.takeReveal());
  }

  /** Whether a press of Hint asked for the box (it is scrolled into view once filled); asked once. */
  takeReveal() {
    const reveal = this.host.active() && this.revealBox;
    this.revealBox = false;
    return reveal;
  }

  /** The hint shown, at its stage: the box's words, and #puzzle[data-hint-stage]. */
  showStage() {
    const hint = this.stages.hint;
    const replaying = Boolean(this.host.replay.replay || this.host.watching());
    if (!hint || replaying) {
      if (this.root.dataset.hintStage !== 'dead' || replaying) this.box.hide();
      return;
    }
    this.box.showStage({ n: this.host.model.n, hint, stage: this.stages.stage, rules: this.host.rules(), ruleName: (id) => this.ruleName(id) }, this.takeReveal());
  }
}
