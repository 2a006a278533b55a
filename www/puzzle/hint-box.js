// Puzzle mode's hint box, beside the board (under it on a phone): a hint in
// its three stages (where to look, the rule, the conclusion, a look-ahead's
// chain one step a line), a search's square, and a dead end's chain with the
// queen to move. It sets #puzzle[data-hint-stage] ("1" to "3", or "dead").

import { el } from '../lib/dom.js';
import { CELL } from '../components/cells.js';
import { boardMarks, chainSteps, where } from './model.js';
import { lineName } from './reasoning.js';
import { regionColourName } from './draw.js';

/** A look-ahead that forces this many queens is told one step a line. */
const CHAIN_LINES_FROM = 3;
/** The stages' titles. */
const STAGE_TITLES = ['', 'Where to look', 'The rule', 'The conclusion'];

export class HintBox {
  /**
   * @param {HTMLElement} root  #puzzle
   * @param {{ box: HTMLElement, title: HTMLElement, text: HTMLElement, apply: HTMLButtonElement }} parts  the box, its title, its words ([data-part=hint-text])
   *   and Apply (a rule-out's squares ruled out at once)
   */
  constructor(root, parts) {
    this.root = root;
    this.parts = parts;
  }

  hide() {
    delete this.root.dataset.hintStage;
    this.parts.box.hidden = true;
    this.parts.apply.hidden = true;
  }

  /**
   * Fills the box: a title, its sentences, and a numbered list of steps between them.
   * @param {string} title
   * @param {string[]} before
   * @param {string[]} steps
   * @param {string[]} after
   * @param {boolean} reveal  scroll it into view (after a press of Hint)
   * @param {number} [apply]  the squares Apply rules out (0: no Apply)
   */
  fill(title, before, steps, after, reveal, apply = 0) {
    const { box, title: heading, text } = this.parts;
    this.parts.apply.hidden = apply === 0;
    this.parts.apply.textContent = apply > 1 ? `Apply: rule out these ${apply} squares` : 'Apply: rule it out';
    heading.textContent = title;
    const para = (/** @type {string} */ line) => el('p', {}, line);
    const list = steps.length ? [el('ol', { class: 'hint-chain' }, steps.map((line) => el('li', {}, line)))] : [];
    text.replaceChildren(...before.map(para), ...list, ...after.map(para));
    box.hidden = false;
    if (!reveal) return;
    // Under the board on a phone: kept in view.
    const rect = box.getBoundingClientRect();
    if (rect.bottom > window.innerHeight) window.scrollBy({ top: rect.bottom - window.innerHeight + 8 });
  }

  /**
   * A hint at its stage.
   * @param {{ n: number, hint: import('./model.js').ShownHint, stage: number, rules: import('../types.js').DeductionRule[], ruleName: (id: string) => string }} shown
   * @param {boolean} reveal
   */
  showStage({ n, hint, stage, rules, ruleName }, reveal) {
    this.root.dataset.hintStage = String(stage);
    if (hint.rule === 'search') {
      this.fill('Hint · a search, not a deduction', [
        `No rule applies to this board, so the solver searched instead. A queen on ${where(n, hint.square)} keeps a solution possible.`, hint.reason,
      ], [], [], reveal);
      return;
    }
    const title = `Hint ${stage} of 3 · ${STAGE_TITLES[stage]}`;
    const more = stage < 3 ? [`Press Hint again for ${stage === 1 ? 'the rule' : 'the square'}.`] : [];
    if (stage === 1) {
      // A region is named by its colour as well, in the scheme shown.
      const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
      const names = hint.lines.map((line) => (line.kind === 'region' ? `the ${regionColourName(line.index, dark)} ${lineName(n, line)}` : lineName(n, line)));
      const look = hint.chain.length && names.length ? [names[names.length - 1]] : names;
      const said = look.length ? `Look at ${look.join(', ').replace(/, ([^,]*)$/, ' and $1')}: marked on the board.` : 'Look at the queens already on the board.';
      // A look-ahead names the square it tries as well as the line that runs dry.
      const tried = hint.chain.length ? [`Try a queen on ${where(n, hint.square)} and follow what it forces.`] : [];
      this.fill(title, [...tried, said, ...more], [], [], reveal);
    } else if (stage === 2) {
      const rule = rules.find((r) => r.id === hint.rule);
      this.fill(title, [`${ruleName(hint.rule)}: ${rule?.summary ?? ''}`.trim(), ...more], [], [], reveal);
    } else {
      const cleared = hint.kind === 'rule-out' ? hint.cleared ?? [hint.square] : [];
      const so = hint.kind === 'place' ? `So a queen goes on ${where(n, hint.square)}.`
        : cleared.length > 1 ? `So ${cleared.length} squares are ruled out at once: ${cleared.map((s) => where(n, s)).join('; ')}. Apply rules them all out.`
          : `So ${where(n, hint.square)} is ruled out.`;
      if (hint.chain.length >= CHAIN_LINES_FROM) {
        const [suppose, ...rest] = chainSteps(n, hint);
        const forced = rest.filter((line) => /^\d+\. /.test(line)).map((line) => line.replace(/^\d+\. /, ''));
        const emptied = rest.filter((line) => !/^\d+\. /.test(line));
        this.fill(title, [suppose], forced, [...emptied, so], reveal, cleared.length);
      } else {
        this.fill(title, [`${ruleName(hint.rule)}: ${hint.reason}`, so], [], [], reveal, cleared.length);
      }
    }
  }

