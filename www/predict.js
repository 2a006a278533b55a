// Prediction prompts (issue 11, optional): with "Predict" on, a click on the
// visualizer's board names the square you think the next step looks at; the
// visualizer takes that step, and the status line says whether you were right
// and keeps the score. The square a step looks at is the one its cells mark as
// probed (CELL.PROBED): the square tried, placed on, or the queen taken off.
//
// Needs only the visualizer's public face: its board canvas, session, step() and say().

import { CELL } from './board.js';
import { guard } from './errors.js';

/** @type {(n: number, square: number) => string} */
const where = (n, square) => `row ${Math.floor(square / n) + 1}, column ${(square % n) + 1}`;

export class Predictor {
  /**
   * @param {HTMLInputElement} toggle  the "Predict" checkbox
   * @param {import('./visualizer.js').Visualizer} visualizer
   */
  constructor(toggle, visualizer) {
    this.toggle = toggle;
    this.visualizer = visualizer;
    this.canvas = visualizer.board.canvas;
    this.score = { right: 0, tries: 0 };
    toggle.addEventListener('change', () => this.changed());
    this.canvas.addEventListener('click', (event) => this.clicked(event));
  }

  get on() {
    return this.toggle.checked;
  }

  changed() {
    this.canvas.classList.toggle('predicting', this.on);
    this.score = { right: 0, tries: 0 };
    if (this.on) this.visualizer.say('Predict: click the square you think the next step looks at.');
  }

  /** @param {MouseEvent} event */
  clicked(event) {
    const v = this.visualizer;
    /** @type {import('./types.js').Session | null} */
    const s = v.session;
    if (!this.on || !s) return;
    const n = v.n;
    if (v.board.isDense(n)) {
      v.say(`Predict needs squares big enough to click: choose a smaller board than ${n}×${n}.`);
      return;
    }
    const box = this.canvas.getBoundingClientRect();
    const col = Math.floor(((event.clientX - box.left) / box.width) * n);
    const row = Math.floor(((event.clientY - box.top) / box.height) * n);
    if (row < 0 || col < 0 || row >= n || col >= n) return;
    const guess = row * n + col;
    const before = guard(() => s.stepIndex, null);
    v.step();
    const probed = guard(() => (s.stepIndex === before ? -1 : s.cells().findIndex((flags) => (flags & CELL.PROBED) !== 0)), -1);
    if (probed < 0) return; // the search is over (step() said so) or the core failed
    const right = probed === guess;
    this.score.tries += 1;
    if (right) this.score.right += 1;
    const verdict = right ? 'Right!' : `Not this time: you chose ${where(n, guess)}.`;
    const { right: r, tries: t } = this.score;
    v.say(`${verdict} ${guard(() => s.message(), '')} (${r} of ${t} right)`);
  }
}
