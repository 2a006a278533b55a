// One lane of race mode on screen, inside the race's lanes box: its name in
// the lane's colour, a small live board (a click opens the search in the
// visualizer), its search-tree strip and the boards ruled out, its counters,
// and a mark: running, its finishing place and reading when done, or stopped
// at the step cap. Live data-steps/data-checks/data-solutions/data-done on the
// lane's element are for tests.

import { BoardView } from './board.js';
import { el, formatCount } from './dom.js';
import { guard } from './errors.js';
import { STEP_CAP } from './race-clock.js';
import { drawStrip, laneColour } from './race-chart.js';
import { ordinal, shortName } from './words.js';

/** One lane on screen: its board, strip, counters and mark. */
export class LaneView {
  /**
   * @param {import('./race-clock.js').Lane} lane  the lane in the race's model
   * @param {import('./race.js').RaceView} view  the race mode it belongs to (its
   *   player, race, reading(), stripColours() and onOpen)
   */
  constructor(lane, view) {
    this.lane = lane;
    this.view = view;
    const { info, index } = lane;
    const name = el('h3', { id: `lane-${info.id}-name`, class: 'lane-name' }, [el('span', 'race-swatch', ''), shortName(info)]);
    this.root = el('article', { class: 'race-lane', 'data-lane': info.id, 'aria-labelledby': name.id, style: `--lane-colour: ${laneColour(index)}` }, [name]);
    this.shown = { step: -1 };
    if (!lane.session) {
      this.root.dataset.unable = 'true';
      this.root.dataset.done = 'false';
      this.root.append(el('p', 'lane-unable', lane.reason));
      return;
    }
    this.mark = el('p', 'lane-mark', '');
    const canvas = el('canvas', { 'data-part': 'board', class: 'lane-board', role: 'img', 'aria-label': `${shortName(info)}'s board` });
    this.strip = el('canvas', { class: 'lane-strip', 'aria-hidden': 'true' });
    this.space = el('p', 'lane-space', '');
    this.counters = {};
    const counters = el('dl', 'lane-counters', ['steps', 'checks', 'solutions'].map((key) => {
      this.counters[key] = el('dd', {}, '0');
      return el('div', {}, [el('dt', {}, key), this.counters[key]]);
    }));
    const open = el('button', { type: 'button', class: 'linkish lane-open', title: `Open ${shortName(info)} in the visualizer at this step` }, 'Open in the visualizer');
    open.addEventListener('click', () => this.open());
    canvas.addEventListener('click', () => this.open());
    this.root.append(this.mark, canvas, this.strip, this.space, counters, open);
    this.board = new BoardView(this.root);
  }

  open() {
    const s = this.lane.session;
    const step = guard(() => s.stepIndex, 0);
    this.view.player.stop();
    this.view.onOpen(this.lane.id, this.view.race.n, step);
  }

  /** After a resize (layout is fresh then): the board's size and the strip's width. */
  fit() {
    this.stale = true;
    this.stripWidth = this.strip?.getBoundingClientRect().width ?? 0;
    if (this.board?.fit()) this.board.redraw();
  }

  repaint(theme) {
    if (!this.board) return;
    this.board.setTheme(theme);
    this.board.redraw();
    this.stale = true;
  }

  /** Counters, hooks, mark and board, when the lane moved; `rank`: its place among the finished lanes (0 first), if done. */
  update(rank, idle) {
    const { lane } = this;
    const s = lane.session;
    if (!s) return;
    const step = s.stepIndex;
    const root = this.root;
    if (this.shown.step !== step) {
      this.shown.step = step;
      const n = this.view.race.n;
      this.board.draw(s.cells(), n);
      const figures = { steps: step, checks: s.checks, solutions: s.solutionCount };
      for (const [key, v] of Object.entries(figures)) {
        root.dataset[key] = String(v);
        this.counters[key].textContent = formatCount(v);
      }
      const { total, ruledOut } = s.space();
      const share = total > 0n ? Number((ruledOut * 10000n) / total) / 100 : 0;
      this.space.textContent = `Ruled out ${formatCount(ruledOut)} of ${formatCount(total)} boards (${share.toFixed(2)}%)`;
      this.stale = true;
    }
    const capped = !s.done && lane.finish !== null && step >= lane.last.steps;
    const done = s.done;
    root.dataset.done = String(done);
    root.dataset.capped = String(capped);
    if (done || capped) root.dataset.finish = String(lane.finish);
    else delete root.dataset.finish;
    const mark = done
      ? `✓ ${rank === undefined ? '' : ordinal(rank + 1)} · done at ${this.view.reading(lane.finish)}`
      : capped ? `Stopped at the cap (${formatCount(STEP_CAP)} steps): partial` : step === 0 ? 'At the start line' : 'Running';
    if (this.mark.textContent !== mark) this.mark.textContent = mark;
    root.classList.toggle('done', done);
    if (idle && this.described !== step) {
      this.described = step;
      this.board.describe(s.queens(), this.view.race.n);
    }
  }

  drawStrip() {
    if (!this.lane.session || !this.stale) return;
    this.stale = false;
    drawStrip(this.strip, this.stripWidth, this.lane.session, this.view.race.n, this.view.stripColours());
  }
}
