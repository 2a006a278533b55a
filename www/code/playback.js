// Your search's board and playback controls over the trace shown: the
// visualizer's Player (components/player.js, on FrameLoop) steps the trace's
// session (the model's), and this view draws the step it stands on, the
// timeline, the buttons, the sentence and the counters. The keys are the
// visualizer's: ← → Home End and Space.

import { formatCount } from '../lib/dom.js';
import { BoardView, readTheme } from '../components/board.js';
import { Player } from '../components/player.js';
import { SPEEDS, speedLabel } from '../components/speeds.js';
import { boardCells, queensByRow } from '../program/trace.js';
import { StateView } from './state-view.js';

export class Playback {
  /**
   * @param {ReturnType<typeof import('./markup.js').buildMarkup>} parts
   * @param {import('./model.js').CodeModel} model
   * @param {(view: import('../program/trace.js').StepView) => void} shown  after each step drawn (the editor's line, the tree's path)
   */
  constructor(parts, model, shown) {
    this.p = parts;
    this.model = model;
    this.shown = shown;
    this.board = new BoardView(parts.boardFrame);
    this.state = new StateView(parts.variables, parts.callStack, parts.stateNote);
    this.player = new Player({
      // A trace's session steps as the core's do (Race steps it the same way).
      session: () => /** @type {import('../types.js').Session | null} */ (/** @type {unknown} */ (model.busy ? null : model.session)),
      render: () => {
        // Play stops on a step made by a line with a breakpoint.
        const s = model.session;
        if (s?.hitBreakpoint) {
          const line = s.hitBreakpoint;
          s.hitBreakpoint = 0;
          this.player.stop();
          this.render();
          parts.sentence.textContent += ` (Stopped at the breakpoint on line ${line}.)`;
          return false;
        }
        this.render();
        return true;
      },
      say: () => {},
      warn: () => {},
      modeChanged: () => this.update(),
      showRate: () => {},
      progress: () => {},
      space: () => null,
    });
    const p = parts;
    p.homeButton.addEventListener('click', () => this.go(0));
    p.backButton.addEventListener('click', () => this.go(model.position - 1));
    p.forwardButton.addEventListener('click', () => this.go(model.position + 1));
    p.endButton.addEventListener('click', () => this.go(model.trace?.steps ?? 0));
    p.playButton.addEventListener('click', () => this.player.togglePlay());
    p.timeline.addEventListener('input', () => this.go(Number(p.timeline.value)));
    p.speedInput.addEventListener('input', () => this.setSpeed());
    this.setSpeed();
    new ResizeObserver(() => { if (this.board.fit()) this.board.redraw(); }).observe(p.boardFrame);
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      this.board.setTheme(readTheme());
      this.board.redraw();
    });
  }

  get playing() { return this.player.mode !== 'idle'; }

  setSpeed() {
    this.player.setSpeed(Number(this.p.speedInput.value));
    this.p.speedValue.textContent = speedLabel(SPEEDS[this.player.speedIndex]);
  }

  /** Shows step k, stopping Play. @param {number} k */
  go(k) {
    this.player.stop();
    this.model.seek(k);
    this.render();
  }

  /** The buttons and the timeline, from the model. */
  update() {
    const p = this.p, model = this.model;
    const steps = model.trace?.steps ?? 0, at = model.position;
    const can = !model.busy && model.trace !== null;
    p.homeButton.disabled = p.backButton.disabled = !can || at === 0;
    p.forwardButton.disabled = p.endButton.disabled = !can || at >= steps;
    p.playButton.disabled = !can || steps === 0;
    p.timeline.disabled = !can;
    p.timeline.max = String(steps);
    p.timeline.value = String(at);
    p.timelineValue.textContent = `${formatCount(at)} / ${formatCount(steps)}`;
    p.playButton.setAttribute('aria-pressed', String(this.playing));
    if (p.playButton.lastChild) p.playButton.lastChild.textContent = this.playing ? ' Pause' : ' Play';
  }

  /** The board, the sentence and the counters of the step shown (the empty board of N with no trace). */
  render() {
    const trace = this.model.trace, board = this.board, p = this.p;
    if (!trace) {
      const n = this.model.n;
      board.fit();
      board.draw(new Uint8Array(n * n), n);
      board.describe(new Array(n).fill(-1), n);
      // While a run goes, nothing of the last one stays on show.
      p.sentence.textContent = this.model.busy ? 'Running: its steps show here when it ends.' : 'No run yet.';
      for (const stat of Object.values(p.stats)) {
        stat.dataset.value = '0';
        stat.textContent = '0';
      }
      this.state.show(null, 0);
      this.update();
      return;
    }
    const view = trace.at(this.model.position);
    const { cells, lines } = boardCells(view.occupied, trace.n, view.probe);
    board.fit();
    board.draw(cells, trace.n, lines.length ? lines : null);
    board.describe(queensByRow(view.occupied, trace.n), trace.n);
    p.sentence.textContent = view.step === 0 && trace.steps > 0 ? `Step 0 of ${formatCount(trace.steps)}: the empty board. Press Step (→) or Play.` : `Step ${formatCount(view.step)} of ${formatCount(trace.steps)}: ${view.sentence}`;
    for (const [name, value] of Object.entries(view.counters)) {
      p.stats[name].dataset.value = String(value);
      p.stats[name].textContent = formatCount(value);
    }
    this.state.show(trace, view.step);
    this.shown(view);
    this.update();
  }

  /** A key from the page (the mode has ruled out the editor and the fields): true when it was taken. @param {KeyboardEvent} event */
  onKey(event) {
    const model = this.model;
    if (!model.trace || model.busy) return false;
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowRight: () => this.go(model.position + 1),
      ArrowLeft: () => this.go(model.position - 1),
      Home: () => this.go(0),
      End: () => this.go(model.trace?.steps ?? 0),
      ' ': () => this.player.togglePlay(),
    };
    const act = keys[event.key];
    if (!act || (event.key === ' ' && event.target instanceof HTMLElement && event.target.closest('button'))) return false;
    act();
    return true;
  }
}
