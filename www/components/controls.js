// Buttons, sliders, pickers and keyboard shortcuts. This module only translates
// what the user does into calls on `actions` (supplied by its visualizer) and
// shows the state it is handed back; it never touches the solver itself.
//
// It finds its controls by data-part inside the root it is given, so a page can
// hold several. It does not listen to the whole document: whoever owns the page
// passes key events to onKey() (main.js does, for the page's one visualizer).

import { el, formatCount, part } from '../lib/dom.js';
import { SPEEDS, speedLabel } from './speeds.js';

/** @typedef {import('../types.js').AlgorithmInfo} AlgorithmInfo */

/** The algorithm picker's groups, by the algorithms' goal, in this order. */
const GOALS = [
  { goal: 'all', label: 'Find every solution' },
  { goal: 'one', label: 'Find one solution' },
];

/**
 * Board sizes the N picker lists past those it lists one by one (every N up to
 * the largest of the searches for every solution): a few a decade, up to the
 * largest any search steps through, which is listed too. A link may ask for
 * any other N in range; showChoice adds it.
 */
const BIG_SIZES = [25, 30, 40, 50, 64, 100, 200, 500, 1000, 2000, 5000, 10000];

/**
 * The N picker's sizes for these algorithms.
 * @param {AlgorithmInfo[]} algorithms
 * @returns {number[]}
 */
function pickerSizes(algorithms) {
  const minN = Math.min(...algorithms.map((a) => a.minN));
  const maxN = Math.max(...algorithms.map((a) => a.maxN));
  const every = algorithms.filter((a) => a.goal === 'all');
  const listed = Math.min(maxN, every.length ? Math.max(...every.map((a) => a.maxN)) : maxN);
  const sizes = Array.from({ length: Math.max(0, listed - minN + 1) }, (_, i) => minN + i);
  for (const n of [...BIG_SIZES, maxN]) if (n > (sizes.at(-1) ?? 0) && n <= maxN) sizes.push(n);
  return sizes;
}

/**
 * @typedef {object} KeyActions  what the shortcuts call: a visualizer, or race mode
 * @property {() => void} togglePlay
 * @property {() => void} step
 * @property {() => void} stepBack
 * @property {() => void} reset
 * @property {() => void} runToEnd
 * @property {() => void} nextSolution
 * @property {(delta: number) => void} nudgeSpeed  one speed faster (1) or slower (-1)
 * @property {() => boolean} [cancel]  stops a long task; false if there was none
 * @property {() => void} [showKeys]  opens the list of shortcuts
 */

/**
 * @typedef {KeyActions & {
 *   seek(step: number, final: boolean): void,
 *   setSpeed(index: number): void,
 *   chooseN(n: number): void,
 *   chooseAlgorithm(id: string): void,
 *   chooseSeed(raw: string): void,
 *   newSeed(): void,
 * }} ControlActions  what the visualizer's controls call: its Visualizer
 */

/**
 * @typedef {object} Position  the session's position, as the controls show it
 * @property {import('./player.js').PlayerMode} mode
 * @property {number} stepIndex
 * @property {number} furthestStep
 * @property {boolean} atEnd  the last step of a finished search
 */

export class Controls {
  /**
   * @param {HTMLElement} root  holds the parts: play, step, step-back, next-solution,
   *   run-to-end, reset, speed, speed-value, timeline, timeline-value, n, algorithm, algorithm-note,
   *   seed-field, seed, new-seed
   * @param {ControlActions} actions
   */
  constructor(root, actions) {
    this.actions = actions;
    this.root = root;
    const $ = (/** @type {string} */ name) => part(root, name);
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(name));
    this.buttons = {
      play: button('play'),
      step: button('step'),
      stepBack: button('step-back'),
      nextSolution: button('next-solution'),
      runToEnd: button('run-to-end'),
      reset: button('reset'),
    };
    this.speed = /** @type {HTMLInputElement} */ ($('speed'));
    this.speedValue = $('speed-value');
    this.timeline = /** @type {HTMLInputElement} */ ($('timeline'));
    this.timelineValue = $('timeline-value');
    this.nPicker = /** @type {HTMLSelectElement} */ ($('n'));
    this.algorithmPicker = /** @type {HTMLSelectElement} */ ($('algorithm'));
    this.algorithmNote = $('algorithm-note');
    this.seedField = $('seed-field');
    this.seed = /** @type {HTMLInputElement} */ ($('seed'));
    this.newSeed = button('new-seed');
    /** @type {Partial<Position> & { canGoBack?: boolean }} last state shown, so updates touch only what changed */
    this.shown = {};

