// The side panels: counters, the algorithm's description and pseudocode, its
// registers, and the gallery of solutions found so far.
//
// These update every animation frame while playing, so each keeps what it last
// showed and touches the DOM only where something changed.

import { drawMiniBoard } from './board.js';

const numberFormat = new Intl.NumberFormat('en-US');

/** 1234567 → "1,234,567". */
export function formatCount(value) {
  return numberFormat.format(value);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The counters (#steps, #checks, …). The raw number also goes in data-value for scripts. */
export class Counters {
  constructor(ids) {
    this.fields = ids.map((id) => ({ id, node: document.getElementById(id), value: null }));
  }

  /** `values` maps counter id → number (or a string such as "–"). */
  update(values) {
    for (const field of this.fields) {
      const value = values[field.id];
      if (value === undefined || value === field.value) continue;
      field.value = value;
      field.node.textContent = typeof value === 'number' ? formatCount(value) : value;
      field.node.dataset.value = String(value);
    }
  }
}

/** Description and pseudocode of the current algorithm, with the last executed line lit. */
export class AlgorithmPanel {
  constructor(descriptionEl, pseudocodeEl) {
    this.descriptionEl = descriptionEl;
    this.pseudocodeEl = pseudocodeEl;
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

    this.lines = algorithm.pseudocode.map((text) => {
      const li = el('li');
      li.append(el('code', '', text));
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

/** A row of bits, bit 0 (column 0) on the left. */
class BitsView {
  constructor(width) {
    this.node = el('span', 'bits');
    this.bits = Array.from({ length: width }, () => this.node.appendChild(el('span', 'bit')));
    this.value = null;
  }

  set({ value, name }) {
    if (value === this.value) return;
    this.value = value;
    let text = '';
    for (let b = 0; b < this.bits.length; b++) {
      const on = Math.floor(value / 2 ** b) % 2 === 1;
      this.bits[b].classList.toggle('on', on);
      text += on ? '1' : '0';
    }
    this.node.setAttribute('aria-label', `${name}: ${text} (column 0 first)`);
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

/** What decides the panel's structure; values can change without a rebuild. */
function shapeOf(registers) {
  return registers
    .map((r) => `${r.group}|${r.name}|${r.kind}|${r.width ?? r.n ?? (Array.isArray(r.value) ? r.value.length : '')}`)
    .join(';');
}

/**
 * The algorithm's registers. Lone ones (group "") are a list of name → value;
 * grouped ones (bitwise's ld/col/rd/poss per row) form a table: one line per
 * group, one column per name.
 */
export class RegistersPanel {
  constructor(container) {
    this.container = container;
    this.shape = null;
    this.views = [];
    this.swapIndex = -1;
    this.permutationIndex = -1;
  }

  clear() {
    this.shape = null;
    this.views = [];
    this.container.replaceChildren();
  }

  update(registers) {
    const shape = shapeOf(registers);
    if (shape !== this.shape) this.build(registers, shape);
    registers.forEach((register, i) => this.views[i].set(register));
    // Show the swap in the permutation it acts on.
    if (this.swapIndex >= 0 && this.permutationIndex >= 0) {
      this.views[this.permutationIndex].mark(registers[this.swapIndex].value);
    }
  }

  build(registers, shape) {
    this.shape = shape;
    this.views = registers.map(makeView);
    this.swapIndex = registers.findIndex((r) => r.kind === 'list' && /swap/i.test(r.name));
    this.permutationIndex = registers.findIndex((r) => r.kind === 'list' && /perm/i.test(r.name));
    const parts = [];

    // Lone 64-bit boards read best side by side, each as name, hex and grid.
    const boards = registers.map((r, i) => [r, i]).filter(([r]) => !r.group && r.kind === 'board');
    if (boards.length) {
      const row = el('div', 'register-boards');
      for (const [register, i] of boards) {
        const figure = el('figure', 'register-board');
        figure.append(this.views[i].node, el('figcaption', '', register.name));
        row.append(figure);
      }
      parts.push(row);
    }

    const lone = registers.map((r, i) => [r, i]).filter(([r]) => !r.group && r.kind !== 'board');
    if (lone.length) {
      const list = el('dl', 'register-list');
      for (const [register, i] of lone) {
        const row = el('div', `register register-${register.kind}`);
        row.append(el('dt', '', register.name));
        const dd = el('dd');
        dd.append(this.views[i].node);
        row.append(dd);
        list.append(row);
      }
      parts.push(list);
    }

    const grouped = registers.map((r, i) => [r, i]).filter(([r]) => r.group);
    if (grouped.length) {
      const groups = [...new Set(grouped.map(([r]) => r.group))];
      const names = [...new Set(grouped.map(([r]) => r.name))];
      const table = el('table', 'register-table');
      const head = table.createTHead().insertRow();
      head.append(el('th', '', ''));
      for (const name of names) {
        const th = el('th', '', name);
        th.scope = 'col';
        head.append(th);
      }
      const body = table.createTBody();
      for (const group of groups) {
        const tr = body.insertRow();
        const th = el('th', '', group);
        th.scope = 'row';
        tr.append(th);
        for (const name of names) {
          const td = tr.insertCell();
          const entry = grouped.find(([r]) => r.group === group && r.name === name);
          if (entry) td.append(this.views[entry[1]].node);
        }
      }
      const scroller = el('div', 'table-scroll');
      scroller.append(table);
      parts.push(scroller);
    }

    if (!registers.length) parts.push(el('p', 'muted', 'This algorithm keeps no registers.'));
    this.container.replaceChildren(...parts);
  }
}

// ---- Gallery ---------------------------------------------------------------

const MINI_SIZE = 64; // CSS pixels per mini board

/** Mini boards of the solutions found so far; choosing one seeks to its step. */
export class Gallery {
  constructor(container, countEl, onPick) {
    this.container = container;
    this.countEl = countEl;
    this.onPick = onPick;
    this.items = []; // { step, button }
    this.current = null;
    this.n = 0;
    this.theme = null;
    this.empty = el('p', 'muted gallery-empty', 'None yet. Solutions appear here as the search finds them.');
    container.append(this.empty);
    container.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-step]');
      if (button) this.onPick(Number(button.dataset.step));
    });
  }

  reset(n, theme) {
    this.n = n;
    this.theme = theme;
    this.items = [];
    this.current = null;
    this.container.replaceChildren(this.empty);
    this.countEl.textContent = '';
  }

  /** Redraws every mini board (after a theme change). */
  repaint(theme) {
    this.theme = theme;
    for (const item of this.items) {
      drawMiniBoard(item.button.querySelector('canvas'), item.queens, this.n, theme, MINI_SIZE);
    }
  }

  /**
   * Brings the gallery in line with `solutions` (in the order found; null = unchanged),
   * shows the count, and marks the board at `currentStep`.
   */
  sync(solutions, total, currentStep) {
    if (solutions) this.replaceItems(solutions);

    const shown = this.items.length;
    this.countEl.textContent = total > shown
      ? `(${formatCount(total)}; showing the first ${formatCount(shown)})`
      : `(${formatCount(total)})`;

    const current = this.items.find((item) => item.step === currentStep)?.button ?? null;
    if (current !== this.current) {
      this.current?.classList.remove('current');
      this.current?.removeAttribute('aria-current');
      current?.classList.add('current');
      current?.setAttribute('aria-current', 'true');
      this.current = current;
    }
  }

  /** Keeps the items that still match `solutions`, drops the rest, appends the new ones. */
  replaceItems(solutions) {
    let keep = 0;
    while (keep < this.items.length && keep < solutions.length && this.items[keep].step === solutions[keep].step) keep++;
    for (const item of this.items.splice(keep)) item.button.remove();
    if (this.items.length === 0 && solutions.length) this.empty.remove();

    const fragment = document.createDocumentFragment();
    for (let i = keep; i < solutions.length; i++) {
      const { step, queens } = solutions[i];
      const index = i + 1;
      const button = el('button', 'mini');
      button.type = 'button';
      button.dataset.step = String(step);
      const columns = Array.from(queens, (c) => c + 1).join(' ');
      button.title = `Show solution ${index}, found at step ${formatCount(step)}`;
      button.setAttribute('aria-label', `Solution ${index}, found at step ${step}: queens in columns ${columns}`);
      const canvas = el('canvas');
      canvas.setAttribute('aria-hidden', 'true');
      drawMiniBoard(canvas, queens, this.n, this.theme, MINI_SIZE);
      button.append(canvas, el('span', 'mini-label', `#${index}`));
      fragment.append(button);
      this.items.push({ step, button, queens: Int32Array.from(queens) });
    }
    this.container.append(fragment);
    if (this.items.length === 0 && !this.empty.isConnected) this.container.append(this.empty);
  }
}
