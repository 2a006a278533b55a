// The visualizer's registers panel: the algorithm's registers as it reads them
// back (session.registers()), bits drawn on one small canvas per register, the
// swap marked in the permutation by its `role`, bitwise's ld/col/rd/poss as a
// table with a line per row, and the searches for one solution's counts (the
// attackers of each square of the current row, the line tallies) as bars.
//
// It updates while playing (the visualizer throttles it), so it keeps what it
// last showed and touches the DOM only where something changed. It finds its
// part (data-part="registers") inside the root it is given and never calls
// the solver.

import { context2d, el, formatCount, part } from '../lib/dom.js';
import { LowBitPanel } from './lowbit.js';
import { fontScale, markFont } from '../lib/present.js';

/**
 * @typedef {import('../types.js').Register} Register
 * @typedef {Extract<Register, { kind: 'bits' }>} BitsRegister
 * @typedef {Extract<Register, { kind: 'board' }>} BoardRegister
 * @typedef {Extract<Register, { kind: 'list' }>} ListRegister
 * @typedef {Extract<Register, { kind: 'number' | 'real' }>} NumberRegister
 * @typedef {Extract<Register, { kind: 'counts' }>} CountsRegister
 */

/**
 * What the panel holds of each register: its node, and set(), which shows a
 * value of the register's kind (makeView picks the view by the kind).
 * @typedef {{ node: HTMLElement, set(register: Register): void }} RegisterView
 */

/**
 * @typedef {object} RegisterRow  a line of the table: one group's registers
 * @property {string} group
 * @property {HTMLTableRowElement} tr
 * @property {Map<string, RegisterView>} views  by register name
 */

/**
 * A row of bits as the number is written, the highest bit on the left and bit
 * 0 (column 0) on the right, so that the code's shifts move the picture the
 * way they say: `ld >> 1` moves right, `rd << 1` left. Drawn as 0/1 digits in
 * one text node, so a register changing is one text change, never one
 * element per bit.
 */
class BitsView {
  /** @param {number} width  how many bits */
  constructor(width) {
    this.node = el('code', { class: 'bits' });
    this.width = width;
    /** @type {number|null} */
    this.value = null;
  }

  /** @param {BitsRegister} register */
  set({ value, name }) {
    if (value === this.value) return;
    this.value = value;
    // The binary numeral: the highest bit first, bit 0 (column 0) last.
    let text = '';
    for (let b = this.width - 1; b >= 0; b--) text += Math.floor(value / 2 ** b) % 2 === 1 ? '1' : '0';
    this.node.textContent = text;
    this.node.title = `${name}: bit 0, column 1, last`;
  }
}

/** Under the bits: which way they read, as the board does not. */
const BITS_NOTE = 'Rows and columns count from 1, as in the messages; bit positions count from 0, as the shifts need, so bit 0 is column 1. Bits are drawn as the number is written: bit 0 on the right, so >> 1 moves them right and << 1 left. On the board, column 1 is on the left.';

/** CSS pixels of a counts strip: the bars, and the numbers' line under them when they fit. */
const COUNTS_BARS_PX = 28;
const COUNTS_TEXT_PX = 13;
/** The narrowest slot, in CSS pixels, that prints its count under its bar. */
const COUNTS_TEXT_MIN_PX = 14;
/** How many counts the canvas's text alternative reads out before "…". */
const COUNTS_SPOKEN = 64;

/**
 * Counts, one per square of a row or per line of the board (kind "counts"), as
 * bars on one canvas: a slot per count while slots are wide enough, else each
 * pixel column the largest count of the slots it covers, so a row of 1,000
 * squares still shows where its fewest attackers are. The marked count (the
 * column chosen) is a filled slot with a triangle under it: a mark that needs
 * no colour.
 */
class CountsView {
  constructor() {
    this.node = el('figure', 'register-counts');
    this.canvas = this.node.appendChild(el('canvas', { class: 'counts', role: 'img' }));
    this.caption = this.node.appendChild(el('figcaption'));
    /** @type {CountsRegister|null} the register drawn last, for a repaint */
    this.register = null;
    this.key = '';
  }

