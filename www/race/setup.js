// Race mode's set-up controls inside #race: the goal, N, the clock, the
// seed of the randomised searches and the lanes' boxes. They show the set-up
// the view hands them, and turn what the user picks into a change of it
// (model.js says what a goal or a box changes), which the view opens as a
// new race.

import { returnFocusAfterPick } from '../components/controls.js';
import { laneColour } from '../components/colours.js';
import { el, part } from '../lib/dom.js';
import { showProblem } from '../lib/errors.js';
import { clip, shortName } from '../lib/words.js';
import { newSeed, seedMax, seedNumber, seedRange } from '../core/seeds.js';
import { boardSizes, goalChange, lanePicked, laneRange, raceable, yoursHint } from './model.js';

/**
 * @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo
 * @typedef {import('./clock.js').ClockId} ClockId
 * @typedef {import('./clock.js').RaceGoal} RaceGoal
 * @typedef {import('./clock.js').RaceSetup} RaceSetup
 */

export class RaceSetupView {
  /**
   * @param {HTMLElement} root  #race
   * @param {{ setup: () => RaceSetup, choose: (change: Partial<RaceSetup>) => void, focusPlay: () => void }} host
   *   setup: the race's set-up now; choose: open the race with this change; focusPlay: hand focus back to Play
   */
  constructor(root, host) {
    this.host = host;
    /** @type {AlgorithmInfo[]} */
    this.algorithms = [];
    /** @type {RaceGoal | null} */
    this.builtFor = null; // the goal the pickers were filled for
    const $ = (/** @type {string} */ name) => part(root, name);
    this.picks = $('picks');
    this.nPicker = /** @type {HTMLSelectElement} */ ($('n'));
    this.clockPicker = /** @type {HTMLSelectElement} */ ($('clock'));
    this.goalPicker = /** @type {HTMLSelectElement} */ ($('goal'));
    this.seedField = $('seed-field');
    this.seedInput = /** @type {HTMLInputElement} */ ($('seed'));
    this.newSeedButton = /** @type {HTMLButtonElement} */ ($('new-seed'));
    this.nPicker.addEventListener('change', () => host.choose({ n: Number(this.nPicker.value) }));
    this.clockPicker.addEventListener('change', () => host.choose({ clock: /** @type {ClockId} */ (this.clockPicker.value) })); // its options are the clocks
    this.goalPicker.addEventListener('change', () => this.chooseGoal(/** @type {RaceGoal} */ (this.goalPicker.value))); // its options are the goals
    this.seedInput.addEventListener('change', () => this.chooseSeed(this.seedInput.value));
    this.newSeedButton.addEventListener('click', () => host.choose({ seed: newSeed(host.setup().seed) }));
    // As in the visualizer, a pick with the pointer hands focus back to Play, so Space plays.
    for (const control of [this.nPicker, this.clockPicker, this.goalPicker]) returnFocusAfterPick(control, () => host.focusPlay());
  }

  /** The controls, once the core is loaded (they start disabled). */
  get controls() {
    return [this.nPicker, this.clockPicker, this.goalPicker, this.seedInput, this.newSeedButton];
  }

  /**
   * The core is loaded: its algorithms, and the controls enabled.
   * @param {AlgorithmInfo[]} algorithms
   */
  attach(algorithms) {
    this.algorithms = algorithms;
    for (const control of this.controls) control.disabled = false;
    this.seedInput.max = String(seedMax());
  }

  /**
   * The N picker and the lane boxes for a goal (again only when the goal
   * changed, or N is not in the list: a link's N outside the usual sizes is
   * added). Returns null when nothing was filled, else whether the goal is
   * the one they were filled for before.
   * @param {RaceGoal} goal
   * @param {number} n
   * @returns {boolean | null}
   */
  fill(goal, n) {
    const same = this.builtFor === goal;
    if (same && this.nPicker.querySelector(`option[value="${n}"]`)) return null;
    this.builtFor = goal;
    const algorithms = raceable(this.algorithms, goal);
    this.nPicker.replaceChildren(...boardSizes(algorithms, n).map((size) => new Option(`${size} × ${size}`, String(size))));
    this.picks.replaceChildren(el('legend', 'field-label', `Lanes: ${laneRange(algorithms)} searches`), ...algorithms.map((info) => {
      const box = el('input', { type: 'checkbox', value: info.id, id: `race-pick-${info.id}` });
      let pointer = false;
      box.addEventListener('pointerdown', () => { pointer = true; });
      box.addEventListener('change', () => {
        this.pick(info.id, box.checked);
        if (pointer) this.host.focusPlay();
        pointer = false;
      });
      // A lane's colour is its place in the catalogue, whatever the goal.
      return el('label', { class: 'race-pick', for: box.id, style: `--lane-colour: ${laneColour(this.algorithms.indexOf(info))}` }, [box, el('span', 'race-swatch', ''), shortName(info)]);
    }));
    const hint = yoursHint(this.algorithms);
    if (hint) this.picks.append(el('p', { class: 'muted race-yours-hint', 'data-part': 'yours-hint' }, hint));
    this.seedField.hidden = goal !== 'one';
    return same;
  }

  /**
   * The controls show this set-up.
   * @param {RaceSetup} setup
   */
  show({ n, ids, clock, goal, seed }) {
    this.nPicker.value = String(n);
    this.clockPicker.value = clock;
    this.goalPicker.value = goal;
    this.seedInput.value = String(seed);
    for (const box of this.picks.querySelectorAll('input')) box.checked = ids.includes(box.value);
  }

  /**
   * The goal picked (model.js's goalChange: the lanes and the N that fit it).
   * @param {RaceGoal} goal
   */
  chooseGoal(goal) {
    const setup = this.host.setup();
    if (goal === setup.goal) return;
    const { change, warning } = goalChange(setup, this.algorithms, goal);
    this.host.choose(change);
    if (warning) showProblem(warning, 'warning');
  }

  /**
   * The seed field's value: a seed (core/seeds.js), or a sentence and the seed as it was.
   * @param {string} raw
   */
  chooseSeed(raw) {
    const was = this.host.setup().seed;
    const seed = seedNumber(raw);
    if (Number.isNaN(seed)) {
      showProblem(`A seed is ${seedRange()}; “${clip(raw)}” is not. The race keeps seed ${was}.`, 'warning');
      this.seedInput.value = String(was);
      return;
    }
    if (seed !== was) this.host.choose({ seed });
  }

  /**
   * A lane's box ticked or not.
   * @param {string} id  its algorithm
   * @param {boolean} on
   */
  pick(id, on) {
    const setup = this.host.setup();
    const picked = lanePicked(setup, this.algorithms, id, on);
    if ('problem' in picked) {
      showProblem(picked.problem, 'warning');
      for (const box of this.picks.querySelectorAll('input')) box.checked = setup.ids.includes(box.value);
      return;
    }
    this.host.choose({ ids: picked.ids });
  }
}
