// Puzzle mode's controls around the board: the size picker, the two tools,
// Undo, Redo, Clear, New empty board, Check, the coach's toggle, the coach's
// line and the note under it. They say what was pressed through the view's
// callbacks; `show` sets them from the board shown.

import { el, part } from '../lib/dom.js';

/**
 * @typedef {object} ControlActions  what the controls ask of the puzzle view
 * @property {(n: number) => void} size  a new empty board of this size
 * @property {(tool: 'queen' | 'mark') => void} tool
 * @property {(action: 'undo' | 'redo' | 'clear') => void} history
 * @property {() => void} empty  New empty board
 * @property {() => void} check  Check: the coach's verdict, with the coach off
 * @property {(on: boolean) => void} coach  the coach's toggle
 */

export class PuzzleControls {
  /**
   * @param {HTMLElement} root  #puzzle (its data-tool)
   * @param {{ puzzleMinN: number, puzzleMaxN: number }} limits  the core's board sizes
   * @param {ControlActions} actions
   */
  constructor(root, limits, actions) {
    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    this.root = root;
    this.coachLine = $('coach');
    this.note = $('note');
    this.nPicker = /** @type {HTMLSelectElement} */ ($('n'));
    this.buttons = { undo: button('undo'), redo: button('redo'), clear: button('clear'), empty: button('empty'), check: button('check') };
    this.tools = { queen: button('tool-queen'), mark: button('tool-mark') };
    this.coachToggle = /** @type {HTMLInputElement} */ ($('coach-toggle'));
    for (let n = limits.puzzleMinN; n <= limits.puzzleMaxN; n++) this.nPicker.append(el('option', { value: n, text: `${n} × ${n}` }));
    this.nPicker.addEventListener('change', () => actions.size(Number(this.nPicker.value)));
    this.tools.queen.addEventListener('click', () => actions.tool('queen'));
    this.tools.mark.addEventListener('click', () => actions.tool('mark'));
    for (const action of /** @type {const} */ (['undo', 'redo', 'clear'])) this.buttons[action].addEventListener('click', () => actions.history(action));
    this.buttons.empty.addEventListener('click', () => actions.empty());
    this.buttons.check.addEventListener('click', () => actions.check());
    this.coachToggle.addEventListener('change', () => actions.coach(this.coachToggle.checked));
    this.history = actions.history;
  }

  /**
   * Page-wide keys while the puzzle is shown: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = /** @type {HTMLElement|null} */ (event.target);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) this.history('undo');
    else if (key === 'y' || (key === 'z' && event.shiftKey)) this.history('redo');
    else return;
    event.preventDefault();
  }

  /**
   * The tool pressed.
   * @param {'queen' | 'mark'} tool
   */
  setTool(tool) {
    this.tools.queen.setAttribute('aria-pressed', String(tool === 'queen'));
    this.tools.mark.setAttribute('aria-pressed', String(tool === 'mark'));
    this.root.dataset.tool = tool;
  }

  /**
   * The note under the coach line (hints, why something cannot be done).
   * @param {string} text
   */
  say(text) {
    if (this.note.textContent !== text) this.note.replaceChildren(text);
    this.note.hidden = !text;
  }

  /**
   * The controls for the board shown.
   * @param {{ model: import('./model.js').PuzzleModel, queens: number, verdict: import('./verdict.js').Verdict,
   *   state: string, text: string }} shown  the queens on the board shown, the coach's setting and verdict,
   *   the board's state and the coach's line
   */
  show({ model, queens, verdict, state, text }) {
    if (this.coachLine.textContent !== text) this.coachLine.textContent = text;
    this.coachLine.dataset.state = verdict.shown() ? state : 'unchecked';
    const { buttons } = this;
    buttons.undo.disabled = !model.past.length;
    buttons.redo.disabled = !model.future.length;
    buttons.clear.disabled = !model.canClear();
    // With a puzzle's queens on the board, Clear keeps them (and says so);
    // New empty board leaves the puzzle.
    const puzzle = model.given.length > 0;
    buttons.clear.textContent = puzzle ? 'Clear mine' : 'Clear';
    // Both stay in the row, enabled or not, so that using a control never
    // moves the others (the coach's checkbox below them among them).
    buttons.empty.disabled = !puzzle;
    buttons.check.disabled = verdict.on || verdict.revealed || queens === 0;
    buttons.check.title = verdict.on
      ? 'The coach checks as you go; untick it to check when you choose'
      : 'Ask the coach whether this board can still be finished';
  }
}
