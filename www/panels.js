// The side panels: counters, the algorithm's description and pseudocode, its
// registers, and the gallery of solutions found so far.
//
// These update every animation frame while playing, so each keeps what it last
// showed and touches the DOM only where something changed. Each takes the root
// element of its visualizer and finds its parts there by data-part (dom.js part()),
// never by a page-wide id, so one page can hold several. They show what they are
// handed and never call the solver.

import { drawMiniBoard } from './board.js';
import { el, formatCount, part } from './dom.js';
import { symmetryBetween, symmetryClass } from './symmetry.js';

/** The counters (data-part steps, checks, …). The raw number also goes in data-value for scripts. */
export class Counters {
  constructor(root, names) {
    this.fields = names.map((name) => ({ name, node: part(root, name), value: null }));
  }

  /** `values` maps counter name → number (or a string such as "–"). */
  update(values) {
    for (const field of this.fields) {
      const value = values[field.name];
      if (value === undefined || value === field.value) continue;
      field.value = value;
      field.node.textContent = typeof value === 'number' ? formatCount(value) : value;
      field.node.dataset.value = String(value);
    }
  }
}

/** Description and pseudocode of the current algorithm, with the last executed line lit. */
export class AlgorithmPanel {
  constructor(root) {
    this.descriptionEl = part(root, 'description');
    this.pseudocodeEl = part(root, 'pseudocode');
    this.lines = [];
    this.current = -1;
  }

  show(algorithm) {
    const intro = el('p', '', algorithm.description);
    const facts = el('p', 'facts');
    facts.append(
      el('span', 'fact', `One step: ${algorithm.stepIs}`),
      el('span', 'fact', `Boards ${algorithm.minN}×${algorithm.minN} to ${algorithm.maxN}×${algorithm.maxN}`),
    );
    this.descriptionEl.replaceChildren(intro, facts);

    // A line's comment wraps under it when the panel is narrow, rather than scrolling.
    this.lines = algorithm.pseudocode.map((text) => {
      const [, code, gap, comment] = /^(.*?)(\s+)(#.*)$/.exec(text) ?? [text, text, '', ''];
      const li = el('li');
      const line = el('span', 'line');
      line.append(el('code', '', code));
      if (comment) line.append(el('span', 'gap', gap), el('span', 'comment', comment));
      li.append(line);
      return li;
    });
    this.pseudocodeEl.replaceChildren(...this.lines);
    this.current = -1;
  }

  highlight(line) {
    if (line === this.current) return;
    this.lines[this.current]?.classList.remove('current');
    this.lines[this.current]?.removeAttribute('aria-current');
    this.current = line;
    const li = this.lines[line];
    if (li) {
      li.classList.add('current');
      li.setAttribute('aria-current', 'step');
    }
  }
}

// ---- Registers -------------------------------------------------------------

/** Backing-store pixels per bit of a BitsView (a 9px box and a 1px gap), before devicePixelRatio. */
const BIT_PX = 10;
let bitColors = null; // { on, off, edge } from the CSS, read once per theme

/** The colours BitsView draws with (call after a theme change). */
function readBitColors() {
  const css = getComputedStyle(document.documentElement);
  const get = (name) => css.getPropertyValue(name).trim();
  bitColors = { on: get('--accent'), off: get('--surface'), edge: get('--border') };
}

/**
 * A row of bits, bit 0 (column 0) on the left: one small canvas, so a register
 * changing is a repaint of its pixels and never a restyle of one element per
 * bit (at N = 20 that was 1,600 elements, the bulk of a frame).
 */
class BitsView {
  constructor(width) {
    // role img: a picture of the bits whose label reads them out.
    this.node = el('canvas', { class: 'bits', role: 'img' });
    this.node.style.setProperty('--bits', String(width));
    this.width = width;
    this.value = null;
  }

  set({ value, name }) {
    if (value === this.value) return;
    this.value = value;
    let text = '';
    for (let b = 0; b < this.width; b++) text += Math.floor(value / 2 ** b) % 2 === 1 ? '1' : '0';
    this.draw(text);
    this.node.setAttribute('aria-label', `${name}: ${text} (column 0 first)`);
  }

