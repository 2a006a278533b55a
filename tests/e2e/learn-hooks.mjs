// What the Learn tab's e2e files share: opening a chapter, reading and
// answering its practice question, and the independent truths the answers
// are computed from (plain checks of columns and diagonals, a plain
// depth-first walk and count, Luby's sequence built by its blocks).
import { openPage, revisit } from './helpers.mjs';

export const CHAPTERS = 9;

/** Opens the learn tab at `query` and waits for the chapter to be filled in. */
export async function openLearn(query = '', opts = {}) {
  const opened = await openPage(`/?mode=learn${query}`, opts);
  await opened.page.waitForSelector('#learn [data-chapter]:not([hidden]) [data-exercise]');
  return opened;
}

/**
 * openLearn in a tab already open (`opened`, from openLearn), as a user
 * following a second link; with none, a fresh openLearn.
 * @param {Awaited<ReturnType<typeof openLearn>> | null} opened
 */
export async function reopenLearn(opened, query = '') {
  if (!opened) return openLearn(query);
  await revisit(opened.page, `/?mode=learn${query}`);
  await opened.page.waitForSelector('#learn [data-chapter]:not([hidden]) [data-exercise]');
  return opened;
}

/** Do two queens attack each other? (row, column) pairs. */
export const attack = (r1, c1, r2, c2) => r1 === r2 || c1 === c2 || Math.abs(r1 - r2) === Math.abs(c1 - c2);

/** The columns of the row under `queens` that no queen attacks. */
export function safeNext(queens, n) {
  const row = queens.length;
  const out = [];
  for (let c = 0; c < n; c++) {
    let ok = true;
    for (let r = 0; r < row; r++) if (queens[r] === c || Math.abs(queens[r] - c) === row - r) ok = false;
    if (ok) out.push(c);
  }
  return out;
}

/** Every solution of n, counted by plain backtracking over arrays. */
export function plainCount(n) {
  const cols = [];
  const go = () => {
    if (cols.length === n) return 1;
    let total = 0;
    for (const c of safeNext(cols, n)) {
      cols.push(c);
      total += go();
      cols.pop();
    }
    return total;
  };
  return go();
}

/** Backtracking's probes at n (the free columns of each row, left to right) as "queens|row|col" keys, in order. */
export function probeOrder(n) {
  const out = [];
  const cols = [];
  const go = () => {
    const row = cols.length;
    if (row === n) return;
    for (let c = 0; c < n; c++) {
      if (cols.includes(c)) continue;
      out.push({ key: `${cols.join(',')}|${row}|${c}`, row, col: c });
      if (cols.every((q, r) => !attack(r, q, row, c))) {
        cols.push(c);
        go();
        cols.pop();
      }
    }
  };
  go();
  return out;
}

/** Luby's sequence, built block by block: each block is everything so far, twice, then the next power of two. */
export function lubyTerms(count) {
  let seq = [1];
  let top = 1;
  while (seq.length < count) {
    top *= 2;
    seq = [...seq, ...seq, top];
  }
  return seq;
}

/** Steps of backtracking over free columns to its first solution: a probe a candidate, one a backtrack. */
export function stepsToFirst(n) {
  let steps = 0;
  const cols = [];
  const go = () => {
    const row = cols.length;
    if (row === n) return true;
    for (let c = 0; c < n; c++) {
      if (cols.includes(c)) continue;
      steps++;
      if (cols.every((q, r) => Math.abs(q - c) !== row - r)) {
        cols.push(c);
        if (go()) return true;
        cols.pop();
      }
    }
    steps++; // the row ran out: back up
    return false;
  };
  go();
  return steps;
}

// ---- Reading and answering an exercise ----------------------------------------

export const exercise = '#learn [data-chapter]:not([hidden]) [data-exercise]';

export async function data(page) {
  return page.locator(exercise).evaluate((e) => ({ ...e.dataset }));
}

/** Presses the toggles whose data-`name` is in `values` (and only those). */
export async function pressOnly(page, name, values) {
  const buttons = page.locator(`${exercise} [data-${name}]`);
  const count = await buttons.count();
  for (let i = 0; i < count; i++) {
    const b = buttons.nth(i);
    const value = Number(await b.getAttribute(`data-${name}`));
    const on = (await b.getAttribute('aria-pressed')) === 'true';
    if (values.includes(value) !== on) await b.click();
  }
}

export async function check(page) {
  await page.click(`${exercise} [data-part="check"]`);
  const d = await data(page);
  const explain = await page.locator(`${exercise} [data-part="verdict"]`).textContent();
  return { verdict: d.verdict, explain };
}