    this.speed.max = String(SPEEDS.length - 1);

    const b = this.buttons;
    b.play.addEventListener('click', () => actions.togglePlay());
    b.step.addEventListener('click', () => actions.step());
    b.stepBack.addEventListener('click', () => actions.stepBack());
    b.nextSolution.addEventListener('click', () => actions.nextSolution());
    b.runToEnd.addEventListener('click', () => actions.runToEnd());
    b.reset.addEventListener('click', () => actions.reset());
    this.speed.addEventListener('input', () => actions.setSpeed(Number(this.speed.value)));
    // 'input' while dragging (seek, quietly); 'change' when let go (announce where we are).
    this.timeline.addEventListener('input', () => actions.seek(Number(this.timeline.value), false));
    this.timeline.addEventListener('change', () => actions.seek(Number(this.timeline.value), true));
    this.nPicker.addEventListener('change', () => actions.chooseN(Number(this.nPicker.value)));
    this.algorithmPicker.addEventListener('change', () => actions.chooseAlgorithm(this.algorithmPicker.value));
    // 'change': when the field is left or Enter pressed, not at every digit typed.
    this.seed.addEventListener('change', () => actions.chooseSeed(this.seed.value));
    this.newSeed.addEventListener('click', () => actions.newSeed());
    for (const control of [this.nPicker, this.algorithmPicker, this.speed]) returnFocusAfterPick(control, () => this.focusHome());
  }

  /**
   * The keyboard shortcuts (see shortcut), for a keydown from wherever the owner listens.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    shortcut(event, this.actions);
  }

  /** Puts focus on Play (or Step, while Play is disabled), without scrolling. */
  focusHome() {
    focusPlay(this.buttons);
  }

  /** @param {number} index  into SPEEDS */
  showSpeed(index) {
    this.speed.value = String(index);
    const label = speedLabel(SPEEDS[index]);
    this.speedValue.textContent = label;
    this.speed.setAttribute('aria-valuetext', label);
  }

  /**
   * Fills the pickers once the core has told us its algorithms.
   * @param {AlgorithmInfo[]} algorithms
   */
  fillPickers(algorithms) {
    this.nPicker.replaceChildren(...pickerSizes(algorithms).map((n) => new Option(`${n} × ${n}`, String(n))));
    // Grouped by goal; an algorithm of a goal this page does not know of goes last, alone.
    const groups = GOALS.map(({ goal, label }) => ({ label, members: algorithms.filter((a) => a.goal === goal) }));
    const others = algorithms.filter((a) => !GOALS.some(({ goal }) => goal === a.goal));
    this.algorithmPicker.replaceChildren(
      ...groups.filter((g) => g.members.length).map(({ label, members }) => el('optgroup', { label }, members.map((a) => new Option(a.name, a.id)))),
      ...others.map((a) => new Option(a.name, a.id)),
    );
  }

  /**
   * Shows the seed of a search whose run a seed decides, and hides the field for the others.
   * @param {AlgorithmInfo} algorithm
   * @param {number} seed
   */
  showSeed(algorithm, seed) {
    this.seedField.hidden = !algorithm.seeded;
    // The stage makes room for its line, as for the note.
    this.root.classList.toggle('with-seed', algorithm.seeded);
    this.seed.value = String(seed);
  }

  /**
   * Shows the chosen algorithm and N; disables algorithms that can't do N, and says why.
   * @param {AlgorithmInfo[]} algorithms  those fillPickers was given
   * @param {string} algorithmId
   * @param {number} n
   */
  showChoice(algorithms, algorithmId, n) {
    this.algorithmPicker.value = algorithmId;
    if (![...this.nPicker.options].some((o) => o.value === String(n))) {
      // A link's N that the list leaves out: added in its place.
      const after = [...this.nPicker.options].find((o) => Number(o.value) > n) ?? null;
      this.nPicker.add(new Option(`${n} × ${n}`, String(n)), after);
    }
    this.nPicker.value = String(n);
    const fits = (/** @type {AlgorithmInfo} */ a) => n >= a.minN && n <= a.maxN;
    /** @type {Map<string, string[]>} a range ("up to 8×8") → short names of the algorithms it stops */
    const unable = new Map();
    for (const option of this.algorithmPicker.options) {
      // fillPickers made an option for each of these algorithms.
      const algorithm = /** @type {AlgorithmInfo} */ (algorithms.find((a) => a.id === option.value));
      const range = n > algorithm.maxN ? `up to ${algorithm.maxN}×${algorithm.maxN}` : `from ${algorithm.minN}×${algorithm.minN}`;
      option.textContent = fits(algorithm) ? algorithm.name : `${algorithm.name} (${range})`;
      // A search that cannot do N is disabled while another of its kind can (choose that
      // one, as the note says); when none of its kind can, choosing it brings N into its
      // range instead (its label says how far it goes).
      const siblings = algorithms.filter((a) => a.goal === algorithm.goal);
      option.disabled = !fits(algorithm) && siblings.some(fits);
      if (option.disabled) unable.set(range, [...(unable.get(range) ?? []), algorithm.name.replace(/ \(.*\)$/, '')]);
    }
    const lines = [...unable].map(([range, names]) => `${names.join(' and ')}: ${range}.`);
    // One short line, so the board stays on the first screen.
    this.algorithmNote.hidden = lines.length === 0;
    // The stage makes room for it (a class, not :has(), which would re-style on every change).
    this.root.classList.toggle('with-note', lines.length > 0);
    this.algorithmNote.textContent = lines.join(' ');
  }

  /** @param {boolean} on  whether the controls can be used */
  enable(on) {
    for (const control of [...Object.values(this.buttons), this.speed, this.timeline, this.nPicker, this.algorithmPicker, this.seed, this.newSeed]) {
      control.disabled = !on;
    }
    this.shown = {};
  }

  /**
   * Shows the session's position: play/pause label, the timeline, and which buttons
   * can do anything. `state` = { mode, stepIndex, furthestStep, atEnd }; a mode
   * that animates shows Pause ('go-to' has its own Cancel).
   * @param {Position} state
   */
  showState({ mode, stepIndex, furthestStep, atEnd }) {
    const shown = this.shown;
    const busy = mode !== 'idle' && mode !== 'go-to';
    if (shown.mode !== mode) {
      shown.mode = mode;
      const play = this.buttons.play;
      play.classList.toggle('playing', busy);
      const label = /** @type {Element} */ (play.querySelector('.label')); // index.html's Play has one
      label.textContent = busy ? 'Pause' : 'Play';
      play.setAttribute('aria-pressed', String(busy));
      this.buttons.nextSolution.classList.toggle('active', mode === 'next-solution');
      this.buttons.runToEnd.classList.toggle('active', mode === 'run-to-end');
    }
    if (shown.stepIndex !== stepIndex || shown.furthestStep !== furthestStep) {
      // Max first: a value above the old max would be clamped.
      if (shown.furthestStep !== furthestStep) this.timeline.max = String(furthestStep);
      if (shown.stepIndex !== stepIndex) this.timeline.value = String(stepIndex);
      shown.stepIndex = stepIndex;
      shown.furthestStep = furthestStep;
      this.timeline.setAttribute('aria-valuetext', `step ${stepIndex} of ${furthestStep}`);
      this.timelineValue.textContent = `${formatCount(stepIndex)} / ${formatCount(furthestStep)}`;
    }
    const canGoBack = stepIndex > 0;
    if (shown.canGoBack !== canGoBack) {
      shown.canGoBack = canGoBack;
      this.buttons.stepBack.disabled = !canGoBack;
    }
    if (shown.atEnd !== atEnd) {
      shown.atEnd = atEnd;
      this.buttons.step.disabled = atEnd;
      this.buttons.nextSolution.disabled = atEnd;
      this.buttons.runToEnd.disabled = atEnd;
    }
    // A button that disables itself (Run to end at the end, Back at the start)
    // would drop focus to the page: hand it to Play instead.
    // Read as a button: only the buttons count below.
    const focused = /** @type {HTMLButtonElement|null} */ (document.activeElement);
    if (focused?.disabled && Object.values(this.buttons).includes(focused)) this.focusHome();
  }
}