  /** Paints `text` ('1' on, '0' off, column 0 first) as boxes. */
  draw(text = this.text) {
    if (text == null) return;
    this.text = text;
    if (!bitColors) readBitColors();
    const scale = Math.max(1, Math.round(window.devicePixelRatio || 1));
    const canvas = this.node;
    const width = this.width * BIT_PX * scale;
    const height = (BIT_PX - 1) * scale;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const ctx = canvas.getContext('2d');
    ctx.clearRect(0, 0, width, height);
    const box = (BIT_PX - 1) * scale;
    for (let b = 0; b < this.width; b++) {
      const on = text[b] === '1';
      const x = b * BIT_PX * scale;
      ctx.fillStyle = on ? bitColors.on : bitColors.edge;
      ctx.fillRect(x, 0, box, box);
      if (!on) {
        ctx.fillStyle = bitColors.off;
        ctx.fillRect(x + scale, scale, box - 2 * scale, box - 2 * scale);
      }
    }
  }
}

/** A 64-bit board register: hex, and the bits as an n×n grid (bit row*n+col). */
class BoardBitsView {
  constructor(n) {
    this.n = n;
    this.node = el('span', 'board-bits');
    this.hex = this.node.appendChild(el('code', 'hex'));
    this.grid = this.node.appendChild(el('span', 'bit-grid'));
    this.grid.style.setProperty('--cols', String(n));
    this.grid.setAttribute('aria-hidden', 'true');
    this.bits = Array.from({ length: n * n }, () => this.grid.appendChild(el('span', 'bit')));
    this.hexText = null;
  }

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
  constructor(length) {
    this.node = el('span', 'list');
    this.items = Array.from({ length }, () => this.node.appendChild(el('span', 'item')));
    this.key = null;
    this.marked = '';
  }

  set({ value }) {
    const key = value.join(',');
    if (key === this.key) return;
    this.key = key;
    value.forEach((v, i) => { this.items[i].textContent = String(v); });
  }

  /** Marks the items at `indices` (the positions a swap exchanges). */
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
    this.value = null;
  }

  set({ value }) {
    if (value === this.value) return;
    this.value = value;
    this.node.textContent = typeof value === 'number' ? formatCount(value) : String(value);
  }
}

function makeView(register) {
  switch (register.kind) {
    case 'bits': return new BitsView(register.width);
    case 'board': return new BoardBitsView(register.n);
    case 'list': return new ListView(register.value.length);
    default: return new NumberView();
  }
}

/** What decides the panel's structure; values (and grouped rows) change without a rebuild. */
function shapeOf(lone, grouped) {
  const sizeOf = (r) => r.width ?? r.n ?? (Array.isArray(r.value) ? r.value.length : '');
  const loneShape = lone.map((r) => `${r.name}|${r.kind}|${sizeOf(r)}`).join(';');
  const columns = [...new Set(grouped.map((r) => `${r.name}|${r.kind}|${sizeOf(r)}`))].join(';');
  return `${loneShape}#${columns}`;
}

const unique = (items) => [...new Set(items)];

/**
 * The algorithm's registers. Lone ones (group "") are a list of name → value
 * (64-bit boards side by side as grids); grouped ones (bitwise's ld/col/rd/poss
 * per row) form a table: one line per group, one column per name. Lines come and
 * go as the search goes deeper or backs up, so they are added and removed one by
 * one rather than rebuilding the table every step.
 */
