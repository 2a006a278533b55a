// Race mode's controls: Play, Step, Back, Reset, Run to end, the speed, the
// clock's timeline (log-scaled on the work clocks, model.js), the bar shown
// while the player runs to the end or goes to a reading (with Cancel), the
// keys' dialog and Copy link. They say what was pressed through the view's
// actions; `show` sets them from the race and the player.

import { focusPlay, returnFocusAfterPick } from '../components/controls.js';
import { part } from '../lib/dom.js';
import { RACE_SPEEDS, raceSpeedLabel } from '../components/speeds.js';
import { CLOCKS } from './clock.js';
import { buttonsOff, timelineShown } from './model.js';

/**
 * @typedef {object} RaceControlActions  what the controls ask of the race view
 * @property {() => void} togglePlay
 * @property {() => void} step
 * @property {() => void} stepBack
 * @property {() => void} reset
 * @property {() => void} runToEnd
 * @property {() => void} cancel  stops running to the end or going to a reading
 * @property {() => void} copyLink
 * @property {(index: number) => void} setSpeed  into RACE_SPEEDS
 * @property {(position: number, announce: boolean) => void} seekPosition  the timeline moved (announce: the pick is done)
 */

export class RaceControls {
  /**
   * @param {HTMLElement} root  #race
   * @param {RaceControlActions} actions
   */
  constructor(root, actions) {
    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    this.speed = /** @type {HTMLInputElement} */ ($('speed'));
    this.speedValue = $('speed-value');
    this.timeline = /** @type {HTMLInputElement} */ ($('timeline'));
    this.timelineValue = $('timeline-value');
    this.buttons = { play: button('play'), step: button('step'), stepBack: button('step-back'), reset: button('reset'), runToEnd: button('run-to-end') };
    this.going = { box: $('going'), text: $('going-text'), bar: /** @type {HTMLProgressElement} */ ($('going-bar')) };
    this.keys = /** @type {HTMLDialogElement} */ ($('keys'));
    const b = this.buttons;
    b.play.addEventListener('click', () => actions.togglePlay());
    b.step.addEventListener('click', () => actions.step());
    b.stepBack.addEventListener('click', () => actions.stepBack());
    b.reset.addEventListener('click', () => actions.reset());
    b.runToEnd.addEventListener('click', () => actions.runToEnd());
    $('going-cancel').addEventListener('click', () => actions.cancel());
    $('show-keys').addEventListener('click', () => this.showKeys());
    $('copy-link').addEventListener('click', () => actions.copyLink());
    this.speed.max = String(RACE_SPEEDS.length - 1);
    this.speed.addEventListener('input', () => actions.setSpeed(Number(this.speed.value)));
    this.timeline.addEventListener('input', () => actions.seekPosition(Number(this.timeline.value), false));
    this.timeline.addEventListener('change', () => actions.seekPosition(Number(this.timeline.value), true));
    // As in the visualizer, a pick with the pointer hands focus back to Play, so Space plays.
    returnFocusAfterPick(this.speed, () => this.focusPlay());
  }

  /** The core is loaded: the controls can be used. */
  enable() {
    for (const control of [this.speed, this.timeline, ...Object.values(this.buttons)]) control.disabled = false;
  }

  focusPlay() {
    focusPlay(this.buttons);
  }

  showKeys() {
    if (!this.keys.open) this.keys.showModal();
  }

  /**
   * The speed slider and its words.
   * @param {number} index  into RACE_SPEEDS
   * @param {import('./clock.js').ClockId} clock
   */
  showSpeed(index, clock) {
    this.speed.value = String(index);
    const label = raceSpeedLabel(RACE_SPEEDS[index], CLOCKS[clock].label);
    this.speedValue.textContent = label;
    this.speed.setAttribute('aria-valuetext', label);
  }

  /**
   * The bar while the player runs to the end or goes to a reading.
   * @param {string} text
   * @param {number} fraction  how far it has got
   */
  showGoing(text, fraction) {
    const box = this.going;
    if (box.text.textContent !== text) box.text.textContent = text;
    box.bar.value = fraction;
  }

  /**
   * The buttons and the timeline for the race and the player's mode.
   * @param {import('./clock.js').Race | null} race
   * @param {string} mode  the player's
   * @param {number} seeking  the reading a seek is headed for (mode 'seek')
   * @param {import('./clock.js').ClockId} clock
   */
  show(race, mode, seeking, clock) {
    const b = this.buttons;
    b.play.classList.toggle('playing', mode === 'play');
    /** @type {HTMLElement} */ (b.play.querySelector('.label')).textContent = mode === 'play' ? 'Pause' : 'Play'; // index.html's
    b.play.setAttribute('aria-pressed', String(mode === 'play'));
    b.runToEnd.classList.toggle('active', mode === 'run-to-end');
    const off = buttonsOff(race, mode);
    for (const [name, control] of Object.entries(b)) control.disabled = off[/** @type {keyof typeof off} */ (name)];
    const focused = Object.values(b).find((control) => control === document.activeElement);
    if (focused?.disabled) b.play.focus({ preventScroll: true });
    if (!race) return;
    // The timeline: 0 to the furthest reading, log-scaled on the work clocks.
    // While a seek is on its way (a few frames), the thumb stays where it
    // was put, not where the clock still reads: a drag does not jump back.
    const at = mode === 'seek' ? Math.min(seeking, race.furthest) : race.clock;
    const shown = timelineShown(race, at, clock);
    if (this.timeline.max !== String(shown.top)) this.timeline.max = String(shown.top);
    if (this.timeline.value !== String(shown.position)) this.timeline.value = String(shown.position);
    if (this.timelineValue.textContent !== shown.text) {
      this.timelineValue.textContent = shown.text;
      this.timeline.setAttribute('aria-valuetext', shown.aria);
    }
  }
}