/**
 * The keyboard shortcuts of the visualizer and race mode, one map for both.
 * Keys a focused control uses itself stay with it: a text field keeps every
 * key, a select its Space, arrows and letters, a slider its arrows, Home, End
 * and page keys, a button or link its Enter. Everything else, Space included,
 * is a shortcut wherever focus is. Prevents the event's default when a key did something.
 * @param {KeyboardEvent} event  a keydown from wherever the owner listens
 * @param {KeyActions} actions
 */
export function shortcut(event, actions) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = /** @type {HTMLElement|null} */ (event.target);
  if (keptByControl(target, event.key)) return;
  if (target?.closest?.('dialog[open]')) return; // a dialog keeps its keys (Esc closes it)
  const a = actions;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      a.togglePlay();
      break;
    case 'ArrowRight': a.step(); break;
    case 'ArrowLeft': a.stepBack(); break;
    case 'Home': a.reset(); break;
    case 'End': a.runToEnd(); break;
    case 'n': case 'N': a.nextSolution(); break;
    case '+': case '=': a.nudgeSpeed(1); break;
    case '-': case '_': a.nudgeSpeed(-1); break;
    case 'Escape': if (!a.cancel?.()) return; break;
    case '?': a.showKeys?.(); break;
    default: return;
  }
  event.preventDefault();
}