export class RegistersPanel {
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
      }
    }).observe(this.container);
  }

  /** Repaints every bit register in the current theme's colours. */
  repaint() {
    readBitColors();
    const views = [...this.loneViews, ...this.rows.flatMap((row) => [...row.views.values()])];
    for (const view of views) if (view instanceof BitsView) view.draw();
  }

  /** Wraps the table's lines when even the smallest bits don't fit the panel (phones at N = 20). */
  fit() {
    const table = this.tbody?.parentElement;
    if (!table) return;
    table.classList.remove('wrapped');
    if (table.scrollWidth > this.container.clientWidth + 1) table.classList.add('wrapped');
  }

  clear() {
    this.shape = null;
    this.loneViews = [];
    this.columns = [];
    this.rows = []; // { group, tr, views: Map(name → view) }
    this.tbody = null;
    this.swapIndex = -1;
    this.permutationIndex = -1;
    this.tallest = 0;
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

  update(registers) {
    const lone = registers.filter((r) => !r.group);
    const grouped = registers.filter((r) => r.group);
    const shape = shapeOf(lone, grouped);
    if (shape !== this.shape) this.build(lone, grouped, shape);

    lone.forEach((register, i) => this.loneViews[i].set(register));
    // Show the swap in the permutation it acts on.
    if (this.swapIndex >= 0 && this.permutationIndex >= 0) {
      this.loneViews[this.permutationIndex].mark(lone[this.swapIndex].value);
    }

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

  /** Keeps the table's lines in step with `groups`: same prefix stays, the rest is redone. */
  syncRows(groups, grouped) {
    let keep = 0;
    while (keep < this.rows.length && keep < groups.length && this.rows[keep].group === groups[keep]) keep++;
    for (const row of this.rows.splice(keep)) row.tr.remove();
    for (const group of groups.slice(keep)) {
      const tr = this.tbody.insertRow();
      const th = el('th', '', group);
      th.scope = 'row';
      tr.append(th);
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

  build(lone, grouped, shape) {
    this.clear();
    this.shape = shape;
    this.loneViews = lone.map(makeView);
    // The core marks the two registers that belong together by role.
    this.swapIndex = lone.findIndex((r) => r.role === 'swap');
    this.permutationIndex = lone.findIndex((r) => r.role === 'permutation');
    const parts = [];

    // Lone 64-bit boards read best side by side, each as name, hex and grid.
    const boards = lone.map((r, i) => [r, i]).filter(([r]) => r.kind === 'board');
    if (boards.length) {
      const row = el('div', 'register-boards');
      for (const [register, i] of boards) {
        const figure = el('figure', 'register-board');
        figure.append(this.loneViews[i].node, el('figcaption', '', register.name));
        row.append(figure);
      }
      parts.push(row);
    }

    const others = lone.map((r, i) => [r, i]).filter(([r]) => r.kind !== 'board');
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
      // The bits shrink to fit the panel: how many there are in a line.
      const bitsPerLine = this.columns.reduce((sum, name) => sum + (grouped.find((r) => r.name === name).width ?? 8), 0);
      table.style.setProperty('--bits-per-line', String(bitsPerLine));
      table.style.setProperty('--columns', String(this.columns.length));
      parts.push(table);
      requestAnimationFrame(() => this.fit());
    }

    if (!lone.length && !grouped.length) parts.push(el('p', 'muted', 'This algorithm keeps no registers.'));
    this.container.replaceChildren(...parts);
  }
}

// ---- Gallery ---------------------------------------------------------------

const MINI_SIZE = 64; // CSS pixels per mini board
/**
 * Mini boards added per update: on big boards solutions arrive in bursts, and
 * drawing hundreds of them in one frame would stall the animation.
 */
export const GALLERY_BATCH = 24;

/**
 * Mini boards of the solutions found so far; choosing one seeks to its step.
 *
 * The gallery holds every solution up to the furthest step reached, not just up to
 * the current one: after seeking back, the later solutions stay (dimmed) so the user
 * can click through them all. The search is deterministic, so stepping forward again
 * finds exactly those; only a reset or a new session clears the gallery.
 *
 * `limit` is how many solutions the core remembers (its maxRememberedSolutions());
 * the gallery shows them all and asks for no more. Until it is set, it asks for none.
 */
export class Gallery {
  constructor(root, onPick) {
    this.container = part(root, 'gallery');
    this.countEl = part(root, 'gallery-count');
    this.onPick = onPick;
    this.limit = 0;
    this.items = []; // { step, button, queens }, in the order found
    this.reached = 0; // how many items are at or before the current step
    this.current = null;
    this.n = 0;
    this.theme = null;
    this.countText = '';
    this.empty = el('p', 'muted gallery-empty', 'None yet. Solutions appear here as the search finds them.');
    this.container.append(this.empty);
    this.tabStop = null; // the one mini board in the Tab order (a roving tabindex)
    this.classes = new Map(); // symmetry class key → { number, items }, in the order first found
    this.twins = []; // the items lit as twins of the current one
    this.byClass = false;
    // "Group by symmetry": the same buttons, regrouped into their classes.
    this.groupButton = el('button', { type: 'button', class: 'gallery-group', 'aria-pressed': 'false', title: 'Group the solutions into classes under the eight rotations and reflections of the square' }, 'Group by symmetry');
    this.classNote = el('p', { class: 'muted gallery-note', hidden: true });
    this.groupButton.addEventListener('click', () => this.setByClass(!this.byClass));
    this.container.before(el('div', 'gallery-tools', [this.groupButton, this.classNote]));
    this.container.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-step]');
      if (button) this.onPick(Number(button.dataset.step));
    });
    this.container.addEventListener('focusin', (event) => {
      const button = event.target.closest('button[data-step]');
      if (button) this.setTabStop(button);
    });
    this.container.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Makes `button` the gallery's one Tab stop. */
  setTabStop(button) {
    if (button === this.tabStop) return;
    if (this.tabStop) this.tabStop.tabIndex = -1;
    this.tabStop = button;
    if (button) button.tabIndex = 0;
  }

  /**
   * Arrow keys, Home and End move focus between mini boards as they stand on
   * screen (found order, or grouped by class), and are no page shortcuts.
   */
  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const buttons = [...this.container.querySelectorAll('button[data-step]')];
    const index = buttons.indexOf(event.target);
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

  /** Shows the boards grouped into symmetry classes (true) or in the order found. */
  setByClass(on) {
    this.byClass = on;
    this.groupButton.setAttribute('aria-pressed', String(on));
    this.container.classList.toggle('by-class', on);
    const focused = this.container.contains(document.activeElement) ? document.activeElement : null;
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

  /** A class's box: its number, its size, and the rotation or reflection of each board. */
  makeGroup(cls) {
    const group = el('div', { class: 'sym-class', role: 'group' });
    group.append(el('span', 'sym-caption'));
    cls.group = group;
    cls.caption = group.firstChild;
    this.captionClass(cls);
    return group;
  }

  captionClass(cls) {
    if (!cls.caption) return;
    const text = `Class ${cls.number}: ${cls.items.length} of ${cls.size}`;
    cls.caption.textContent = text;
    cls.group.setAttribute('aria-label', `${text} boards, each a rotation or reflection of the first`);
  }

  /** Ties the classes to count mode: all the solutions' classes are its fundamental count. */
  showClassNote() {
    const found = this.items.length;
    this.classNote.hidden = !this.byClass || found === 0;
    if (this.classNote.hidden) return;
    this.classNote.textContent =
      `${formatCount(found)} solution${found === 1 ? '' : 's'} found so far fall into ${formatCount(this.classes.size)} ` +
      `class${this.classes.size === 1 ? '' : 'es'} under the 8 rotations and reflections of the square. Once the search has found ` +
      'them all, the number of classes is count mode\'s "fundamental" count (N = 8: 92 solutions, 12 classes).';
  }

  /** Lights the other boards of `item`'s class (its twins) and unlights the last ones. */
  lightTwins(item) {
    for (const twin of this.twins) twin.button.classList.remove('twin');
    this.twins = item ? this.classes.get(item.classKey).items.filter((other) => other !== item) : [];
    for (const twin of this.twins) twin.button.classList.add('twin');
  }

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

  /** True when the core knows solutions (`total` at the current step) that aren't shown yet. */
  wants(total) {
    return total > this.items.length && this.items.length < this.limit;
  }

  /** Redraws every mini board (after a theme change). */
  repaint(theme) {
    this.theme = theme;
    for (const item of this.items) {
      drawMiniBoard(item.button.querySelector('canvas'), item.queens, this.n, theme, MINI_SIZE);
    }
  }

  /**
   * Adds new `solutions` (null = nothing new fetched), dims the ones after
   * `currentStep`, marks the one at it, and shows the count (`total` = the
   * core's count at the current step).
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

  /** Dims the items found after `step`, touching only those whose side changed. */
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

  /** Appends solutions not shown yet (those found after the last shown one). */
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
      drawMiniBoard(canvas, queens, this.n, this.theme, MINI_SIZE);
      // Its symmetry class, and how the class's first board turns into it.
      const { key, size } = symmetryClass(queens);
      let cls = this.classes.get(key);
      if (!cls) {
        cls = { number: this.classes.size + 1, size, items: [], group: null, caption: null };
        this.classes.set(key, cls);
      }
      const symmetry = cls.items.length ? symmetryBetween(cls.items[0].queens, queens) : null;
      const sym = el('span', 'mini-sym', symmetry ? symmetry.mark : `class ${cls.number}`);
      sym.title = symmetry ? `Class ${cls.number}: the class's first board ${symmetry.name}` : `The first board of class ${cls.number}`;
      button.append(canvas, el('span', 'mini-label', `#${index}`), ' ', sym);
      // The label begins with what the button shows (#2 ↻90°), then says it in words.
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
