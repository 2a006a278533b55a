// The visualizer's gallery: mini boards of the solutions found so far, grouped
// by symmetry class, one Tab stop with arrow keys inside; choosing one seeks to
// its step.
//
// It finds its parts (data-part="gallery", "gallery-count") inside the root it
// is given, adds boards in batches so no frame draws dozens, and never calls
// the solver: it shows the solutions it is handed.

import { drawMiniBoard } from './board.js';
import { counted, el, formatCount, part } from '../lib/dom.js';
import { SYMMETRIES, symmetryBetween, symmetryClass } from '../lib/symmetry.js';

const MINI_SIZE = 64; // CSS pixels per mini board
/**
 * Mini boards added per update: on big boards solutions arrive in bursts, and
 * drawing hundreds of them in one frame would stall the animation.
 */
export const GALLERY_BATCH = 24;

/** @typedef {import('./board.js').Theme} Theme */

/**
 * @typedef {object} GalleryItem  one mini board
 * @property {number} step  the step that found its solution
 * @property {HTMLButtonElement} button
 * @property {Int32Array} queens  column per row
 * @property {string} classKey  its symmetry class (symmetryClass's key)
 */

/**
 * @typedef {object} SymmetryGroup  a symmetry class of the solutions found
 * @property {number} number  in the order first found, from 1
 * @property {number} size  how many boards the class has (8, 4 or 2)
 * @property {GalleryItem[]} items  those found, in the order found
 * @property {HTMLDivElement|null} group  its box, once grouped by class (makeGroup)
 * @property {Node|null} caption  the box's caption, made with it
 */

/**
 * Mini boards of the solutions found so far; choosing one seeks to its step.
 *
 * The gallery holds every solution up to the furthest step reached, not just up to
 * the current one: after seeking back, the later solutions stay (dimmed) so the user
 * can click through them all. The search is deterministic, so stepping forward again
 * finds exactly those; only a reset or a new session clears the gallery.
 *
 * `limit` is how many solutions the core remembers (limits().maxRememberedSolutions);
 * the gallery shows them all and asks for no more. Until it is set, it asks for none.
 */
export class Gallery {
  /**
   * @param {HTMLElement} root  holds the parts gallery and gallery-count
   * @param {(step: number) => void} onPick  a mini board was chosen: the step that found it
   */
  constructor(root, onPick) {
    this.container = part(root, 'gallery');
    this.countEl = part(root, 'gallery-count');
    this.onPick = onPick;
    this.limit = 0;
    /** @type {GalleryItem[]} in the order found */
    this.items = [];
    this.reached = 0; // how many items are at or before the current step
    /** @type {HTMLButtonElement|null} the board of the current step's solution */
    this.current = null;
    this.n = 0;
    /** @type {{ total: bigint, fundamental: bigint } | null} the counts of this N, for the class note (null when not known) */
    this.totals = null;
    /** @type {Theme|null} */
    this.theme = null;
    this.countText = '';
    this.empty = el('p', 'muted gallery-empty', 'None yet. Solutions appear here as the search finds them.');
    this.container.append(this.empty);
    /** @type {HTMLButtonElement|null} the one mini board in the Tab order (a roving tabindex) */
    this.tabStop = null;
    /** @type {Map<string, SymmetryGroup>} symmetry class key → its group, in the order first found */
    this.classes = new Map();
    /** @type {GalleryItem[]} the items lit as twins of the current one */
    this.twins = [];
    this.byClass = false;
    // "Group by symmetry": the same buttons, regrouped into their classes.
    this.groupButton = el('button', { type: 'button', class: 'gallery-group', 'aria-pressed': 'false', title: 'Group the solutions into classes under the eight rotations and reflections of the square' }, 'Group by symmetry');
    this.classNote = el('p', { class: 'muted gallery-note', hidden: true });
    this.groupButton.addEventListener('click', () => this.setByClass(!this.byClass));
    // What each board's mark says: the symmetry that takes its class's first board to it.
    this.marksLegend = el('ul', { class: 'gallery-marks', 'aria-label': 'What the marks under the boards mean', hidden: true },
      [el('li', {}, 'Under each board: its class’s first board turned or mirrored into it by'),
        ...SYMMETRIES.filter((sym) => sym.id !== 'identity').map((sym) => el('li', {}, [el('span', { class: 'mini-sym', 'aria-hidden': 'true' }, sym.mark), ` ${sym.name}`]))]);
    this.container.before(el('div', 'gallery-tools', [this.groupButton, this.classNote, this.marksLegend]));
    this.container.addEventListener('click', (event) => {
      const button = miniBoard(event);
      if (button) this.onPick(Number(button.dataset.step));
    });
    this.container.addEventListener('focusin', (event) => {
      const button = miniBoard(event);
      if (button) this.setTabStop(button);
    });
    this.container.addEventListener('keydown', (event) => this.onKey(event));
  }