/**
 * After a pick with the pointer (or from a select's open list), focus goes back
 * to Play, so that "choose an algorithm, press Space" plays. A pick made with
 * the arrow keys on the control itself leaves focus where it is: the user is
 * still browsing the choices.
 * @param {HTMLElement} control  a select or slider
 * @param {() => void} focusHome  puts focus on Play
 */
export function returnFocusAfterPick(control, focusHome) {
  let browsing = false;
  control.addEventListener('keydown', (event) => {
    browsing = BROWSING_KEYS.has(event.key) || event.key.length === 1 && event.key !== ' ';
  });
  control.addEventListener('pointerdown', () => { browsing = false; });
  control.addEventListener('change', () => {
    if (!browsing && document.activeElement === control) focusHome();
    browsing = false;
  });
}

/**
 * Puts focus on Play (or Step, while Play is disabled), without scrolling.
 * @param {{ play: HTMLButtonElement, step: HTMLButtonElement }} buttons
 */
export function focusPlay({ play, step }) {
  const home = [play, step].find((b) => !b.disabled);
  home?.focus({ preventScroll: true });
}

/** Keys a select or slider moves its value with; a pick made with these keeps focus. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * True when the focused `target` needs `key` itself, so it is no shortcut.
 * @param {HTMLElement|null} target
 * @param {string} key
 * @returns {boolean}
 */
function keptByControl(target, key) {
  if (!target || target.isContentEditable) return Boolean(target?.isContentEditable);
  switch (target.tagName) {
    case 'TEXTAREA':
      return true;
    case 'INPUT':
      // A slider keeps the keys that move it; text and number fields keep all.
      return /** @type {HTMLInputElement} */ (target).type !== 'range' || BROWSING_KEYS.has(key);
    case 'SELECT':
      return key === ' ' || key === 'Enter' || key.length === 1 || BROWSING_KEYS.has(key);
    case 'BUTTON':
    case 'SUMMARY':
    case 'A':
      // Enter presses the focused button; Space stays play/pause, so that
      // "click Step, then press Space" plays as the keys list promises.
      return key === 'Enter';
    default:
      // Arrow keys inside a widget that handles them (the gallery) arrive prevented.
      return false;
  }
}