  /**
   * A dead end's reason: the deductions that follow from the board, one a
   * line, the row or column they leave with no square, and the queen to move.
   * @param {{ n: number, regions: number[] | null, steps: import('../types.js').ReasoningStep[], queens: number[], excluded: number[],
   *   culprit: number | null, ruleName: (id: string) => string }} dead
   * @param {boolean} reveal
   */
  showDeadChain({ n, regions, steps, queens, excluded, culprit, ruleName }, reveal) {
    // The row or column the steps leave with no square.
    const empty = emptyLines(n, regions, queens, excluded);
    const move = culprit == null ? 'Take a queen or two off to go on.' : `The queen to move is the one on ${where(n, culprit)} (marked on the board).`;
    // A line empty on the board as it stands needs no steps to show it.
    const start = steps[0];
    const emptyNow = start ? emptyLines(n, regions, start.queens, start.excluded) : empty;
    if (emptyNow.length) {
      const line = emptyNow[0];
      this.fill('Why it is a dead end', [`${line.charAt(0).toUpperCase()}${line.slice(1)} has no square left for its queen already: every square of it is attacked or ruled out.`], [], [move], reveal);
      this.root.dataset.hintStage = 'dead';
      return;
    }
    const emptied = empty.length ? [`Then ${empty[0]} has no square left for its queen.`] : [];
    const told = steps.slice(0, 8).map((step) => `${ruleName(step.deduction.rule)}: ${step.deduction.reason}`);
    const intro = steps.length
      ? 'From this board the rules force these steps, and they run out of squares before every row has a queen:'
      : 'No rule applies on this board, yet no way to finish it exists: the coach checked them all.';
    this.fill('Why it is a dead end', [intro], told, [...emptied, move], reveal);
    this.root.dataset.hintStage = 'dead';
  }
}

/**
 * The rows and columns with no square left for their queen: every square of
 * them ruled out or attacked, and no queen on them.
 * @param {number} n
 * @param {number[] | null} regions
 * @param {number[]} queens
 * @param {number[]} excluded
 * @returns {string[]}  "row 3", "column 5"
 */
function emptyLines(n, regions, queens, excluded) {
  const { cells } = boardMarks(n, queens, -1, [], [], [], regions);
  const closed = (/** @type {number} */ s) => !queens.includes(s) && (excluded.includes(s) || (cells[s] & CELL.THREATENED) !== 0);
  /** @type {string[]} */
  const empty = [];
  for (let i = 0; i < n; i++) {
    const line = [...Array(n).keys()];
    if (line.every((c) => closed(i * n + c))) empty.push(`row ${i + 1}`);
    if (line.every((r) => closed(r * n + i))) empty.push(`column ${i + 1}`);
  }
  return empty;
}
