// What the coach says of a board, without the DOM: the board's state (empty,
// open, dead, solved), why a dead end is one, the coach's line and why Hint
// gives no hint, from the board and the coach's answers so far
// (puzzle-worker.js, through coach.js, gathered by takeReply).

import { counted, formatCount } from '../lib/dom.js';
import { symmetryClass } from '../lib/symmetry.js';
import { ordinal } from '../lib/words.js';
import { attackingPair, where } from './model.js';
import { uncheckedSentence } from './coach.js';

/** @typedef {import('../types.js').CoachReply} CoachReply */

/**
 * @typedef {object} Analysis  what the coach has said about the board so far
 * @property {boolean} [pending]  still at work
 * @property {boolean} [conflict]  two queens attack each other
 * @property {Int32Array|null} [solution]  a completion, or null if there is none
 * @property {bigint} [count]  how many completions
 * @property {number|null} [culprit]  the queen to move, or null if moving one is not enough
 * @property {Extract<CoachReply, { type: 'rank' }>} [rank]  which solution a full board is
 * @property {{ count: bigint | null, wrong: number[] }} [marks]  completions keeping off every mark (null: some); the marks all need
 * @property {boolean} [slow]  past its budget, still at work
 * @property {boolean} [timedOut]
 * @property {string} [error]
 */

/**
 * @typedef {object} Judged  the board as the coach's line speaks of it
 * @property {number} n
 * @property {number[]} squares
 * @property {number[]} marks
 * @property {number[] | null} regions
 * @property {Analysis} analysis
 * @property {boolean} shown  whether the verdict is shown (coach on, or Check pressed)
 */

/**
 * @param {{ squares: number[], n: number, analysis: Analysis }} board
 * @returns {'empty' | 'dead' | 'solved' | 'open'}
 */
export function boardState({ squares, n, analysis: a }) {
  if (squares.length === 0) return 'empty';
  if (a.conflict || a.count === 0n) return 'dead';
  if (squares.length === n) return 'solved';
  return 'open';
}

/**
 * Why the board is a dead end: two queens attack each other ('attack'), or
 * none does but no completion exists ('no-completion'); null while it is not dead.
 * @param {{ squares: number[], n: number, analysis: Analysis }} board
 * @returns {'attack' | 'no-completion' | null}
 */
export function deadReason(board) {
  if (boardState(board) !== 'dead') return null;
  return board.analysis.conflict ? 'attack' : 'no-completion';
}

/**
 * "Solved!" and which of the board's solutions it is.
 * @param {Judged} board
 */
function solvedText({ n, squares, regions, analysis: a }) {
  if (regions) return 'Solved! One queen in every row, column and region, and no two touching.';
  const cols = new Array(n);
  for (const s of squares) cols[Math.floor(s / n)] = s % n;
  const { size } = symmetryClass(cols);
  const which = a.rank
    ? ` The ${n}×${n} board has ${formatCount(a.rank.total)} solutions in all; a search that fills the rows from the top, trying columns from the left, finds yours ${ordinal(Number(a.rank.index))}.`
    : '';
  const turned = size === 1 ? 'Turning or mirroring it gives back the same board.' : `Turning and mirroring it gives ${counted(size, 'different board')}, this one among them.`;
  return `Solved!${which} ${turned}`;
}

/**
 * What the coach says of the learner's marks, after the count: nothing while they are right.
 * @param {Judged} board
 */
function marksText({ n, analysis }) {
  const m = analysis.marks;
  if (!m || m.count !== 0n) return '';
  if (!m.wrong.length) return ' But your ruled-out squares together leave no way to finish: let one of them back in.';
  const which = m.wrong.map((s) => where(n, s)).join(' and ');
  return ` But ${m.wrong.length === 1 ? 'the square' : 'the squares'} you ruled out on ${which} ${m.wrong.length === 1 ? 'is' : 'are'} needed: every way to finish puts a queen there.`;
}

/**
 * The coach's line.
 * @param {Judged} board
 */