  /** @param {CountsRegister} register */
  set(register) {
    const { group, name, values, highlight } = register;
    const caption = group ? `${name}, ${group}` : name;
    if (this.caption.textContent !== caption) this.caption.textContent = caption;
    const key = `${caption}|${highlight}|${values.join(',')}`;
    if (key === this.key) return;
    this.key = key;
    this.register = register;
    const spoken = Array.from(values.subarray(0, COUNTS_SPOKEN)).join(', ') + (values.length > COUNTS_SPOKEN ? ', …' : '');
    const marked = highlight === undefined ? '' : `; marked: number ${highlight + 1}`;
    this.canvas.setAttribute('aria-label', `${caption}: ${spoken}${marked}`);
    this.draw();
  }

  /** Paints the last register at the canvas's width (after a resize or a theme change too). */
  draw() {
    const register = this.register;
    if (!register) return;
    const { values, highlight = -1 } = register;
    const scale = window.devicePixelRatio || 1;
    const cssWidth = this.canvas.clientWidth || 240;
    const count = values.length;
    const slotCss = cssWidth / Math.max(1, count);
    // The numbers grow in presentation mode, where they need wider slots.
    const grow = fontScale();
    const withText = slotCss >= COUNTS_TEXT_MIN_PX * grow;
    const width = Math.round(cssWidth * scale);
    const height = Math.round((COUNTS_BARS_PX + (withText ? COUNTS_TEXT_PX * grow : 0)) * scale);
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    const css = getComputedStyle(this.canvas);
    const colour = (/** @type {string} */ name, /** @type {string} */ fallback) => css.getPropertyValue(name).trim() || fallback;
    const bar = colour('--muted', '#5f6670');
    const mark = colour('--board-probe', '#2f5bea');
    const base = colour('--border', '#d0d7de');
    const ctx = context2d(this.canvas);
    ctx.save();
    ctx.clearRect(0, 0, width, height);
    const bars = COUNTS_BARS_PX * scale;
    const top = 3 * scale; // room for nothing above the tallest bar but a hair
    const markRoom = withText ? 0 : 5 * scale; // the triangle under a thin slot
    const room = bars - top - markRoom;
    let most = 1;
    for (const v of values) if (v > most) most = v;
    const heightOf = (/** @type {number} */ v) => (v <= 0 ? 0 : Math.max(scale, (v / most) * room));
    ctx.fillStyle = base;
    ctx.fillRect(0, bars - markRoom - scale, width, scale);
    if (width >= count) {
      // A slot per count.
      for (let i = 0; i < count; i++) {
        const x0 = Math.round((i * width) / count);
        const x1 = Math.round(((i + 1) * width) / count);
        const gap = x1 - x0 > 3 * scale ? scale : 0;
        const h = heightOf(values[i]);
        ctx.fillStyle = i === highlight ? mark : bar;
        ctx.fillRect(x0 + gap, bars - markRoom - scale - h, x1 - x0 - gap * 2 || 1, h);
      }
    } else {
      // Each pixel column: the largest count of the slots it covers.
      ctx.fillStyle = bar;
      for (let x = 0; x < width; x++) {
        const from = Math.floor((x * count) / width);
        const to = Math.max(from + 1, Math.floor(((x + 1) * count) / width));
        let v = 0;
        for (let i = from; i < to; i++) if (values[i] > v) v = values[i];
        const h = heightOf(v);
        ctx.fillRect(x, bars - markRoom - scale - h, 1, h);
      }
    }
    if (highlight >= 0 && highlight < count) {
      const centre = ((highlight + 0.5) * width) / count;
      if (!withText) {
        // Thin slots: a triangle under the marked one.
        ctx.fillStyle = mark;
        ctx.beginPath();
        ctx.moveTo(centre, bars - markRoom);
        ctx.lineTo(centre - 4 * scale, bars);
        ctx.lineTo(centre + 4 * scale, bars);
        ctx.closePath();
        ctx.fill();
      }
    }
    if (withText) {
      markFont(this.canvas, 11 * grow);
      ctx.font = `${Math.round(11 * grow * scale)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      for (let i = 0; i < count; i++) {
        ctx.fillStyle = i === highlight ? mark : colour('--text', '#1f2328');
        if (i === highlight) ctx.font = `bold ${Math.round(11 * grow * scale)}px system-ui, sans-serif`;
        ctx.fillText(String(values[i]), ((i + 0.5) * width) / count, height);
        if (i === highlight) ctx.font = `${Math.round(11 * grow * scale)}px system-ui, sans-serif`;
      }
    }
    ctx.restore();
  }
}

/** A 64-bit board register: hex, and the bits as an n×n grid (bit row*n+col). */
class BoardBitsView {
  /** @param {number} n  the board's size */
  constructor(n) {
    this.n = n;
    this.node = el('span', 'board-bits');
    this.hex = this.node.appendChild(el('code', 'hex'));
    this.grid = this.node.appendChild(el('span', 'bit-grid'));
    this.grid.style.setProperty('--cols', String(n));
    this.grid.setAttribute('aria-hidden', 'true');
    this.bits = Array.from({ length: n * n }, () => this.grid.appendChild(el('span', 'bit')));
    /** @type {string|null} */
    this.hexText = null;
  }

  /** @param {BoardRegister} register */
  set({ value, hex }) {
    const text = hex ?? `0x${BigInt(value).toString(16).padStart(16, '0')}`;
    if (text === this.hexText) return;
    this.hexText = text;
    this.hex.textContent = text;
    const big = BigInt(value);
    for (let i = 0; i < this.bits.length; i++) {
      this.bits[i].classList.toggle('on', ((big >> BigInt(i)) & 1n) === 1n);
    }
  }
}

/** A short list of numbers: odometer digits, a permutation, a swap pair. */
class ListView {
  /** @param {number} length */
  constructor(length) {
    this.node = el('span', 'list');
    this.items = Array.from({ length }, () => this.node.appendChild(el('span', 'item')));
    /** @type {string|null} the values shown */
    this.key = null;
    this.marked = '';
  }

  /** @param {ListRegister} register */
  set({ value }) {
    const key = value.join(',');
    if (key === this.key) return;
    this.key = key;
    value.forEach((v, i) => { this.items[i].textContent = String(v); });
  }

  /**
   * Marks the items at `indices` (the positions a swap exchanges).
   * @param {number[]} indices
   */
  mark(indices) {
    const key = indices.join(',');
    if (key === this.marked) return;
    this.marked = key;
    this.items.forEach((item, i) => item.classList.toggle('marked', indices.includes(i)));
  }
}

class NumberView {
  constructor() {
    this.node = el('code', 'number');
    /** @type {number|null} */
    this.value = null;
  }

  /** @param {NumberRegister} register  a whole number, or a real one (T) to four decimals */
  set({ kind, value }) {
    if (value === this.value) return;
    this.value = value;
    if (kind === 'real') this.node.textContent = value.toFixed(4);
    else this.node.textContent = typeof value === 'number' ? formatCount(value) : String(value);
  }
}

/**
 * The view for a register of its kind.
 * @param {Register} register
 * @returns {RegisterView}
 */
function makeView(register) {
  switch (register.kind) {
    case 'bits': return new BitsView(register.width);
    case 'board': return new BoardBitsView(register.n);
    case 'list': return new ListView(register.value.length);
    case 'counts': return new CountsView();
    default: return new NumberView();
  }
}

/**
 * What decides the panel's structure; values (and grouped rows) change without a rebuild.
 * @param {Register[]} lone
 * @param {Register[]} grouped
 * @returns {string}
 */
function shapeOf(lone, grouped) {
  // Bits have a width, boards an n, lists and counts a length.
  const sizeOf = (/** @type {{ width?: number, n?: number, value?: unknown, values?: Int32Array }} */ r) => r.width ?? r.n ?? r.values?.length ?? (Array.isArray(r.value) ? r.value.length : '');
  const loneShape = lone.map((r) => `${r.name}|${r.kind}|${sizeOf(r)}`).join(';');
  const columns = [...new Set(grouped.map((r) => `${r.name}|${r.kind}|${sizeOf(r)}`))].join(';');
  return `${loneShape}#${columns}`;
}

/**
 * @template T
 * @param {T[]} items
 * @returns {T[]}  each once, in first-seen order
 */
const unique = (items) => [...new Set(items)];

/**
 * The algorithm's registers. Lone ones (group "") are a list of name → value
 * (64-bit boards side by side as grids); grouped ones (bitwise's ld/col/rd/poss
 * per row) form a table: one line per group, one column per name. Lines come and
 * go as the search goes deeper or backs up, so they are added and removed one by
 * one rather than rebuilding the table every step.
 */
export class RegistersPanel {
  // What the panel is built for: clear() resets these, build() and update() keep them.
  /** @type {string|null} the structure the panel is built for (shapeOf) */
  shape = null;
  /** @type {RegisterView[]} */
  loneViews = [];
  /** @type {string[]} the table's columns: the grouped registers' names */
  columns = [];
  /** @type {RegisterRow[]} */
  rows = [];
  /** @type {HTMLTableSectionElement|null} */
  tbody = null;
  /** @type {number} the lone register that is a swap, or -1 */
  swapIndex = -1;
  /** @type {number} the lone register that is the permutation it acts on, or -1 */
  permutationIndex = -1;
  /** @type {number} the panel's greatest height so far (holdHeight) */
  tallest = 0;
  /** @type {LowBitPanel|null} poss & -poss worked out, for a search with poss */
  lowbit = null;

  /** @param {HTMLElement} root  holds the part registers */
  constructor(root) {
    this.container = part(root, 'registers');
    this.clear();
    this.width = 0;
    // Only a change of width can make the table fit or not; heights change with every line.
    new ResizeObserver(([entry]) => {
      const width = Math.round(entry.contentRect.width);
      if (width !== this.width) {
        this.width = width;
        this.fit();
        for (const view of this.loneViews) if (view instanceof CountsView) view.draw();
      }
    }).observe(this.container);
  }

  /** Repaints every drawn register in the current theme's colours (bits are text and follow the CSS). */
  repaint() {
    const views = [...this.loneViews, ...this.rows.flatMap((row) => [...row.views.values()])];
    for (const view of views) if (view instanceof CountsView) view.draw();
  }

  /** Wraps the table's lines when their digits don't fit the panel (phones, or N = 20). */
  fit() {
    const table = this.tbody?.parentElement;
    if (!table) return;
    table.classList.remove('wrapped');
    if (table.scrollWidth > this.container.clientWidth + 1) table.classList.add('wrapped');
  }

  /** Empties the panel (a new session). */
  clear() {
    this.shape = null;
    this.loneViews = [];
    this.columns = [];
    this.rows = [];
    this.tbody = null;
    this.swapIndex = -1;
    this.permutationIndex = -1;
    this.tallest = 0;
    this.lowbit = null;
    this.container.style.minHeight = '';
    this.container.replaceChildren();
  }

  /**
   * The panel keeps the tallest height its table has had since it was built,
   * so lines coming and going as the search goes deeper and backs up don't
   * move everything below it up and down. (Reads the layout: call it rarely.)
   */
  holdHeight() {
    const height = this.container.offsetHeight;
    if (height > this.tallest) {
      this.tallest = height;
      this.container.style.minHeight = `${height}px`;
    }
  }

  /** @param {Register[]} registers  the session's registers() */
  update(registers) {
    // Counts carry their group (the row they read) in their caption: they are lone.
    const lone = registers.filter((r) => !r.group || r.kind === 'counts');
    const grouped = registers.filter((r) => r.group && r.kind !== 'counts');
    const shape = shapeOf(lone, grouped);
    if (shape !== this.shape) this.build(lone, grouped, shape);

    lone.forEach((register, i) => this.loneViews[i].set(register));
    // Show the swap in the permutation it acts on.
    if (this.swapIndex >= 0 && this.permutationIndex >= 0) {
      // The core marks a list as the permutation, and its swap is a list of two indices.
      const permutation = /** @type {ListView} */ (this.loneViews[this.permutationIndex]);
      permutation.mark(/** @type {ListRegister} */ (lone[this.swapIndex]).value);
    }

    this.lowbit?.update(registers);
    if (this.tbody) {
      this.syncRows(unique(grouped.map((r) => r.group)), grouped);
      let row = null;
      for (const register of grouped) {
        if (row?.group !== register.group) row = this.rows.find((candidate) => candidate.group === register.group);
        row?.views.get(register.name)?.set(register);
      }
      this.holdHeight();
    }
  }

  /**
   * Keeps the table's lines in step with `groups`: same prefix stays, the rest is redone.
   * Called with a table only (update() checks tbody).
   * @param {string[]} groups
   * @param {Register[]} grouped
   */
  syncRows(groups, grouped) {
    const tbody = /** @type {HTMLTableSectionElement} */ (this.tbody);
    let keep = 0;
    while (keep < this.rows.length && keep < groups.length && this.rows[keep].group === groups[keep]) keep++;
    for (const row of this.rows.splice(keep)) row.tr.remove();
    for (const group of groups.slice(keep)) {
      const tr = tbody.insertRow();
      const th = el('th', '', group);
      th.scope = 'row';
      tr.append(th);
      /** @type {Map<string, RegisterView>} */
      const views = new Map();
      for (const name of this.columns) {
        const td = tr.insertCell();
        td.dataset.name = name; // shown before the value when the table wraps on narrow panels
        const register = grouped.find((r) => r.group === group && r.name === name);
        if (!register) continue;
        const view = makeView(register);
        views.set(name, view);
        td.append(view.node);
      }
      this.rows.push({ group, tr, views });
    }
  }

  /**
   * Builds the panel for a new structure.
   * @param {Register[]} lone
   * @param {Register[]} grouped
   * @param {string} shape  shapeOf(lone, grouped)
   */
  build(lone, grouped, shape) {
    this.clear();
    this.shape = shape;
    this.loneViews = lone.map(makeView);
    // The core marks the two registers that belong together by role.
    this.swapIndex = lone.findIndex((r) => r.role === 'swap');
    this.permutationIndex = lone.findIndex((r) => r.role === 'permutation');
    /** @type {HTMLElement[]} */
    const parts = [];

    // Lone 64-bit boards read best side by side, each as name, hex and grid.
    const boards = lone.map((r, i) => /** @type {[Register, number]} */ ([r, i])).filter(([r]) => r.kind === 'board');
    if (boards.length) {
      const row = el('div', 'register-boards');
      for (const [register, i] of boards) {
        const figure = el('figure', 'register-board');
        figure.append(this.loneViews[i].node, el('figcaption', '', register.name));
        row.append(figure);
      }
      parts.push(row);
    }

    // Counts as bars, the width of the panel, one under the other.
    const counts = this.loneViews.filter((view) => view instanceof CountsView);
    if (counts.length) parts.push(el('div', 'register-counts-list', counts.map((view) => view.node)));

    const others = lone.map((r, i) => /** @type {[Register, number]} */ ([r, i])).filter(([r]) => r.kind !== 'board' && r.kind !== 'counts');
    if (others.length) {
      const list = el('dl', 'register-list');
      for (const [register, i] of others) {
        const row = el('div', `register register-${register.kind}`);
        const dd = el('dd');
        dd.append(this.loneViews[i].node);
        row.append(el('dt', '', register.name), dd);
        list.append(row);
      }
      parts.push(list);
    }

    if (grouped.length) {
      this.columns = unique(grouped.map((r) => r.name));
      const table = el('table', 'register-table');
      const head = table.createTHead().insertRow();
      head.append(el('td'));
      for (const name of this.columns) {
        const th = el('th', '', name);
        th.scope = 'col';
        head.append(th);
      }
      this.tbody = table.createTBody();
      parts.push(table);
      requestAnimationFrame(() => this.fit());
    }

    if ([...lone, ...grouped].some((r) => r.kind === 'bits')) {
      parts.push(el('p', 'muted bits-note', BITS_NOTE));
    }
    // A search that takes poss & -poss: the sum worked out for the row being filled.
    this.lowbit = grouped.some((r) => r.name === 'poss' && r.kind === 'bits') ? new LowBitPanel() : null;
    if (this.lowbit) parts.push(this.lowbit.root);
    if (!lone.length && !grouped.length) parts.push(el('p', 'muted', 'This algorithm keeps no registers.'));
    this.container.replaceChildren(...parts);
  }
}