  /**
   * Makes `button` the gallery's one Tab stop.
   * @param {HTMLButtonElement} button
   */
  setTabStop(button) {
    if (button === this.tabStop) return;
    if (this.tabStop) this.tabStop.tabIndex = -1;
    this.tabStop = button;
    if (button) button.tabIndex = 0;
  }

  /**
   * Arrow keys, Home and End move focus between mini boards as they stand on
   * screen (found order, or grouped by class), and are no page shortcuts.
   * @param {KeyboardEvent} event
   */
  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = /** @type {HTMLButtonElement[]} */ ([...this.container.querySelectorAll('button[data-step]')]);
    const index = buttons.indexOf(/** @type {HTMLButtonElement} */ (event.target)); // -1 for anything else
    if (index < 0 || !['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    let to = index;
    if (event.key === 'ArrowRight') to = Math.min(buttons.length - 1, index + 1);
    else if (event.key === 'ArrowLeft') to = Math.max(0, index - 1);
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = buttons.length - 1;
    else {
      // The nearest board on the next line up or down.
      const here = buttons[index];
      const down = event.key === 'ArrowDown';
      const lines = buttons.filter((b) => (down ? b.offsetTop > here.offsetTop : b.offsetTop < here.offsetTop));
      if (lines.length) {
        const line = down ? Math.min(...lines.map((b) => b.offsetTop)) : Math.max(...lines.map((b) => b.offsetTop));
        const across = lines.filter((b) => b.offsetTop === line);
        const nearest = across.reduce((a, b) => (Math.abs(b.offsetLeft - here.offsetLeft) < Math.abs(a.offsetLeft - here.offsetLeft) ? b : a));
        to = buttons.indexOf(nearest);
      }
    }
    buttons[to].focus();
  }

  /**
   * Shows the boards grouped into symmetry classes (true) or in the order found.
   * @param {boolean} on
   */
  setByClass(on) {
    this.byClass = on;
    this.groupButton.setAttribute('aria-pressed', String(on));
    this.container.classList.toggle('by-class', on);
    // Focus inside the gallery is on a mini board (a button).
    const focused = /** @type {HTMLElement|null} */ (this.container.contains(document.activeElement) ? document.activeElement : null);
    if (on) {
      for (const cls of this.classes.values()) {
        cls.group ??= this.makeGroup(cls);
        cls.group.append(...cls.items.map((item) => item.button));
        this.container.append(cls.group);
      }
    } else {
      this.container.append(...this.items.map((item) => item.button));
      for (const cls of this.classes.values()) cls.group?.remove();
    }
    focused?.focus();
    this.showClassNote();
  }

  /**
   * A class's box: its number, its size, and the rotation or reflection of each board.
   * @param {SymmetryGroup} cls
   * @returns {HTMLDivElement}
   */
  makeGroup(cls) {
    const group = el('div', { class: 'sym-class', role: 'group' });
    group.append(el('span', 'sym-caption'));
    cls.group = group;
    cls.caption = group.firstChild;
    this.captionClass(cls);
    return group;
  }

  /**
   * Writes a class's caption, once it has a box.
   * @param {SymmetryGroup} cls
   */
  captionClass(cls) {
    if (!cls.caption) return;
    const text = `Class ${cls.number}: ${cls.items.length} of ${cls.size}`;
    cls.caption.textContent = text;
    /** @type {HTMLDivElement} */ (cls.group).setAttribute('aria-label', `${text} ${cls.size === 1 ? 'board' : 'boards'}, each a rotation or reflection of the first`);
  }

  /** Ties the classes to count mode: all the solutions' classes are its fundamental count. */
  showClassNote() {
    const found = this.items.length;
    this.classNote.hidden = !this.byClass || found === 0;
    this.marksLegend.hidden = found < 2;
    if (this.classNote.hidden) return;
    const { n, totals } = this;
    // The counts of this N, when the core gave them (small boards): never another N's.
    const whole = totals
      ? ` (N = ${n}: ${counted(totals.total, 'solution')}, ${counted(totals.fundamental, 'class', 'classes')})`
      : '';
    this.classNote.textContent =
      `${counted(found, 'solution')} found so far ${found === 1 ? 'falls' : 'fall'} into ${counted(this.classes.size, 'class', 'classes')} ` +
      'under the 8 rotations and reflections of the square. Once the search has found ' +
      `them all, the number of classes is count mode's "fundamental" count${whole}.`;
  }

  /**
   * Lights the other boards of `item`'s class (its twins) and unlights the last ones.
   * @param {GalleryItem|null} item
   */
  lightTwins(item) {
    for (const twin of this.twins) twin.button.classList.remove('twin');
    // append() put every item's class in `classes`.
    this.twins = item ? /** @type {SymmetryGroup} */ (this.classes.get(item.classKey)).items.filter((other) => other !== item) : [];
    for (const twin of this.twins) twin.button.classList.add('twin');
  }

  /**
   * Empties the gallery for a new session (or a reset) on an n×n board.
   * @param {number} n
   * @param {Theme} theme
   */
  reset(n, theme) {
    this.n = n;
    this.theme = theme;
    this.items = [];
    this.reached = 0;
    this.current = null;
    this.tabStop = null;
    this.classes = new Map();
    this.twins = [];
    this.countText = '';
    this.container.replaceChildren(this.empty);
    this.showClassNote();
    this.countEl.textContent = '';
  }

  /**
   * True when the core knows solutions (`total` at the current step) that aren't shown yet.
   * @param {number} total
   * @returns {boolean}
   */
  wants(total) {
    return total > this.items.length && this.items.length < this.limit;
  }

  /**
   * Redraws every mini board (after a theme change).
   * @param {Theme} theme
   */
  repaint(theme) {
    this.theme = theme;
    for (const item of this.items) {
      // append() gave each button its canvas.
      drawMiniBoard(/** @type {HTMLCanvasElement} */ (item.button.querySelector('canvas')), item.queens, this.n, theme, MINI_SIZE);
    }
  }

  /**
   * Adds new `solutions` (null = nothing new fetched), dims the ones after
   * `currentStep`, marks the one at it, and shows the count (`total` = the
   * core's count at the current step).
   * @param {import('../types.js').FoundSolution[]|null} solutions
   * @param {number} total
   * @param {number} currentStep
   */
  sync(solutions, total, currentStep) {
    if (solutions) this.append(solutions);
    this.markReached(currentStep);

    const found = this.items.length;
    let text = `(${formatCount(total)})`;
    if (found > this.reached) text = `(${formatCount(total)} by this step, ${formatCount(found)} found in all)`;
    if (total > found) text = `(${formatCount(total)}; showing the first ${formatCount(found)})`;
    if (text !== this.countText) {
      this.countText = text;
      this.countEl.textContent = text;
    }

    const last = this.items[this.reached - 1];
    const current = last && last.step === currentStep ? last.button : null;
    if (current !== this.current) {
      this.current?.classList.remove('current');
      this.current?.removeAttribute('aria-current');
      current?.classList.add('current');
      current?.setAttribute('aria-current', 'true');
      this.current = current;
      // Tab comes back to the solution on the board, unless focus is in the gallery.
      if (current && !this.container.contains(document.activeElement)) this.setTabStop(current);
      this.lightTwins(current ? last : null);
    }
  }

  /**
   * Dims the items found after `step`, touching only those whose side changed.
   * @param {number} step
   */
  markReached(step) {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid].step <= step) lo = mid + 1;
      else hi = mid;
    }
    const from = Math.min(lo, this.reached);
    const to = Math.max(lo, this.reached);
    for (let i = from; i < to; i++) this.items[i].button.classList.toggle('ahead', i >= lo);
    this.reached = lo;
  }

  /**
   * Appends solutions not shown yet (those found after the last shown one).
   * @param {import('../types.js').FoundSolution[]} solutions
   */
  append(solutions) {
    const lastStep = this.items.length ? this.items[this.items.length - 1].step : -1;
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < solutions.length; i++) {
      const { step, queens } = solutions[i];
      if (step <= lastStep) continue;
      const index = this.items.length + 1;
      const button = el('button', 'mini ahead');
      button.type = 'button';
      button.tabIndex = -1;
      button.dataset.step = String(step);
      const columns = Array.from(queens, (c) => c + 1).join(' ');
      button.title = `Show solution ${index}, found at step ${formatCount(step)}`;
      button.setAttribute('aria-label', `Solution ${index}, found at step ${step}: queens in columns ${columns}`);
      const canvas = el('canvas');
      canvas.setAttribute('aria-hidden', 'true');
      drawMiniBoard(canvas, queens, this.n, /** @type {Theme} */ (this.theme), MINI_SIZE); // reset() set it
      // Its symmetry class, and how the class's first board turns into it.
      const { key, size } = symmetryClass(queens);
      /** @type {SymmetryGroup|undefined} */
      let cls = this.classes.get(key);
      if (!cls) {
        cls = { number: this.classes.size + 1, size, items: [], group: null, caption: null };
        this.classes.set(key, cls);
      }
      const symmetry = cls.items.length ? symmetryBetween(cls.items[0].queens, queens) : null;
      const sym = el('span', 'mini-sym', symmetry ? symmetry.mark : `class ${cls.number}`);
      sym.title = symmetry ? `Class ${cls.number}: the class's first board ${symmetry.name}` : `The first board of class ${cls.number}`;
      button.append(canvas, el('span', 'mini-label', `#${index}`), ' ', sym);
      // The label begins with what the button shows (a number and a mark such as ↻90°), then says it in words.
      const what = symmetry ? `${symmetry.mark}, in class ${cls.number}: its first board ${symmetry.name}` : `class ${cls.number}, its first board`;
      button.setAttribute('aria-label', `Solution ${index} ${what}; found at step ${step}, queens in columns ${columns}`);
      const item = { step, button, queens: Int32Array.from(queens), classKey: key };
      cls.items.push(item);
      this.items.push(item);
      if (this.byClass) {
        cls.group ??= this.makeGroup(cls);
        cls.group.append(button);
        if (!cls.group.isConnected) fragment.append(cls.group);
        this.captionClass(cls);
      } else {
        fragment.append(button);
      }
    }
    if (this.items.length) this.empty.remove();
    this.container.append(fragment);
    this.showClassNote();
    if (!this.tabStop && this.items.length) this.setTabStop(this.items[0].button);
  }
}

/**
 * The mini board an event inside the gallery came from, or null.
 * @param {Event} event
 * @returns {HTMLButtonElement|null}
 */
function miniBoard(event) {
  return /** @type {Element} */ (event.target).closest('button[data-step]');
}
