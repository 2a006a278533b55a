// The learner's state at the step shown, as Python Tutor shows it: the
// calls of the program's functions under way (outermost first, each with its
// arguments) and the variables in scope, lists as rows of cells with the
// ones changed since the step before marked, bit masks also in binary,
// objects one level deep. Reads the trace's states (program/trace.js); says
// plainly when a step has none.

import { el, formatCount } from '../lib/dom.js';

/** Steps of one N whose state is kept (the sandboxes' bound). */
const KEPT_STEPS = 100_000;

/** A value in a few characters. @param {unknown} v  @returns {string} */
function short(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(short).join(', ')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${k}: ${short(x)}`).join(', ')}}`;
  return String(v);
}

/** A whole number's bits, at least `width` of them. @param {number} v  @param {number} width */
function bits(v, width) {
  if (!Number.isInteger(v)) return '';
  const text = (v < 0 ? v >>> 0 : v).toString(2);
  return text.padStart(Math.min(32, Math.max(width, 1)), '0');
}

/**
 * A list as a row of cells (a list of lists as rows), each cell marked when it changed.
 * @param {unknown[]} list  @param {unknown} before  the value at the step before
 * @returns {HTMLElement}
 */
function cells(list, before) {
  const was = Array.isArray(before) ? before : [];
  const nested = list.some((x) => Array.isArray(x));
  if (nested) {
    return el('div', { class: 'code-var-rows' }, list.map((row, i) => (Array.isArray(row) ? cells(row, was[i]) : el('span', { class: 'code-var-scalar' }, short(row)))));
  }
  return el('div', { class: 'code-var-cells', role: 'list' }, list.map((x, i) => {
    const cell = el('span', { class: 'code-var-cell', role: 'listitem', title: `[${i}]` }, [el('small', '', String(i)), short(x)]);
    if (i >= was.length || JSON.stringify(was[i]) !== JSON.stringify(x)) cell.dataset.changed = 'true';
    return cell;
  }));
}

export class StateView {
  /** @param {HTMLElement} variables  @param {HTMLElement} stack  @param {HTMLElement} note */
  constructor(variables, stack, note) {
    this.variables = variables;
    this.stack = stack;
    this.note = note;
  }

  /**
   * Shows the state after step k of `trace` (nothing with no trace).
   * @param {import('../program/trace.js').Trace | null} trace  @param {number} k
   */
  show(trace, k) {
    const state = trace && k > 0 ? trace.stateAt(k) : null;
    const before = trace && k > 1 ? trace.stateAt(k - 1) : null;
    this.variables.replaceChildren();
    this.stack.replaceChildren();
    if (!trace || k === 0) {
      this.note.textContent = trace ? 'Step 0: nothing has run yet. Step on to see your variables and calls.' : 'Your variables and calls show here at each step of a run.';
      return;
    }
    if (!state) {
      this.note.textContent = k > KEPT_STEPS
        ? `No variables for step ${formatCount(k)}: a run keeps them for its first ${formatCount(KEPT_STEPS)} steps at each N.`
        : `No variables for step ${formatCount(k)}: this step was made by a call the page could not follow (a board method passed around), or past the run's bound.`;
      return;
    }
    this.note.textContent = '';
    for (const [i, [name, args]] of state.stack.entries()) {
      const text = `${name}(${Object.entries(args).map(([a, v]) => `${a}=${short(v)}`).join(', ')})`;
      this.stack.append(el('li', { 'data-frame': i, 'data-function': name }, text));
    }
    const masks = new Set(trace.masks);
    for (const [name, value] of Object.entries(state.vars)) {
      const was = before?.vars[name];
      const row = el('div', { class: 'code-var', 'data-var': name, 'data-value': JSON.stringify(value) });
      const shown = el('span', { class: 'code-var-value' });
      if (Array.isArray(value)) shown.append(cells(value, was));
      else {
        shown.append(short(value));
        if (typeof value === 'number' && (masks.has(name) || /mask/i.test(name))) shown.append(el('code', { class: 'code-var-bits', 'data-part': 'bits' }, ` 0b${bits(value, trace.n)}`));
        if (before && JSON.stringify(was) !== JSON.stringify(value)) row.dataset.changed = 'true';
      }
      row.append(el('span', { class: 'code-var-name' }, name), shown);
      this.variables.append(row);
    }
    if (!Object.keys(state.vars).length) this.note.textContent = 'No variables in scope at this step.';
  }
}
