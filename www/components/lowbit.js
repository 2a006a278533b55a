// The worked sum under the bitwise registers (the visualizer's panel and
// Learn's chapter 5): for the row being filled, poss, ~poss, -poss = ~poss + 1
// and poss & -poss written out in binary at the step shown, with the carry's
// run through the trailing zeros marked, so the reader sees why the AND keeps
// only the lowest 1. Read from the session's registers (the deepest row's
// poss), never from the solver.

import { el } from '../lib/dom.js';

/**
 * A number as n binary digits, the highest bit first (column 1, bit 0, last).
 * @param {number} value
 * @param {number} n
 */
export function binary(value, n) {
  let text = '';
  for (let b = n - 1; b >= 0; b--) text += Math.floor(value / 2 ** b) % 2 === 1 ? '1' : '0';
  return text;
}

/**
 * How poss & -poss keeps the lowest 1 of poss, in n-bit two's complement:
 * ~poss flips every bit, + 1 carries through the trailing 1s of ~poss (the
 * trailing 0s of poss) and stops at poss's lowest 1, so -poss agrees with poss
 * at that bit only (and below it, where both are 0).
 * @param {number} poss  0 ≤ poss < 2^n
 * @param {number} n  1 to 30
 */
export function lowestBitWork(poss, n) {
  const all = 2 ** n - 1;
  const not = ~poss & all;
  const neg = (not + 1) & all;
  const and = poss & neg;
  let trailing = 0;
  while (trailing < n && !(poss & (1 << trailing))) trailing++;
  return { poss, not, neg, and, trailing, column: poss ? trailing : -1 };
}


/** @typedef {import('../types.js').Register} Register */

export class LowBitPanel {
  constructor() {
    this.root = el('div', { class: 'learn-lowbit', 'data-part': 'lowbit', 'aria-live': 'off' });
    this.key = '';
  }

  /**
   * Shows the sum for the deepest row's poss.
   * @param {Register[]} registers  the session's registers()
   */
  update(registers) {
    const possList = registers.filter((r) => r.name === 'poss' && r.kind === 'bits');
    const last = possList[possList.length - 1];
    if (!last || last.kind !== 'bits') {
      this.root.replaceChildren();
      return;
    }
    const n = last.width;
    const key = `${last.group}|${last.value}|${n}`;
    if (key === this.key) return;
    this.key = key;
    const w = lowestBitWork(last.value, n);
    Object.assign(this.root.dataset, { row: last.group, poss: binary(w.poss, n), not: binary(w.not, n), neg: binary(w.neg, n), and: binary(w.and, n) });
    // The carry runs from bit 0 up to the lowest 1 of poss: those digits are marked.
    const digits = (/** @type {number} */ value, /** @type {boolean} */ carry) => {
      const text = binary(value, n);
      return el('code', 'bits', [...text].map((d, i) => {
        const bit = n - 1 - i;
        const inRun = carry && w.poss !== 0 && bit <= w.trailing;
        return inRun ? el('span', { class: 'lowbit-carry' }, d) : d;
      }));
    };
    const line = (/** @type {string} */ name, /** @type {number} */ value, /** @type {string} */ note, carry = false) => el('tr', '', [
      el('th', { scope: 'row' }, name),
      el('td', '', [digits(value, carry)]),
      el('td', 'muted', note),
    ]);
    const what = w.poss
      ? `The + 1 ${w.trailing === 0 ? 'turns bit 0 of ~poss, a 0, into 1: no carry' : `turns ${w.trailing === 1 ? 'the trailing 1 of ~poss into a 0' : `the ${w.trailing} trailing 1s of ~poss into 0s`} and carries into bit ${w.trailing}`}, where poss has its lowest 1 (underlined). Above it -poss is ~poss, the opposite of poss, so the AND keeps bit ${w.trailing} alone: column ${w.column + 1}, the square tried next.`
      : 'poss is 0: this row has no safe square left, so the next step backs up a row.';
    this.root.replaceChildren(
      el('p', 'learn-lowbit-title', `Why poss & -poss is the lowest 1 (${last.group}, ${n} bits)`),
      el('table', 'learn-lowbit-table', [
        el('caption', 'sr-only', 'poss, its negation and their AND, in binary'),
        el('tbody', '', [
          line('poss', w.poss, 'the safe squares not tried yet'),
          line('~poss', w.not, 'every bit flipped', true),
          line('-poss = ~poss + 1', w.neg, 'two\'s complement: add 1 to ~poss', true),
          line('poss & -poss', w.and, 'a 1 only where both have a 1', true),
        ]),
      ]),
      el('p', 'muted', what),
    );
  }
}