export function coachText(board) {
  const { n, squares, marks, regions, analysis: a, shown } = board;
  const state = boardState(board);
  if (state === 'solved') return solvedText(board);
  if (!shown) {
    return `Coach off: ${counted(squares.length, 'queen')} on the board. Press Check to know if it can be finished.`;
  }
  if (state === 'dead' && a.conflict) {
    const pair = attackingPair(n, squares, regions);
    const which = pair ? `the queens on ${where(n, pair.a)} and ${where(n, pair.b)} ${pair.along === 'touching corners' ? 'touch' : `attack each other along ${pair.along}`}` : 'two queens attack each other';
    const move = a.culprit == null ? ' Move one of them.' : ` The queen on ${where(n, a.culprit)} is the one to move.`;
    return `Dead end: ${which}.${move}`;
  }
  if (state === 'dead') {
    const none = 'Dead end: no queen attacks another, but the coach checked every way to fill the other rows and none works.';
    if (a.culprit === undefined) return a.pending ? none : `${none} Take a queen off to go on.`;
    if (a.culprit === null) return `${none} Moving a single queen is not enough: take off some more.`;
    return `${none} The queen on ${where(n, a.culprit)} is the one to move.`;
  }
  const what = state === 'empty' ? `The empty ${n}×${n} board` : 'This board';
  // Marks whose check has not come back: still checking, or not checked in time.
  const marksLeft = marks.length && a.solution && !a.marks ? (a.pending ? ' Still checking your ruled-out squares…' : ' Your ruled-out squares could not be checked in time.') : '';
  if (a.count !== undefined) return `${what} can still be completed in ${counted(a.count, 'way')}.${marksText(board)}${marksLeft}`;
  if (a.timedOut) {
    return a.solution
      ? `${what} can still be completed in at least one way (too many to count in time).${marksText(board)}${marksLeft}`
      : `${what} took too long to check: no completion was found in time.`;
  }
  if (a.error) return 'The coach could not look at this board.';
  if (a.slow) return a.solution ? `${what} can be completed.${marksLeft}` : 'Still checking… no way to complete this board has been found yet.';
  return 'Counting the ways to complete this board…';
}

/**
 * Adds one of the counting coach's answers to what it has said of the board;
 * false for an answer it does not give.
 * @param {Analysis} a
 * @param {CoachReply} msg
 */
export function takeReply(a, msg) {
  switch (msg.type) {
    case 'completion': a.solution = msg.solution; break;
    case 'count': a.count = msg.count; break;
    case 'culprit': a.culprit = msg.square; break;
    case 'rank': a.rank = msg; break;
    case 'marks': a.marks = { count: msg.count, wrong: msg.wrong }; break;
    case 'done': a.pending = false; break;
    case 'slow': a.slow = true; break;
    case 'timeout': a.pending = false; a.timedOut = true; break;
    case 'error': a.pending = false; a.error = msg.message; break;
    default: return false;
  }
  return true;
}

/**
 * Why Hint asks for no new hint on this board, or null when it may: a solved
 * board needs none, a dead end wants a queen moved first, a board whose check
 * has not come back has no hint built on it, and no deduction helps while the
 * marks leave no way to finish.
 * @param {Judged} board
 * @returns {string | null}
 */
export function hintRefusal(board) {
  const { n, marks, analysis: a } = board;
  const state = boardState(board);
  if (state === 'solved') return 'The board is solved: no hint needed.';
  if (state === 'dead') return a.culprit == null ? 'No square helps here: take a queen off first.' : `No square helps here: first move the queen on ${where(n, a.culprit)}.`;
  const unsure = uncheckedSentence(a, marks.length > 0);
  if (unsure) return unsure;
  const wrong = a.marks?.count === 0n ? a.marks.wrong : null;
  if (!wrong) return null;
  const which = wrong.map((s) => where(n, s)).join(' and ');
  return wrong.length
    ? `No deduction helps while a square every way to finish needs is ruled out: let ${which} back in first.`
    : 'No deduction helps while your ruled-out squares together leave no way to finish: let one of them back in first.';
}

/**
 * What the counting coach has said of the board played, and whether its
 * verdict is shown: with the coach on, always; with it off (the learner meets
 * dead ends on their own), once Check was pressed for the board shown.
 */
export class Verdict {
  constructor() {
    /** @type {Analysis} */
    this.analysis = {};
    this.on = true;
    /** Check was pressed for the board shown. */
    this.revealed = false;
  }

  /** Whether the coach's verdict is shown. */
  shown() {
    return this.on || this.revealed;
  }

  /**
   * The board as the coach's line speaks of it.
   * @param {{ n: number, squares: number[], marks: number[], regions: number[] | null }} board
   * @returns {Judged}
   */
  judge({ n, squares, marks, regions }) {
    return { n, squares, marks, regions, analysis: this.analysis, shown: this.shown() };
  }

  /** The marks the coach flags: those every completion needs (only while its verdict is shown). */
  wrongMarks() {
    const m = this.analysis.marks;
    return this.shown() && m && m.count === 0n ? m.wrong : [];
  }
}
